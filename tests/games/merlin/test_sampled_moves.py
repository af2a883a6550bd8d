"""A move that a legal space drew is applied without asking the rules again, but only to the
state and seat it was drawn for: the same move anywhere else is checked as any other."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.state import MerlinState

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def first_ally_move() -> tuple[MerlinState, int, Any]:
    """The first alliance that random all-module play draws: (state, seat, move)."""
    rng = random.Random(3)
    state = GAME.new(ALL_MODULES, 3)
    while actors := GAME.actors(state):
        seat = actors[0]
        move = GAME.legal(state, seat).sample(rng)
        if getattr(move, "type", None) == "ally" and move.allied:
            return state, seat, move
        state = GAME.apply(state, seat, move)
    raise AssertionError("random play drew no alliance")


def test_a_drawn_move_applies_to_its_state_and_is_refused_once_it_is_done() -> None:
    state, seat, move = first_ally_move()
    after = GAME.apply(state, seat, move)
    assert GAME.actors(after) == (seat,)
    with pytest.raises(IllegalAction, match="already your ally"):
        GAME.apply(after, seat, move)
    assert (seat, move.seat) in after.magic.allies
