"""A working copy of the state for one step: changed in place, then frozen into a new state.

One step (an action and every automatic phase after it) changes the table many times. Copying the
immutable state on every change made the copies most of the engine's cost; a step now copies the
state once into a `Draft`, changes the draft, and freezes it once. The input state never changes.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from functools import cached_property
from operator import itemgetter
from typing import Any, Final, Union

from tradingfloor.core.game import Event
from tradingfloor.core.native import mypyc_attr
from tradingfloor.core.rng import Rng, RngCursor
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.figures import Figures
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
# A state, a seat or a log entry of its fields (NamedTuple._make without its Python frame, and
# without looking up tuple.__new__ at each call).
_make: Final = tuple.__new__
# The records' classes as constants, which compiled code reads directly (an imported name is looked
# up in the module's dict at each use): every step makes a state, and seats.
_STATE: Final = BusinessmenState
_SEAT: Final = Seat


class SeatDraft:
    """One seat that the step in progress changes: a Seat's fields, each set in place, and frozen
    back into a Seat with the state. Its `passed` flag is the draft's (`Draft.passed`)."""

    __slots__ = tuple(name for name in Seat._fields if name != "passed")

    coins: int
    vp: int
    # Tuples of any length (Seat's are of three): compiled, a tuple of a fixed length would be held
    # unpacked, and made again each time the seat is frozen.
    levels: tuple[int, ...]
    markers: tuple[bool, ...]
    insured: tuple[bool, ...]
    main: tuple[int, ...]
    temp: tuple[int, ...]
    skipping: bool
    owed: bool
    bought: tuple[bool, ...]
    exported: tuple[bool, ...]
    vp_from: tuple[int, ...]

    def __init__(self, seat: Seat) -> None:
        # In Seat's field order; `_` is the passed flag.
        (
            self.coins,
            self.vp,
            self.levels,
            self.markers,
            self.insured,
            self.main,
            self.temp,
            self.skipping,
            self.owed,
            _,
            self.bought,
            self.exported,
            self.vp_from,
        ) = seat

    def held(self, good: int) -> int:
        """Units of `good` in both warehouses together (Seat.held)."""
        return self.main[good] + self.temp[good]

    def frozen(self, passed: bool) -> Seat:
        """The seat as changed, with its `passed` flag."""
        fields = (
            self.coins,
            self.vp,
            self.levels,
            self.markers,
            self.insured,
            self.main,
            self.temp,
            self.skipping,
            self.owed,
            passed,
            self.bought,
            self.exported,
            self.vp_from,
        )
        return _make(_SEAT, fields)


def _passed_as(seat: Seat, passed: bool) -> Seat:
    """`seat` with its passed flag set to `passed` (Seat._replace, without its machinery)."""
    # Read as a tuple of any length (compiled, Seat's fields of three would be unpacked), and made
    # again as one tuple display: slicing and joining made four tuples on the way, and was 6% of
    # random play's step. In Seat's field order; `_` is the passed flag.
    fields: tuple[Any, ...] = seat
    (
        coins,
        vp,
        levels,
        markers,
        insured,
        main,
        temp,
        skipping,
        owed,
        _,
        bought,
        exported,
        vp_from,
    ) = fields
    fresh = (
        coins,
        vp,
        levels,
        markers,
        insured,
        main,
        temp,
        skipping,
        owed,
        passed,
        bought,
        exported,
        vp_from,
    )
    return _make(_SEAT, fresh)


# Compiled where the build is used (tradingfloor/compiled.py), a log entry stays a Python class:
# mypyc cannot compile a subclass of tuple.
@mypyc_attr(native_class=False)
class LogEntry(tuple[Any, ...], Event):  # type: ignore[misc]
    """A public event of the log, made by `Draft.note`: a tuple of its kind, its number, the round
    it was logged in, what the rules said (or, from `Draft.note_later`, how to say it:
    `tell(*told)`) and the match's figures, which some entries' words quote.

    An entry is one tuple rather than an object with a dict of fields: random play and search log
    about 14 entries a round and read none. Its `data` and its JSON form are made when first read
    (by a view). It is an Event: equal to another entry of the same kind and data, as Events are.
    """

    kind = property(itemgetter(0))  # type: ignore[assignment]
    n = property(itemgetter(1))
    round = property(itemgetter(2))
    figures = property(itemgetter(6))

    @cached_property
    def said(self) -> dict[str, Any]:
        """What the rules said, in words and figures: given to `Draft.note`, or told when read."""
        said: dict[str, Any] | None = self[3]
        return self[4](*self[5]) if said is None else said

    @cached_property
    def data(self) -> dict[str, Any]:  # type: ignore[override]
        """Event.data: the entry's number and round, then what the rules said."""
        return {"n": self[1], "round": self[2], **self.said}

    @cached_property
    def json(self) -> dict[str, Any]:
        """Event.to_json() with the entry in words (`text`), kept: views hand out copies of it."""
        out = {"kind": self[0], **self.data}  # Event.to_json(), inlined
        out["text"] = event_text(out, self[6])
        return out

    # An Event's equality, hash and repr (of its kind, data and visible_to), not the tuple's.
    __eq__ = Event.__eq__
    __hash__ = Event.__hash__  # type: ignore[assignment]
    __repr__ = Event.__repr__

    # object's: the inverse of __eq__, or NotImplemented where __eq__ says it (an object of
    # another class), which a method compiled to return a bool would refuse.
    __ne__ = object.__ne__

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as the tuple it is (with its lazily told figures), without what was made of it.
        return (_entry, (tuple(self),))


