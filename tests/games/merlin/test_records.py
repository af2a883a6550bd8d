"""records.replace makes the same records as dataclasses.replace, for every kind of record."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import tradingfloor
from tradingfloor.games.merlin.finance.state import Debt, Future
from tradingfloor.games.merlin.records import replace, replace_fields
from tradingfloor.games.merlin.rulebook import Payout, Told, event, private
from tradingfloor.games.merlin.state import Core, Counters, MerlinState, Order, Stack, Vote
from tradingfloor.games.merlin.turns import END_TURN


def _state() -> MerlinState:
    options = {"players": 4, "modules": ["economy", "magic", "finance"]}
    state = tradingfloor.make("merlin").new(options, 3)
    assert isinstance(state, MerlinState)
    return state


def test_records_match_dataclasses_replace() -> None:
    state = _state()
    cases: list[tuple[Any, dict[str, Any]]] = [
        (state, {"event_count": 7}),  # no slots: its __dict__ is copied
        (state.core, {"turn_no": 5, "dice": (1, 2)}),
        (state.magic, {"played": ("crown",), "maintenance": 4}),
        (state.finance, {"next_id": 9}),
        (state.config, {"max_orbits": 3}),
        (state.core.counters, {"year": 3}),  # slots: copied slot by slot
        (state.core.ledger, {"bank": 12, "pot": 1}),
        (Stack("2S"), {"top": "3H"}),  # one field with slots (Stack has four)
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


def test_a_record_caching_in_its_dict_goes_to_dataclasses() -> None:
    told = event("turn_end", seat=1)
    assert isinstance(told, Told)
    assert told.text  # cached in the event's __dict__: a copy must not keep it
    again = replace(told, data={"seat": 2})
    assert again == dataclasses.replace(told, data={"seat": 2})
    assert "text" not in again.__dict__


def test_frozen_records_stay_frozen() -> None:
    counters = replace(_state().core.counters, year=2)
    assert isinstance(counters, Counters)
    with pytest.raises(dataclasses.FrozenInstanceError):
        counters.year = 4  # type: ignore[misc]
    assert isinstance(replace(_state().core, turn=1), Core)


def test_events_are_made_as_their_class_makes_them() -> None:
    made = event("turn_end", seat=1)
    assert made == Told("turn_end", {"seat": 1})
    assert made.__dict__ == Told("turn_end", {"seat": 1}).__dict__
    assert made.text == Told("turn_end", {"seat": 1}).text
    hidden = private("spell_drawn", [2], seat=2, card="x")
    assert hidden == Told("spell_drawn", {"seat": 2, "card": "x"}, frozenset({2}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "other"  # type: ignore[misc]


@dataclasses.dataclass(frozen=True)
class _Plain:
    """A record run as Python, as the state's records are without the compiled build (which
    no interpreted class may subclass)."""

    year: int
    clock: int = 0


def test_a_subclass_not_made_by_dataclass_goes_to_dataclasses() -> None:
    class Noted(_Plain):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            object.__setattr__(self, "noted", True)

    noted = Noted(year=2, clock=5)
    assert replace(_Plain(2), clock=5) == _Plain(2, 5)
    again = replace(noted, year=9)
    assert again.year == 9 and again.clock == 5 and again.noted  # type: ignore[attr-defined]


def test_a_record_that_clones_does_not_copy_is_copied_field_by_field() -> None:
    """Where `make compiled` built them, the rulebook's and the state modules' dataclasses keep
    their fields neither in a __dict__ nor in slots, and those that `clones` does not copy are
    copied through their fields' descriptors (pure, they are plain records): each field keeps its
    place, the changes are written over the copy, and a field the record lacks is refused."""
    payout = Payout(owner=1, card="2S", why="roll", to=1, commodity=0, amount=2)
    future = Future(id=1, short=2, commodity=3, price=4, year=5, portion=6, long=7, due=8)
    cases: list[tuple[Any, dict[str, Any]]] = [
        (payout, {"amount": 4, "to": 2}),
        (END_TURN, {"type": "end_turn_again"}),
        (Order(id=1, owner=2, price=3, placed=4, escrow_since=5), {"price": 9}),
        (future, {"due": 0, "expired": True}),
        (Debt(debtor=1, creditor=2, amount=3, why="loan"), {"amount": 1}),
        (Vote(voters=(0, 1), sealed=(None, "up")), {"sealed": ("down", "up")}),
    ]
    for record, changes in cases:
        made = replace(record, **changes)
        assert made == dataclasses.replace(record, **changes)
        assert type(made) is type(record) and made is not record
        assert replace(record) == record
        with pytest.raises(TypeError):
            replace(record, no_such_field=1)
    for field in dataclasses.fields(future):  # every other field where it was
        value = getattr(future, field.name)
        changed = {field.name: not value if type(value) is bool else 99}
        assert replace(future, **changed) == dataclasses.replace(future, **changed)
    assert replace(payout, amount=4).amount == 4 and payout.amount == 2


def test_changes_in_a_dict_make_the_same_record_and_stay_as_given() -> None:
    state = _state()
    for record, changes in [(state.core, {"turn_no": 5}), (state.finance, {"next_id": 9})]:
        held = dict(changes)
        assert replace_fields(record, changes) == replace(record, **changes)
        assert changes == held
