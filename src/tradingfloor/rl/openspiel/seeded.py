"""Businessmen (`python_businessmen`) and Merlin Economics (`python_merlin`) in OpenSpiel.

Both draw all their chance (cards, roulettes, dice) from the seeded generator in their state, so
the root's chance node draws the seed (`seeds`: how many to draw from) and the rest of the game
follows from the players' actions. Businessmen is turn-based; Merlin has sealed simultaneous
steps (a simultaneous node) between its turns. `max_turns` bounds a game's decision points, as
OpenSpiel needs: a game still going then ends with no winner.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradingfloor.rl.openspiel.adapter import ContractGame
from tradingfloor.rl.openspiel.context import SPECS, GameSpec

SEEDS = 1 << 16
"""The seeds a root chance node draws from, by default: 65,536 different games."""
MAX_TURNS = 20_000
"""A game's decision points at most, by default (a game is a few hundred to a few thousand)."""


def _businessmen_options(params: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "players": params["players"],
        "goal": params["goal"],
        "max_rounds": params["max_rounds"],
        "decks": params["decks"],
    }


def _merlin_options(params: Mapping[str, Any]) -> dict[str, Any]:
    """The economy is always on (it is the basic game); `magic` and `finance` add theirs."""
    modules = ["economy", *(m for m in ("magic", "finance") if params[m])]
    options = {
        "players": params["players"],
        "few_players": params["few_players"],
        "modules": modules,
        "max_orbits": params["max_orbits"],
        "jokers": params["jokers"],
    }
    if params["content"]:
        options["content"] = params["content"]  # "" is the default data files
    return options


BUSINESSMEN = GameSpec(
    game_id="businessmen",
    short_name="python_businessmen",
    long_name="Python Businessmen (tradingfloor)",
    parameters={
        "players": 4,
        "goal": 20,
        "max_rounds": 100,
        "decks": "default",
        "seeds": SEEDS,
        "max_turns": MAX_TURNS,
    },
    options=_businessmen_options,
    simultaneous=False,
    max_players=4,
)
MERLIN = GameSpec(
    game_id="merlin",
    short_name="python_merlin",
    long_name="Python Merlin Economics (tradingfloor)",
    parameters={
        "players": 4,
        "few_players": False,
        "magic": False,
        "finance": False,
        "jokers": False,
        "max_orbits": 200,
        "content": "",
        "seeds": SEEDS,
        "max_turns": MAX_TURNS,
    },
    options=_merlin_options,
    simultaneous=True,
    max_players=6,
)
for _spec in (BUSINESSMEN, MERLIN):
    SPECS[_spec.short_name] = _spec


class BusinessmenGame(ContractGame):
    """Businessmen: `players` (2-4), `goal`, `max_rounds`, `decks`, `seeds`, `max_turns`."""

    spec = BUSINESSMEN


class MerlinGame(ContractGame):
    """Merlin Economics: `players`, `few_players`, the modules `magic` and `finance` (the economy
    is always on), `jokers`, `max_orbits`, `content`, `seeds`, `max_turns`."""

    spec = MERLIN
