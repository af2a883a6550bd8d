"""Frozen records with a hand-written `__init__`, as Python and compiled.

A frozen dataclass's own `__init__` is generated Python: compiled with mypyc (`make compiled`) it
stays interpreted and writes each field through `object.__setattr__`, so each record a move builds
cost about 1 µs. The state modules' records are declared `init=False` with an `__init__` that
writes each field, which mypyc compiles into a native constructor (a few dozen nanoseconds): a
compiled write goes straight to the field, past the frozen class's `__setattr__`.

As Python, those writes meet the frozen `__setattr__`, which refuses every one. `frozen_after_init`
gives such a class, run as Python, a `__setattr__` that lets each field be written once, by
`__init__`, and refuses every later write as a frozen dataclass does (FrozenInstanceError).
tests/games/merlin/test_record_inits.py holds each `__init__` to the dataclass's fields.
"""

from __future__ import annotations

import dataclasses
from types import FunctionType
from typing import Any


def frozen_after_init(*classes: type) -> None:
    """Run as Python, let the `__init__` of each class declared `init=False` write its fields
    (compiled: nothing to do)."""
    for cls in classes:
        own_init = not cls.__dataclass_params__.init  # type: ignore[attr-defined]
        if own_init and isinstance(cls.__dict__.get("__init__"), FunctionType):  # not compiled
            names = frozenset(f.name for f in dataclasses.fields(cls))
            cls.__setattr__ = _setter(names)  # type: ignore[method-assign,assignment]


def _setter(names: frozenset[str]) -> Any:
    def __setattr__(record: object, name: str, value: object) -> None:
        if name not in names or _written(record, name):
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(record, name, value)

    return __setattr__


def _written(record: object, name: str) -> bool:
    """Whether `record`'s field `name` holds a value yet (in its `__dict__` or its slot)."""
    fields = getattr(record, "__dict__", None)
    if fields is not None:
        return name in fields
    try:
        getattr(type(record), name).__get__(record)
    except AttributeError:
        return False
    return True
