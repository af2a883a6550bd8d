"""The batch allocation against the reference `allocate`: worked tables and random auctions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.middleman.worked_tables import ALL_TABLES, WorkedTable
from tradingfloor.games.middleman.allocation import allocate
from tradingfloor.games.middleman.fast import allocate_batch, odd_even_network


def _batch(orders: list[list[tuple[int, int]]], markets: list[int], side: str) -> list[list[int]]:
    tins = np.array([[t for t, _ in game] for game in orders], dtype=np.int32).T
    price = np.array([[p for _, p in game] for game in orders], dtype=np.int32).T
    fills = allocate_batch(tins, price, np.array(markets), side)  # type: ignore[arg-type]
    return [list(map(int, column)) for column in fills.T]


@pytest.mark.parametrize("table", ALL_TABLES, ids=lambda t: t.title)
def test_worked_tables(table: WorkedTable) -> None:
    assert _batch([table.orders], [table.market], table.side) == [list(table.filled)]


@pytest.mark.parametrize("size", range(1, 9))
def test_the_sorting_network_sorts_every_zero_one_column(size: int) -> None:
    # The 0-1 principle: a comparator network sorts everything if it sorts every 0-1 input.
    columns = np.array(
        [[(bits >> i) & 1 for i in range(size)] for bits in range(1 << size)], dtype=np.int32
    ).T
    rows = list(columns)
    for i, j in odd_even_network(size):
        rows[i], rows[j] = np.minimum(rows[i], rows[j]), np.maximum(rows[i], rows[j])
    assert (np.diff(np.stack(rows), axis=0) >= 0).all()


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 8).flatmap(
        lambda n: st.lists(
            st.tuples(
                st.lists(
                    st.tuples(st.integers(0, 30), st.sampled_from([0, 1, 3, 3, 5, 5, 9])),
                    min_size=n,
                    max_size=n,
                ),
                st.integers(0, 80),
            ),
            min_size=1,
            max_size=20,
        )
    ),
    st.sampled_from(["buy", "sell"]),
)
def test_random_auctions_match_the_reference(
    games: list[tuple[list[tuple[int, int]], int]], side: str
) -> None:
    orders = [game for game, _ in games]
    markets = [market for _, market in games]
    expected = [allocate(game, market, side) for game, market in games]  # type: ignore[arg-type]
    assert _batch(orders, markets, side) == expected


def test_negative_figures_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        allocate_batch(np.array([[1], [-1]]), np.array([[1], [1]]), np.array([3]), "buy")
