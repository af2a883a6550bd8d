"""A view as a table of its entries, made all at once (`whole`: people, the RL encoders) or each
when first read (`Sections`: the game's own bots, which read a few entries and never the words).

A table maps each key to a function of (state, seat) making its value, or to a nested table (a
module's section of the view); a function may also answer `Nested(table)`, an entry that is a
table where there is one now (a vote under way). Both ways read the same values: a bot's view is
equal to the view.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, ValuesView
from typing import Any, NamedTuple, Union

from tradingfloor.games.merlin.state import MerlinState

Part = Callable[[MerlinState, "int | None"], Any]
Parts = dict[str, Union[Part, "Parts"]]
"""A view's entries by key, in the view's order: a function making each, or a nested table."""


class Nested(NamedTuple):
    """What a part answers for an entry that is a table of entries now, made as the view is."""

    parts: Parts


def whole(parts: Parts, state: MerlinState, seat: int | None) -> dict[str, Any]:
    """Every entry of `parts` made now: the view (or section) as a plain dict."""
    out = {}
    for key, part in parts.items():
        value = whole(part, state, seat) if type(part) is dict else part(state, seat)  # type: ignore[operator]
        out[key] = whole(value.parts, state, seat) if type(value) is Nested else value
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
        part = self.parts[key]  # KeyError: the view has no such entry
        if type(part) is dict:
            value = Sections(part, self.state, self.seat)
        else:
            value = part(self.state, self.seat)  # type: ignore[operator]
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
