"""StepSpace.offers: a type it says the rules refuse has no legal action (the heuristic skips
its wishes on that word, so a wrong "no" would change the bot's moves)."""

from __future__ import annotations

import random

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin.spaces import StepSpace

from .helpers import GAME

BLOCKABLE = ("play_golem", "monarchy")


def test_a_type_not_offered_has_no_legal_action() -> None:
    refused = dict.fromkeys(BLOCKABLE, 0)
    for seed in range(2):
        state = GAME.new({"players": 4, "modules": ["economy", "magic", "finance"]}, 700 + seed)
        bots = [make_agent(GAME, "heuristic") for _ in range(4)]
        rng = random.Random(seed)
        moves = 0
        while (actors := GAME.actors(state)) and moves < 400:
            for seat in actors:
                space = GAME.legal(state, seat)
                if isinstance(space, StepSpace) and space.step == "turn":
                    for kind in BLOCKABLE:
                        if not space.offers(kind):
                            refused[kind] += 1
                            rule = space.rules.get(kind)
                            assert rule is None or not rule.choices(state, seat)
                action = bots[seat].act(decision_for(GAME, state, seat), rng)
                state = GAME.apply(state, seat, action)
                moves += 1
    assert all(refused.values()), refused  # each type was refused somewhere
