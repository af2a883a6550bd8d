"""The games' balance figures: Middleman's on a scripted game whose markets are known round by
round, Businessmen's VP by source on a scripted improvement and over random play."""

from __future__ import annotations

import math
import random

import tradingfloor
from tests.games.businessmen.helpers import OLYA, act, forced_decks
from tradingfloor.agents import make_agent
from tradingfloor.core.playout import play_out
from tradingfloor.games.businessmen.scenario import build
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

ASCENDING = tuple(range(10))
DESCENDING = tuple(reversed(ASCENDING))


def test_supply_exceeds_demand_in_the_rounds_where_the_a_digits_outweigh_the_d_digits() -> None:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 3}, 1)
    for seat in range(3):
        state = game.apply(state, seat, Rows(a=ASCENDING, d=DESCENDING))
    while game.actors(state):
        order = Buy(tins=0, price=0) if state.phase == "buy" else Sell(tins=0, price=0)
        for seat in game.actors(state):
            state = game.apply(state, seat, order)
    figures = game.balance_figures(state)
    # Round t (1-10): supply 3 x (t - 1), demand 3 x (10 - t); supply wins in rounds 6-10.
    assert figures == {
        "supply_exceeds_demand": 0.5,
        "mean_supply": 13.5,
        "mean_demand": 13.5,
        "rounds_played": 10.0,
        "players_out": 0.0,
    }


def test_a_game_over_before_any_round_sold_has_no_share() -> None:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 2}, 1)
    for seat in range(2):
        state = game.apply(state, seat, Rows(a=DESCENDING, d=ASCENDING))
    state = game.apply(state, 0, Buy(tins=18, price=20))  # 9 + 9 tins at 20: seat 0 cannot pay
    state = game.apply(state, 1, Buy(tins=0, price=0))
    assert game.result(state) is not None
    figures = game.balance_figures(state)
    assert math.isnan(figures["supply_exceeds_demand"])
    assert figures["players_out"] == 1.0 and figures["rounds_played"] == 0.0


def test_businessmen_vp_from_improving_is_the_mean_per_seat() -> None:
    game = tradingfloor.make("businessmen")
    state = build(first=OLYA, phase="improve", decks=forced_decks(), seats={OLYA: {"coins": 35}})
    for _ in range(2):  # Businessmen Phase 4: 1 VP to level 2, then 2 VP to level 3
        state = act(state, OLYA, {"type": "improve", "characteristic": "warehouse"})
    figures = game.balance_figures(state)
    assert figures["vp_improving"] == 3 / 4
    assert figures["vp_cars"] == figures["vp_exports"] == figures["vp_events"] == 0.0


def test_businessmen_vp_by_source_adds_up_to_the_final_vp() -> None:
    game = tradingfloor.make("businessmen")
    bots = [make_agent(game, "heuristic") for _ in range(3)]
    final = play_out(game, game.new({"players": 3}, 4), bots, random.Random(1))
    figures = game.balance_figures(final)
    sources = ("vp_cars", "vp_exports", "vp_improving", "vp_events", "vp_skipping")
    assert math.isclose(
        sum(figures[name] for name in sources), sum(final.seats[s].vp for s in range(3)) / 3
    )
    assert figures["vp_events"] <= 0 <= figures["vp_improving"]
