"""The heuristic weighs a spell only at targets of the shape its aim allows: the legal casts it
wishes, in order, are exactly those of every target it once weighed (each other player, their
stacks, lands and labs, then the readings), at every turn of seeded games where it holds spells."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin import heuristic as bot
from tradingfloor.games.merlin.magic import heuristic as magic_bot
from tradingfloor.games.merlin.rules import step

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def _every_cast(view: Any, seat: int, held: list[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every cast the heuristic once weighed, in its order, whatever the spell's aim."""
    targets = magic_bot.others_by_score(view, seat)
    for spell in held:
        for other in targets[:2]:
            stacks = sorted(other["tableau"], key=lambda s: -worth.stack_worth(view, s))
            labs = [lab["card"] for lab in view["magic"]["labs"] if lab["owner"] == other["seat"]]
            cards = [None, *(s["card"] for s in stacks), *(s["top"] for s in stacks if s["top"])]
            for target in [*cards, *labs]:
                yield {
                    "type": "cast_spell",
                    "spell": spell["card"],
                    "seat": other["seat"],
                    "card": target,
                    "credit": True,
                }
        for reading in reversed(view["magic"]["field"]):
            yield {
                "type": "cast_spell",
                "spell": spell["card"],
                "card": reading["card"],
                "credit": True,
            }


def _legal(decision: Any, wishes: Any) -> list[Any]:
    actions = (bot.parsed(GAME, wish) for wish in wishes)
    return [action for action in actions if decision.legal.contains(action)]


# Two of the lab's seeds (benchmarks/lab.py), played as the lab plays them: their players cast
# spells of every aim but a shop's (heuristic games seldom cast).
@pytest.mark.parametrize("seed", [4238160179657812504, 2240148270334994341])
def test_casts_weighed_are_the_legal_casts_of_every_target(seed: int) -> None:
    state = GAME.new(ALL_MODULES, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    rng = random.Random(f"agents-{seed}")
    compared = 0
    while actors := GAME.actors(state):
        for seat in actors:
            decision = decision_for(GAME, state, seat)
            view = decision.bot_view
            if step(state, seat) == "turn" and view.get("magic"):
                held = view["magic"]["hands"][seat].get("spells_held", [])
                if held:
                    every = _legal(decision, _every_cast(view, seat, held))
                    assert _legal(decision, magic_bot._casts(view, seat, held)) == every
                    compared += bool(every)
            state = GAME.apply(state, seat, agents[seat].act(decision, rng))
    assert compared > 0, "the game should hold spells that may be cast"
