"""Magic tables for scripted tests: a game with the magic module after its auction, arranged
magic holdings, and the checks every part shares (gold conserved, every card accounted for)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from tests.games.merlin.helpers import act, after_auction, arrange, balance, rig
from tradingfloor.games.merlin.ledger import gold_in_play
from tradingfloor.games.merlin.magic.state import Magic
from tradingfloor.games.merlin.state import MerlinState

__all__ = ["act", "after_magic", "arrange", "arrange_magic", "cards_accounted", "conserved", "rig"]

MODULES = ["economy", "magic"]


def after_magic(
    players: int = 4, seed: int = 1, first_roll: tuple[int, int] = (1, 2), **options: Any
) -> MerlinState:
    """A magic game whose auction gave the order 0, 1, 2, ... (seat 0 to play, its first roll
    `first_roll`)."""
    return after_auction(players, seed, first_roll, modules=MODULES, **options)


def arrange_magic(state: MerlinState, **changes: Any) -> MerlinState:
    """Set fields of the magic part directly (labs, golems, spells, ...); gold on the table is
    counted as starting gold so that conservation still holds."""
    assert isinstance(state.magic, Magic)
    return balance(replace(state, magic=replace(state.magic, **changes)))


def conserved(state: MerlinState) -> bool:
    """Gold is neither made nor lost beyond what the ledger says was minted."""
    return gold_in_play(state) == state.core.ledger.minted


def cards_accounted(state: MerlinState) -> bool:
    """Every playing card is in the deck, a hand, on the table (stacks, labs, golems), and every
    custom card in its deck, a hand, a lab's credits, set before a player or on the field."""
    magic = state.magic
    assert isinstance(magic, Magic)
    eco = state.economy
    playing = Counter(eco.deck)
    for hand in eco.hands:
        playing.update(hand)
    for tableau in eco.tableaux:
        for stack in tableau:
            playing.update(c for c in (stack.base, stack.top) if c is not None)
    playing.update(lab.card for lab in magic.labs)
    playing.update(g.card for g in magic.golems)
    playing.update(magic.removed)  # Kings voted out of the game after their decree
    if magic.ballot is not None and magic.ballot.card is not None:
        playing[magic.ballot.card] += 1  # a King held aside until its vote
    wanted = Counter(state.config.deck)
    if magic.jokers_in and not state.config.jokers:
        wanted.update(state.config.magic.figures.jokers)
    if not magic.jokers_in and state.config.jokers:
        wanted.subtract(state.config.magic.figures.jokers)
        wanted = +wanted
    custom = Counter([*magic.spell_deck, *magic.recipe_deck, *magic.reading_deck])
    for group in (magic.spells, magic.recipes, magic.potions):
        for hand in group:
            custom.update(h.card for h in hand)
    custom.update(p.potion.card for p in magic.set_potions)
    custom.update(c for lab in magic.labs for c in lab.credits)
    custom.update(r.card for r in magic.field)
    content = state.config.magic
    every = Counter([*content.deck_of("spells"), *content.deck_of("potions")])
    every.update(content.deck_of("readings"))
    return playing == wanted and custom == every
