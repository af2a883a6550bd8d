"""What each seat has seen and done so far, for perfect-recall information states.

A trail is a chain of the game's decision points, newest first: the table there and the action
each seat took. A seat's digest of a trail hashes, in order, its view at every point and its own
action there, so two histories give the seat the same digest exactly when they showed it the
same things and it did the same things (up to a 128-bit hash collision).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SeenAt = Callable[[Any, int], str]
"""A seat's observation of a table, as text."""


@dataclass(frozen=True, eq=False)
class Trail:
    """One decision point: the table, each seat's action there (None: none), and the points
    before it. Shared, never copied: a trail is immutable (its digests are only a cache)."""

    table: Any
    actions: tuple[int | None, ...]
    before: Trail | None
    length: int = 1
    _digests: dict[int, str] = field(default_factory=dict, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        return self  # immutable: a cloned OpenSpiel state shares its trail

    def __reduce__(self) -> tuple[Any, ...]:
        # Flat, oldest first: pickling the chain link by link would recurse once a point.
        points: list[tuple[Any, tuple[int | None, ...]]] = []
        point: Trail | None = self
        while point is not None:
            points.append((point.table, point.actions))
            point = point.before
        return rebuilt, (points[::-1],)

    def then(self, table: Any, actions: tuple[int | None, ...]) -> Trail:
        """This trail followed by one more decision point."""
        return Trail(table, actions, self, self.length + 1)

    def digest(self, seat: int, seen: SeenAt) -> str:
        """The seat's digest of every point of the trail, oldest first."""
        pending: list[Trail] = []
        point: Trail | None = self
        while point is not None and seat not in point._digests:
            pending.append(point)
            point = point.before
        digest = point._digests[seat] if point is not None else ""
        for step in reversed(pending):
            text = json.dumps([digest, seen(step.table, seat), step.actions[seat]])
            digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
            step._digests[seat] = digest
        return digest


def rebuilt(points: list[tuple[Any, tuple[int | None, ...]]]) -> Trail | None:
    """The trail of these decision points, oldest first (what pickling a trail gives)."""
    trail: Trail | None = None
    for table, actions in points:
        trail = trail.then(table, actions) if trail else Trail(table, actions, None)
    return trail
