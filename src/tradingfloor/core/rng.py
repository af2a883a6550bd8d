"""A counter-based random number generator whose whole position is two integers kept in the state.

Each draw hashes (seed, counter) with SplitMix64, so a state can be copied, stored and replayed
without carrying a generator object: the same seed and counter always give the same draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeVar

from tradingfloor.core.native import mypyc_attr

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64  # the draws' range


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


@lru_cache(maxsize=1024)
def _hashed_seed(seed: int) -> int:
    """The seed's own hash, the first half of every draw: worked out once for the draws of a
    game, whose transitions each make a cursor from the same seed."""
    return _splitmix64(seed & _MASK)


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
        value = _splitmix64(_hashed_seed(self.seed) ^ self.counter)
        return value, Rng(self.seed, self.counter + 1)

    def cursor(self) -> RngCursor:
        """A mutable cursor for several draws inside one transition."""
        return RngCursor(self)


_set_seed = Rng.__dict__["seed"].__set__
_set_counter = Rng.__dict__["counter"].__set__


def _limit(n: int) -> int:
    """The draws below which `value % n` is uniform: the largest multiple of `n` in the range."""
    limit = _LIMITS.get(n)
    if limit is None:
        limit = _LIMITS[n] = _SPAN - _SPAN % n
    return limit


# Worked out once per bound (games draw below a handful of bounds): three operations on integers
# of 64 bits and more were a fifth of a draw.
_LIMITS: Final[dict[int, int]] = {}


class RngCursor:
    """Draws in sequence from an `Rng`; `.rng` is the position after the last draw.

    It keeps the seed's hash and the counter as plain integers, so a draw builds no `Rng`."""

    __slots__ = ("_counter", "_hashed", "_seed")

    def __init__(self, rng: Rng) -> None:
        self._seed = rng.seed
        self._hashed = _hashed_seed(rng.seed)
        self._counter = rng.counter

    @property
    def rng(self) -> Rng:
        return Rng(self._seed, self._counter)

    def bits64(self) -> int:
        """The same draw as `Rng.bits64` at this position."""
        value = _splitmix64(self._hashed ^ self._counter)
        self._counter += 1
        return value

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if not 0 < n <= _SPAN:  # past 2**64 no draw could be uniform: the limit would be 0
            raise ValueError("below() needs a bound from 1 to 2**64")
        limit = _limit(n)
        while True:
            value = self.bits64()
            if value < limit:
                return value % n

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
