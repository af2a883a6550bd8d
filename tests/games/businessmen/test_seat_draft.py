"""A seat that a step changes: drafted field by field, frozen back into exactly its Seat."""

from __future__ import annotations

import pytest

import tradingfloor
from tradingfloor.compiled import engine
from tradingfloor.games.businessmen.draft import Draft, SeatDraft, _passed_as
from tradingfloor.games.businessmen.state import BusinessmenState, Seat

# The compiled engine checks each field's type where the draft reads it: a draft of placeholders
# runs only as Python (TRADINGFLOOR_PURE=1, which the suite is also run with).
as_python_only = pytest.mark.skipif(
    engine("tradingfloor.games.businessmen") == "compiled",
    reason="fields of placeholder objects: the compiled engine refuses them by type",
)


@as_python_only
def test_a_seat_draft_keeps_every_field_in_its_place() -> None:
    # A distinct object in every field, so that two fields swapped by the draft would show.
    seat = Seat._make(object() for _ in Seat._fields)
    flag = object()
    frozen = SeatDraft(seat).frozen(flag)  # type: ignore[arg-type]
    assert type(frozen) is Seat
    assert all(
        getattr(frozen, name) is getattr(seat, name) for name in Seat._fields if name != "passed"
    )
    assert frozen.passed is flag


@as_python_only
def test_a_seat_whose_passed_flag_alone_changes_keeps_every_other_field() -> None:
    seat = Seat._make(object() for _ in Seat._fields)
    flag = object()
    rebuilt = _passed_as(seat, flag)  # type: ignore[arg-type]
    assert type(rebuilt) is Seat
    assert all(
        getattr(rebuilt, name) is getattr(seat, name) for name in Seat._fields if name != "passed"
    )
    assert rebuilt.passed is flag


def test_a_step_rebuilds_the_seats_it_changes_and_no_other() -> None:
    state: BusinessmenState = tradingfloor.make("businessmen").new({"players": 3}, seed=1)
    table = Draft(state)
    table.pay(1, 3)
    table.edit(1).main = (1, 0, 0, 0, 0, 0)
    table.gain_vp(2, -1, "skipping")  # the VP scale has no place below 0: nothing moves
    after = table.freeze()
    assert after.seats[0] is state.seats[0]
    assert after.seats[1] == state.seats[1]._replace(coins=7, main=(1, 0, 0, 0, 0, 0))
    assert after.seats[2] == state.seats[2]
    assert after.bank == state.bank + 3
    # The state it was drafted from is as it was.
    assert state.seats[1].coins == 10 and state.seats[1].main == (0,) * 6
