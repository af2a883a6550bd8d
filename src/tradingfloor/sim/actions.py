"""How often each seat took each type of action: the `actions.<type>` columns of a run's rows.

A game's action types are read from its action schema (`game.schemas()["action"]`, a tagged union
whose tag is `type`), so every type the game defines gets a column, used or not, and `sim/` needs no
knowledge of any game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tradingfloor.core.game import Game
from tradingfloor.core.record import Move

PREFIX = "actions."
TAG = "type"


_READ: dict[int, tuple[Game, tuple[str, ...]]] = {}  # by game object: (the game, its types)


def action_types(game: Game) -> tuple[str, ...]:
    """Every action type that `game` defines, sorted; () where its schema names none."""
    # Building a schema costs milliseconds, as much as a whole Middleman game: read it once.
    read = _READ.get(id(game))
    if read is None or read[0] is not game:
        read = _READ[id(game)] = (game, schema_types(game))
    return read[1]


def schema_types(game: Game) -> tuple[str, ...]:
    """The action types named by `game`'s action schema, sorted."""
    schema = game.schemas().get("action") or {}
    mapping = (schema.get("discriminator") or {}).get("mapping")
    if isinstance(mapping, Mapping):
        return tuple(sorted(mapping))
    members = schema.get("oneOf") or schema.get("anyOf") or [schema]
    found = (_tag_of(_resolved(member, schema)) for member in members)
    return tuple(sorted({tag for tag in found if tag is not None}))


def _resolved(member: Mapping[str, Any], schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """A union member with its local `$ref` (`#/$defs/Name`) followed."""
    ref = member.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
        return member
    resolved: Mapping[str, Any] = schema.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {})
    return resolved


def _tag_of(member: Mapping[str, Any]) -> str | None:
    """The constant `type` of one action model's schema, if it has one."""
    tag = member.get("properties", {}).get(TAG, {})
    for key in ("const", "default"):
        if isinstance(tag.get(key), str):
            return str(tag[key])
    choices = tag.get("enum")
    return str(choices[0]) if isinstance(choices, list) and len(choices) == 1 else None


def count_actions(moves: Iterable[Move], types: Iterable[str], seats: int) -> dict[str, list[int]]:
    """Per action type, how many actions of it each seat took (0 where it took none).

    Every type of `types` is present; a type met in `moves` but not in `types` is added.
    """
    counts = {kind: [0] * seats for kind in types}
    for move in moves:
        kind = str(move.action.get(TAG, "?"))
        counts.setdefault(kind, [0] * seats)[move.seat] += 1
    return dict(sorted(counts.items()))


def action_columns(counts: Mapping[str, Iterable[int]]) -> dict[str, list[int]]:
    """The row's columns for `counts`: `actions.<type>`, a count per seat."""
    return {f"{PREFIX}{kind}": [int(n) for n in per_seat] for kind, per_seat in counts.items()}
