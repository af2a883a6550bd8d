"""States and steps that the rules make from a tuple of their fields are the named tuples, whole."""

from __future__ import annotations

import random

from tests.games.middleman.helpers import GAME
from tradingfloor.games.middleman.state import MiddlemanState, Step


def test_every_state_of_random_play_has_every_field_and_rebuilds_equal() -> None:
    rng = random.Random(4)
    for seed in range(60):
        state = GAME.new({"players": 2 + seed % 7, "guarded": seed % 2 == 0}, seed)
        while actors := GAME.actors(state):
            for seat in actors:
                state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
                assert type(state) is MiddlemanState
                assert state == MiddlemanState(*state)
                assert state._asdict().keys() == set(MiddlemanState._fields)
                for step in state.history:
                    assert type(step) is Step and step == Step(*step)
