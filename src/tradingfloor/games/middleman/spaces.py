"""Middleman's legal-action spaces: the rows to write, and buying and selling orders."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from tradingfloor.core.draws import shuffle
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.middleman.actions import Buy, Rows, Sell, drawn_order, drawn_rows
from tradingfloor.games.middleman.state import PRINTED, Variant

DIGITS = tuple(range(10))
DIGIT_SET = frozenset(DIGITS)
DIGITS_TOTAL = sum(DIGITS)  # what each row adds up to: 45
MAX_ASK = 10  # Middleman §4: "The market never pays more than 10 per tin."
LIST_LIMIT = 4096  # a space with more orders than this is not listed (`enumerate` gives None)


def most_cash(players: int, variant: Variant = PRINTED) -> int:
    """The most cash a trader can ever hold at a table of `players`: the offer per tin's bound.

    Cash comes only from the start (10 x players, Middleman §2) and from selling to the market,
    which over the whole game demands exactly 45 tins per D row (each holds 0-9 once) and never
    pays more than 10 a tin (§4). No trader can pay a higher offer even for one tin, ever, so
    the bound keeps the buying order's space finite without refusing any order that someone
    could pay for (RULINGS Middleman 4: no order is refused against the cash held). A variant's
    rows, top price and starting cash give its own bound the same way.
    """
    return variant.start_cash(players) + variant.digits_total * players * variant.top_price


def rows_problem(a: Sequence[int], d: Sequence[int], digits: int = len(DIGITS)) -> str | None:
    """Why rows A and D cannot be written, or None (rows of 0 to `digits` - 1 in a variant)."""
    # Middleman §2: "the numbers 0 to 9 ... in any desired order", then "in a different order".
    wanted = DIGIT_SET if digits == len(DIGITS) else frozenset(range(digits))
    if len(a) != digits or set(a) != wanted:
        return _not_a_permutation("A", a, digits)
    if len(d) != digits or set(d) != wanted:
        return _not_a_permutation("D", d, digits)
    if tuple(a) == tuple(d):
        return "row D must be in a different order from row A"
    return None


def _not_a_permutation(name: str, row: Sequence[int], digits: int) -> str:
    """What is wrong with a row that does not hold each digit exactly once."""
    if len(row) != digits:
        return (
            f"row {name} has {len(row)} digits; it needs {digits}, each digit 0-{digits - 1} "
            "exactly once"
        )
    lacking = ", ".join(str(digit) for digit in sorted(set(range(digits)) - set(row)))
    return f"row {name} must hold each digit 0-{digits - 1} exactly once; it lacks {lacking}"


def random_rows(rng: random.Random, digits: int = len(DIGITS)) -> Rows:
    """Rows dealt at random: the "deal them for me" convenience."""
    a = list(range(digits))
    shuffle(a, rng)
    d = list(a)
    while d == a:
        shuffle(d, rng)
    return drawn_rows(tuple(a), tuple(d))


def dealt_rows(secret: int, seat: int, digits: int = len(DIGITS)) -> Rows:
    """The rows "deal them for me" gives `seat` in the game of seed `secret`: the same game, the
    same deal. Drawn through a cryptographic hash, so that a deal tells nothing of the seed (and
    so nothing of another seat's deal)."""
    digest = hashlib.blake2b(f"middleman rows {secret} {seat}".encode(), digest_size=32).digest()
    return random_rows(random.Random(digest), digits)


class RowsSpace(ActionSpace):
    """Any two different permutations of 0-9 (of 0 to `digits` - 1 in a variant); `deal()` is
    this seat's deal at random."""

    def __init__(self, dealt: Callable[[], Rows] | None = None, digits: int = len(DIGITS)) -> None:
        self._dealt = dealt
        self.digits = digits
        self._drawn: Rows | None = None  # the last rows `sample` drew: written right by making

    def deal(self, rng: random.Random | None = None) -> Rows:
        """The seat's rows dealt at random: the game's own deal where it has one, else `rng`'s."""
        if self._dealt is not None:
            return self._dealt()
        return random_rows(rng or random.Random(), self.digits)

    def check(self, action: Any) -> str | None:
        if action is self._drawn:
            return None  # random play checks what it just drew here (apply asks again)
        if not isinstance(action, Rows):
            return "write your rows A and D first"
        return rows_problem(action.a, action.d, self.digits)

    def sample(self, rng: random.Random) -> Rows:
        self._drawn = random_rows(rng, self.digits)
        return self._drawn

    def describe(self) -> dict[str, Any]:
        row = f"permutation of 0-{self.digits - 1}"
        return {"actions": [{"type": "rows", "a": row, "d": "another permutation"}]}


class OrderSpace(ActionSpace):
    """Orders of `kind`: tins in 0..max_tins, price in 0..max_price, and if guarded a budget."""

    def __init__(
        self,
        kind: type[Buy] | type[Sell],
        max_tins: int,
        max_price: int,
        budget: int | None = None,
        typical: int | None = None,
    ) -> None:
        self.kind = kind
        self.max_tins = max_tins
        self.max_price = max_price
        self.budget = budget  # guarded mode: tins x price may not exceed the cash held
        self.typical = typical  # the highest price a sensible order names (the cash held)
        self._drawn: Buy | Sell | None = None  # the last order `sample` drew: legal by making
        # randint(0, n) draws getrandbits of n + 1's bit length until the draw is below n + 1:
        # the bounds and bit lengths of the two fields, worked out once for every sample.
        self._draws = (
            max_tins + 1,
            (max_tins + 1).bit_length(),
            max_price + 1,
            (max_price + 1).bit_length(),
        )

    def check(self, action: Any) -> str | None:
        if action is self._drawn:
            return None  # random play checks what it just drew here (apply asks again)
        if not isinstance(action, self.kind):
            verb = "buy" if self.kind is Buy else "sell"
            return f"it is time to {verb}: send a {verb} order"
        if action.tins > self.max_tins:
            return self._too_many(action.tins)
        if action.price > self.max_price:
            return self._too_dear(action.price)
        if self.budget is not None and action.tins * action.price > self.budget:
            return (
                f"guarded play: {action.tins} tins at {action.price} cost "
                f"{action.tins * action.price}, more than your cash of {self.budget}"
            )
        return None

    def _too_many(self, tins: int) -> str:
        if self.kind is Sell:
            return f"you hold only {self.max_tins} tins, so you cannot offer {tins} for sale"
        return (
            f"at most {self.max_tins} tins can ever be on the market, so you cannot ask for {tins}"
        )

    def _too_dear(self, price: int) -> str:
        if self.kind is Sell:
            return (
                f"the market never pays more than {self.max_price} per tin: an ask of {price} "
                "cannot sell"
            )
        if self.budget is not None:
            return (
                f"guarded play: you hold only {self.max_price}, so an offer of {price} per tin "
                "could never be paid"
            )
        return (
            f"no trader at this table can ever hold more than {self.max_price}, so an offer of "
            f"{price} per tin could never be paid"
        )

    def sample(self, rng: random.Random) -> Buy | Sell:
        if type(rng) is not random.Random:
            return self._sample_by_its_methods(rng)
        # randint(0, n) for each field as a plain random.Random draws it, written out: an order is
        # drawn at nearly every move of random play (tests hold it to randint).
        getrandbits = rng.getrandbits
        tins_bound, tins_bits, price_bound, price_bits = self._draws
        while True:
            tins = getrandbits(tins_bits)
            while tins >= tins_bound:
                tins = getrandbits(tins_bits)
            price = getrandbits(price_bits)
            while price >= price_bound:
                price = getrandbits(price_bits)
            if self.budget is None or tins * price <= self.budget:
                self._drawn = drawn_order(self.kind, tins, price)
                return self._drawn

    def _sample_by_its_methods(self, rng: random.Random) -> Buy | Sell:
        """`sample` for another class of generator: its own `randrange` draws each field."""
        while True:
            tins, price = rng.randrange(self.max_tins + 1), rng.randrange(self.max_price + 1)
            if self.budget is None or tins * price <= self.budget:
                self._drawn = drawn_order(self.kind, tins, price)
                return self._drawn

    def enumerate(self) -> Sequence[Buy | Sell] | None:
        if (self.max_tins + 1) * (self.max_price + 1) > LIST_LIMIT:
            return None  # an open buying order: thousands of offers, searched by its fields
        return [
            self.kind(tins=tins, price=price)
            for tins in range(self.max_tins + 1)
            for price in range(self.max_price + 1)
            if self.budget is None or tins * price <= self.budget
        ]

    def describe(self) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "tins": {"min": 0, "max": self.max_tins},
            "price": {"min": 0, "max": self.max_price},
        }
        if self.typical is not None:
            fields["price"]["typical"] = min(self.typical, self.max_price)
        out: dict[str, Any] = {"type": "buy" if self.kind is Buy else "sell", "fields": fields}
        if self.budget is not None:
            out["budget"] = self.budget
        return {"actions": [out]}
