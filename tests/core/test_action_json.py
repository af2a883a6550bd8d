"""An action's JSON is its model's `model_dump(mode="json")`, for every game's actions."""

from __future__ import annotations

import random

import pytest

import tradingfloor
from tradingfloor.core.actions import Action
from tradingfloor.core.record import Move

OPTIONS = {
    "middleman": [{"players": 3}, {"players": 5, "guarded": True}],
    "businessmen": [{"players": 3}],
    "merlin": [{"players": 4, "modules": ["economy", "magic", "finance"]}],
}


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_every_action_of_random_play_dumps_as_model_dump(game_id: str) -> None:
    game = tradingfloor.make(game_id)
    rng = random.Random(2)
    seen: set[str] = set()
    for options in OPTIONS[game_id]:
        state = game.new(options, 11)
        for _ in range(3000):
            actors = game.actors(state)
            if not actors:
                break
            seat = actors[0]
            action = game.legal(state, seat).sample(rng)
            assert action.to_json() == action.model_dump(mode="json")
            assert Move.of(seat, action).action == action.model_dump(mode="json")
            if type(action).to_json is Action.to_json:
                seen.add(type(action).__name__)
            state = game.apply(state, seat, action)
    assert seen or game_id == "businessmen"  # Businessmen's actions dump by their own to_json
