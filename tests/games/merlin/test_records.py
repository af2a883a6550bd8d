"""records.replace makes the same records as dataclasses.replace, for every kind of record."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import tradingfloor
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.state import Config, Core, Counters, MerlinState


def _state() -> MerlinState:
    options = {"players": 4, "modules": ["economy", "magic", "finance"]}
    state = tradingfloor.make("merlin").new(options, 3)
    assert isinstance(state, MerlinState)
    return state


def test_slotted_records_match_dataclasses_replace() -> None:
    state = _state()
    cases: list[tuple[Any, dict[str, Any]]] = [
        (state, {"event_count": 7}),
        (state.core, {"turn_no": 5, "dice": (1, 2)}),
        (state.core.counters, {"year": 3}),
        (state.magic, {"played": ("crown",), "maintenance": 4}),
        (state.finance, {"next_id": 9}),
    ]
    for record, changes in cases:
        made = replace(record, **changes)
        assert made == dataclasses.replace(record, **changes)
        assert type(made) is type(record)
        assert made is not record


def test_the_record_given_is_unchanged() -> None:
    core = _state().core
    before = dataclasses.replace(core)
    replace(core, turn_no=core.turn_no + 1)
    assert core == before


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError):
        replace(_state().core, no_such_field=1)


def test_a_record_without_slots_goes_to_dataclasses() -> None:
    config = _state().config
    assert isinstance(config, Config) and not hasattr(Config, "__slots__")
    assert replace(config, max_orbits=3).max_orbits == 3


def test_frozen_records_stay_frozen() -> None:
    counters = replace(_state().core.counters, year=2)
    assert isinstance(counters, Counters)
    with pytest.raises(dataclasses.FrozenInstanceError):
        counters.year = 4  # type: ignore[misc]
    assert isinstance(replace(_state().core, turn=1), Core)
