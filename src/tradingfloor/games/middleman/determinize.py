"""Resampling what a seat cannot see: others' unrevealed digits and sealed orders, and the seed."""

from __future__ import annotations

import random

from tradingfloor.core.rng import Rng
from tradingfloor.games.middleman import rules
from tradingfloor.games.middleman.actions import Buy
from tradingfloor.games.middleman.state import MiddlemanState, Sealed


def redetermine(state: MiddlemanState, seat: int, rng: random.Random) -> MiddlemanState:
    """A state `seat` cannot tell from `state`, with every secret of the others drawn afresh."""
    rows_a, rows_d = list(state.rows_a), list(state.rows_d)
    shown_a, shown_d = state.revealed_columns("buy"), state.revealed_columns("sell")
    for other in range(state.players):
        if other == seat or rows_a[other] is None:
            continue
        rows_a[other], rows_d[other] = _resample_rows(
            rows_a[other] or (), rows_d[other] or (), shown_a, shown_d, rng
        )
    sealed = [
        _resample_sealed(state, other, rng) if other != seat else mine
        for other, mine in enumerate(state.sealed)
    ]
    return state._replace(
        rng=Rng(rng.getrandbits(62)),
        rows_a=tuple(rows_a),
        rows_d=tuple(rows_d),
        sealed=tuple(sealed),
    )


def _resample_rows(
    a: tuple[int, ...], d: tuple[int, ...], shown_a: int, shown_d: int, rng: random.Random
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rows keeping their called-out columns; the row's remaining digits reshuffled after them."""
    # Each row is a permutation of 0-9 (Middleman §2), so the digits still to come are a known set.
    while True:
        new_a = a[:shown_a] + tuple(rng.sample(a[shown_a:], len(a) - shown_a))
        new_d = d[:shown_d] + tuple(rng.sample(d[shown_d:], len(d) - shown_d))
        if new_a != new_d:
            return new_a, new_d


def _resample_sealed(state: MiddlemanState, other: int, rng: random.Random) -> Sealed:
    """Another seat's sealed commitment, redrawn from what it could legally have sent.

    A buying order's offer is drawn within the seat's cash: any legal offer is consistent with
    what the others have seen, but one that nobody could pay for even one tin (the offer may go
    up to 460 x players, RULINGS Middleman 4) would put nearly every sampled rival out."""
    if state.sealed[other] is None:
        return None
    empty = state._replace(sealed=tuple(None for _ in state.sealed))
    space = rules.legal(empty, other)
    if state.phase == "buy":
        most = (state.variant.digits - 1) * state.players  # no round's A digits add up to more
        offer = Buy(tins=rng.randint(0, most), price=rng.randint(0, state.cash[other]))
        if space.contains(offer):
            return offer
    action: Sealed = space.sample(rng)
    return action


def withdraw(state: MiddlemanState, seat: int) -> MiddlemanState:
    """The state before `seat` sealed its commitment to this step (unchanged if it sealed none)."""
    if state.phase == "over" or state.sealed[seat] is None:
        return state
    return state._replace(
        sealed=tuple(None if s == seat else o for s, o in enumerate(state.sealed))
    )
