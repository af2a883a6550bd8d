"""A view as a table of its entries, made all at once (`whole`: people, the RL encoders) or each
when first read (`Sections`: the game's own bots, which read a few entries and never the words).

A table maps each key to a function of (state, seat) making its value. A function may answer
`Nested(table)` for an entry that is itself a table (a module's section of the view, always: see
`nested`; a vote, while one is under way), made the same way. Both ways read the same values: a
bot's view is equal to the view.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, ValuesView
from typing import Any, NamedTuple

from tradingfloor.games.merlin.state import MerlinState

Part = Callable[[MerlinState, "int | None"], Any]
Parts = dict[str, Part]
"""A view's entries by key, in the view's order: the function making each."""


class Nested(NamedTuple):
    """What a part answers for an entry that is a table of entries now, made as the view is."""

    parts: Parts


def nested(parts: Parts) -> Part:
    """The part of an entry that is always the table `parts` (a section of the view)."""
    table = Nested(parts)
    return lambda state, seat: table


def whole(parts: Parts, state: MerlinState, seat: int | None) -> dict[str, Any]:
    """Every entry of `parts` made now: the view (or section) as a plain dict."""
    out = {key: part(state, seat) for key, part in parts.items()}
    for key, value in out.items():
        if type(value) is Nested:
            out[key] = whole(value.parts, state, seat)  # (a value replaced: the keys stay)
    return out


class Sections(dict[str, Any]):
    """The view `whole(parts, state, seat)` would make, each entry made when first read.

    A dict, so that reading an entry already made costs what a dict's read costs (bots read the
    same entries hundreds of times a move). Whatever lists or compares it (`keys`, `items`, `==`,
    `dict(...)`, `json.dumps`) makes every entry first and sees the whole view."""

    __slots__ = ("parts", "seat", "state")

    def __init__(self, parts: Parts, state: MerlinState, seat: int | None) -> None:
        # (dict's own __init__ is not called: the dict starts empty, and views are made often)
        self.parts, self.state, self.seat = parts, state, seat

    def __missing__(self, key: str) -> Any:
        value = self.parts[key](self.state, self.seat)  # KeyError: the view has no such entry
        if type(value) is Nested:
            value = Sections(value.parts, self.state, self.seat)
        self[key] = value
        return value

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return self[key] if key in self.parts else default

    def __contains__(self, key: object) -> bool:
        return key in self.parts

    def __len__(self) -> int:
        return len(self.parts)

    def __iter__(self) -> Iterator[str]:
        return iter(self.parts)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return self._made().keys()

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return self._made().values()

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return self._made().items()

    def __eq__(self, other: object) -> bool:
        return self._made() == (other._made() if isinstance(other, Sections) else other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        return repr(self._made())

    def _made(self) -> dict[str, Any]:
        """Every entry, made now where it was not yet, in the view's order."""
        return {key: self[key] for key in self.parts}
