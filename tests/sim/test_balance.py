"""Middleman's balance figures on a scripted game whose markets are known round by round."""

from __future__ import annotations

import math

import tradingfloor
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
