"""The magic module's secrets drawn afresh for a seat: the custom decks' order, others' spells,
recipes and potions (brewed or set face down), keeping every count and every card's source lab."""

from __future__ import annotations

import random

from tradingfloor.games.merlin.magic.state import Held
from tradingfloor.games.merlin.magic.table import magic_of, with_magic
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.state import MerlinState

Hands = tuple[tuple[Held, ...], ...]


def redetermine(state: MerlinState, seat: int, rng: random.Random) -> MerlinState:
    """A magic table `seat` cannot tell from this one: each hidden slot keeps its owner and source
    lab; only which card lies there is dealt again, from the deck and every hidden card."""
    magic = magic_of(state)
    pool = [*magic.spell_deck, *_hidden(magic.spells, seat)]
    rng.shuffle(pool)
    spells = _deal(magic.spells, seat, pool)
    spell_deck = tuple(pool)
    others_set = [p for p in magic.set_potions if p.owner != seat]
    pool = [*magic.recipe_deck, *_hidden(magic.recipes, seat), *_hidden(magic.potions, seat)]
    pool += [p.potion.card for p in others_set]
    rng.shuffle(pool)
    recipes = _deal(magic.recipes, seat, pool)
    potions = _deal(magic.potions, seat, pool)
    set_potions = tuple(
        p if p.owner == seat else replace(p, potion=replace(p.potion, card=pool.pop()))
        for p in magic.set_potions
    )
    readings = list(magic.reading_deck)
    rng.shuffle(readings)
    return with_magic(
        state,
        spells=spells,
        spell_deck=spell_deck,
        recipes=recipes,
        potions=potions,
        set_potions=set_potions,
        recipe_deck=tuple(pool),
        reading_deck=tuple(readings),
    )


def _hidden(hands: Hands, seat: int) -> list[str]:
    return [h.card for s, hand in enumerate(hands) if s != seat for h in hand]


def _deal(hands: Hands, seat: int, pool: list[str]) -> Hands:
    """Every hand but `seat`'s dealt again from the pool (each slot keeps its source)."""
    return tuple(
        hand if s == seat else tuple(replace(h, card=pool.pop()) for h in hand)
        for s, hand in enumerate(hands)
    )
