"""The magic module's balance figures: how often each card was played, and labs against the
research cost (RULINGS Merlin 9; MERLIN-MODULES.md §4.3: "measure lab use once the bots play
magic")."""

from __future__ import annotations

import math

from tradingfloor.games.merlin.magic.table import content_of, magic_of
from tradingfloor.games.merlin.state import MerlinState

PLAYED = (
    "spell_lab",
    "potion_lab",
    "lab_funded",
    "spell_shop",
    "brewery",
    "stone_golem",
    "bronze_golem",
    "decree",
    "joker",
)
"""Plays counted by role (the content's cards are counted by name too)."""


def magic_figures(state: MerlinState) -> dict[str, float]:
    """`plays_<card>`: times each card or role was played; `research_gold`: the gold granted to
    labs; `grant_mean`: the mean grant; `research_cost_end`: the research cost at the end;
    `crowns_end`: crowns held at the end, all players; `regulations_end`: regulations in force."""
    magic, content = magic_of(state), content_of(state)
    counts = dict(magic.card_counts)
    names = [*PLAYED, *content.spells, *content.potions, *content.readings]
    figures = {f"plays_{name}": float(counts.get(name, 0)) for name in names}
    funded = counts.get("lab_funded", 0)
    figures["research_gold"] = float(magic.research_paid)
    figures["grant_mean"] = magic.research_paid / funded if funded else math.nan
    figures["research_cost_end"] = float(state.core.counters.research_cost)
    figures["crowns_end"] = float(sum(magic.crowns))
    figures["regulations_end"] = float(len(magic.regulations))
    return figures
