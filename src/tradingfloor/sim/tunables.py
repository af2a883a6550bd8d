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
    kind = prop.get("type")
    where = "option"
    if kind in ("integer", "number"):
        whole = "a whole number" if kind == "integer" else "a number"
        low, high = prop.get("minimum"), prop.get("maximum")
        bounds = f" from {low:,} to {high:,}" if low is not None and high is not None else ""
        return Tunable(name, prop.get("default"), f"{whole}{bounds}", where)
    if kind == "boolean":
        return Tunable(name, prop.get("default"), "true or false", where)
    choices = prop.get("enum")
    if isinstance(choices, list):
        return Tunable(name, prop.get("default"), "one of " + ", ".join(map(str, choices)), where)
    return None
