"""Middleman's RL encoding: (tins, price) flattened into one masked Discrete space.

The catalogue and the observation's layout are the printed game's whatever the research variant
(fewer rounds, smaller rows, a lower top price): a variant's orders are a subset of the same
indices, its shorter rows fill the first slots of the row entries, so that a policy trained on a
variant reads the printed game's observations unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.middleman.actions import Buy, Sell
from tradingfloor.games.middleman.forecast import top_price_of_view
from tradingfloor.games.middleman.spaces import RowsSpace
from tradingfloor.games.middleman.view import table_view

MAX_SEATS = 8
ROUNDS = 10
# No round's market holds more than 9 x 8 tins, so an order for more never fills differently.
MAX_TINS = 72
# A tin never sells for more than 10 (Middleman §4), so the menu's offers stop there too.
MAX_PRICE = 10
PRICES = MAX_PRICE + 1
SIZE = (MAX_TINS + 1) * PRICES
PHASES = ("rows", "buy", "sell", "over")
STEP_FIGURES = ("tins", "price", "filled", "went out")  # each seat's column of a resolved step


def index_of(tins: int, price: int) -> int:
    """The menu index of an order of `tins` at `price`."""
    return tins * PRICES + price


def order_of(index: int) -> tuple[int, int]:
    """The (tins, price) of a menu index."""
    return divmod(index, PRICES)


class MiddlemanMenu:
    """A buying or selling decision: index tins x 11 + price, masked by the legal space.

    Offers stop at the market's top price (`top_price`: 10, or a research variant's): a tin
    bought dearer can never be sold for what it cost."""

    def __init__(self, legal: ActionSpace, top_price: int = MAX_PRICE) -> None:
        self.legal = legal
        described = legal.describe()["actions"]
        kinds: dict[str, type[Buy] | type[Sell]] = {"buy": Buy, "sell": Sell}
        self.kind = kinds.get(described[0]["type"]) if described else None
        self.mask = _NOTHING
        if self.kind is not None:
            fields = described[0]["fields"]
            most_price = min(fields["price"]["max"], top_price)
            most = (fields["tins"]["max"], most_price, described[0].get("budget"))
            self.mask = _orders_mask(*most)

    def action(self, index: int) -> Buy | Sell:
        if self.kind is None or not 0 <= index < SIZE or not self.mask[index]:
            raise ValueError(f"action {index} is not legal now (see the action mask)")
        tins, price = order_of(index)
        return self.kind(tins=tins, price=price)


@lru_cache(maxsize=4096)
def _orders_mask(most_tins: int, most_price: int, budget: int | None) -> np.ndarray:
    """The orders of at most `most_tins` at most `most_price` (costing at most `budget`), as a
    mask of the menu; made once for each such space, and read-only, since menus share it."""
    tins = np.arange(MAX_TINS + 1)[:, None]
    price = np.arange(PRICES)[None, :]
    ok = (tins <= most_tins) & (price <= most_price)
    if budget is not None:
        ok &= tins * price <= budget
    mask = ok.astype(np.int8).ravel()
    mask.flags.writeable = False
    return mask


_NOTHING = np.zeros(SIZE, dtype=np.int8)
_NOTHING.flags.writeable = False


# Where each part of the observation starts, in `feature_names`' order.
_ROUND_AT = 0
_PHASE_AT = _ROUND_AT + 1
_SEAT_AT = _PHASE_AT + len(PHASES)
_SHEETS_AT = _SEAT_AT + MAX_SEATS  # 5 entries a seat
_ROWS_AT = _SHEETS_AT + 5 * MAX_SEATS  # rows A then D, a digit a round
_CALLED_AT = _ROWS_AT + 2 * ROUNDS  # buy then sell, a seat's rounds together
_LAST_AT = _CALLED_AT + 2 * MAX_SEATS * ROUNDS  # buy then sell, 3 figures a seat
_BLANK = (
    [0.0] * _ROWS_AT
    + [-1.0] * (2 * ROUNDS)  # rows not written
    + [-1.0] * (2 * MAX_SEATS * ROUNDS)  # digits not yet called
    + [0.0] * (2 * MAX_SEATS * 3)
)
"""The observation before anything is written into it."""


class MiddlemanEncoder:
    """Observation: round, phase, every seat's sheet, own rows, called-out digits, last orders.

    The information state adds every resolved step's orders and fills: with the observation's
    own rows and called-out digits, all that the seat has seen and done (perfect recall)."""

    size = SIZE
    features = 1 + len(PHASES) + MAX_SEATS + 5 * MAX_SEATS + 2 * ROUNDS + 2 * MAX_SEATS * ROUNDS
    features += 2 * 3 * MAX_SEATS
    information_state_features = features + 2 * ROUNDS * MAX_SEATS * len(STEP_FIGURES)
    seat_view = staticmethod(table_view)  # the view without its words and forecast

    @cached_property
    def feature_names(self) -> tuple[str, ...]:
        """What each entry of `observe`'s vector holds, in its order."""
        names = ["round / 10", *(f"phase is {phase}" for phase in PHASES)]
        names += [f"I am seat {seat}" for seat in range(MAX_SEATS)]
        sheet = ("cash / 100", "tins / 10", "is out", "is seated", "has committed")
        names += [f"seat {seat} {entry}" for seat in range(MAX_SEATS) for entry in sheet]
        names += [f"my row {row} digit {turn + 1} / 9" for row in "ad" for turn in range(ROUNDS)]
        names += [
            f"{side} round {turn + 1}: digit seat {seat} called / 9 (-1 not yet)"
            for side in ("buy", "sell")
            for seat in range(MAX_SEATS)
            for turn in range(ROUNDS)
        ]
        names += [
            f"{side}: seat {seat} last order {figure} / 10"
            for side in ("buy", "sell")
            for seat in range(MAX_SEATS)
            for figure in ("tins", "price", "filled")
        ]
        return tuple(names)

    @cached_property
    def information_state_names(self) -> tuple[str, ...]:
        """What each entry of `information_state`'s vector holds: the observation's, then the
        resolved steps'."""
        steps = [
            f"{side} round {turn + 1}: seat {seat} {figure}"
            + (" / 10" if figure != "went out" else "")
            for side in ("buy", "sell")
            for turn in range(ROUNDS)
            for seat in range(MAX_SEATS)
            for figure in STEP_FIGURES
        ]
        return (*self.feature_names, *steps)

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        # Written into a list, then made an array once (`fromiter`: the fastest way from a
        # list): a vector this small costs more in NumPy's calls than in its numbers. Each value
        # is a float64 quotient rounded to float32, as writing it into a float32 array rounds it.
        out = list(_BLANK)
        out[_ROUND_AT] = view["round"] / ROUNDS
        out[_PHASE_AT + PHASES.index(view["phase"])] = 1.0
        seat = view.get("seat")
        if seat is not None and 0 <= seat < MAX_SEATS:
            out[_SEAT_AT + seat] = 1.0
        for p in view["players"]:
            at = _SHEETS_AT + 5 * p["seat"]
            out[at : at + 5] = (p["cash"] / 100, p["tins"] / 10, p["out"], 1, p["committed"])
        rows = view.get("rows") or {"a": [], "d": []}
        # A variant's shorter rows fill the first slots; the rest read as not written (-1).
        for at, row in ((_ROWS_AT, rows["a"]), (_ROWS_AT + ROUNDS, rows["d"])):
            out[at : at + len(row)] = [digit / 9 for digit in row]
        for step in view["history"]:
            side = 0 if step["side"] == "buy" else 1
            called = _CALLED_AT + side * MAX_SEATS * ROUNDS + step["round"] - 1
            last = _LAST_AT + side * MAX_SEATS * 3
            for column in step["seats"]:
                s = column["seat"]
                out[called + s * ROUNDS] = column["digit"] / 9
                # Whole numbers over 10 in float64, then float32: the float32 quotient exactly.
                at = last + 3 * s
                out[at : at + 3] = (
                    (column["tins"] or 0) / 10,
                    (column["price"] or 0) / 10,
                    column["filled"] / 10,
                )
        return np.fromiter(out, np.float32, len(out))

    def information_state(self, view: Mapping[str, Any]) -> np.ndarray:
        """The observation, then every resolved step's orders and fills, seat by seat."""
        out: np.ndarray = np.zeros(self.information_state_features, dtype=np.float32)
        out[: self.features] = self.observe(view)
        steps = out[self.features :].reshape(2, ROUNDS, MAX_SEATS, len(STEP_FIGURES))
        for step in view["history"]:
            side = 0 if step["side"] == "buy" else 1
            for column in step["seats"]:
                figures = (column["tins"] or 0, column["price"] or 0, column["filled"])
                steps[side, step["round"] - 1, column["seat"], :3] = [f / 10 for f in figures]
                steps[side, step["round"] - 1, column["seat"], 3] = column["went_out"]
        return out

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        return MiddlemanMenu(legal, top_price_of_view(view))

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        # RULINGS Middleman 2: "deal them for me at random" is a convenience, not a rule change;
        # the environment deals each seat's rows so that agents learn the trading. A seat has the
        # rows to write exactly in the rows phase (the space tells it without drawing the view).
        return legal.sample(rng) if isinstance(legal, RowsSpace) else None
