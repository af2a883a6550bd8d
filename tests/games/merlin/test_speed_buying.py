"""The heuristic's buying step weighs only the moves that step offers: the legal wishes it makes,
in order, are exactly those of the whole turn's wishes, at every buying step of seeded games with
every module on (so it chooses the same move)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin import heuristic as bot
from tradingfloor.games.merlin.rules import step

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def _legal_wishes(decision: Any, wishes: Any) -> list[Any]:
    actions = (bot.parsed(GAME, wish) for wish in wishes)
    return [action for action in actions if decision.legal.contains(action)]


@pytest.mark.parametrize("seed", [0, 4])
def test_buying_wishes_are_the_turns_wishes_the_step_offers(seed: int) -> None:
    state = GAME.new(ALL_MODULES, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    rng = random.Random(seed)
    compared = 0
    while actors := GAME.actors(state):
        for seat in actors:
            decision = decision_for(GAME, state, seat)
            if step(state, seat) == "buying":
                weigher = bot.MerlinHeuristic()
                weigher.legal = decision.legal
                view = decision.bot_view
                whole = _legal_wishes(decision, weigher._turn(view, seat))
                assert _legal_wishes(decision, weigher._buying(view, seat)) == whole
                compared += 1
            state = GAME.apply(state, seat, agents[seat].act(decision, rng))
    assert compared > 0, "the game should reach buying steps"
