"""The deck: drawing from the top, shuffling cards back in ("no discard piles")."""

from __future__ import annotations

from collections.abc import Iterable

from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.state import MerlinState


def draw(state: MerlinState) -> tuple[str, MerlinState]:
    """The top card and the state without it (the deck must not be empty)."""
    deck = state.economy.deck
    return deck[0], replace(state, economy=replace(state.economy, deck=deck[1:]))


def shuffle_in(state: MerlinState, cards: Iterable[str]) -> MerlinState:
    """Each card back into the deck at a random place among the undrawn cards."""
    deck = list(state.economy.deck)
    cursor = state.rng.cursor()
    for card in cards:
        deck.insert(cursor.below(len(deck) + 1), card)
    return replace(state, rng=cursor.rng, economy=replace(state.economy, deck=tuple(deck)))
