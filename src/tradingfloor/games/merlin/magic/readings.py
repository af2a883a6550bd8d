"""The magic module: future reading cards, tea leaves and crystal balls (MERLIN-MODULES.md §2.8).

Future reading cards: "These cards are events that will happen in the future. Meaning, when a
specific number is rolled next, or in a number of turns or orbits. These predictions can be wrong
and be waived by adverse rolls foretold on the card." After each roll the cards already on the
field resolve in the order they were revealed ("Some may contradict, so effects should take place
by first played"), then the Core Loop's "A Future reading card is revealed."

A card that yields on the roll itself (a Drought, a Bumper Oil) acts through a yield filter: the
economy pays the roll's production before magic's roll hooks run, so the filter reads the field.
What the other cards do when they come true is in `reading_effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng, RngCursor
from tradingfloor.games.merlin.content import Content
from tradingfloor.games.merlin.magic.content import ReadingCard, kind_of
from tradingfloor.games.merlin.magic.reading_effects import EFFECTS, IRRIGATION
from tradingfloor.games.merlin.magic.state import Magic, Reading
from tradingfloor.games.merlin.magic.table import (
    content_of,
    counted_in,
    drop_effect,
    effects,
    magic_of,
)
from tradingfloor.games.merlin.memo import ByIdentity, kept
from tradingfloor.games.merlin.production import rolled
from tradingfloor.games.merlin.records import magic_with, replace, state_with
from tradingfloor.games.merlin.rulebook import Log, Module, Payout, event
from tradingfloor.games.merlin.state import Config, MerlinState
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, goods, seat

ON_GOODS: Final = ("drought", "bumper")
"""The effects that act on one commodity of a roll's production, named by the card's `commodity`
(Diamonds: "5, 6 – Elixir Oil 8, 9, 10 - Essence Grain")."""


# --- when a card comes due ---------------------------------------------------------------------


@dataclass(frozen=True)
class Foretold:
    """A reading card's content with what decides it on a roll, read out once per card and
    match (every roll asks it of each card on the field): the totals that waive it, the totals
    it waits for (empty when it waits for turns or orbits), what its reveal tells, and the
    events of its reveal, its coming true and its waivers (events are immutable: every reveal of
    the card logs the same)."""

    card: ReadingCard
    kind: str  # the card's content name (`kind_of` its id), as the lab's card table counts it
    effect: str  # the card's effect (read here natively: the card is a content model)
    waived_by: frozenset[int]
    roll_any: frozenset[int]
    after_turns: int | None
    after_orbits: int | None
    told: dict[str, Any]
    revealed: Event
    came_true: Event
    waived: dict[int, Event]  # by each total that waives the card


def foretold(state: MerlinState, card_id: str) -> Foretold:
    """The card `card_id`'s `Foretold` in this match (made on first use, then shared: read,
    never changed)."""
    known = _known(state)
    found = known.get(card_id)
    if found is None:
        found = known[card_id] = _foretelling(state, card_id)
    return found


def _known(state: MerlinState) -> dict[str, Foretold]:
    """The cards read out so far for the content of this match, by id: shared by the matches
    made from the same content (a card's reading depends on the content alone)."""
    return _read_out(state)[1]


def _read_out(state: MerlinState) -> tuple[Config, dict[str, Foretold], int]:
    """The match's configuration, its cards read out so far (`_known`), and how many cards a
    turn reveals (a content figure, read once: compiled, a content model's fields are read by
    name)."""
    config = state.config
    last = _last_known.get("last")
    if last is not None and last[0] is config:
        return last  # (a match asks of its own cards a few times a roll)
    content = config.content
    found = _FORETOLD.find(config.magic)
    if found is None or found[0] is not content:
        found = _FORETOLD.keep(config.magic, (content, {}))
    last = (config, found[1], content_of(state).figures.readings.per_turn)
    _last_known["last"] = last
    return last


_FORETOLD: Final[ByIdentity[tuple[Content, dict[str, Foretold]]]] = ByIdentity()
"""By the magic content's identity: the base content the cards were read with (a Market Day
tells its bids) and the cards read out."""

_last_known: Final[dict[str, tuple[Config, dict[str, Foretold], int]]] = kept({})
"""Under "last": the configuration asked for last, its cards and its reveals a turn (emptied by
memo.forget)."""


def _foretelling(state: MerlinState, card_id: str) -> Foretold:
    kind = kind_of(card_id)
    card: ReadingCard = content_of(state).readings[kind]
    trigger = card.trigger
    told = _telling(state, card_id, card)
    return Foretold(
        card,
        kind,
        card.effect,
        frozenset(card.waived_by),
        frozenset(trigger.roll_any),
        trigger.after_turns,
        trigger.after_orbits,
        told,
        event("reading_revealed", **told),
        event("reading_true", card=card_id, title=card.title),
        {
            n: event("reading_waived", total=n, card=card_id, title=card.title)
            for n in card.waived_by
        },
    )


def card_of(state: MerlinState, reading: Reading) -> ReadingCard:
    return foretold(state, reading.card).card


def waived(state: MerlinState, reading: Reading) -> bool:
    """Future reading cards: "These predictions can be wrong and be waived by adverse rolls
    foretold on the card": this roll is one of the card's waiver numbers."""
    return rolled(state) in foretold(state, reading.card).waived_by


def due(state: MerlinState, reading: Reading) -> bool:
    """Whether this roll meets the card's trigger: "when a specific number is rolled next, or in
    a number of turns or orbits". An orbit is one turn of every player still in (RULINGS Merlin
    3), so `after_orbits: k` comes k × (players still in) turns after the card's turn."""
    return _due(state, reading, foretold(state, reading.card), rolled(state))


def _due(state: MerlinState, reading: Reading, told: Foretold, total: int) -> bool:
    """`due`, with the card read out and the roll's `total` given."""
    core = state.core
    if told.roll_any:
        return total in told.roll_any
    if told.after_turns is not None:
        return core.turn_no - reading.turn >= told.after_turns
    if told.after_orbits is not None:
        return core.turn_no - reading.turn >= told.after_orbits * _players_in(core.out)
    return False


def _players_in(out: tuple[bool, ...]) -> int:
    """How many players are still in (`len(core.in_game())`, counted without a list)."""
    count = 0
    for gone in out:
        if not gone:
            count += 1
    return count


def comes_true(state: MerlinState, reading: Reading) -> bool:
    """A card on the field whose trigger this roll meets, and that this roll does not waive."""
    told, total = foretold(state, reading.card), rolled(state)
    return total not in told.waived_by and _due(state, reading, told, total)


# --- after each roll ---------------------------------------------------------------------------


def on_roll(state: MerlinState, log: Log) -> MerlinState:
    """After the roll: lapsed irrigation ends, the field resolves first played first, then the
    turn's reading card(s) are revealed."""
    if state.magic is None or state.core.phase == "over":
        return state
    state = _lapse(state, log)
    total = rolled(state)  # (no effect rolls again: the roll that resolves every card)
    off: list[Reading] = []  # cards off the field, not yet shuffled back
    _, known, per_turn = _read_out(state)
    for reading in magic_of(state).field:
        told = known.get(reading.card)
        if told is None:
            told = foretold(state, reading.card)
        if not _resolve(state, reading, told, total, log):
            continue
        off.append(reading)
        if total in told.waived_by:
            continue
        if told.effect in DRAWING:  # back into the deck before it acts (see DRAWING)
            state = _rebuilt(state, off, 0, known, log)
            off = []
        state = EFFECTS[told.effect](state, reading, told.card, log)
    return _rebuilt(state, off, per_turn, known, log)


DRAWING: Final = ("thaw", "golem_blight")
"""The effects that draw from the generator or move cards: the wheel's turn can put a player out
(their cards shuffled back), crumbled golems go back into the deck. A card that comes true with
one of them is shuffled back before it acts, as the rules order the draws; the other effects act
on gold, counters, lasting effects and the market alone, and every card off the field this roll
goes back after the field resolves, in the order it came off (the same draws)."""


def _resolve(state: MerlinState, reading: Reading, told: Foretold, total: int, log: Log) -> bool:
    """A waiver voids the card; a met trigger applies it. Either way it leaves the field and is
    shuffled back ("There should be no discard piles"): whether it leaves (logged)."""
    if total in told.waived_by:
        log.append(told.waived[total])  # ("reading_waived": the total, the card, its title)
        return True
    if not _due(state, reading, told, total):
        return False
    log.append(told.came_true)  # ("reading_true": the card and its title)
    return True


def _rebuilt(
    state: MerlinState, off: list[Reading], reveals: int, known: dict[str, Foretold], log: Log
) -> MerlinState:
    """The table with the cards `off` off the field, each shuffled back into the reading deck at
    a random place as `shuffle_custom` puts it (one draw each, in order), then up to `reveals`
    cards from the deck's top face up on the field (Core Loop: "A Future reading card is
    revealed." Face up on the field: "All future reading cards are places on the field as they
    take time to mature and take place."): all of it in one rebuild of the table."""
    magic = magic_of(state)
    deck = magic.reading_deck
    field = magic.field
    rng = state.rng
    if off:  # "There should be no discard piles, every discarded card should be shuffled back"
        gone = {reading.card for reading in off}  # ids are unique
        field = tuple(r for r in field if r.card not in gone)
        cursor = RngCursor(rng)  # (the position's `cursor()` is a generic method call)
        pile = list(deck)
        for reading in off:
            pile.insert(cursor.below(len(pile) + 1), reading.card)
        rng = cursor.rng
        deck = tuple(pile)
    core = state.core
    counts = magic.card_counts
    revealed: list[Foretold] = []
    drawn_cards = deck[:reveals]  # the top cards (draw_custom), moved to the field
    for drawn in drawn_cards:
        told = known.get(drawn)
        if told is None:
            told = foretold(state, drawn)
        field = (*field, Reading(drawn, core.turn_no, core.orbit))
        counts = counted_in(counts, told.kind)
        revealed.append(told)
    if not off and not revealed:
        return state
    # (cards moved: the magic part always changes, with_magic's test is not needed)
    magic = magic_with(
        magic, reading_deck=deck[len(drawn_cards) :], field=field, card_counts=counts
    )
    state = _with_magic_at(state, rng, magic)
    for told in revealed:
        log.append(told.revealed)  # ("reading_revealed", with what `_described` tells)
    return state


def _with_magic_at(state: MerlinState, rng: Rng, magic: Magic) -> MerlinState:
    """`replace(state, rng=rng, magic=magic)`, without a dict of changes."""
    return state_with(state, rng=rng, magic=magic)


def _described(state: MerlinState, reading: Reading) -> dict[str, Any]:
    """What the card's reveal tells the table (made once per card and match)."""
    return foretold(state, reading.card).told


def _telling(state: MerlinState, card_id: str, card: ReadingCard) -> dict[str, Any]:
    """What the reveal tells the table: the card, when it comes true, what waives it, what it
    does, with the figures its text needs."""
    told: dict[str, Any] = {
        "card": card_id,
        "title": card.title,
        "reading": card.kind,
        "trigger": card.trigger.model_dump(mode="json", exclude_none=True, exclude_defaults=True),
        "waived_by": list(card.waived_by),
        "effect": card.effect,
        "amount": card.amount,
    }
    if card.effect in ON_GOODS:
        told["goods"] = card.commodity
    if card.effect == "market_day":
        told["bids"] = state.config.content.stimulus_bids
    return told


# --- effects on the roll's own production (yield filter) ---------------------------------------


def yield_filter(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """A land's yield with the readings: Irrigation Works' extra units, then this roll's cards
    on the field in reveal order (a Drought: no Essence Grain; a Bumper Oil: oil doubled)."""
    commodity = payout.commodity
    if state.magic is None or commodity is None:
        return state, payout
    payout = _irrigated(state, payout, log)
    if payout.why != "roll":  # "that roll": an Ace's free permit is no roll
        return state, payout
    name = state.config.content.commodities[commodity]
    for reading in magic_of(state).field:
        told = foretold(state, reading.card)
        card = told.card
        effect = card.effect
        if effect not in ON_GOODS or card.commodity != name:
            continue
        if not comes_true(state, reading):
            continue
        amount = 0 if effect == "drought" else payout.amount * 2
        payout = _changed(state, payout, amount, card.title, log)
    return state, payout


def _irrigated(state: MerlinState, payout: Payout, log: Log) -> Payout:
    """Irrigation Works: "infrastructure for better commodity growth": lands yield more while it
    lasts, where they yield at all (Season Wheel: "Players receive no commodities during
    Winter")."""
    for lasting in effects(state, IRRIGATION):
        if payout.amount > 0 and lasting.until is not None and state.core.turn_no <= lasting.until:
            title = content_of(state).readings[kind_of(lasting.card or "")].title
            payout = _changed(state, payout, payout.amount + lasting.amount, title, log)
    return payout


def _changed(state: MerlinState, payout: Payout, amount: int, title: str, log: Log) -> Payout:
    if amount == payout.amount:
        return payout
    assert payout.commodity is not None
    log.append(
        event(
            "reading_yield",
            title=title,
            seat=payout.to,
            land=payout.card,
            commodity=state.config.content.commodities[payout.commodity],
            was=payout.amount,
            now=amount,
        )
    )
    return replace(payout, amount=amount)


def _lapse(state: MerlinState, log: Log) -> MerlinState:
    """Irrigation Works' extra yield ends after its orbit."""
    for lasting in effects(state, IRRIGATION):
        if lasting.until is not None and lasting.until < state.core.turn_no:
            state = drop_effect(state, lasting)
            title = content_of(state).readings[kind_of(lasting.card or "")].title
            log.append(event("reading_lapsed", title=title, amount=lasting.amount))
    return state


# --- words -------------------------------------------------------------------------------------


def _numbers(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _a(number: int) -> str:
    return "an" if number in (8, 11) else "a"


def _when(trigger: Mapping[str, Any]) -> str:
    if trigger.get("roll_any"):
        numbers = list(trigger["roll_any"])
        return f"when {_a(numbers[0])} {_numbers(numbers)} is rolled"
    if trigger.get("after_turns"):
        k = trigger["after_turns"]
        return f"in {k} turn{'s' if k != 1 else ''}"
    k = trigger.get("after_orbits", 0)
    return f"in {k} orbit{'s' if k != 1 else ''}"


def _unless(waivers: list[int]) -> str:
    if not waivers:
        return ""
    return f"; {_a(waivers[0])} {_numbers(waivers)} rolled first waives it"


DOES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "row_each": lambda e: f"the R.O.W. pays {gold(e['amount'])} to each player",
    "row_per_property": lambda e: (
        f"the R.O.W. pays each player {gold(e['amount'])} per property they have placed"
    ),
    "irrigation": lambda e: (
        f"the R.O.W. pays each player the cost of the living, and lands yield {e['amount']} "
        "more for one orbit"
    ),
    "drought": lambda e: f"that roll yields no {goods(e.get('goods', 'essence_grain'))}",
    "bumper": lambda e: f"that roll's {goods(e.get('goods', 'elixir_oil'))} is doubled",
    "thaw": lambda e: "the season wheel turns one portion",
    "market_day": lambda e: (
        f"the R.O.W. places {e.get('bids', 3)} bids at the cost of the living on every "
        "commodity without bids"
    ),
    "golem_blight": lambda e: "every Stone golem crumbles",
    "price_scare": lambda e: "the cost of the living rises by the volatility",
    "smog": lambda e: f"the climate counter rises by {e['amount']}",
}

KIND = {"tea": "tea leaves", "crystal": "a crystal ball"}
COUNTER = {"cost_of_living": "the cost of the living", "climate": "the climate counter"}


def _revealed(e: Mapping[str, Any]) -> str:
    effect = str(e["effect"])
    does = DOES[effect](e) if effect in DOES else effect.replace("_", " ")
    return (
        f"A future reading was revealed, {KIND.get(e['reading'], e['reading'])}: {e['title']}: "
        f"{_when(e['trigger'])}, {does}{_unless(list(e['waived_by']))}"
    )


def _paid(e: Mapping[str, Any]) -> str:
    shares = ", ".join(f"{gold(amount)} to {seat(player)}" for player, amount in e["paid"])
    return (
        f"{e['title']}: the R.O.W. paid {shares} ({gold(e['total'])} in all; it holds "
        f"{gold(e['row'])})"
    )


def _golems(e: Mapping[str, Any]) -> str:
    which = ", ".join(f"{seat(owner)}'s {card_words(code)}" for code, owner in e["golems"])
    return f"{e['title']}: the Stone golems crumbled and went back into the deck: {which}"


EVENTS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "reading_revealed": _revealed,
    "reading_waived": lambda e: (
        f"The {e['total']} waived {e['title']}: the reading goes back into its deck"
    ),
    "reading_true": lambda e: f"{e['title']} came true",
    "reading_disregarded": lambda e: (
        f"{e['title']} is disregarded: the R.O.W. holds {gold(e['row'])}, short of the "
        f"{gold(e['needed'])} it would take"
    ),
    "reading_paid": _paid,
    "reading_yield": lambda e: (
        f"{e['title']}: {seat(e['seat'])}'s {card_words(e['land'])} yields {e['now']} "
        f"{goods(e['commodity'])} instead of {e['was']}"
    ),
    "reading_irrigation": lambda e: (
        f"{e['title']}: lands yield {e['amount']} more through turn {e['until']}"
    ),
    "reading_lapsed": lambda e: f"{e['title']}: lands no longer yield {e['amount']} more",
    "reading_stimulus": lambda e: (
        f"{e['title']}: the R.O.W. placed {e['bids']} bids for {goods(e['commodity'])} at "
        f"{e['price']}"
    ),
    "reading_golems": _golems,
    "reading_counter": lambda e: (
        f"{e['title']}: {COUNTER.get(e['counter'], e['counter'])} went from {e['was']} to "
        f"{e['now']}"
    ),
}

PART = Module(name="magic.readings", on_roll=(on_roll,), yield_filters=(yield_filter,))
