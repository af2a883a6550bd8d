"""Small pure helpers over the state: tuple updates, seat order, the log, warehouse types."""

from __future__ import annotations

from typing import Any, TypeVar

from tradingfloor.core.game import Event
from tradingfloor.games.businessmen.state import (
    LOG_LENGTH,
    PRICE_MAX,
    PRICE_MIN,
    WAREHOUSE,
    WAREHOUSE_TYPES,
    BusinessmenState,
    Seat,
)

T = TypeVar("T")


def replace(record: T, **changes: Any) -> T:
    """A copy of a frozen, slotted dataclass with `changes`: dataclasses.replace, only faster.

    The rules copy the state on every step; this skips re-running the generated __init__.
    """
    kind = type(record)
    copy = object.__new__(kind)
    for name in kind.__slots__:  # type: ignore[attr-defined]
        object.__setattr__(
            copy, name, changes.pop(name) if name in changes else getattr(record, name)
        )
    if changes:
        raise TypeError(f"{kind.__name__} has no fields {sorted(changes)}")
    return copy


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """`values` with position `index` replaced."""
    return (*values[:index], value, *values[index + 1 :])


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """`values` with `delta` added at `index`."""
    return put(values, index, values[index] + delta)


def clamp_price(price: int) -> int:
    """RULINGS Businessmen 7: prices live on a scale of 1-10; a move past an end stops at it."""
    return max(PRICE_MIN, min(PRICE_MAX, price))


def clockwise(state: BusinessmenState, start: int) -> list[int]:
    """Every seat once, clockwise from `start`."""
    return [(start + k) % state.players for k in range(state.players)]


def with_seat(state: BusinessmenState, seat: int, **changes: Any) -> BusinessmenState:
    """The state with one seat's fields changed."""
    return replace(state, seats=put(state.seats, seat, replace(state.seats[seat], **changes)))


def pay(state: BusinessmenState, seat: int, coins: int) -> BusinessmenState:
    """`seat` pays `coins` to the bank (negative: the bank pays the seat)."""
    after = with_seat(state, seat, coins=state.seats[seat].coins - coins)
    return replace(after, bank=after.bank + coins)


def gain_vp(state: BusinessmenState, seat: int, vp: int) -> BusinessmenState:
    """Move `seat`'s VP marker by `vp`; the scale has no place below 0."""
    return with_seat(state, seat, vp=max(0, state.seats[seat].vp + vp))


def log(state: BusinessmenState, kind: str, **data: Any) -> BusinessmenState:
    """The state with one more public event in its log (the oldest drop off)."""
    number = state.logged + 1
    entry = Event(kind, {"n": number, "round": state.round, **data})
    return replace(state, log=(*state.log[-(LOG_LENGTH - 1) :], entry), logged=number)


def types_held(seat: Seat) -> list[int]:
    """The goods types in the main warehouse."""
    return [g for g, units in enumerate(seat.main) if units > 0]


def room_for_types(seat: Seat) -> int:
    """How many goods types the main warehouse holds at its level."""
    return WAREHOUSE_TYPES[seat.levels[WAREHOUSE] - 1]
