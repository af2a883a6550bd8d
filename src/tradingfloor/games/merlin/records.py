"""`replace`: a frozen record with some fields changed, as `dataclasses.replace` makes it, faster.

Every move rebuilds the state's records (the table, the economy, the magic and finance parts) a
few times, and `dataclasses.replace` looks each field up afresh on every call. For a frozen
dataclass with slots whose fields are all set by its `__init__`, and which has no
`__post_init__`, a copy of the slots with the changes written over them is the same record; the
way to copy a class is worked out once. Other classes go to `dataclasses.replace`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")
Write = Callable[[Any, Any], None]


class _Copier(NamedTuple):
    """How to copy one class: read every field at once, then write each slot of the copy."""

    read: Callable[[Any], tuple[Any, ...]]
    writes: tuple[Write, ...]
    write_of: dict[str, Write]


_COPIERS: dict[type, _Copier | None] = {}


def replace(record: T, /, **changes: Any) -> T:
    """`record` with `changes` (field name: new value), as `dataclasses.replace(record, ...)`."""
    cls = type(record)
    copier = _COPIERS[cls] if cls in _COPIERS else _copier_for(cls)
    if copier is None:
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    for write, value in zip(copier.writes, copier.read(record), strict=True):
        write(new, value)
    for name, value in changes.items():
        write_field = copier.write_of.get(name)
        if write_field is None:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        write_field(new, value)
    return new


def _copier_for(cls: type) -> _Copier | None:
    """The copier of a frozen slotted dataclass whose `__init__` sets every field (else None)."""
    copier = None
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None and params.frozen:
        fields = dataclasses.fields(cls)
        slots: list[Any] = [getattr(cls, f.name, None) for f in fields]
        plain = all(f.init for f in fields) and not hasattr(cls, "__post_init__")
        if plain and fields and all(isinstance(s, MemberDescriptorType) for s in slots):
            names = [f.name for f in fields]
            write_of = {f.name: slot.__set__ for f, slot in zip(fields, slots, strict=True)}
            read = attrgetter(*names) if len(names) > 1 else _one(attrgetter(names[0]))
            copier = _Copier(read, tuple(write_of.values()), write_of)
    _COPIERS[cls] = copier
    return copier


def _one(get: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    """A reader of a single field that gives a tuple, as attrgetter does for several."""
    return lambda record: (get(record),)
