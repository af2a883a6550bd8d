"""The magic module's bookkeeping at a turn's start and when a player leaves the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradingfloor.games.merlin.deck import shuffle_in
from tradingfloor.games.merlin.ledger import put, to_bank
from tradingfloor.games.merlin.magic.determinize import redetermine
from tradingfloor.games.merlin.magic.state import Magic
from tradingfloor.games.merlin.magic.table import magic_of, shuffle_custom, with_magic
from tradingfloor.games.merlin.magic.view import MAGIC_PARTS
from tradingfloor.games.merlin.memo import per_config
from tradingfloor.games.merlin.records import magic_with, replace, with_parts
from tradingfloor.games.merlin.rulebook import Log, Module, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import card, gold, seat


def new_turn(state: MerlinState, log: Log) -> MerlinState:
    """A new turn: no decree's reclaiming, nothing done yet this turn."""
    magic = state.magic  # (typed below: the state's `magic` is Any, read field by name)
    if not isinstance(magic, Magic) or not (magic.reclaim or magic.played):
        return state  # (most turns: no decree reclaimed, no magic action taken)
    magic = magic_with(magic, reclaim=False, played=())
    return with_parts(state, state.core, state.economy, magic, state.finance)


def on_exit(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """Bankruptcy: a player out of the game gives back all their magic: labs (cards to the deck,
    grants to the central bank), hands and potions to their decks, golems they own or that stand
    on their stacks to the deck, crowns and maintenance debt written off."""
    magic = magic_of(state)
    labs = [lab for lab in magic.labs if lab.owner == seat]
    grants = sum(lab.grant for lab in labs)
    credits = [c for lab in labs for c in lab.credits]
    golems = [g for g in magic.golems if seat in (g.owner, g.seat)]
    potions = [p.potion.card for p in magic.set_potions if p.owner == seat]
    potions += [h.card for h in magic.potions[seat]] + [h.card for h in magic.recipes[seat]]
    spells = [h.card for h in magic.spells[seat]]
    spell_ids = _spell_ids(state)
    spells += [c for c in credits if c in spell_ids]
    potions += [c for c in credits if c not in spell_ids]
    voters = magic.ballot.voters if magic.ballot is not None else ()
    ballot = magic.ballot
    if ballot is not None and seat in voters:
        ballot = replace(ballot, voters=tuple(v for v in voters if v != seat))
    state = with_magic(
        state,
        labs=tuple(lab for lab in magic.labs if lab.owner != seat),
        golems=tuple(g for g in magic.golems if g not in golems),
        damage=tuple(d for d in magic.damage if d[0] != seat),
        set_potions=tuple(p for p in magic.set_potions if p.owner != seat),
        spells=put(magic.spells, seat, ()),
        recipes=put(magic.recipes, seat, ()),
        potions=put(magic.potions, seat, ()),
        crowns=put(magic.crowns, seat, 0),
        bank_debt=put(magic.bank_debt, seat, 0),
        effects=tuple(e for e in magic.effects if e.seat != seat),
        ballot=ballot,
    )
    state = to_bank(state, grants)
    state = shuffle_custom(state, "spell_deck", spells)
    state = shuffle_custom(state, "recipe_deck", potions)
    cards = [lab.card for lab in labs] + [g.card for g in golems]
    if cards or grants:
        log.append(event("magic_returned", seat=seat, cards=cards, grants=grants))
    return shuffle_in(state, cards)


def _spell_ids(state: MerlinState) -> frozenset[str]:
    """Every spell card's id in this match's content (made once per configuration: a credit
    is a spell or a potion)."""
    content = state.config.magic
    if content is None:
        return frozenset()
    return per_config(state.config, "spell_ids", lambda: frozenset(content.deck_of("spells")))


def lab_grants(state: MerlinState) -> int:
    """Research grants lying on labs (gold on the table, for the conservation check)."""
    return sum(lab.grant for lab in magic_of(state).labs)


def owes_bank(state: MerlinState, seat: int) -> int:
    """Unpaid maintenance owed to the central bank."""
    return magic_of(state).bank_debt[seat]


def pay_bank(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """pay_debt pays the central bank's maintenance debt too."""
    owed = magic_of(state).bank_debt[seat]
    if not owed:
        return state
    core = state.core
    state = replace(state, core=replace(core, gold=put(core.gold, seat, core.gold[seat] - owed)))
    state = to_bank(state, owed)
    log.append(event("bank_debt_paid", seat=seat, paid=owed))
    return with_magic(state, bank_debt=put(magic_of(state).bank_debt, seat, 0))


def _returned(e: Mapping[str, Any]) -> str:
    cards = ", ".join(card(c) for c in e["cards"]) or "no cards"
    return (
        f"{seat(e['seat'])} left the game: {cards} back into the deck, "
        f"{gold(e['grants'])} of research grants to the central bank"
    )


EVENTS = {
    "magic_returned": _returned,
    "bank_debt_paid": lambda e: (
        f"{seat(e['seat'])} paid {gold(e['paid'])} of maintenance owed to the central bank"
    ),
}

PART = Module(
    name="magic.exits",
    view=(("magic", MAGIC_PARTS),),
    redetermine=(redetermine,),
    on_turn_start=(new_turn,),
    on_exit=(on_exit,),
    table_gold=(lab_grants,),
    owes=(owes_bank,),
    pay_debts=(pay_bank,),
)
