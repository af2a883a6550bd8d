"""A decision's view is made only when an agent reads it."""

from __future__ import annotations

import random
from typing import Any

import tradingfloor
from tradingfloor.agents import make_agent
from tradingfloor.core.agent import Decision, RandomAgent, decision_for
from tradingfloor.core.game import State


class CountingViews:
    """Middleman, counting the views made."""

    def __init__(self) -> None:
        self.game = tradingfloor.make("middleman")
        self.views = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.views += 1
        return self.game.view(state, seat)


def test_the_view_is_made_once_and_only_when_read() -> None:
    counting: Any = CountingViews()
    state = counting.game.new({"players": 3}, seed=1)
    decision = decision_for(counting, state, 0)
    RandomAgent().act(decision, random.Random(1))
    assert counting.views == 0
    assert decision.view == counting.game.view(state, 0)
    assert decision.view is decision.view
    assert counting.views == 1


def test_a_bot_reading_the_view_plays_as_with_a_view_given_whole() -> None:
    game = tradingfloor.make("middleman")
    heuristic = make_agent(game, "heuristic")
    state = game.new({"players": 3}, seed=4)
    rng = random.Random(4)
    while game.actors(state) and game.view(state, 0)["phase"] != "sell":
        for seat in game.actors(state):
            state = game.apply(state, seat, heuristic.act(decision_for(game, state, seat), rng))
    seat = game.actors(state)[0]
    lazy = decision_for(game, state, seat)
    whole = Decision(game, seat, game.view(state, seat), game.legal(state, seat), lazy.determinize)
    assert heuristic.act(lazy, random.Random(9)) == heuristic.act(whole, random.Random(9))
