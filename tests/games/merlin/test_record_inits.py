"""The state records' hand-written `__init__` (frozen.py): each takes the dataclass's fields, in
order, with their defaults and types, sets every one, and leaves the record frozen after it."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from tradingfloor.games.merlin import state as core_state
from tradingfloor.games.merlin.finance import state as finance_state
from tradingfloor.games.merlin.magic import state as magic_state

RECORDS = [
    cls
    for module in (core_state, magic_state, finance_state)
    for cls in module.RECORDS
    if not cls.__dataclass_params__.init  # type: ignore[attr-defined]
]


def test_the_records_moves_build_have_their_own_init() -> None:
    names = {cls.__name__ for cls in RECORDS}
    assert {"MerlinState", "Core", "Economy", "Order", "Magic", "Ballot", "Finance"} <= names
    assert len(RECORDS) == sum(len(m.RECORDS) for m in (core_state, magic_state, finance_state)) - 1


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    for param, field in zip(params, fields, strict=True):
        assert param.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        assert str(param.annotation) == str(field.type), field.name
        default = inspect.Parameter.empty if field.default is dataclasses.MISSING else field.default
        assert param.default is default or param.default == default, field.name
        assert field.default_factory is dataclasses.MISSING, field.name


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_init_sets_every_field_and_the_record_stays_frozen(cls: type) -> None:
    fields = dataclasses.fields(cls)
    values = {f.name: _marker(i) for i, f in enumerate(fields)}
    record = cls(**values)
    assert {f.name: getattr(record, f.name) for f in fields} == values
    assert record == cls(*values.values())
    assert record != cls(**{**values, fields[0].name: "other"})
    for field in fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, field.name, "changed")
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        record.not_a_field = 1
    assert getattr(record, fields[0].name) == values[fields[0].name]


def _marker(index: int) -> Any:
    """A distinct value for the field at `index` (the records do not check their types)."""
    return ("field", index)
