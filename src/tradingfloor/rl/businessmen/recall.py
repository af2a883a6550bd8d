"""What a Businessmen seat knows of the hidden decks: every card turned since each deck was
last shuffled, card by card.

The order of the undrawn cards and future spins are hidden from every seat alike; all else is on
the table. What the history tells of the undrawn cards is which cards have been turned since the
deck was last rebuilt (a spent deck is rebuilt from its turned cards): the observation sums them
up per good, and this record lists them, so that the undrawn cards are known exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

import numpy as np

from tradingfloor.games.businessmen.decks import MOST_CARDS
from tradingfloor.games.businessmen.names import GOODS
from tradingfloor.games.businessmen.state import SUPPLY_PER_GOOD


def _names() -> tuple[str, ...]:
    names = [
        f"turned goods card {card + 1}: {good} / {SUPPLY_PER_GOOD}"
        for card in range(MOST_CARDS)
        for good in GOODS
    ]
    names += [
        f"turned export card {card + 1}: names {good}"
        for card in range(MOST_CARDS)
        for good in GOODS
    ]
    return tuple(names)


NAMES = _names()
"""A deck holds at most 100 cards (decks.MOST_CARDS), so at most 100 are turned at a time."""
FEATURES = len(NAMES)
_BY_GOOD = itemgetter(*GOODS)


def values(view: Mapping[str, Any]) -> np.ndarray:
    """The turned cards in the order they were turned, then empty slots, as `NAMES` says."""
    turned = view["turned"]
    out: np.ndarray = np.zeros((2, MOST_CARDS, len(GOODS)), dtype=np.float32)
    goods_cards = turned["goods"]
    if goods_cards:
        units = np.array([_BY_GOOD(card) for card in goods_cards], dtype=np.float32)
        out[0, : len(goods_cards)] = units / SUPPLY_PER_GOOD
    export_cards = turned["export"]
    if export_cards:
        named = [[good in card for good in GOODS] for card in export_cards]
        out[1, : len(export_cards)] = named
    flat: np.ndarray = out.ravel()
    return flat
