"""Businessmen's fixed action catalogue: each index is one action in every state, with a mask.

The catalogue lists, in this order: play, skip, pass; buy (good, units); load (car, good);
store (the goods types kept); export (good, units); improve (characteristic); insure
(characteristic). Where a field has no bound of its own, the game's rules give one (below).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.businessmen.actions import (
    Buy,
    Export,
    Improve,
    Insure,
    Load,
    Pass,
    Play,
    Skip,
    Store,
)
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import EXPORT_VP, MANAGER_LIMIT, WAREHOUSE_TYPES

MOST_BUY = max(MANAGER_LIMIT)
"""A buy is of at most the Manager's limit, 5 at level 3 (RULINGS Businessmen 3)."""
MOST_KEPT = max(WAREHOUSE_TYPES)
"""A store keeps exactly as many types as the main warehouse holds, 1 to 3 (RULINGS
Businessmen 5): and only when more types are held, so never none."""
EXPORT_UNITS = tuple(sorted(EXPORT_VP))
"""An export is of exactly 4, 6 or 8 units (RULINGS Businessmen 8)."""


def _catalogue() -> tuple[Any, ...]:
    """Every action a Businessmen seat can ever take, each once, in the catalogue's order."""
    fields: list[tuple[type[Any], dict[str, Any]]] = [(Play, {}), (Skip, {}), (Pass, {})]
    fields += [(Buy, {"good": g, "units": n}) for g in GOODS for n in range(1, MOST_BUY + 1)]
    fields += [(Load, {"car": car, "good": good}) for car in CARS for good in GOODS]
    fields += [
        (Store, {"keep": kept})
        for size in range(1, MOST_KEPT + 1)
        for kept in combinations(GOODS, size)  # in GOODS order: Store's own spelling of a choice
    ]
    fields += [(Export, {"good": g, "units": n}) for g in GOODS for n in EXPORT_UNITS]
    fields += [(Improve, {"characteristic": name}) for name in CHARACTERISTICS]
    fields += [(Insure, {"characteristic": name}) for name in CHARACTERISTICS]
    return tuple(kind.model_validate(given) for kind, given in fields)


ACTIONS: tuple[Any, ...] = _catalogue()
"""The catalogue: `ACTIONS[i]` is the action of index i."""
SIZE = len(ACTIONS)


def key_of(action: Any) -> tuple[Any, ...]:
    """An action's fields as a tuple (its type tag first): equal actions have equal keys."""
    return tuple(action.__dict__.values())


INDEX: dict[tuple[Any, ...], int] = {key_of(action): i for i, action in enumerate(ACTIONS)}
"""The index of each catalogued action, by its key."""


def index_of(action: Any) -> int:
    """The catalogue index of `action`; ValueError if it is not a catalogued action."""
    try:
        return INDEX[key_of(action)]
    except (KeyError, AttributeError, TypeError):
        raise ValueError(f"{action!r} is not in Businessmen's action catalogue") from None


def describe(index: int) -> str:
    """Index `index`'s action in words, as docs and feature tables show it ("buy oil 3")."""
    fields = ACTIONS[index].to_json()
    kind = fields.pop("type")
    if kind == "store":
        return f"store keep=({', '.join(fields['keep'])})"
    return " ".join([kind, *(str(value) for value in fields.values())])


class _Seen:
    """Indices of the action objects met in legal spaces, found by identity first.

    The game's menus hand out shared action objects, so most lookups are one dict get; each
    entry holds its object, so that no id is reused while it is remembered."""

    MOST = 4096

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[Any, int]] = {}

    def index(self, action: Any) -> int:
        entry = self._by_id.get(id(action))
        if entry is not None and entry[0] is action:
            return entry[1]
        index = index_of(action)
        if len(self._by_id) >= self.MOST:
            self._by_id.clear()  # actions made afresh at every step must not grow it
        self._by_id[id(action)] = (action, index)
        return index


_SEEN = _Seen()


class BusinessmenMenu:
    """One decision over the catalogue: `mask[i]` is 1 exactly where catalogue action i is legal,
    and `action(i)` is that legal action."""

    def __init__(self, legal: ActionSpace) -> None:
        listed: Sequence[Any] = getattr(legal, "actions", None) or legal.enumerate() or ()
        find = _SEEN.index
        self.legal_actions: dict[int, Any] = {find(action): action for action in listed}
        mask: np.ndarray = np.zeros(SIZE, dtype=np.int8)
        if self.legal_actions:
            mask[list(self.legal_actions)] = 1
        self.mask = mask

    def action(self, index: int) -> Any:
        """The legal action of catalogue index `index`; ValueError if it is not legal now."""
        action = self.legal_actions.get(index)
        if action is None:
            if not 0 <= index < SIZE:
                raise ValueError(
                    f"action {index} is outside Businessmen's catalogue (0 to {SIZE - 1})"
                )
            raise ValueError(
                f"action {index} ({describe(index)}) is not legal now (see the action mask)"
            )
        return action
