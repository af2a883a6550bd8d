"""The state records' hand-written `__init__` (frozen.py): each takes the dataclass's fields, in
order, with their defaults, sets every one, and leaves the record frozen after it. Checked with a
distinct value of the field's type in each field, compiled (a native constructor, which checks
the types) and as Python."""

from __future__ import annotations

import ast
import dataclasses
import sys
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import tradingfloor
from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin import state as core_state
from tradingfloor.games.merlin.content import Content
from tradingfloor.games.merlin.finance import state as finance_state
from tradingfloor.games.merlin.magic import state as magic_state
from tradingfloor.games.merlin.state import RECENT, Config, EventRun, event_run

MODULES = (core_state, magic_state, finance_state)
RECORDS = [
    cls
    for module in MODULES
    for cls in module.RECORDS
    if not cls.__dataclass_params__.init  # type: ignore[attr-defined]
]


def test_every_record_but_the_config_has_its_own_init() -> None:
    everything = {cls.__name__ for module in MODULES for cls in module.RECORDS}
    assert everything - {cls.__name__ for cls in RECORDS} == {"Config"}
    assert len(RECORDS) == 34


TABLE = tradingfloor.make("merlin").new(
    {"players": 4, "modules": ["economy", "magic", "finance"]}, 1
)
GIVEN: dict[Any, Any] = {
    Rng: TABLE.rng,
    Config: TABLE.config,
    Content: TABLE.config.content,
    EventRun: event_run((Event("happened", {}),), RECENT),
}
"""Values of the fields whose types are not records of these modules."""


def _value(kind: Any, place: int) -> Any:
    """A value of type `kind`, distinct for each `place` where the type allows."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind in GIVEN:
        return GIVEN[kind]
    if kind is bool:
        return True
    if kind is int:
        return 1000 + place
    if kind is str:
        return f"field {place}"
    if kind is Any:
        return ("any", place)
    if origin is typing.Literal:
        return args[0]
    if origin in (typing.Union, types.UnionType):
        return _value(next(arg for arg in args if arg is not type(None)), place)
    if origin is tuple:
        items = args[:1] if len(args) == 2 and args[1] is Ellipsis else args
        return tuple(_value(item, place + n) for n, item in enumerate(items))
    if origin is dict:
        return {"key": place}
    if kind in RECORDS:
        return _made(kind)
    if kind is Event:
        return Event("happened", {"place": place})
    raise AssertionError(f"no sample value of {kind!r}")


def _made(cls: type, offset: int = 0) -> Any:
    return cls(**_values(cls, offset))


def _values(cls: type, offset: int = 0) -> dict[str, Any]:
    hints = _declared(cls)
    return {f.name: _value(hints[f.name], offset + 10 * n) for n, f in enumerate(_fields(cls))}


@cache
def _declared(cls: type) -> dict[str, Any]:
    """Each field's declared type, read from the module's source (compiled, a native class keeps
    only the runtime classes of its fields' types)."""
    module = sys.modules[cls.__module__]
    return {name: eval(ast.unparse(kind), vars(module)) for name, kind in _annotations(cls).items()}


def _class_source(cls: type) -> ast.ClassDef:
    """The class's definition in its module's source (compiled or not)."""
    source = Path(tradingfloor.__file__).parent.joinpath(*cls.__module__.split(".")[1:])
    tree = ast.parse(source.with_suffix(".py").read_text())
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)  # type: ignore[arg-type]


def _same(held: Any, given: Any) -> bool:
    """The very value given (compiled, an int field is kept unboxed: an equal int comes back)."""
    return held is given or (type(held) is type(given) is int and held == given)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_init_takes_every_field_in_order(cls: type) -> None:
    values = _values(cls)
    by_name = cls(**values)
    by_place = cls(*values.values())
    for name, value in values.items():
        assert _same(getattr(by_name, name), value), name
        assert _same(getattr(by_place, name), value), name
    assert by_place == by_name and repr(by_place) == repr(by_name)
    assert cls(**_values(cls, offset=1)) != by_name


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_init_gives_each_field_its_default(cls: type) -> None:
    values = _values(cls)
    required = {f.name: values[f.name] for f in _fields(cls) if f.default is dataclasses.MISSING}
    made = cls(**required)
    for field in _fields(cls):
        assert field.default_factory is dataclasses.MISSING, field.name
        if field.default is not dataclasses.MISSING:
            assert _same(getattr(made, field.name), field.default), field.name


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_the_record_stays_frozen(cls: type) -> None:
    values = _values(cls)
    made = cls(**values)
    for name in values:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, values[name])
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        made.not_a_field = 1
    assert made == cls(**values)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_the_init_is_declared_as_the_fields(cls: type) -> None:
    """Its parameters in the source: each field's name and type, in order, none keyword-only
    (compiled, a native constructor keeps no signature to inspect)."""
    init = next(
        n
        for n in _class_source(cls).body
        if isinstance(n, ast.FunctionDef) and n.name == "__init__"
    )
    params = init.args.args[1:]
    assert not init.args.kwonlyargs and init.args.vararg is None and init.args.kwarg is None
    assert [p.arg for p in params] == [f.name for f in _fields(cls)]
    declared = {name: ast.unparse(line) for name, line in _annotations(cls).items()}
    for param in params:
        assert param.annotation is not None
        assert ast.unparse(param.annotation) == declared[param.arg], param.arg


def _annotations(cls: type) -> dict[str, ast.expr]:
    return {
        line.target.id: line.annotation
        for line in _class_source(cls).body
        if isinstance(line, ast.AnnAssign) and isinstance(line.target, ast.Name)
    }
