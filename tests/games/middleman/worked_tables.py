"""The six worked tables of the Middleman rule text (§3 and §4), copied figure for figure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

NAMES = ("Jane", "Fred", "Mary")


@dataclass(frozen=True)
class WorkedTable:
    """One table of the rule text: a column per player (Jane, Fred, Mary)."""

    title: str
    side: Literal["buy", "sell"]
    tins: tuple[int, int, int]  # Tins Wanted / For Sale
    price: tuple[int, int, int]  # Offer/Tin / Price/Tin
    digits: tuple[int, int, int]  # A / D
    market: int  # Available Tins / Demand (the same in every column)
    filled: tuple[int, int, int]  # Tins Bought / Tins Sold

    @property
    def orders(self) -> list[tuple[int, int]]:
        return list(zip(self.tins, self.price, strict=True))


BUYING = WorkedTable("Buying Example", "buy", (6, 5, 9), (5, 4, 2), (8, 0, 2), 10, (6, 4, 0))
TIED_BUYING_1 = WorkedTable(
    "Tied Buying Orders Example 1", "buy", (6, 5, 9), (5, 3, 3), (7, 3, 1), 11, (6, 2, 2)
)
TIED_BUYING_2 = WorkedTable(
    "Tied Buying Orders Example 2", "buy", (3, 9, 2), (4, 4, 3), (3, 1, 7), 11, (3, 8, 0)
)
SELLING = WorkedTable("Selling Example", "sell", (3, 5, 4), (5, 9, 10), (6, 1, 3), 10, (3, 5, 2))
TIED_SELLING_1 = WorkedTable(
    "Tieing Selling Price Example 1", "sell", (6, 6, 9), (7, 7, 10), (1, 6, 4), 11, (5, 5, 1)
)
TIED_SELLING_2 = WorkedTable(
    "Tieing Selling Price Example 2", "sell", (3, 4, 22), (5, 9, 9), (6, 1, 4), 11, (3, 4, 4)
)

ALL_TABLES = (BUYING, TIED_BUYING_1, TIED_BUYING_2, SELLING, TIED_SELLING_1, TIED_SELLING_2)
