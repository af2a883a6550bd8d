"""The magic module's shared moves on the table: its state, custom decks, effects, regulations.

Every part of the module (labs, spells, potions, shops, golems, decrees, votes, readings) changes
the table through these, so the conservation and card-count checks hold for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.magic.content import MagicContent, kind_of
from tradingfloor.games.merlin.magic.state import Effect, Held, Magic, SetPotion
from tradingfloor.games.merlin.records import holds, replace, replace_fields, with_parts
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import MerlinState

Deck = Literal["spell_deck", "recipe_deck", "reading_deck"]
Hand = Literal["spells", "recipes", "potions"]


def magic_of(state: MerlinState) -> Magic:
    """The magic part of the table (the module must be on)."""
    magic = state.magic
    assert isinstance(magic, Magic), "the magic module is not on in this match"
    return magic


def content_of(state: MerlinState) -> MagicContent:
    content = state.config.magic
    assert isinstance(content, MagicContent), "the magic module is not on in this match"
    return content


def with_magic(state: MerlinState, **changes: Any) -> MerlinState:
    """The state with fields of its magic part replaced."""
    magic = magic_of(state)
    if holds(magic, changes):  # a turn's start often resets what is reset already
        return state
    return with_parts(state, state.core, state.economy, _remade(magic, changes), state.finance)


def _remade(magic: Magic, changes: dict[str, Any]) -> Magic:
    """`replace(magic, **changes)`, with the changes as they are (compiled, a call unpacking them
    into `replace` goes the interpreter's way, and builds them again)."""
    return replace_fields(magic, changes)


def on(state: MerlinState) -> bool:
    """Whether the magic module is on in this match."""
    return state.magic is not None


# --- custom decks and hands --------------------------------------------------------------------


def draw_custom(state: MerlinState, deck: Deck) -> tuple[str | None, MerlinState]:
    """The top card of a custom deck (None when it is empty) and the state without it."""
    cards = getattr(magic_of(state), deck)
    if not cards:
        return None, state
    return cards[0], with_magic(state, **{deck: cards[1:]})


def shuffle_custom(
    state: MerlinState, deck: Deck, cards: Iterable[str], **changes: Any
) -> MerlinState:
    """Cards back into a custom deck, each at a random place ("There should be no discard
    piles, every discarded card should be shuffled back into their respective decks"), with
    `changes` to other fields of the magic part made alongside."""
    magic = magic_of(state)
    pile = list(getattr(magic, deck))
    cursor = state.rng.cursor()
    for card in cards:
        pile.insert(cursor.below(len(pile) + 1), card)
    return replace(state, rng=cursor.rng, magic=_remade(magic, {deck: tuple(pile), **changes}))


def deck_for(hand: Hand) -> Deck:
    """The custom deck a hand's cards come from (a brewed potion is its recipe card)."""
    return "spell_deck" if hand == "spells" else "recipe_deck"


def hand_of(state: MerlinState, hand: Hand, seat: int) -> tuple[Held, ...]:
    held: tuple[Held, ...] = getattr(magic_of(state), hand)[seat]
    return held


def find_held(state: MerlinState, hand: Hand, seat: int, card: str) -> Held | None:
    return next((h for h in hand_of(state, hand, seat) if h.card == card), None)


def add_held(state: MerlinState, hand: Hand, seat: int, held: Held) -> MerlinState:
    hands = getattr(magic_of(state), hand)
    return with_magic(state, **{hand: put(hands, seat, (*hands[seat], held))})


def remove_held(state: MerlinState, hand: Hand, seat: int, card: str) -> MerlinState:
    hands = getattr(magic_of(state), hand)
    kept = list(hands[seat])
    kept.remove(next(h for h in kept if h.card == card))
    return with_magic(state, **{hand: put(hands, seat, tuple(kept))})


def spend(state: MerlinState, held: Held, deck: Deck, credit: bool, log: Log) -> MerlinState:
    """A spent spell or potion: credited under the lab that made it (if asked, and the lab is
    still in play), else reshuffled into its deck (Spades: "either reshuffle or use to act as a
    counter for the spell lab that produced the spell")."""
    magic = magic_of(state)
    if credit and held.source is not None:
        for index, lab in enumerate(magic.labs):
            if lab.card == held.source:
                lab = replace(lab, credits=(*lab.credits, held.card))
                return with_magic(state, labs=put(magic.labs, index, lab))
    return shuffle_custom(state, deck, [held.card])


def count_play(state: MerlinState, name: str) -> MerlinState:
    """One more play of a content card or playing-card role (the lab's card table)."""
    return with_magic(state, card_counts=counted(state, name))


def counted(state: MerlinState, name: str) -> tuple[tuple[str, int], ...]:
    """The card table (sorted by name) with one more play of `name`."""
    return counted_in(magic_of(state).card_counts, name)


def counted_in(counts: tuple[tuple[str, int], ...], name: str) -> tuple[tuple[str, int], ...]:
    """The card table `counts` (sorted by name) with one more play of `name`."""
    kept = list(counts)
    # Most plays are of a name already counted: found by equality (compiled, a string's `==` is
    # a native test, its `<` a generic comparison), the place of a new name by its order.
    for index in range(len(counts)):
        counted = counts[index]
        if counted[0] == name:
            kept[index] = (name, counted[1] + 1)
            return tuple(kept)
    low = 0
    while low < len(counts) and counts[low][0] < name:
        low += 1
    kept.insert(low, (name, 1))
    return tuple(kept)


def played_name(card_id: str) -> str:
    return kind_of(card_id)


# --- effects, regulations, once-a-turn ---------------------------------------------------------


def add_effect(state: MerlinState, effect: Effect) -> MerlinState:
    return with_magic(state, effects=(*magic_of(state).effects, effect))


def effects(state: MerlinState, kind: str) -> list[Effect]:
    magic = state.magic
    if magic is None or not magic.effects:
        return []
    return [e for e in magic.effects if e.kind == kind]


def drop_effect(state: MerlinState, effect: Effect) -> MerlinState:
    kept = list(magic_of(state).effects)
    kept.remove(effect)
    return with_magic(state, effects=tuple(kept))


def regulation(state: MerlinState, effect: str) -> int | None:
    """The figure of the active regulation with this effect (e.g. permit_quota: 2), or None when
    no such regulation is active."""
    if state.magic is None:
        return None
    content = content_of(state)
    for rule in magic_of(state).regulations:
        if content.regulations[rule.name].effect == effect:
            return rule.value
    return None


def done_this_turn(state: MerlinState, what: str) -> bool:
    return what in magic_of(state).played


def mark_done(state: MerlinState, what: str) -> MerlinState:
    return with_magic(state, played=marked(state, what))


def marked(state: MerlinState, what: str) -> tuple[str, ...]:
    """What has been done this turn, with `what` (for a move that changes more alongside)."""
    return (*magic_of(state).played, what)


def mark_targeted(state: MerlinState, caster: int, target: int) -> MerlinState:
    """Remember that `caster` targeted `target` with a spell (Trading Between Players: "If the
    trading partners have ever targeted each other with spells")."""
    pair = (caster, target)
    magic = magic_of(state)
    if caster == target or pair in magic.targeted:
        return state
    return with_magic(state, targeted=(*magic.targeted, pair))


def reveal_potion(state: MerlinState, placed: SetPotion, log: Log) -> MerlinState:
    """A set potion whose trigger came: revealed ("the card is then revealed and the cards
    abilities play out"), then credited to its source potion lab while that lab is in play, else
    reshuffled into the recipe deck. The caller applies its effect."""
    magic = magic_of(state)
    kept = list(magic.set_potions)
    kept.remove(placed)
    state = with_magic(state, set_potions=tuple(kept))
    log.append(
        event(
            "potion_revealed",
            seat=placed.owner,
            potion=placed.potion.card,
            name=kind_of(placed.potion.card),
            title=content_of(state).potions[kind_of(placed.potion.card)].title,
            on=placed.on,
        )
    )
    state = count_play(state, kind_of(placed.potion.card))
    return spend(state, placed.potion, "recipe_deck", True, log)


def potions_set(state: MerlinState, seat: int, on: str | None, effect: str) -> list[SetPotion]:
    """`seat`'s set potions with this effect lying under their stack `on` (None: before them)."""
    if state.magic is None:
        return []
    content = content_of(state)
    return [
        p
        for p in magic_of(state).set_potions
        if p.owner == seat
        and p.on == on
        and content.potions[kind_of(p.potion.card)].effect == effect
    ]
