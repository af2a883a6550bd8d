"""Businessmen's setup and round figures that a designer may change (`data.setup.<name>`).

The printed game's figures are `PRINTED`; a match plays with its decks' `figures` (decks.py),
which are these unless the `data` option changes some. Each figure is bounded so that the game
stays the game the rules run: prices on their 1-10 scale, no supply above a card's largest count.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures of the setup and of the round that the `data` option may change."""

    start_coins: int = 10  # RULINGS Businessmen, setup: 10 coins each
    start_price: int = 3  # RULINGS Businessmen 7: "the start is 3"
    supply_per_good: int = 25  # RULINGS Businessmen, setup: 25 tiles of each good
    rise: int = 3  # RULINGS Businessmen 7: every good not sent rises 3
    skip_vp: int = 1  # RULINGS Businessmen 12: a skipper loses 1 VP
    skip_pay: int = 10  # RULINGS Businessmen 12: and receives 10 coins as the next round starts


PRINTED = Figures()
"""The printed game's figures."""

BOUNDS: dict[str, tuple[int, int]] = {
    "start_coins": (0, 1_000),
    "start_price": (1, 10),  # the price scale (RULINGS Businessmen 7)
    "supply_per_good": (1, 25),  # a goods card brings at most 25 units of a good (decks.UNITS)
    "rise": (0, 9),  # at most the whole scale
    "skip_vp": (0, 20),
    "skip_pay": (0, 1_000),
}
"""The values each figure may take, both ends included."""

WORDS: dict[str, str] = {
    "start_coins": "coins each player starts with",
    "start_price": "every good's price at the start",
    "supply_per_good": "tiles of each good in the supply",
    "rise": "how far a good not sent rises each round",
    "skip_vp": "VP a skipper loses",
    "skip_pay": "coins a skipper receives as the next round starts",
}
"""What each figure is, in a designer's words."""

NAMES = tuple(field.name for field in fields(Figures))
