"""`allocate`: the rule text's six worked tables, its three tie cases, properties of the auction."""

from __future__ import annotations

import itertools
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.middleman.worked_tables import ALL_TABLES, WorkedTable
from tradingfloor.games.middleman import allocate

Side = Literal["buy", "sell"]


@pytest.mark.parametrize("table", ALL_TABLES, ids=lambda t: t.title)
def test_worked_table(table: WorkedTable) -> None:
    assert sum(table.digits) == table.market
    assert allocate(table.orders, table.market, table.side) == list(table.filled)


# §3 tie case 1: "The tieing orders are completeley satisfied, in which case the auction continues."
def test_tie_case_1_satisfied_orders_let_the_auction_continue() -> None:
    # Two orders tied at 5 want 2 and 3: one tin each twice, then the 3 alone; 3 tins go on to 4.
    assert allocate([(2, 5), (3, 5), (4, 4)], 8, "buy") == [2, 3, 3]
    assert allocate([(2, 5), (3, 5), (4, 6)], 8, "sell") == [2, 3, 3]


# §3 tie case 2: too few for one each; "the remaining tins are offered to the next highest bidder".
def test_tie_case_2_too_few_to_share_go_to_the_next_price() -> None:
    # Three tied at 5 get 2 each (6 of 8); 2 tins cannot go round three: the order at 3 gets them.
    assert allocate([(5, 5), (5, 5), (5, 5), (4, 3)], 8, "buy") == [2, 2, 2, 2]
    assert allocate([(5, 5), (5, 5), (5, 5), (4, 7)], 8, "sell") == [2, 2, 2, 2]


def test_tie_case_2_with_no_next_bidder_leaves_tins_unsold() -> None:
    # Tied Buying Orders Example 1: "One tin remains unsold ... there is no other buyer remaining."
    assert allocate([(5, 3), (9, 3)], 5, "buy") == [2, 2]
    assert allocate([(5, 3), (9, 3)], 5, "sell") == [2, 2]


# §3 tie case 3: "There are not tins left to be sold, at which point the auction stage is ended."
def test_tie_case_3_no_tins_left_ends_the_stage() -> None:
    assert allocate([(5, 5), (5, 5), (4, 3)], 6, "buy") == [3, 3, 0]
    assert allocate([(5, 5), (5, 5), (4, 7)], 6, "sell") == [3, 3, 0]


def test_a_lone_order_takes_what_it_wants_or_what_is_left() -> None:
    assert allocate([(4, 2)], 9, "buy") == [4]
    assert allocate([(12, 2)], 9, "buy") == [9]
    assert allocate([(12, 2)], 0, "sell") == [0]


def test_orders_for_no_tins_take_no_place_in_a_tie() -> None:
    # An empty order at the tied price must not count as a waiting order (it would force case 2).
    assert allocate([(0, 5), (3, 5)], 1, "buy") == [0, 1]
    assert allocate([(0, 5), (3, 5), (3, 5)], 6, "sell") == [0, 3, 3]


def test_no_orders_and_no_supply() -> None:
    assert allocate([], 10, "buy") == []
    assert allocate([(3, 4), (2, 1)], 0, "buy") == [0, 0]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="side"):
        allocate([(1, 1)], 3, "barter")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="negative"):
        allocate([(-1, 1)], 3, "buy")
    with pytest.raises(ValueError, match="negative"):
        allocate([(1, 1)], -3, "sell")


def one_circle_at_a_time(orders: list[tuple[int, int]], supply: int, side: Side) -> list[int]:
    """RULINGS Middleman 5 read literally: one tin to each unsatisfied tied order per circle."""
    fills = [0] * len(orders)
    left = supply
    for price in sorted({p for t, p in orders if t > 0}, reverse=side == "buy"):
        waiting = [i for i, (t, p) in enumerate(orders) if p == price and t > 0]
        while waiting and left >= len(waiting):
            for i in waiting:
                fills[i] += 1
            left -= len(waiting)
            waiting = [i for i in waiting if fills[i] < orders[i][0]]
    return fills


