"""The `magic` module: its parts combined into one module, in the core loop's order.

On a roll, after the economy's hooks: lab research, shop and brewery maintenance, golems on 11
and 12 (golem_fights.py), potion triggers, reading triggers and waivers, then a reading revealed
(Core Loop: "A Future reading card is revealed.").
"""

from __future__ import annotations

from dataclasses import fields

from tradingfloor.games.merlin.magic import (
    crowns,
    decrees,
    exits,
    golem_fights,
    golems,
    labs,
    potions,
    readings,
    restrict,
    shops,
    spells,
    votes,
)
from tradingfloor.games.merlin.rulebook import ActionRule, Module

PARTS = (
    exits.PART,
    restrict.PART,
    labs.PART,
    shops.PART,
    golems.PART,
    golem_fights.PART,
    potions.PART,
    spells.PART,
    decrees.PART,
    crowns.PART,
    votes.PART,
    readings.PART,
)


def combine(name: str, parts: tuple[Module, ...]) -> Module:
    """One module of several parts: their actions by step, their hooks in the parts' order."""
    actions: dict[str, tuple[ActionRule, ...]] = {}
    for part in parts:
        for step, rules in part.actions.items():
            actions[step] = (*actions.get(step, ()), *rules)
    hooks = {
        f.name: tuple(h for part in parts for h in getattr(part, f.name))
        for f in fields(Module)
        if f.name not in ("name", "actions")
    }
    return Module(name=name, actions=actions, **hooks)


MODULE = combine("magic", PARTS)