def _entry(fields: tuple[Any, ...]) -> LogEntry:
    """The log entry of these fields (unpickling)."""
    return tuple.__new__(LogEntry, fields)


_ROUND_OF: Callable[[Any], int] = itemgetter(2)  # the round an entry was logged in (its round)


class Draft:
    """The state's fields as attributes that a step may set; `seats` is a list while drafting, of
    the seats as they were and of the seats the step changes (`edit`)."""

    __slots__ = (*FIELDS, "events", "figures", "passed", "players", "_cursor")

    decks: Decks
    goal: int
    max_rounds: int
    rng: Rng
    round: int
    first: int
    phase: Phase
    turn: int | None
    seats: list[Seat | SeatDraft]
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
    figures: Figures  # the decks' figures, which the log entries keep (read once a step)
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
        self.figures = self.decks.figures
        self.seats = list(state.seats)
        self.players = len(self.seats)
        self.events = []
        self.passed = [seat.passed for seat in state.seats]
        self._cursor = None

    def frozen_seats(self) -> tuple[Seat, ...]:
        """The seats with their changes and passed flags (in the draft's list too), as a tuple."""
        seats = self.seats
        # Only the seats changed are rebuilt: most steps change one seat, or none.
        for index, flag in enumerate(self.passed):
            me = seats[index]
            # isinstance narrows `me` to a Seat otherwise, whose flag compiled code reads by its
            # index (of a seat of either class, it was looked up by name).
            if isinstance(me, SeatDraft):
                seats[index] = me.frozen(flag)
            elif me.passed is not flag:
                seats[index] = _passed_as(me, flag)
        return tuple(seats)  # type: ignore[arg-type]

    def draws(self) -> RngCursor:
        """The cursor every draw of this step comes from, in order (one cursor, not one a draw)."""
        if self._cursor is None:
            self._cursor = RngCursor(self.rng)  # rng.cursor(), without a method call
        return self._cursor

    def freeze(self) -> BusinessmenState:
        """The new state, with this step's draws and events in it."""
        if self._cursor is not None:
            self.rng = self._cursor.rng
            self._cursor = None
        if self.events:
            self.log += tuple(self.events)  # one concatenation in C, no list in between
            self.events = []
        # BusinessmenState._make, direct, in FIELDS order.
        fields = (
            self.decks,
            self.goal,
            self.max_rounds,
            self.rng,
            self.round,
            self.first,
            self.phase,
            self.turn,
            self.frozen_seats(),
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
            self.news_from,
        )
        return _make(_STATE, fields)

    def skipping(self, seat: int) -> bool:
        """Whether `seat` declared a skip for this round (its `skipping` flag)."""
        me = self.seats[seat]
        # Narrowed to one class, the compiled flag is read natively (a Seat's by its index).
        if isinstance(me, SeatDraft):
            return me.skipping
        return me.skipping

    def edit(self, seat: int) -> SeatDraft:
        """`seat`'s fields, to change in place: drafted the first time the step changes it."""
        me = self.seats[seat]
        if type(me) is SeatDraft:
            return me
        drafted = self.seats[seat] = SeatDraft(me)  # type: ignore[arg-type]
        return drafted

    def pay(self, seat: int, coins: int) -> None:
        """`seat` pays `coins` to the bank (negative: the bank pays the seat)."""
        self.edit(seat).coins -= coins
        self.bank += coins

    def gain_vp(self, seat: int, vp: int, source: str) -> None:
        """Move `seat`'s VP marker by `vp`, tallied under `source` (a VP_SOURCES name); the scale
        has no place below 0."""
        now = self.seats[seat].vp
        moved = max(0, now + vp) - now
        if not moved:
            return  # a loss at 0 VP: in random play, most of the events wheel's hits
        me = self.edit(seat)
        me.vp += moved
        tally = list(me.vp_from)
        tally[VP_SOURCES.index(source)] += moved
        me.vp_from = tuple(tally)

    def forget_old_rounds(self) -> None:
        """The log keeps the last LOG_ROUNDS rounds whole (a round's roulette stays in view all
        through the next round); called as a round starts."""
        oldest = self.round - LOG_ROUNDS + 1
        log = self.log
        # The log is in the order of logging, so of rounds: what goes is a head of it.
        gone = bisect_left(log, oldest, key=_ROUND_OF)
        if gone:
            self.log = log[gone:]

    def note(self, kind: str, said: dict[str, Any]) -> None:
        """One more public event in the log: `said` is its data, in words and figures."""
        # `said` is a dict display at each call rather than keywords: collecting keywords into a
        # dict was a fifth of an entry's cost.
        self.logged += 1
        # Seen by every seat (visible_to: Event's default, None).
        self.events.append(
            _make(LogEntry, (kind, self.logged, self.round, said, None, (), self.figures))
        )

    def note_later(self, kind: str, tell: Callable[..., dict[str, Any]], *told: Any) -> None:
        """`note`, for an entry whose data (`tell(*told)`, from immutable figures) costs more to
        make than to keep: it is made when a view first reads the entry."""
        self.logged += 1
        self.events.append(
            _make(LogEntry, (kind, self.logged, self.round, None, tell, told, self.figures))
        )


Board = Union[BusinessmenState, Draft]  # noqa: UP007 - what the menus read: a state or a draft
