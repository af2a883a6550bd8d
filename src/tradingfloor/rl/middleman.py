"""Middleman's RL encoding: (tins, price) flattened into one masked Discrete space."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.middleman.actions import Buy, Sell
from tradingfloor.games.middleman.spaces import RowsSpace

MAX_SEATS = 8
ROUNDS = 10
# No round's market holds more than 9 x 8 tins, so an order for more never fills differently.
MAX_TINS = 72
# A tin never sells for more than 10 (Middleman §4), so the menu's offers stop there too.
MAX_PRICE = 10
PRICES = MAX_PRICE + 1
SIZE = (MAX_TINS + 1) * PRICES
PHASES = ("rows", "buy", "sell", "over")


def index_of(tins: int, price: int) -> int:
    """The menu index of an order of `tins` at `price`."""
    return tins * PRICES + price


def order_of(index: int) -> tuple[int, int]:
    """The (tins, price) of a menu index."""
    return divmod(index, PRICES)


class MiddlemanMenu:
    """A buying or selling decision: index tins x 11 + price, masked by the legal space."""

    def __init__(self, legal: ActionSpace) -> None:
        self.legal = legal
        described = legal.describe()["actions"]
        kinds: dict[str, type[Buy] | type[Sell]] = {"buy": Buy, "sell": Sell}
        self.kind = kinds.get(described[0]["type"]) if described else None
        mask = np.zeros(SIZE, dtype=np.int8)
        if self.kind is not None:
            fields = described[0]["fields"]
            tins = np.arange(MAX_TINS + 1)[:, None]
            price = np.arange(PRICES)[None, :]
            ok = (tins <= fields["tins"]["max"]) & (price <= fields["price"]["max"])
            budget = described[0].get("budget")
            if budget is not None:
                ok &= tins * price <= budget
            mask = ok.astype(np.int8).ravel()
        self.mask = mask

    def action(self, index: int) -> Buy | Sell:
        if self.kind is None or not 0 <= index < SIZE or not self.mask[index]:
            raise ValueError(f"action {index} is not legal now (see the action mask)")
        tins, price = order_of(index)
        return self.kind(tins=tins, price=price)


class MiddlemanEncoder:
    """Observation: round, phase, every seat's sheet, own rows, called-out digits, last orders."""

    size = SIZE
    features = 1 + len(PHASES) + MAX_SEATS + 5 * MAX_SEATS + 2 * ROUNDS + 2 * MAX_SEATS * ROUNDS
    features += 2 * 3 * MAX_SEATS

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        parts: list[Any] = [[view["round"] / ROUNDS], _one_hot(PHASES.index(view["phase"]), 4)]
        seat = view.get("seat")
        parts.append(_one_hot(seat if seat is not None else -1, MAX_SEATS))
        sheets = np.zeros((MAX_SEATS, 5), dtype=np.float32)
        for p in view["players"]:
            sheets[p["seat"]] = (p["cash"] / 100, p["tins"] / 10, p["out"], 1, p["committed"])
        parts.append(sheets.ravel())
        rows = view.get("rows") or {"a": [-9] * ROUNDS, "d": [-9] * ROUNDS}
        parts.append(np.array(rows["a"] + rows["d"], dtype=np.float32) / 9)
        called = np.full((2, MAX_SEATS, ROUNDS), -1.0, dtype=np.float32)
        last = np.zeros((2, MAX_SEATS, 3), dtype=np.float32)
        for step in view["history"]:
            side = 0 if step["side"] == "buy" else 1
            for column in step["seats"]:
                called[side, column["seat"], step["round"] - 1] = column["digit"] / 9
                figures = (column["tins"] or 0, column["price"] or 0, column["filled"])
                last[side, column["seat"]] = np.array(figures, dtype=np.float32) / 10
        parts += [called.ravel(), last.ravel()]
        return np.concatenate([np.asarray(p, dtype=np.float32) for p in parts])

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        return MiddlemanMenu(legal)

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        # RULINGS Middleman 2: "deal them for me at random" is a convenience, not a rule change;
        # the environment deals each seat's rows so that agents learn the trading. A seat has the
        # rows to write exactly in the rows phase (the space tells it without drawing the view).
        return legal.sample(rng) if isinstance(legal, RowsSpace) else None


def _one_hot(index: int, size: int) -> np.ndarray:
    out = np.zeros(size, dtype=np.float32)
    if 0 <= index < size:
        out[index] = 1
    return out
