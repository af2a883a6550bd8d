"""A counter-based random number generator whose whole position is two integers kept in the state.

Each draw hashes (seed, counter) with SplitMix64, so a state can be copied, stored and replayed
without carrying a generator object: the same seed and counter always give the same draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeVar

from tradingfloor.core.native import mypyc_attr

if TYPE_CHECKING:  # annotations only: a plain install runs without mypy's extensions
    from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64  # the draws' range
_HALF: Final = (1 << 32) - 1  # a half of a 64-bit value: its low or high 32 bits
_QUARTER: Final = (1 << 16) - 1

# SplitMix64 is worked out on the two 32-bit halves of its 64-bit value, its multipliers cut in
# 16-bit quarters, so that every value in between stays below 2**50. Compiled, a value past 2**62
# is a boxed integer of any size, and SplitMix64 on those was a quarter of Businessmen's step; the
# halves are machine words (`i64`, which never overflows here), and pure Python gets the same
# numbers as plain integers.


def _times(hi: i64, lo: i64, f3: i64, f2: i64, f1: i64, f0: i64) -> tuple[i64, i64]:
    """The halves of (hi, lo) times the factor of quarters f3..f0 (high to low), mod 2**64."""
    low_product = lo * f1  # the factor's second quarter: its low 16 bits fall in the low half
    low = lo * f0 + ((low_product & _QUARTER) << 16)
    high = (low >> 32) + (low_product >> 16) + lo * f2 + hi * f0
    high += ((lo * f3 + hi * f1) & _QUARTER) << 16  # the factor's top quarter, and hi * f1
    return high & _HALF, low & _HALF


def _mixed(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64 of the 64-bit value of these halves, as halves."""
    lo += 0x7F4A7C15
    hi = (hi + 0x9E3779B9 + (lo >> 32)) & _HALF
    lo &= _HALF
    lo ^= ((hi << 2) | (lo >> 30)) & _HALF  # x ^= x >> 30
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    lo ^= ((hi << 5) | (lo >> 27)) & _HALF  # x ^= x >> 27
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)
    lo ^= ((hi << 1) | (lo >> 31)) & _HALF  # x ^= x >> 31
    hi ^= hi >> 31
    return hi, lo


def _halves(x: int) -> tuple[i64, i64]:
    """The high and low halves of the low 64 bits of `x` (two's complement where negative).

    Masked as integers, then made words: a seed or counter may be an integer of any size."""
    return (x >> 32) & _HALF, x & _HALF


def _whole(hi: i64, lo: i64) -> int:
    """The 64-bit value of these halves (an integer first: as a word it would wrap past 2**63)."""
    return (int(hi) << 32) | int(lo)


def _splitmix64(x: int) -> int:
    """SplitMix64 of the low 64 bits of `x`."""
    return _whole(*_mixed(*_halves(x)))


@lru_cache(maxsize=1024)
def _hashed_seed(seed: int) -> tuple[i64, i64]:
    """The halves of the seed's own hash, the first half of every draw: worked out once for the
    draws of a game, whose transitions each make a cursor from the same seed."""
    return _mixed(*_halves(seed))


_LAST_HASHED: Final[list[tuple[int, tuple[i64, i64]]]] = [(0, _hashed_seed(0))]
"""The seed a cursor was last made from and its hash's halves, replaced whole: asked before
`_hashed_seed`'s cache, a generic call that builds a key."""


def _drawn(hashed: tuple[i64, i64], counter: int) -> tuple[i64, i64]:
    """The halves of the draw at `counter`: SplitMix64 of (the seed's hash ^ counter) mod 2**64."""
    hi, lo = _halves(counter)
    return _mixed(hashed[0] ^ hi, hashed[1] ^ lo)


