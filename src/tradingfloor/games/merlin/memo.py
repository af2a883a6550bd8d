"""Values computed once and shared (read-only) by every view and bot sum that needs them.

- `per_config`: values that depend only on a match's fixed configuration. A view's card catalogues
  are the same on every turn of a match, so they are built once and shared by every view of it
  instead of being rebuilt for each seat on each move.
- `per_object`: values that depend only on one immutable part of a state (an event, a market's
  book, the deck). States share the parts an action did not touch, so the next view reuses them.
- `last_state`: a function of a state that remembers its answer for the last state asked (a
  move asks `actors`, `legal` and `apply` of the same state in turn).

What these return is shared between views: nobody may change it (views are read, never written).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from tradingfloor.games.merlin.state import Config

T = TypeVar("T")
KEPT = 64
"""How many configurations' values are kept, the least recently asked forgotten first (a server
holds many matches, mostly of few configs; a lab makes one for each game it plays)."""
KEPT_OBJECTS = 4096
"""How many parts' values are kept before all are forgotten at once (a few games' worth)."""

_memo: OrderedDict[int, tuple[Config, dict[str, Any]]] = OrderedDict()
"""Per configuration, by its id: the configuration itself (so that its id cannot be reused while
it is kept) and its values."""
_objects: dict[tuple[int, str], tuple[Any, Any]] = {}
_kept: list[Any] = []
"""Every other cache of views and bots' sums (`kept`), for `forget`."""

D = TypeVar("D", bound=dict[Any, Any])


def kept(cache: D) -> D:
    """`cache`, registered to be emptied by `forget`."""
    _kept.append(cache)
    return cache


def forget() -> None:
    """Forget every value kept (tests compare what is built afresh with what is built from kept
    parts: they must be the same)."""
    _memo.clear()
    _last_config[0] = (None, {})
    _objects.clear()
    for cache in _kept:
        cache.clear()


def per_config(config: Config, name: str, build: Callable[[], T]) -> T:
    """`build()` for this configuration, computed on first use (the same object afterwards)."""
    last, values = _last_config[0]
    if last is not config:
        values = _values_of(config)
        _last_config[0] = (config, values)
    if name not in values:
        values[name] = build()
    return values[name]  # type: ignore[no-any-return]


_last_config: list[tuple[Config | None, dict[str, Any]]] = [(None, {})]
"""The configuration asked for last and its values, replaced whole (a match asks of its own
configuration many times a move: it is the most recent in `_memo` already)."""


def _values_of(config: Config) -> dict[str, Any]:
    """The values kept for `config` (an empty dict on first use), marked the most recent."""
    key = id(config)
    found = _memo.get(key)
    if found is None or found[0] is not config:
        found = _memo[key] = (config, {})
        while len(_memo) > KEPT:
            _memo.popitem(last=False)
    else:
        _memo.move_to_end(key)
    return found[1]


class ByNumber(Generic[T]):
    """Values kept by a number (a bid's, a future's), at most `limit` of them (then all are
    forgotten at once): a dict read natively, where a cached function is called as an object."""

    def __init__(self, limit: int = KEPT_OBJECTS) -> None:
        self.limit = limit
        self.values: dict[int, T] = kept({})

    def find(self, number: int) -> T | None:
        return self.values.get(number)

    def keep(self, number: int, value: T) -> T:
        if len(self.values) >= self.limit:
            self.values.clear()
        self.values[number] = value
        return value


class ByIdentity(Generic[T]):
    """Values kept by the identity of an immutable object, at most `limit` of them (then all are
    forgotten at once). An entry holds its object, so its id cannot be reused while it is kept."""

    def __init__(self, limit: int = KEPT_OBJECTS) -> None:
        self.limit = limit
        self.entries: dict[int, tuple[Any, T]] = kept({})

    def find(self, part: Any) -> T | None:
        found = self.entries.get(id(part))
        return found[1] if found is not None and found[0] is part else None

    def get(self, part: Any, build: Callable[[Any], T]) -> T:
        """The value kept for `part`, or `build(part)` kept now."""
        found = self.entries.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        return self.keep(part, build(part))

    def get_each(self, parts: Iterable[Any], build: Callable[[Any], T]) -> list[T]:
        """`[self.get(part, build) for part in parts]`, in one loop (a book's long queues)."""
        entries = self.entries
        out = []
        for part in parts:
            found = entries.get(id(part))
            if found is not None and found[0] is part:
                out.append(found[1])
            else:
                out.append(self.keep(part, build(part)))
        return out

    def keep(self, part: Any, value: T) -> T:
        if len(self.entries) >= self.limit:
            self.entries.clear()
        self.entries[id(part)] = (part, value)
        return value


def per_object(part: Any, name: str, build: Callable[[Any], T]) -> T:
    """`build(part)` for this very object (immutable), computed on first use. The entry holds the
    object, so its id cannot be reused by another while the value is kept."""
    key = (id(part), name)
    found = _objects.get(key)
    if found is not None and found[0] is part:
        return found[1]  # type: ignore[no-any-return]
    value = build(part)
    if len(_objects) >= KEPT_OBJECTS:
        _objects.clear()
    _objects[key] = (part, value)
    return value


K = TypeVar("K")


def per_value(config: Config, name: str, key: K, build: Callable[[K], T]) -> T:
    """`build(key)` for this configuration and this (immutable, hashable) value, computed once per
    match: a value that comes back (a lab's grant, a golem's hit points) is not built again."""
    seen: dict[K, T] = per_config(config, name, dict)
    found = seen.get(key)
    if found is None:
        found = seen[key] = build(key)
    return found


def same_objects(parts: tuple[object, ...], kept: tuple[object, ...]) -> bool:
    """Whether two tuples hold the very same objects, place by place (the parts of a state that
    a value was reckoned from: an action that leaves a part be keeps the very object)."""
    if len(parts) != len(kept):
        return False
    # (mypyc compiles all() over a generator of tuple reads into a loop; over map(is_) it calls)
    return all(parts[at] is kept[at] for at in range(len(parts)))


S = TypeVar("S")


def last_state(compute: Callable[[S], T]) -> Callable[[S], T]:
    """`compute`, remembering its answer for the last argument it was given, by identity.

    States are immutable, so the answer stays right. The argument and its answer are kept as
    one tuple, replaced whole, so that threads asking at once each see a matching pair."""
    last: list[tuple[Any, Any]] = [(None, None)]

    @functools.wraps(compute)
    def remembered(state: S) -> T:
        asked, answer = last[0]
        if asked is not state:
            answer = compute(state)
            last[0] = (state, answer)
        return answer  # type: ignore[no-any-return]

    return remembered
