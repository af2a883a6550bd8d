"""Every number of a game that the lab can sweep and tune by name, with its default and home.

Two sources, read through the core contract only:
- the game's options (its options schema): each number, flag or choice among a few texts;
- the game's data figures, where the game has the optional `data_figures()` hook: one entry per
  figure of its data files, named as `--set`, `--sweep` and `--param` name it (`data.<path>`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tradingfloor.core.game import Game


@dataclass(frozen=True)
class Tunable:
    """One number a designer can vary: its name, its default, what it takes, where it lives."""

    name: str
    default: Any
    takes: str
    where: str


def tunables(game: Game) -> list[Tunable]:
    """The game's options that are numbers, flags or choices, then its data figures."""
    schema = game.schemas().get("options") or {}
    out = [
        found
        for name, prop in (schema.get("properties") or {}).items()
        if (found := _option(name, prop)) is not None
    ]
    hook = getattr(game, "data_figures", None)
    if callable(hook):
        out += [Tunable(*entry) for entry in hook()]
    return out


def _option(name: str, prop: Mapping[str, Any]) -> Tunable | None:
    # A number that may be left empty (anyOf it and null) defaults to what its schema's
    # `default_words` say (Middleman's starting cash: "10 × players").
    default = prop.get("default_words", prop.get("default"))
    where = "option (research variant)" if prop.get("variant") else "option"
    prop = _unwrapped(prop)
    kind = prop.get("type")
    if kind in ("integer", "number"):
        whole = "a whole number" if kind == "integer" else "a number"
        low, high = prop.get("minimum"), prop.get("maximum")
        bounds = f" from {low:,} to {high:,}" if low is not None and high is not None else ""
        return Tunable(name, default, f"{whole}{bounds}", where)
    if kind == "boolean":
        return Tunable(name, default, "true or false", where)
    choices = prop.get("enum")
    if isinstance(choices, list):
        return Tunable(name, default, "one of " + ", ".join(map(str, choices)), where)
    return None


def _unwrapped(prop: Mapping[str, Any]) -> Mapping[str, Any]:
    """An optional value's own schema (the member of `anyOf` that is not null), else `prop`."""
    members = prop.get("anyOf")
    if not isinstance(members, list):
        return prop
    kept = [m for m in members if isinstance(m, Mapping) and m.get("type") != "null"]
    return kept[0] if len(kept) == 1 and len(kept) < len(members) else prop
