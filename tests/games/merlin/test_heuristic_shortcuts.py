"""The heuristic's shortcuts (sums kept by a shared part's identity, a property's worth to a buyer
reckoned once for every free property) give exactly what the full sums give, at every step of a
seeded game with every module on."""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin import appraisal
from tradingfloor.games.merlin import heuristic as bot
from tradingfloor.games.merlin.magic import heuristic as magic_bot

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def _views(seed: int) -> list[tuple[Any, int]]:
    """Every other bot view of a seeded heuristic game, with its seat."""
    state = GAME.new(ALL_MODULES, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    rng = random.Random(seed)
    seen: list[tuple[Any, int]] = []
    moves = 0
    while actors := GAME.actors(state):
        for seat in actors:
            decision = decision_for(GAME, state, seat)
            if moves % 2 == 0:
                seen.append((decision.bot_view, seat))
            state = GAME.apply(state, seat, agents[seat].act(decision, rng))
            moves += 1
    return seen


def _use_value(view: Any, seat: int, name: str) -> float:
    """One commodity's use value, reckoned on its own as the heuristic once did."""
    price = float(view["counters"]["cost_of_living"])
    held = int(view["players"][seat]["goods"][name])
    wanted = magic_bot.goods_kept(view, seat).get(name, 0)
    value = price if held < wanted else 0.0
    brewery = any(s["seat"] == seat and s["kind"] == "brewery" for s in view["magic"]["shops"])
    if brewery and name == view["commodities"][-1]:
        value = max(value, price / 2)
    return value


def _land_waiting(view: Any, player: Any, stack: Any) -> float:
    """What a free property adds for a player, reckoned for one stack as the heuristic once did."""
    if stack["top"] is not None or stack["invested"]:
        return 0.0
    if any(s["top"] is None and not s["invested"] for s in player["tableau"]):
        return 0.0
    lands = [c for c in player["hand"] if view["catalogue"][c]["kind"] == "land"]
    return max((appraisal.permit_worth(view, c) for c in lands), default=0.0)


def test_the_shortcuts_give_what_the_full_sums_give() -> None:
    views = _views(seed=2026)
    assert len(views) > 50
    for view, seat in views:
        assert bot.months_to_taxes(view) == appraisal.months_to_taxes(view)
        uses = magic_bot.use_values(view, seat, magic_bot.goods_kept(view, seat))
        for name in view["commodities"]:
            assert uses.get(name, 0.0) == _use_value(view, seat, name)
        for player in view["players"]:
            for stack in player["tableau"]:
                free = stack["top"] is None and not stack["invested"]
                for buyer in view["players"]:
                    waiting = _land_waiting(view, buyer, stack)
                    assert bot.land_waiting(view, buyer, stack) == waiting
                    if free:
                        assert bot.land_wanted(view, buyer) == waiting
