"""The magic module's part of Merlin's observation: labs, golems, the magic hand and table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

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


def magic_table(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(MAGIC_TABLE))
    magic = view.get("magic")
    if not magic:
        return
    decks = magic["decks"]
    part[0:7] = [
        1,
        squash(magic["maintenance"], 3),
        magic["jokers_in"],
        squash(magic["volatility"], 3),
        decks["spells"] / 20,
        decks["recipes"] / 16,
        decks["readings"] / 20,
    ]
    at = 7
    n = len(REGULATIONS)
    for rule in magic["regulations"]:
        if rule["name"] in REGULATIONS:
            i = REGULATIONS.index(rule["name"])
            part[at + i] = 1
            part[at + n + i] = squash(rule["value"] or 0, 3)
    at += 2 * n
    readings = [0] * len(READINGS)
    for reading in magic["field"]:
        if reading["name"] in READINGS:
            readings[READINGS.index(reading["name"])] += 1
    part[at : at + len(READINGS)] = squashed_counts(readings, 1)
    at += len(READINGS)
    part[at] = squash(len(magic["effects"]), 3)
    at += 1
    set_by = [0] * 6
    for potion in magic["set_potions"]:
        if 0 <= potion["owner"] < 6:
            set_by[potion["owner"]] += 1
    part[at : at + 6] = squashed_counts(set_by, 2)
    at += 6
    for pairs in (magic["allies"], magic["targeted"]):
        for a, b in pairs:
            if 0 <= a < 6 and 0 <= b < 6:
                part[at + 6 * a + b] = 1
        at += 36
    _ballot(part[at:], magic.get("ballot"), me)


def _ballot(part: np.ndarray, ballot: Mapping[str, Any] | None, me: int | None) -> None:
    if not ballot:
        return
    part[0] = 1
    if ballot["kind"] in BALLOTS:
        part[1 + BALLOTS.index(ballot["kind"])] = 1
    at = 1 + len(BALLOTS)
    part[at : at + 3] = [
        me in ballot["voters"],
        me in ballot["sealed"],
        len(ballot["sealed"]) / 6,
    ]
