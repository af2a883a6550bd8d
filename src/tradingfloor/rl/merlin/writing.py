"""Writing Merlin's observation: its parts in order, squashed numbers, the cards' positions."""

from __future__ import annotations

import numpy as np

from tradingfloor.rl.merlin.catalogue import CARDS, GOLEMS, ITEMS, LABS, STACK_BASES
from tradingfloor.rl.merlin.features import FEATURES

CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
BASE_INDEX = {card: i for i, card in enumerate(STACK_BASES)}
LAB_INDEX = {card: i for i, card in enumerate(LABS)}
GOLEM_INDEX = {card: i for i, card in enumerate(GOLEMS)}
ITEM_INDEX = {item: i for i, item in enumerate(ITEMS)}


def squash(x: float, size: float) -> float:
    """x / (|x| + size): gold of any amount in (-1, 1), `size` giving one half."""
    return x / (abs(x) + size)


def squash_counts(counts: np.ndarray, size: float) -> None:
    """Counts (not negative) squashed in place: n / (n + size)."""
    counts /= counts + size


class Writer:
    """Consecutive parts of the observation vector, taken in the names' order."""

    def __init__(self) -> None:
        self.out: np.ndarray = np.zeros(FEATURES, dtype=np.float32)
        self.at = 0

    def take(self, rows: int, columns: int = 1) -> np.ndarray:
        part = self.out[self.at : self.at + rows * columns]
        self.at += rows * columns
        return part.reshape(rows, columns) if columns > 1 else part
