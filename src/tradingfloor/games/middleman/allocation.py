"""The auction and the market: who gets how many tins (Middleman §3 and §4, RULINGS Middleman 5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

_NEGATIVE = "tins, prices and the supply cannot be negative"
Order = tuple[int, int]  # (tins, price)


def allocate(orders: Sequence[Order], supply: int, side: Literal["buy", "sell"]) -> list[int]:
    """How many tins each (tins, price) order is served from `supply`.

    Buying serves the highest offer first; selling serves the lowest ask first (§4: "identical to
    that used in the buying phase - except ... the market favours those asking the lowest price").
    """
    if side not in ("buy", "sell"):
        raise ValueError(f"side must be 'buy' or 'sell', not {side!r}")
    if supply < 0 or any(tins < 0 or price < 0 for tins, price in orders):
        raise ValueError(_NEGATIVE)
    return served(orders, supply, side)


def served(orders: Sequence[Order | None], supply: int, side: Literal["buy", "sell"]) -> list[int]:
    """`allocate` for orders already checked, None for a seat with no order (one that is out)."""
    # The (seat, tins) of the orders for at least one tin at each price, in seat order.
    at_price: dict[int, list[tuple[int, int]]] = {}
    for seat, order in enumerate(orders):
        if order is not None and order[0] > 0:
            at_price.setdefault(order[1], []).append((seat, order[0]))
    fills = [0] * len(orders)
    left = supply
    for price in sorted(at_price, reverse=side == "buy"):
        if left == 0:
            break  # §3 tie case 3: no tins left, the stage is ended
        tied = at_price[price]
        if len(tied) == 1:  # no tie: the order takes what it wants, or what is left
            seat, tins = tied[0]
            fills[seat] = min(tins, left)
            left -= fills[seat]
        else:
            left = _serve_tie(dict(tied), fills, left)
    return fills


def _serve_tie(wanted: dict[int, int], fills: list[int], left: int) -> int:
    """Serve the tied orders (seat: tins wanted) one tin each in rotation; returns the tins left."""
    # §3 ties: "satisfying their orders equally until" case 1, 2 or 3 occurs.
    waiting = list(wanted)
    while waiting and left > 0:
        if left < len(waiting):
            # §3 tie case 2: not enough for one tin each; the tied orders drop out of the auction
            # and the remaining tins go to the next price level.
            return left
        circles = min(min([wanted[i] - fills[i] for i in waiting]), left // len(waiting))
        for i in waiting:
            fills[i] += circles
        left -= circles * len(waiting)
        # §3 tie case 1: a completely satisfied order leaves the rotation.
        waiting = [i for i in waiting if fills[i] < wanted[i]]
    return left
