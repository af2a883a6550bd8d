"""The magic module's part of Merlin's observation: labs, golems, the magic hand and table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from tradingfloor.games.merlin.magic.content import kind_of as card_kind
from tradingfloor.games.merlin.magic.table import content_of
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.rl.merlin.catalogue import GOLEMS, LABS, POTIONS, READINGS, REGULATIONS, SPELLS
from tradingfloor.rl.merlin.context import kind_of
from tradingfloor.rl.merlin.features import BALLOTS, GOLEM, LAB, MAGIC_HAND, MAGIC_TABLE
from tradingfloor.rl.merlin.writing import GOLEM_INDEX, LAB_INDEX, Writer, squash, squashed_counts


def labs(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(LABS), len(LAB))
    magic = view.get("magic")
    for lab in magic["labs"] if magic else ():
        i = LAB_INDEX.get(lab["card"])
        if i is not None:
            rows[i] = [squash(lab["grant"], 5), lab["credits"] / 3, lab["successful"]]


LABS_FROM = ("config", "magic.labs")


def golems(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(GOLEMS), len(GOLEM))
    magic = view.get("magic")
    for golem in magic["golems"] if magic else ():
        i = GOLEM_INDEX.get(golem["card"])
        if i is not None:
            rows[i] = [
                1,
                golem["role"] == "attack",
                golem["role"] == "defend",
                squash(golem["hp"], 1),
                golem["seat"] == me,
            ]


GOLEMS_FROM = ("config", "magic.golems")


def magic_hand(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(MAGIC_HAND))
    magic = view.get("magic")
    if not magic or me is None:
        return
    hand = magic["hands"][me]
    groups = (
        (hand.get("spells_held", ()), SPELLS, 0),
        (hand.get("recipes_held", ()), POTIONS, len(SPELLS)),
        (hand.get("potions_held", ()), POTIONS, len(SPELLS) + len(POTIONS)),
    )
    counts = [0] * len(part)
    for held, names, offset in groups:
        for card in held:
            name = kind_of(card["card"])
            if name in names:
                counts[offset + names.index(name)] += 1
    part[:] = squashed_counts(counts, 1)


MAGIC_HAND_FROM = ("config", "magic.spells", "magic.recipes", "magic.potions")


def magic_table(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(MAGIC_TABLE))
    magic = view.get("magic")
    if not magic:
        return
    decks, ballot = magic["decks"], magic.get("ballot")
    table = Table(
        figures=(magic["maintenance"], magic["jokers_in"], magic["volatility"]),
        decks=(decks["spells"], decks["recipes"], decks["readings"]),
        regulations=[(rule["name"], rule["value"]) for rule in magic["regulations"]],
        readings=[reading["name"] for reading in magic["field"]],
        effects=len(magic["effects"]),
        set_by=[potion["owner"] for potion in magic["set_potions"]],
        pairs=(magic["allies"], magic["targeted"]),
        ballot=None if not ballot else (ballot["kind"], ballot["voters"], ballot["sealed"]),
    )
    _write_table(part, table, me)


def magic_table_of_state(parts: Writer, state: MerlinState, me: int | None) -> None:
    """`magic_table` of the seat's view, read from the state as magic/view.py tells it."""
    part = parts.take(len(MAGIC_TABLE))
    magic, readings = state.magic, content_of(state).readings
    ballot = magic.ballot
    # (who has sealed, never what: view_votes.py)
    sealed = [] if ballot is None else [s for s in ballot.voters if ballot.sealed[s] is not None]
    table = Table(
        figures=(magic.maintenance, magic.jokers_in, magic.volatility),
        decks=(len(magic.spell_deck), len(magic.recipe_deck), len(magic.reading_deck)),
        regulations=[(rule.name, rule.value) for rule in magic.regulations],
        readings=[readings[card_kind(reading.card)].name for reading in magic.field],
        effects=len(magic.effects),
        set_by=[potion.owner for potion in magic.set_potions],
        pairs=(magic.allies, magic.targeted),
        ballot=None if ballot is None else (ballot.kind, ballot.voters, sealed),
    )
    _write_table(part, table, me)


class Table(NamedTuple):
    """What the magic table's part is written from."""

    figures: tuple[int, bool, int]  # the maintenance, whether the Jokers are in, the volatility
    decks: tuple[int, int, int]  # the cards left in the spell, recipe and reading decks
    regulations: list[tuple[str, int | None]]  # each active regulation's name and value
    readings: list[str]  # each reading's name on the field
    effects: int  # how many lasting effects
    set_by: list[int]  # each set potion's owner
    pairs: tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]  # allied and targeted seats
    ballot: tuple[str, Sequence[int], Sequence[int]] | None  # its kind, voters, who has sealed


def _write_table(part: np.ndarray, table: Table, me: int | None) -> None:
    maintenance, jokers_in, volatility = table.figures
    spells, recipes, readings_left = table.decks
    part[0:7] = [
        1,
        squash(maintenance, 3),
        jokers_in,
        squash(volatility, 3),
        spells / 20,
        recipes / 16,
        readings_left / 20,
    ]
    at = 7
    n = len(REGULATIONS)
    for name, value in table.regulations:
        if name in REGULATIONS:
            i = REGULATIONS.index(name)
            part[at + i] = 1
            part[at + n + i] = squash(value or 0, 3)
    at += 2 * n
    readings = [0] * len(READINGS)
    for name in table.readings:
        if name in READINGS:
            readings[READINGS.index(name)] += 1
    part[at : at + len(READINGS)] = squashed_counts(readings, 1)
    at += len(READINGS)
    part[at] = squash(table.effects, 3)
    at += 1
    set_by = [0] * 6
    for owner in table.set_by:
        if 0 <= owner < 6:
            set_by[owner] += 1
    part[at : at + 6] = squashed_counts(set_by, 2)
    at += 6
    for pairs in table.pairs:
        for a, b in pairs:
            if 0 <= a < 6 and 0 <= b < 6:
                part[at + 6 * a + b] = 1
        at += 36
    _ballot(part[at:], table.ballot, me)


MAGIC_TABLE_FROM = (
    *("config", "magic.maintenance", "magic.jokers_in", "magic.volatility"),
    *("magic.spell_deck", "magic.recipe_deck", "magic.reading_deck"),
    *("magic.regulations", "magic.field", "magic.effects", "magic.set_potions"),
    *("magic.allies", "magic.targeted", "magic.ballot"),
)
"""The figures of the table, its decks, regulations, readings, effects, set potions, the seats
allied and targeted, and the vote under way."""


def _ballot(
    part: np.ndarray, ballot: tuple[str, Sequence[int], Sequence[int]] | None, me: int | None
) -> None:
    if ballot is None:
        return
    kind, voters, sealed = ballot
    part[0] = 1
    if kind in BALLOTS:
        part[1 + BALLOTS.index(kind)] = 1
    at = 1 + len(BALLOTS)
    part[at : at + 3] = [me in voters, me in sealed, len(sealed) / 6]
