"""Driving Middleman through its public contract: rows, whole steps, the figures a view shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tradingfloor
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

GAME = tradingfloor.make("middleman")
Order = tuple[int, int]


def rows(a: str, d: str) -> Rows:
    """Rows written as digit strings, e.g. rows("0123456789", "9876543210")."""
    return Rows(a=tuple(int(c) for c in a), d=tuple(int(c) for c in d))


def start(sheet_rows: Sequence[Rows], guarded: bool = False) -> Any:
    """A game with one seat per entry of `sheet_rows`, every seat's rows written."""
    state = GAME.new({"players": len(sheet_rows), "guarded": guarded}, seed=11)
    for seat, written in enumerate(sheet_rows):
        state = GAME.apply(state, seat, written)
    assert GAME.view(state, None)["phase"] == "buy"
    return state


def buy_step(state: Any, orders: Sequence[Order | None]) -> Any:
    """Every seat still in sends its (tins, offer); None for a seat that is out."""
    return _step(state, orders, Buy, "buy")


def sell_step(state: Any, orders: Sequence[Order | None]) -> Any:
    """Every seat still in sends its (tins, ask); None for a seat that is out."""
    return _step(state, orders, Sell, "sell")


def _step(state: Any, orders: Sequence[Order | None], kind: Any, phase: str) -> Any:
    assert GAME.view(state, None)["phase"] == phase
    for seat, order in enumerate(orders):
        if order is None:
            assert seat not in GAME.actors(state)
            continue
        state = GAME.apply(state, seat, kind(tins=order[0], price=order[1]))
    return state


def idle_round(state: Any) -> Any:
    """A round in which every seat still in orders nothing."""
    idle = [None if p["out"] else (0, 0) for p in GAME.view(state, None)["players"]]
    return sell_step(buy_step(state, idle), idle)


def figures(state: Any) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """(cash, tins, out) of every seat, as a spectator sees them."""
    players = GAME.view(state, None)["players"]
    return (
        tuple(p["cash"] for p in players),
        tuple(p["tins"] for p in players),
        tuple(p["out"] for p in players),
    )


def last_table(state: Any) -> dict[str, list[int | None]]:
    """The last resolved step as the rule text lays it out: one list per row of the table."""
    step = GAME.view(state, None)["history"][-1]
    seats = step["seats"]
    return {
        "tins": [s["tins"] for s in seats],
        "price": [s["price"] for s in seats],
        "digits": [s["digit"] for s in seats],
        "market": [step["market"] for _ in seats],
        "filled": [s["filled"] for s in seats],
    }
