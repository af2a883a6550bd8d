"""The hooks that open a turn give what the long way round gives, at every step of seeded games with
every module on: the readings' roll (cards taken off and shuffled back one by one, each reveal a
rebuild of its own), the turn-start resets that return at once when nothing is to reset, the
magic part remade by the clone's copy at once (`with_magic`, `shuffle_custom`), and the roll's
golem fights, shop maintenance and production that return at once when no golem is in play, no
shop has the number rolled, or no card on the table yields on it."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from tradingfloor.games.merlin import cards, economy, production
from tradingfloor.games.merlin.finance import offers
from tradingfloor.games.merlin.finance.table import with_finance
from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.magic import exits, golem_fights, reading_effects, readings, shops
from tradingfloor.games.merlin.magic.content import kind_of
from tradingfloor.games.merlin.magic.state import Reading
from tradingfloor.games.merlin.magic.table import (
    content_of,
    draw_custom,
    magic_of,
    shuffle_custom,
    with_magic,
)
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import MerlinState, Stack

from .helpers import seeded_states

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7) if a + b in (2, 3, 5, 7, 8, 11, 12)]
"""Dice whose totals waive and bring due the cards of seeded games (every total is on a card)."""


def _take_off_afresh(state: MerlinState, reading: Reading) -> MerlinState:
    field = tuple(r for r in magic_of(state).field if r.card != reading.card)
    return shuffle_custom(state, "reading_deck", [reading.card], field=field)


def _on_roll_afresh(state: MerlinState, log: Log) -> MerlinState:
    """readings.on_roll as it was: each card off the field shuffled back on its own, each reveal
    drawn (draw_custom), put on the field and counted afresh, a rebuild each."""
    if state.magic is None or state.core.phase == "over":
        return state
    state = readings._lapse(state, log)
    total = production.rolled(state)
    for reading in magic_of(state).field:
        card = readings.card_of(state, reading)
        if readings.waived(state, reading):
            log.append(event("reading_waived", total=total, card=reading.card, title=card.title))
            state = _take_off_afresh(state, reading)
        elif readings.due(state, reading):
            log.append(event("reading_true", card=reading.card, title=card.title))
            state = _take_off_afresh(state, reading)
            state = reading_effects.EFFECTS[card.effect](state, reading, card, log)
    core = state.core
    for _ in range(content_of(state).figures.readings.per_turn):
        drawn, state = draw_custom(state, "reading_deck")
        if drawn is None:
            break
        reading = Reading(drawn, core.turn_no, core.orbit)
        field = (*magic_of(state).field, reading)
        state = with_magic(state, field=field, card_counts=_counted_afresh(state, kind_of(drawn)))
        log.append(
            event("reading_revealed", **readings._telling(state, drawn, card_of(state, reading)))
        )
    return state


def _counted_afresh(state: MerlinState, name: str) -> tuple[tuple[str, int], ...]:
    """The lab's card table with one more play of `name`, counted afresh and sorted by name."""
    counts = Counter(dict(magic_of(state).card_counts))
    counts[name] += 1
    return tuple(sorted(counts.items()))


def card_of(state: MerlinState, reading: Reading) -> Any:
    return content_of(state).readings[kind_of(reading.card)]


def _rolled(state: MerlinState, dice: tuple[int, int]) -> MerlinState:
    return replace(state, core=replace(state.core, dice=dice))


DRAWING_FIELD = ("irrigation_works.1", "drought.1", "early_thaw.1", "golem_blight.1")
"""Cards due long since (Irrigation Works, Early Thaw) or on an 8 (Drought) or 11 (Golem Blight):
cards whose effects draw (a thaw's wheel turn puts a player out, a blight crumbles golems) after
cards whose effects do not."""


def _with_drawing_cards(state: MerlinState) -> MerlinState:
    """The table with `DRAWING_FIELD` on the field, revealed long ago, and a player still in, not
    the roller, bankrupt for longer than the rules allow (the next turn of the wheel puts them
    out, their cards shuffled back into the deck)."""
    core = state.core
    magic = magic_of(state)
    placed = set(DRAWING_FIELD)
    field = tuple(r for r in magic.field if r.card not in placed)
    field += tuple(Reading(card, core.turn_no - 100, core.orbit) for card in DRAWING_FIELD)
    deck = tuple(card for card in magic.reading_deck if card not in placed)
    others = [seat for seat in core.in_game() if seat != core.current]
    if others:
        since = core.counters.clock - 100
        core = replace(core, bankrupt_since=put(core.bankrupt_since, others[0], since))
    magic = replace(magic, field=field, reading_deck=deck)
    return replace(state, core=core, magic=magic)


@pytest.mark.parametrize(("seed", "bots"), [(4, False), (1, True)])
def test_the_readings_roll_gives_what_each_card_on_its_own_gives(seed: int, bots: bool) -> None:
    came = 0
    for state in seeded_states(seed, bots):
        for dice in ROLLS if magic_of(state).field else ((1, 2),):
            rolled = _rolled(state, dice)
            for table in (rolled, _with_drawing_cards(rolled)):
                log: Log = []
                afresh: Log = []
                assert readings.on_roll(table, log) == _on_roll_afresh(table, afresh)
                assert repr(log) == repr(afresh)  # (the events' words in the same order too)
                came += any(e.kind == "reading_true" for e in log)
    assert came > 100  # (cards came true, and were waived, on many of these rolls)


