"""A seat that a step changes: drafted field by field, frozen back into exactly its Seat."""

from __future__ import annotations

from collections.abc import Iterator

import tradingfloor
from tradingfloor.games.businessmen.draft import Draft, SeatDraft, _passed_as
from tradingfloor.games.businessmen.state import BusinessmenState, Seat

from .helpers import played_states


def played_seats() -> Iterator[Seat]:
    """Every seat of every state of two seeded random games (real fields of their types)."""
    for options in ({"players": 2}, {"players": 4}):
        for state in played_states(5, options):
            yield from state.seats


def test_a_seat_draft_keeps_every_field_in_its_place() -> None:
    # Fields of played seats differ from one another, so two fields swapped would show.
    for seat in played_seats():
        flag = not seat.passed
        frozen = SeatDraft(seat).frozen(flag)
        assert type(frozen) is Seat
        assert frozen == seat._replace(passed=flag)


def test_a_seat_whose_passed_flag_alone_changes_keeps_every_other_field() -> None:
    for seat in played_seats():
        flag = not seat.passed
        rebuilt = _passed_as(seat, flag)
        assert type(rebuilt) is Seat
        assert rebuilt == seat._replace(passed=flag)


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
