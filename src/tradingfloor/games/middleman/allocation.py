"""The auction and the market: who gets how many tins (Middleman §3 and §4, RULINGS Middleman 5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

_NEGATIVE = "tins, prices and the supply cannot be negative"


def allocate(
    orders: Sequence[tuple[int, int]], supply: int, side: Literal["buy", "sell"]
) -> list[int]:
    """How many tins each (tins, price) order is served from `supply`.

    Buying serves the highest offer first; selling serves the lowest ask first (§4: "identical to
    that used in the buying phase - except ... the market favours those asking the lowest price").
    """
    if side not in ("buy", "sell"):
        raise ValueError(f"side must be 'buy' or 'sell', not {side!r}")
    if supply < 0:
        raise ValueError(_NEGATIVE)
    # The orders for at least one tin at each price, in seat order.
    at_price: dict[int, list[int]] = {}
    for i, (tins, price) in enumerate(orders):
        if tins < 0 or price < 0:
            raise ValueError(_NEGATIVE)
        if tins > 0:
            if price in at_price:
                at_price[price].append(i)
            else:
                at_price[price] = [i]
    fills = [0] * len(orders)
    left = supply
    for price in sorted(at_price, reverse=side == "buy"):
        if left == 0:
            break  # §3 tie case 3: no tins left, the stage is ended
        left = _serve_price_level(orders, at_price[price], fills, left)
    return fills


def _serve_price_level(
    orders: Sequence[tuple[int, int]], tied: list[int], fills: list[int], left: int
) -> int:
    """Serve the orders at one price, one tin each in rotation; returns the tins left after."""
    if len(tied) == 1:  # no tie: the order takes what it wants, or what is left
        served = min(orders[tied[0]][0], left)
        fills[tied[0]] = served
        return left - served
    # §3 ties: "satisfying their orders equally until" case 1, 2 or 3 occurs.
    waiting = tied
    while waiting and left > 0:
        if left < len(waiting):
            # §3 tie case 2: not enough for one tin each; the tied orders drop out of the auction
            # and the remaining tins go to the next price level.
            return left
        circles = min(min([orders[i][0] - fills[i] for i in waiting]), left // len(waiting))
        for i in waiting:
            fills[i] += circles
        left -= circles * len(waiting)
        # §3 tie case 1: a completely satisfied order leaves the rotation.
        waiting = [i for i in waiting if fills[i] < orders[i][0]]
    return left
