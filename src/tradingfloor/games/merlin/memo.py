"""Values that depend only on a match's fixed configuration, computed once per configuration.

A view's card catalogues are the same on every turn of a match, so they are built once and shared
(read-only) by every view of it instead of being rebuilt for each seat on each move.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from tradingfloor.games.merlin.state import Config

T = TypeVar("T")
KEPT = 64
"""How many configurations' values are kept (a server holds many matches, mostly of few configs)."""

_memo: OrderedDict[tuple[int, str], tuple[Config, Any]] = OrderedDict()


def per_config(config: Config, name: str, build: Callable[[], T]) -> T:
    """`build()` for this configuration, computed on first use (the same object afterwards)."""
    key = (id(config), name)
    found = _memo.get(key)
    if found is not None and found[0] is config:
        _memo.move_to_end(key)
        return found[1]  # type: ignore[no-any-return]
    value = build()
    _memo[key] = (config, value)
    while len(_memo) > KEPT:
        _memo.popitem(last=False)
    return value
