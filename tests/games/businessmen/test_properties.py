"""Properties over random legal play: conservation of coins and goods, and the board's limits."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.businessmen.helpers import GAME, conserved
from tradingfloor.games.businessmen.state import CAPACITY, WAREHOUSE_TYPES, BusinessmenState


def within_limits(state: BusinessmenState) -> None:
    """Prices on the 1-10 scale, cars within capacity, warehouses within their types."""
    assert all(1 <= p <= 10 for p in state.prices)
    assert all(car.load <= CAPACITY[i] for i, car in enumerate(state.cars))
    for seat, me in enumerate(state.seats):
        deciding = state.phase in ("store", "discard") and state.turn == seat
        if state.phase not in ("load", "store") and not deciding:
            types = sum(1 for units in me.main if units)
            assert types <= WAREHOUSE_TYPES[me.levels[0] - 1], f"seat {seat} holds {types} types"
        assert me.vp >= 0 and all(1 <= level <= 3 for level in me.levels)
        assert sum(me.vp_from) == me.vp, "every VP is tallied under its source"
    if state.phase in ("export", "improve", "discard", "insure"):
        # RULINGS Businessmen 6, 7: after sending, a full car is one whose good is embargoed.
        for index, car in enumerate(state.cars):
            assert car.load < CAPACITY[index] or car.good in state.embargo
    if state.turn is not None and state.phase != "declare":
        # RULINGS Businessmen 12: a skipper takes no decision in the round.
        assert not state.seats[state.turn].skipping


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    goal=st.integers(3, 20),
)
def test_coins_and_goods_are_conserved_in_every_reachable_state(
    seed: int, players: int, goal: int
) -> None:
    rng = random.Random(seed)
    state = GAME.new({"players": players, "goal": goal, "max_rounds": 12}, seed)
    while actors := GAME.actors(state):
        conserved(state)
        within_limits(state)
        seat = actors[0]
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
    conserved(state)
    assert GAME.result(state) is not None


def test_redetermine_reshuffles_the_undrawn_decks_and_the_seed_only() -> None:
    state = GAME.new({"players": 3}, 11)
    other = GAME.redetermine(state, 0, random.Random(5))
    assert other.rng != state.rng
    assert sorted(other.goods_deck) == sorted(state.goods_deck)
    assert other.goods_deck != state.goods_deck and other.export_deck != state.export_deck
    assert all(GAME.view(other, s) == GAME.view(state, s) for s in (None, 0, 1, 2))
