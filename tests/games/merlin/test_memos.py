"""Views and the heuristic's sums reuse what they built before (memo.py): what they give must be
exactly what is built afresh, for every seat, at every step, and the heuristic's moves the same."""

from __future__ import annotations

import json
import random
from typing import Any

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin import memo

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def _said(state: Any, seat: int | None) -> str:
    return json.dumps(GAME.view(state, seat))


def _heuristic_game(options: dict[str, Any], seed: int, forgetful: bool) -> list[Any]:
    """The states of a seeded heuristic game, each with the seat to act and its action;
    `forgetful`: every kept value is forgotten before each move."""
    state = GAME.new(options, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(options["players"])]
    rng = random.Random(seed)
    played = []
    while actors := GAME.actors(state):
        for seat in actors:
            if forgetful:
                memo.forget()
            action = agents[seat].act(decision_for(GAME, state, seat), rng)
            played.append((state, seat, action))
            state = GAME.apply(state, seat, action)
    return played


def test_views_built_from_kept_parts_are_those_built_afresh() -> None:
    played = _heuristic_game(ALL_MODULES, 1006, forgetful=False)
    seats: list[int | None] = [*range(4), None]
    for state, _, _ in played[::5]:
        kept = [_said(state, seat) for seat in seats]
        memo.forget()
        assert [_said(state, seat) for seat in seats] == kept


def test_the_heuristic_plays_the_same_with_its_sums_kept_or_not() -> None:
    for options, seed in ((ALL_MODULES, 1006), ({"players": 5}, 1004)):
        kept = [a.to_json() for _, _, a in _heuristic_game(options, seed, forgetful=False)]
        afresh = [a.to_json() for _, _, a in _heuristic_game(options, seed, forgetful=True)]
        assert kept == afresh


def test_last_state_answers_again_only_for_another_state() -> None:
    calls: list[object] = []

    @memo.last_state
    def counted(state: object) -> int:
        calls.append(state)
        return len(calls)

    first, second = object(), object()
    assert [counted(first), counted(first), counted(second), counted(first)] == [1, 1, 2, 3]
    assert calls == [first, second, first]
