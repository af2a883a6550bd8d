"""Magic tables arranged for scripted tests: stacks, hands and labs set out, custom cards dealt,
potions set, credits laid under labs; refusals read back in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from tests.games.merlin.magic.helpers import (
    act,
    after_magic,
    arrange,
    arrange_magic,
    cards_accounted,
    conserved,
)
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.magic.state import Held, Lab, Magic, SetPotion
from tradingfloor.games.merlin.state import MerlinState, Stack

QUIET_READINGS = ("harvest_festival", "smog")
"""Readings that act only after two orbits: revealed first, so no reading moves a test's figures."""

Row = Sequence[str | Stack]


def magic(state: MerlinState) -> Magic:
    assert isinstance(state.magic, Magic)
    return state.magic


def table(
    tableaux: Sequence[Row] = ((), (), (), ()),
    hands: Sequence[Sequence[str]] = ((), (), (), ()),
    labs: Iterable[Lab] = (),
    on_top: Sequence[str] = (),
    **changes: Any,
) -> MerlinState:
    """A 4-player magic game after its auction (seat 0 to play, its roll made) with these stacks,
    hands and labs, their cards taken out of the deck (`on_top` put on top of it); quiet readings
    on top of the reading deck and none on the field. Other keys go to `arrange` (gold, goods,
    counters, bank, row)."""
    state = after_magic()
    labs = tuple(labs)
    used = [c for row in tableaux for s in row for c in _cards(s)]
    used += [c for hand in hands for c in hand] + [lab.card for lab in labs]
    deck = [*on_top, *(c for c in state.economy.deck if c not in (*used, *on_top))]
    state = arrange(state, tableaux=tableaux, hands=hands, deck=deck, **changes)
    readings = [*magic(state).reading_deck, *(r.card for r in magic(state).field)]
    readings.sort(key=lambda c: not c.startswith(QUIET_READINGS))
    return arrange_magic(state, labs=labs, field=(), reading_deck=tuple(readings))


def _cards(stack: str | Stack) -> list[str]:
    if isinstance(stack, str):
        return [stack]
    return [c for c in (stack.base, stack.top) if c is not None]


def give(state: MerlinState, hand: str, seat: int, *cards: str, source: str | None = None) -> Any:
    """Custom cards from their deck into a hand ("spells", "recipes" or "potions")."""
    deck = "spell_deck" if hand == "spells" else "recipe_deck"
    pile = list(getattr(magic(state), deck))
    for card in cards:
        pile.remove(card)
    hands = list(getattr(magic(state), hand))
    hands[seat] = (*hands[seat], *(Held(c, source) for c in cards))
    return arrange_magic(state, **{deck: tuple(pile), hand: tuple(hands)})


def set_potion(
    state: MerlinState, seat: int, potion: str, on: str | None = None, source: str | None = None
) -> MerlinState:
    """A potion from the recipe deck set face down by `seat` (under `on`, or before them)."""
    pile = list(magic(state).recipe_deck)
    pile.remove(potion)
    placed = SetPotion(Held(potion, source), seat, on)
    return arrange_magic(
        state, recipe_deck=tuple(pile), set_potions=(*magic(state).set_potions, placed)
    )


def credit(state: MerlinState, lab: str, *cards: str) -> MerlinState:
    """Spent cards from their deck credited under a lab."""
    labs = list(magic(state).labs)
    index = next(i for i, x in enumerate(labs) if x.card == lab)
    deck = "spell_deck" if cards and cards[0] in magic(state).spell_deck else "recipe_deck"
    pile = list(getattr(magic(state), deck))
    for card in cards:
        pile.remove(card)
    labs[index] = replace(labs[index], credits=(*labs[index].credits, *cards))
    return arrange_magic(state, labs=tuple(labs), **{deck: tuple(pile)})


def refused(state: MerlinState, seat: int, action: dict[str, Any]) -> str:
    """The refusal, in words, of an illegal action."""
    with pytest.raises(IllegalAction) as caught:
        act(state, seat, action)
    return caught.value.why


def sound(state: MerlinState) -> bool:
    return conserved(state) and cards_accounted(state)
