"""The heuristic leaves out the wishes the rules would refuse for a reason it reads in its view:
a debt it cannot pay in full, a recipe its commodities do not make. At every turn of seeded lab
games with every module on, its test agrees with the rules, both ways."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin import heuristic as bot
from tradingfloor.games.merlin.actions import PayDebt
from tradingfloor.games.merlin.magic import heuristic as magic_bot
from tradingfloor.games.merlin.magic.actions import Brew
from tradingfloor.games.merlin.rules import step

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
# Lab seeds (benchmarks/lab.py), played as the lab plays them: debts paid and left unpaid,
# recipes brewed and not.
SEEDS = [4238160179657812504, 2240148270334994341]


@pytest.mark.parametrize("seed", SEEDS)
def test_debts_and_brews_left_out_are_those_the_rules_refuse(seed: int) -> None:
    state = GAME.new(ALL_MODULES, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    rng = random.Random(f"agents-{seed}")
    seen: Counter[tuple[str, bool]] = Counter()
    while actors := GAME.actors(state):
        for seat in actors:
            decision = decision_for(GAME, state, seat)
            if step(state, seat) in ("turn", "buying"):
                view, legal = decision.bot_view, decision.legal
                me = view["players"][seat]
                pays = bot._can_pay(me, bot.debt(view, seat))
                assert pays == legal.contains(PayDebt())
                seen["pay", pays] += 1
                recipes = view["magic"]["catalogue"]["potions"]
                for held in view["magic"]["hands"][seat].get("recipes_held", []):
                    brews = magic_bot._brewable(recipes[held["name"]]["recipe"], me["goods"])
                    assert brews == legal.contains(Brew(recipe=held["card"]))
                    seen["brew", brews] += 1
            state = GAME.apply(state, seat, agents[seat].act(decision, rng))
    assert seen["pay", True] and seen["pay", False] and seen["brew", False]