# Compiled where the build is used (tradingfloor/compiled.py), a position stays a Python class (a
# frozen dataclass with slots, pickled in every state as before); its cursor and draws compile.
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Rng:
    """The generator's position: a secret seed and how many draws have been made from it."""

    seed: int
    counter: int = 0

    def __init__(self, seed: int, counter: int = 0) -> None:
        # Frozen: each field is set once past `__setattr__`, by its slot's own descriptor, at
        # half the cost of the generated `object.__setattr__` (a position is made every move).
        _set_seed(self, seed)
        _set_counter(self, counter)

    def bits64(self) -> tuple[int, Rng]:
        """One 64-bit draw and the generator after it."""
        value = _whole(*_drawn(_hashed_seed(self.seed), self.counter))
        return value, _position(self.seed, self.counter + 1)

    def cursor(self) -> RngCursor:
        """A mutable cursor for several draws inside one transition."""
        return RngCursor(self)


# (Final: compiled, read at once, not looked up by name in the module's globals at every call)
_set_seed: Final = Rng.__dict__["seed"].__set__
_set_counter: Final = Rng.__dict__["counter"].__set__
_blank: Final = object.__new__


def _position(seed: int, counter: int) -> Rng:
    """`Rng(seed, counter)` without the Python frame of its `__init__` (compiled, a cursor's
    position is made at every transition that draws)."""
    rng: Rng = _blank(Rng)
    _set_seed(rng, seed)
    _set_counter(rng, counter)
    return rng


def _limit(n: int) -> int:
    """The draws below which `value % n` is uniform: the largest multiple of `n` in the range."""
    limit = _LIMITS.get(n)
    if limit is None:
        limit = _LIMITS[n] = _SPAN - _SPAN % n
    return limit


# Worked out once per bound (games draw below a handful of bounds): three operations on integers
# of 64 bits and more were a fifth of a draw.
_LIMITS: Final[dict[int, int]] = {}

# The bounds that `below` draws under on the halves of a draw (dice, decks, wheels: every bound
# a game draws under); past it, on the whole 64-bit value.
_SMALL: Final = 1 << 28


class RngCursor:
    """Draws in sequence from an `Rng`; `.rng` is the position after the last draw.

    It keeps the seed's hash, in halves, and the counter as plain integers, so a draw builds no
    `Rng`."""

    __slots__ = ("_counter", "_hashed_hi", "_hashed_lo", "_seed")

    _hashed_hi: i64
    _hashed_lo: i64

    def __init__(self, rng: Rng) -> None:
        seed = rng.seed
        self._seed = seed
        last = _LAST_HASHED[0]
        if last[0] != seed:  # (nearly every transition draws from the last game's seed)
            last = _LAST_HASHED[0] = (seed, _hashed_seed(seed))
        self._hashed_hi, self._hashed_lo = last[1]
        self._counter = rng.counter

    @property
    def rng(self) -> Rng:
        return _position(self._seed, self._counter)

    def bits64(self) -> int:
        """The same draw as `Rng.bits64` at this position."""
        return _whole(*self._next())

    def _next(self) -> tuple[i64, i64]:
        """The halves of the next draw (`_drawn`, with the hash's halves at hand)."""
        hi, lo = _halves(self._counter)
        self._counter += 1
        return _mixed(self._hashed_hi ^ hi, self._hashed_lo ^ lo)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if 0 < n <= _SMALL:
            return self._below_small(n)
        if not 0 < n <= _SPAN:  # past 2**64 no draw could be uniform: the limit would be 0
            raise ValueError("below() needs a bound from 1 to 2**64")
        limit = _limit(n)
        while True:
            value = self.bits64()
            if value < limit:
                return value % n

    def _below_small(self, n: int) -> int:
        """`below(n)` for a bound up to `_SMALL`, on the draw's halves: the same draws.

        The rejection zone, from the bound's largest multiple up to 2**64, is fewer than n values
        at the very top: only a draw whose high half is all ones may fall in it. The remainder is
        that of hi * (2**32 % n) + lo, below 2**61."""
        while True:
            hi, lo = self._next()
            if hi != _HALF or lo < (1 << 32) - _SPAN % n:
                return (hi * ((1 << 32) % n) + lo) % n

    def die(self, sides: int = 6) -> int:
        """One roll of a fair die, 1..sides."""
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of `items`."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
