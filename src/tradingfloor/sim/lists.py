"""List options typed at the command line: `modules=economy,magic` is the list [economy, magic].

The game's options schema says which options are lists. A list option's value may be typed as
its items parted by commas or `+` (`economy,magic`, `economy+magic`), in brackets
(`[economy,magic]`), as JSON (`["economy", "magic"]`), or one item as itself; in a sweep, where
commas part the values, as `economy+magic` or `[economy,magic]`. Other options are left alone.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tradingfloor.core.game import Game
from tradingfloor.sim.spec import RunSpec, parse_value

ITEM_SEPARATORS = re.compile(r"[,+]")


def list_options(game: Game) -> frozenset[str]:
    """The names of the game's options whose values are lists (its options schema's arrays)."""
    schema = game.schemas().get("options") or {}
    return frozenset(
        name
        for name, prop in (schema.get("properties") or {}).items()
        if prop.get("type") == "array"
        or any(member.get("type") == "array" for member in prop.get("anyOf") or [])
    )


def with_lists(spec: RunSpec, lists: frozenset[str]) -> RunSpec:
    """`spec` with every value of a list option, set or swept, typed as a list."""
    options = {name: as_list(name, value, lists) for name, value in spec.options.items()}
    sweeps = tuple(
        (name, tuple(as_list(name, value, lists) for value in values))
        for name, values in spec.sweeps
    )
    return replace(spec, options=options, sweeps=sweeps)


def as_list(name: str, value: Any, lists: frozenset[str]) -> Any:
    """`value` as a list where `name` is a list option; ValueError, saying what to type, where it
    cannot be one."""
    if name not in lists or isinstance(value, list):
        return value
    if isinstance(value, bool | int | float):
        return [value]  # one item: `picks=3`
    if not isinstance(value, str):
        raise ValueError(
            f"{name} is a list: type its items parted by commas, e.g. --set {name}=a,b "
            f"(in a sweep, join a value's items with +: --sweep {name}=a,a+b)"
        )
    inner = value.strip().removeprefix("[").removesuffix("]")
    return [parse_value(item.strip()) for item in ITEM_SEPARATORS.split(inner) if item.strip()]
