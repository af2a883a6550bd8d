"""Some listed moves are one shared object per id (an order's exit or withdrawal, a covered
bid's drop, a future's take, the end of a turn), not made afresh for every menu: at every step
of seeded games, each such type's listed moves are those of the long way round, every move of
the type over every id on the table made afresh and kept where the rules accept it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.games.merlin.helpers import ALL_MODULES, GAME, random_walk
from tradingfloor.games.merlin.actions import EndTurn, ExitBid, WithdrawAsk
from tradingfloor.games.merlin.finance.actions import DropWanted, TakeFuture
from tradingfloor.games.merlin.finance.table import finance_of
from tradingfloor.games.merlin.rulebook import table_for
from tradingfloor.games.merlin.state import MerlinState


def _every(state: MerlinState) -> dict[str, list[Any]]:
    """Every move of each shared type over every id on the table, made afresh."""
    bids = [order.id for book in state.economy.books for order in book.bids]
    asks = [order.id for book in state.economy.books for order in book.asks]
    finance = finance_of(state) if state.finance is not None else None
    return {
        "exit_bid": [ExitBid(order=order) for order in bids],
        "withdraw_ask": [WithdrawAsk(order=order) for order in asks],
        "drop_wanted": [DropWanted(wanted=w.id) for w in finance.wanted] if finance else [],
        "take_future": [TakeFuture(future=f.id) for f in finance.futures] if finance else [],
        "end_turn": [EndTurn()],
    }


def _positions(options: Any, seed: int) -> Iterator[MerlinState]:
    yield from random_walk(GAME.new(options, seed), seed, 600)


@pytest.mark.parametrize("options", [None, ALL_MODULES], ids=["economy", "all modules"])
def test_shared_moves_are_the_accepted_moves_made_afresh(options: Any) -> None:
    listed = 0
    for seed in (21, 22):
        for state in _positions(options, seed):
            every = _every(state)
            for seat in GAME.actors(state):
                rules = table_for(state).actions.get(GAME.legal(state, seat).step, {})
                for name, moves in every.items():
                    rule = rules.get(name)
                    if rule is None:
                        continue
                    accepted = [move for move in moves if rule.why(state, seat, move) is None]
                    assert rule.choices(state, seat) == accepted
                    listed += len(accepted)
    assert listed > 100  # (the sweep reaches many of these moves)
