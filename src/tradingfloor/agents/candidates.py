"""Action abstraction for search: a short list of candidate actions, widened where search looks.

A legal space small enough to list is searched whole. A larger one is reduced to a coarse grid over
the integer fields that its `describe()` names (Middleman's tins x price), or to distinct random
samples where the space names no fields. Progressive widening later adds the neighbours of the best
candidate so far (or fresh samples), so the search refines where it finds value.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from tradingfloor.core.errors import TradingfloorError
from tradingfloor.core.game import Game
from tradingfloor.core.spaces import ActionSpace

LISTED_LIMIT = 24  # a space with at most this many actions is searched whole
GRID_POINTS = 4  # values per integer field in the coarse grid
SAMPLE_TRIES = 40


def action_key(action: Any) -> str:
    """A canonical, hashable name for an action (its JSON form)."""
    to_json = getattr(action, "to_json", None)
    obj = to_json() if to_json is not None else action
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=str)


def field_grid(low: int, high: int, points: int = GRID_POINTS) -> list[int]:
    """`points` integers spread over [low, high], denser near `low`."""
    if high <= low:
        return [low]
    span = high - low
    # Quadratic spacing: the gaps grow with the value, so 1, 2, 3 tins stay distinct choices.
    values = {low + round(span * (i / (points - 1)) ** 2) for i in range(points)}
    return sorted(values)


def typed_fields(
    space: ActionSpace, typical: bool = True
) -> list[tuple[str, dict[str, tuple[int, int]]]]:
    """The (type, {field: (min, max)}) entries of a space's description that give integer ranges.

    With `typical`, a field's top is its "typical" value where the description gives one: where
    search and playouts look (a buying offer up to the cash held, though the rules allow more)."""
    out = []
    for entry in space.describe().get("actions", []):
        fields = entry.get("fields") if isinstance(entry, dict) else None
        if not isinstance(fields, dict) or "type" not in entry:
            continue
        ranges = {
            name: (int(spec["min"]), _top(spec, typical))
            for name, spec in fields.items()
            if isinstance(spec, dict) and isinstance(spec.get("min"), int)
            if isinstance(spec.get("max"), int)
        }
        if ranges and len(ranges) == len(fields):
            out.append((str(entry["type"]), ranges))
    return out


def _top(spec: dict[str, Any], typical: bool) -> int:
    top = int(spec["max"])
    return min(int(spec.get("typical", top)), top) if typical else top


def build(game: Game, space: ActionSpace, obj: dict[str, Any]) -> Any | None:
    """The typed action for `obj`, or None where it is malformed or illegal now."""
    try:
        action = game.parse_action(obj)
    except TradingfloorError:
        return None
    return action if space.contains(action) else None


class CandidatePool:
    """The candidate actions of one seat at one search node, in the order search should try them."""

    def __init__(
        self,
        game: Game,
        space: ActionSpace,
        rng: random.Random,
        priors: Sequence[Any] = (),
        abstract: bool = True,
    ) -> None:
        self.game = game
        self.space = space
        self.rng = rng
        self.fields = typed_fields(space)
        self.actions: list[Any] = []
        self.keys: set[str] = set()
        self.exhausted = False
        self.prior_count = self._add(priors)
        if abstract:
            self._add(self._initial())
        else:  # only what the prior proposes (an opponent model), never widened
            self.exhausted = True

    def _add(self, actions: Iterable[Any]) -> int:
        added = 0
        for action in actions:
            key = action_key(action)
            if key not in self.keys and self.space.contains(action):
                self.keys.add(key)
                self.actions.append(action)
                added += 1
        return added

    def include(self, action: Any) -> None:
        """Take `action` as a candidate even where the pool's own space would refuse it."""
        key = action_key(action)
        if key not in self.keys:
            self.keys.add(key)
            self.actions.append(action)

    def _initial(self) -> list[Any]:
        if not self.fields:
            listed = self.space.enumerate()
            if listed is not None and len(listed) <= LISTED_LIMIT:
                self.exhausted = True
                return list(listed)
            return self._samples(GRID_POINTS)
        grid: list[Any] = []
        for kind, ranges in self.fields:
            grid.extend(self._grid(kind, ranges))
        return grid

    def _grid(self, kind: str, ranges: dict[str, tuple[int, int]]) -> list[Any]:
        combos: list[dict[str, Any]] = [{"type": kind}]
        for name, (low, high) in ranges.items():
            combos = [{**c, name: v} for c in combos for v in field_grid(low, high)]
        built = (build(self.game, self.space, c) for c in combos)
        return [a for a in built if a is not None]

    def _samples(self, count: int) -> list[Any]:
        out: list[Any] = []
        for _ in range(SAMPLE_TRIES):
            if len(out) >= count:
                break
            out.append(self.space.sample(self.rng))
        return out

    def widen(self, best: Any) -> bool:
        """Add candidates near `best` (or new samples); False when nothing new could be found."""
        if self.exhausted:
            return False
        if self.fields and hasattr(best, "to_json"):
            added = self._add(self._neighbours(best.to_json()))
        else:
            added = self._add(self._samples(2))
        if not added:
            added = self._add(self._samples(2))
        return added > 0

    def _neighbours(self, obj: dict[str, Any]) -> list[Any]:
        return neighbours(self.game, self.space, self.fields, obj)


def neighbours(
    game: Game,
    space: ActionSpace,
    fields: Sequence[tuple[str, dict[str, tuple[int, int]]]],
    obj: dict[str, Any],
    steps: Sequence[int] = (-1, 1, -2, 2),
) -> list[Any]:
    """The legal actions `steps` away from `obj` along each of its integer fields."""
    ranges = next((r for kind, r in fields if kind == obj.get("type")), None)
    if ranges is None:
        return []
    out = []
    for name, (low, high) in ranges.items():
        for step in steps:
            value = obj.get(name)
            if isinstance(value, int) and low <= value + step <= high:
                action = build(game, space, {**obj, name: value + step})
                if action is not None:
                    out.append(action)
    return out