ORDERS = st.lists(st.tuples(st.integers(0, 30), st.integers(0, 12)), max_size=8)
SUPPLY = st.integers(0, 80)
SIDE = st.sampled_from(["buy", "sell"])
PROPERTY = settings(max_examples=150, deadline=None)


def better(side: Side, price: int, than: int) -> bool:
    return price > than if side == "buy" else price < than


@PROPERTY
@given(ORDERS, SUPPLY, SIDE)
def test_never_more_than_the_supply_is_handed_out(orders, supply, side) -> None:
    fills = allocate(orders, supply, side)
    assert len(fills) == len(orders)
    assert sum(fills) <= supply


@PROPERTY
@given(ORDERS, SUPPLY, SIDE)
def test_no_order_gets_more_than_it_asked(orders, supply, side) -> None:
    for (tins, _), filled in zip(orders, allocate(orders, supply, side), strict=True):
        assert 0 <= filled <= tins


@PROPERTY
@given(ORDERS, SUPPLY, SIDE)
def test_a_better_price_is_never_served_worse(orders, supply, side) -> None:
    # When an order is left short, only tie case 2 lets a worse price be served after it: its
    # level ended with fewer tins left than unsatisfied tied orders; only those leftovers move on.
    # (Tieing Selling Price Example 1: Jane and Fred at 7 are left short, Mary at 10 sells one.)
    fills = allocate(orders, supply, side)
    for i, (tins_i, price_i) in enumerate(orders):
        if fills[i] == tins_i:
            continue
        short_at_price = sum(
            1 for (t, p), f in zip(orders, fills, strict=True) if p == price_i and f < t
        )
        served_worse = sum(
            f for (_, p), f in zip(orders, fills, strict=True) if better(side, price_i, p)
        )
        assert served_worse < short_at_price
        if short_at_price == 1:
            assert served_worse == 0, f"a worse price was served before order {i} at {price_i}"


@PROPERTY
@given(ORDERS, SUPPLY, SIDE)
def test_tied_orders_differ_by_at_most_one_unless_one_was_satisfied(orders, supply, side) -> None:
    fills = allocate(orders, supply, side)
    for i, j in itertools.combinations(range(len(orders)), 2):
        (tins_i, price_i), (tins_j, price_j) = orders[i], orders[j]
        if price_i == price_j and fills[i] < tins_i and fills[j] < tins_j:
            assert abs(fills[i] - fills[j]) <= 1
            # RULINGS 5 is stricter: a tied order stops only by satisfaction or by the whole level.
            assert fills[i] == fills[j]


@PROPERTY
@given(ORDERS, SUPPLY)
def test_buying_and_selling_mirror_each_other(orders, supply) -> None:
    # Selling serves the lowest ask as buying serves the highest offer: reflect the prices.
    top = max((price for _, price in orders), default=0)
    reflected = [(tins, top - price) for tins, price in orders]
    assert allocate(orders, supply, "sell") == allocate(reflected, supply, "buy")


@PROPERTY
@given(ORDERS, SUPPLY, SIDE, st.randoms(use_true_random=False))
def test_the_order_of_the_seats_does_not_matter(orders, supply, side, rng) -> None:
    order = list(range(len(orders)))
    rng.shuffle(order)
    fills = allocate(orders, supply, side)
    assert allocate([orders[i] for i in order], supply, side) == [fills[i] for i in order]


@PROPERTY
@given(ORDERS, SUPPLY, SIDE)
def test_everyone_is_served_in_full_when_the_supply_suffices(orders, supply, side) -> None:
    wanted = sum(tins for tins, _ in orders)
    if wanted <= supply:
        assert allocate(orders, supply, side) == [tins for tins, _ in orders]


@PROPERTY
@given(ORDERS, SUPPLY, SIDE)
def test_allocate_agrees_with_the_ruling_read_one_circle_at_a_time(orders, supply, side) -> None:
    assert allocate(orders, supply, side) == one_circle_at_a_time(orders, supply, side)
