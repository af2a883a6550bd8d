"""Small pure helpers over the table: tuple updates, seat order, warehouse types."""

from __future__ import annotations

from functools import cache
from typing import Any, Final, Protocol

from tradingfloor.games.businessmen.state import (
    PRICE_MAX,
    PRICE_MIN,
    WAREHOUSE,
    WAREHOUSE_TYPES,
)


class Warehouses(Protocol):
    """What the warehouse helpers read of a seat: a Seat, or one that a step is changing."""

    @property
    def main(self) -> tuple[int, ...]: ...

    @property
    def levels(self) -> tuple[int, ...]: ...


# The helpers over tuples of figures spell out any(), sum() and max() over a generator, or a
# comprehension: compiled (tradingfloor/compiled.py), these run as native loops, where the builtin
# called on the tuple itself is a generic call. The rules ask them for every seat at every step.


def some(values: tuple[int, ...]) -> bool:
    """Whether any of `values` is not 0 (or False): `any(values)`."""
    return any(value for value in values)


def total(values: tuple[int, ...]) -> int:
    """`sum(values)`."""
    return sum(value for value in values)


def added(values: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    """`values` and `more` added place by place (of equal lengths)."""
    return tuple([value + more[place] for place, value in enumerate(values)])


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """`values` with position `index` replaced."""
    # One list and one tuple made (slicing and joining made five).
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """`values` with `delta` added at `index`."""
    return put(values, index, values[index] + delta)


def clamp_price(price: int) -> int:
    """RULINGS Businessmen 7: prices live on a scale of 1-10; a move past an end stops at it."""
    return max(PRICE_MIN, min(PRICE_MAX, price))


@cache  # a handful of (players, start) pairs, asked for at every step by the turn's search
def clockwise(players: int, start: int) -> tuple[int, ...]:
    """Every seat of `players` once, clockwise from `start` (taken modulo `players`)."""
    return tuple((start + k) % players for k in range(players))


# clockwise(players, start) for every start of a table of up to 8 players, by players then start:
# the turn's search reads it at every step, and two subscripts cost less than a cached call.
CLOCKWISE: Final = tuple(
    tuple(clockwise(players, start) for start in range(players)) for players in range(9)
)


def types_held(seat: Warehouses) -> list[int]:
    """The goods types in the main warehouse."""
    return [g for g, units in enumerate(seat.main) if units > 0]


def room_for_types(seat: Warehouses) -> int:
    """How many goods types the main warehouse holds at its level."""
    return WAREHOUSE_TYPES[seat.levels[WAREHOUSE] - 1]


def over_room(seat: Warehouses) -> bool:
    """Whether the main warehouse holds more goods types than its level allows."""
    main = seat.main
    held = sum(1 for units in main if units)  # the types held
    # Every level's warehouse holds one type at least: the level is read only for two or more
    # (in random play, most warehouses hold none or one).
    return held > 1 and held > room_for_types(seat)
