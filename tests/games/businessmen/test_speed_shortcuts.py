"""The rules' shortcuts for speed, held to the slow way at every step of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tradingfloor.games.businessmen.spaces import ACTIVE, Menu
from tradingfloor.games.businessmen.state import BusinessmenState

from .helpers import GAME

OPTIONS = [{"players": 2}, {"players": 3}, {"players": 4, "goal": 8, "max_rounds": 30}]


def _steps(options: dict[str, Any], seed: int) -> Iterator[tuple[BusinessmenState, int, Menu]]:
    """Every decision of a seeded random game: the state, the seat and its menu."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    while actors := GAME.actors(state):
        for seat in actors:
            menu = GAME.legal(state, seat)
            assert type(menu) is Menu
            yield state, seat, menu
            state = GAME.apply(state, seat, menu.sample(rng))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_menu_knows_its_active_actions_and_lists_them_first(options: dict[str, Any]) -> None:
    # Random play draws among the first `active` actions: they must be exactly the active ones.
    for seed in range(3):
        for _, _, menu in _steps(options, seed):
            flags = [type(action) in ACTIVE for action in menu.actions]
            assert flags == [True] * menu.active + [False] * (len(flags) - menu.active)


def test_a_menu_made_without_its_count_counts_its_active_actions() -> None:
    state = GAME.new({"players": 3}, 0)
    assert state.turn is not None
    listed = GAME.legal(state, state.turn)
    assert isinstance(listed, Menu)
    assert [action.type for action in listed.actions] == ["play", "skip"]
    assert Menu(listed.actions, str, active=None).active == 1
    with pytest.raises(ValueError, match="active actions before passing"):
        Menu(listed.actions[::-1], str)
