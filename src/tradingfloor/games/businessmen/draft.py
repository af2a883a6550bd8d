"""A working copy of the state for one step: changed in place, then frozen into a new state.

One step (an action and every automatic phase after it) changes the table many times. Copying the
immutable state on every change made the copies most of the engine's cost; a step now copies the
state once into a `Draft`, changes the draft, and freezes it once. The input state never changes.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cached_property
from operator import attrgetter, itemgetter
from typing import Any, Union

from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng, RngCursor
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.figures import PRINTED, Figures
from tradingfloor.games.businessmen.state import (
    LOG_ROUNDS,
    VP_SOURCES,
    BusinessmenState,
    Car,
    Phase,
    Seat,
)
from tradingfloor.games.businessmen.words import event_text

FIELDS = BusinessmenState._fields
_FROZEN = attrgetter(*(name if name != "seats" else "seat_tuple" for name in FIELDS))


_SEAT_FIELD = {name: index for index, name in enumerate(Seat._fields)}
_PASSED = _SEAT_FIELD["passed"]
_PASSED_OF = itemgetter(_PASSED)  # a seat's passed flag, read in C


def seat_with(seat: Seat, **changes: Any) -> Seat:
    """`seat` with `changes`: Seat._replace, without its generic machinery."""
    values = list(seat)
    for name, value in changes.items():
        values[_SEAT_FIELD[name]] = value
    return tuple.__new__(Seat, values)


def _passed_as(seat: Seat, passed: bool) -> Seat:
    values = list(seat)
    values[_PASSED] = passed
    return tuple.__new__(Seat, values)


def _round_of(entry: Event) -> int:
    """The round an entry of the log was logged in."""
    return int(entry.data["round"])


class LogEntry(Event):
    """A public event of the log, whose JSON form is made once, by the first view that shows it."""

    figures: Figures = PRINTED  # the match's figures, which some entries' words quote

    @cached_property
    def json(self) -> dict[str, Any]:
        """Event.to_json() with the entry in words (`text`), kept: views hand out copies of it."""
        out = {"kind": self.kind, **self.data}  # Event.to_json(), inlined
        out["text"] = event_text(out, self.figures)
        return out


class Draft:
    """The state's fields as attributes that a step may set; `seats` is a list while drafting."""

    __slots__ = (*FIELDS, "events", "passed", "players", "_cursor")

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
    news_from: int
    events: list[Event]  # logged during this step, not yet in `log`
    players: int  # how many seats: a plain attribute, as the turn's search reads it at every step
    # Each seat's `passed` flag while drafting (the seats' own flags are set when frozen): every
    # phase clears and sets them all, and rebuilding a seat each time was the step's main cost.
    passed: list[bool]
    _cursor: RngCursor | None  # the step's draws so far (`rng` is brought up to date on freezing)

    def __init__(self, state: BusinessmenState) -> None:
        # Spelled out rather than a loop over FIELDS: this runs on every step. In FIELDS order.
        (
            self.decks,
            self.goal,
            self.max_rounds,
            self.rng,
            self.round,
            self.first,
            self.phase,
            self.turn,
            _,
            self.supply,
            self.market,
            self.prices,
            self.bank,
            self.cars,
            self.goods_deck,
            self.goods_used,
            self.goods_card,
            self.export_deck,
            self.export_used,
            self.export_card,
            self.price_spin,
            self.embargo,
            self.event_spins,
            self.log,
            self.logged,
            self.ended,
            _,
        ) = state
        self.news_from = self.logged
        self.seats = list(state.seats)
        self.players = len(self.seats)
        self.events = []
        self.passed = list(map(_PASSED_OF, state.seats))
        self._cursor = None

    @property
    def seat_tuple(self) -> tuple[Seat, ...]:
        """The seats with their passed flags set (in the draft's list too), as a tuple."""
        seats = self.seats
        # Only the seats whose flag changed are rebuilt: most steps change one seat's, or none.
        for index, flag in enumerate(self.passed):
            if seats[index].passed is not flag:
                seats[index] = _passed_as(seats[index], flag)
        return tuple(seats)

    def draws(self) -> RngCursor:
        """The cursor every draw of this step comes from, in order (one cursor, not one a draw)."""
        if self._cursor is None:
            self._cursor = self.rng.cursor()
        return self._cursor

    def freeze(self) -> BusinessmenState:
        """The new state, with this step's draws and events in it."""
        if self._cursor is not None:
            self.rng = self._cursor.rng
            self._cursor = None
        if self.events:
            self.log = (*self.log, *self.events)
            self.events = []
        return tuple.__new__(BusinessmenState, _FROZEN(self))  # BusinessmenState._make, direct

    def seat(self, seat: int, **changes: Any) -> None:
        """Change fields of one seat (its `passed` flag is `self.passed[seat]`)."""
        # seat_with's loop, here rather than called: several times a step, for one or two fields.
        values = list(self.seats[seat])
        for name, value in changes.items():
            if name == "passed":
                raise TypeError("a draft keeps the passed flags in Draft.passed")
            values[_SEAT_FIELD[name]] = value
        self.seats[seat] = tuple.__new__(Seat, values)

    def pay(self, seat: int, coins: int) -> None:
        """`seat` pays `coins` to the bank (negative: the bank pays the seat)."""
        self.seat(seat, coins=self.seats[seat].coins - coins)
        self.bank += coins

    def gain_vp(self, seat: int, vp: int, source: str, **changes: Any) -> None:
        """Move `seat`'s VP marker by `vp`, tallied under `source` (a VP_SOURCES name); the scale
        has no place below 0. `changes` are other fields of the seat changed with it."""
        me = self.seats[seat]
        moved = max(0, me.vp + vp) - me.vp
        tally = list(me.vp_from)
        tally[VP_SOURCES.index(source)] += moved
        self.seat(seat, vp=me.vp + moved, vp_from=tuple(tally), **changes)

    def forget_old_rounds(self) -> None:
        """The log keeps the last LOG_ROUNDS rounds whole (a round's roulette stays in view all
        through the next round); called as a round starts."""
        oldest = self.round - LOG_ROUNDS + 1
        log = self.log
        # The log is in the order of logging, so of rounds: what goes is a head of it.
        gone = bisect_left(log, oldest, key=_round_of)
        if gone:
            self.log = log[gone:]

    def note(self, kind: str, **data: Any) -> None:
        """One more public event in the log."""
        self.logged += 1
        # LogEntry(kind, data), seen by every seat, made with its fields stored straight into its
        # dict: no frozen dataclass __init__ with an object.__setattr__ per field. A round logs
        # about 20 entries, and making them is the largest single cost of random play.
        entry = object.__new__(LogEntry)
        fields = entry.__dict__
        fields["kind"] = kind
        fields["data"] = {"n": self.logged, "round": self.round, **data}
        fields["visible_to"] = None
        fields["figures"] = self.decks.figures
        self.events.append(entry)


Board = Union[BusinessmenState, Draft]  # noqa: UP007 - what the menus read: a state or a draft
