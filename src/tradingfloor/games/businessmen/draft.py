"""A working copy of the state for one step: changed in place, then frozen into a new state.

One step (an action and every automatic phase after it) changes the table many times. Copying the
immutable state on every change made the copies most of the engine's cost; a step now copies the
state once into a `Draft`, changes the draft, and freezes it once. The input state never changes.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Union

from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.state import LOG_LENGTH, BusinessmenState, Car, Phase, Seat

FIELDS = BusinessmenState._fields
_FROZEN = attrgetter(*(name if name != "seats" else "seat_tuple" for name in FIELDS))


class Draft:
    """The state's fields as attributes that a step may set; `seats` is a list while drafting."""

    __slots__ = (*FIELDS, "events")

    decks: Decks
    goal: int
    max_rounds: int
    rng: Rng
    round: int
    first: int
    phase: Phase
    turn: int | None
    seats: list[Seat]
    supply: tuple[int, ...]
    market: tuple[int, ...]
    prices: tuple[int, ...]
    bank: int
    cars: tuple[Car, ...]
    goods_deck: tuple[int, ...]
    goods_used: tuple[int, ...]
    goods_card: int | None
    export_deck: tuple[int, ...]
    export_used: tuple[int, ...]
    export_card: int | None
    price_spin: int | None
    embargo: tuple[int, ...]
    event_spins: tuple[tuple[int, int], ...]
    log: tuple[Event, ...]
    logged: int
    ended: str | None
    events: list[Event]  # logged during this step, not yet in `log`

    def __init__(self, state: BusinessmenState) -> None:
        for name, value in zip(FIELDS, state, strict=True):
            setattr(self, name, value)
        self.seats = list(state.seats)
        self.events = []

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def seat_tuple(self) -> tuple[Seat, ...]:
        return tuple(self.seats)

    def freeze(self) -> BusinessmenState:
        """The new state; the log keeps its last LOG_LENGTH events, the oldest dropping off."""
        if self.events:
            self.log = (*self.log, *self.events)[-LOG_LENGTH:]
            self.events = []
        return BusinessmenState._make(_FROZEN(self))

    def seat(self, seat: int, **changes: Any) -> None:
        """Change fields of one seat."""
        self.seats[seat] = self.seats[seat]._replace(**changes)

    def pay(self, seat: int, coins: int) -> None:
        """`seat` pays `coins` to the bank (negative: the bank pays the seat)."""
        self.seat(seat, coins=self.seats[seat].coins - coins)
        self.bank += coins

    def gain_vp(self, seat: int, vp: int) -> None:
        """Move `seat`'s VP marker by `vp`; the scale has no place below 0."""
        self.seat(seat, vp=max(0, self.seats[seat].vp + vp))

    def note(self, kind: str, **data: Any) -> None:
        """One more public event in the log."""
        self.logged += 1
        self.events.append(Event(kind, {"n": self.logged, "round": self.round, **data}))


Board = Union[BusinessmenState, Draft]  # noqa: UP007 - what the menus read: a state or a draft