@pytest.mark.parametrize(("seed", "bots"), [(5, False), (1, True)])
def test_the_turn_start_resets_give_what_resetting_gives(seed: int, bots: bool) -> None:
    reset = 0
    for state in seeded_states(seed, bots):
        fresh = {"fresh": (), "buying": False, "offers_made": 0, "offer": None}
        afresh = [
            replace(state, economy=replace(state.economy, **fresh)),
            with_magic(state, reclaim=False, played=()),
            with_finance(state, offers_made=0, offer=None),
        ]
        assert economy._reset_turn(state, []) == afresh[0]
        assert exits.new_turn(state, []) == afresh[1]
        assert offers.new_turn(state, []) == afresh[2]
        reset += sum(state != made for made in afresh)
    assert reset > 20  # (many states of these games have something to reset)


EVERY_TOTAL = [(1, total - 1) if total <= 7 else (total - 6, 6) for total in range(2, 13)]


def _golem_fights_afresh(state: MerlinState, log: Log) -> MerlinState:
    """golem_fights.on_roll as it was: the acting ranks read and the stacks searched whatever is
    in play."""
    if state.magic is None:
        return state
    state = golem_fights.tidy(state, log)
    ranks = golem_fights._acting_ranks(state, production.rolled(state))
    if not ranks:
        return state
    occupied = {(g.seat, g.on) for g in magic_of(state).golems}
    for owner in state.core.from_roller():
        for stack in state.economy.tableaux[owner]:
            if (owner, stack.base) in occupied:
                state = golem_fights._fight(state, owner, stack.base, ranks, log)
    return state


def _maintenance_afresh(state: MerlinState, log: Log) -> MerlinState:
    """shops.maintenance as it was: every stack of every player still in looked at."""
    number = production.rolled(state)
    for who in state.core.from_roller():
        for stack in state.economy.tableaux[who]:
            top = stack.top
            if top and cards.rank(state.config, top) == number and shops.shop_kind(state, stack):
                state = shops._maintain(state, who, stack, log)
    return state


def _production_afresh(state: MerlinState, log: Log) -> MerlinState:
    """production.on_production as it was: every player's yielding cards looked up."""
    number = production.rolled(state)
    for seat in state.core.from_roller():
        tableau = state.economy.tableaux[seat]
        for card in production._yielding(state, tableau).get(number, ()):
            state = production.yield_of(state, seat, card, log, "roll")
    return state


def _with_shops(state: MerlinState) -> MerlinState:
    """The table with what random play and the heuristic seldom make: a Spell Shop before seat 0
    and a Brewery before seat 2 (both on 9s), and seat 2 short of gold for its maintenance."""
    tableaux = list(state.economy.tableaux)
    tableaux[0] = (*tableaux[0], Stack("4C", top="9S"))
    tableaux[2] = (Stack("5C", top="9H"), *tableaux[2])
    core = replace(state.core, gold=(*state.core.gold[:2], 0, *state.core.gold[3:]))
    return replace(state, core=core, economy=replace(state.economy, tableaux=tuple(tableaux)))


@pytest.mark.parametrize(("seed", "bots"), [(3, False), (1, True)])
def test_roll_hooks_that_return_at_once_give_what_searching_every_stack_gives(
    seed: int, bots: bool
) -> None:
    fought = maintained = produced = 0
    for state in seeded_states(seed, bots):
        for dice in EVERY_TOTAL:
            rolled = _rolled(state, dice)
            log: Log = []
            afresh: Log = []
            after = golem_fights.on_roll(rolled, log)
            assert after == _golem_fights_afresh(rolled, afresh) and log == afresh
            fought += after is not rolled
            for table in (rolled, _with_shops(rolled)):
                log, afresh = [], []
                after = shops.maintenance(table, log)
                assert after == _maintenance_afresh(table, afresh) and log == afresh
                maintained += after is not table
                log, afresh = [], []
                after = production.on_production(table, log)
                assert after == _production_afresh(table, afresh) and log == afresh
                produced += after is not table
    assert maintained > 100 and produced > 100
    assert fought > 10 or not bots  # (the heuristic's golems fight in this game)


def _changes(state: MerlinState) -> list[dict[str, Any]]:
    """Changes to the magic part as the turn's hooks and the moves make them."""
    magic = magic_of(state)
    return [
        {"reclaim": False, "played": ()},
        {"reclaim": True, "played": (*magic.played, "cast")},
        {"field": magic.field[1:], "card_counts": ()},
        {"golems_played": magic.golems_played + 1, "ruined": ((0, "4C"),)},
    ]


@pytest.mark.parametrize(("seed", "bots"), [(2, False), (0, True)])
def test_the_magic_part_remade_as_dataclasses_replace_makes_it(seed: int, bots: bool) -> None:
    for state in seeded_states(seed, bots):
        magic = magic_of(state)
        for changes in _changes(state):
            made = with_magic(state, **changes)
            assert made.magic == dataclasses.replace(magic, **changes)
            assert dataclasses.replace(made, magic=magic) == state
        shuffled = shuffle_custom(state, "spell_deck", ["pickpocket.9"], field=())
        cursor = state.rng.cursor()
        pile = list(magic.spell_deck)
        pile.insert(cursor.below(len(pile) + 1), "pickpocket.9")
        afresh = dataclasses.replace(magic, spell_deck=tuple(pile), field=())
        assert shuffled == dataclasses.replace(state, rng=cursor.rng, magic=afresh)
