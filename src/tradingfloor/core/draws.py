"""Draws from a `random.Random` as its own methods make them, with less overhead per draw.

Engines sample thousands of times a second; these give the very results of the standard
library's methods (the same values and the same generator state after), so seeded games stay
the same, and tests hold them to the methods they stand for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any, Final, TypeVar

T = TypeVar("T")

# The class a plain generator is of, kept: compiled, `random.Random` is an attribute looked up in
# the module at every draw (a fifth of `below`'s own cost).
PLAIN_RANDOM: Final = random.Random
PLAIN_GETRANDBITS: Final = PLAIN_RANDOM.getrandbits
"""`rng.getrandbits` of a `PLAIN_RANDOM` generator, called as `PLAIN_GETRANDBITS(rng, bits)`: no
bound method is made for it (a caller that draws many times per sample)."""
PLAIN_FLOAT: Final = PLAIN_RANDOM.random
"""`rng.random` of a `PLAIN_RANDOM` generator, called as `PLAIN_FLOAT(rng)` (not looked up on
the generator at each call)."""


def shuffle(items: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(items)`: the same draws and the same order.

    For a plain `random.Random` it is that method written out: Fisher-Yates from the end, each
    partner drawn as `_randbelow` draws it, by rejection from `getrandbits` of the place's bit
    length. Another class of generator shuffles by its own method."""
    if type(rng) is not PLAIN_RANDOM:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for place, bound, bits in shuffle_steps(len(items)):
        partner = _partner(getrandbits, bound, bits)
        items[place], items[partner] = items[partner], items[place]


def shuffled_lazily(items: Sequence[T], rng: random.Random) -> Iterator[T]:
    """`items` in a uniformly random order, each drawn only when it is asked for.

    Fisher-Yates from the end, one place at a time: the partner of place i is drawn (as `below`
    draws it), the two swapped, and the item now at i given; the last item left needs no draw.
    Run to the end it yields `rng.shuffle`'s list read backwards, with its draws; a caller that
    stops after k items has taken only k draws (`items` itself is left as it is)."""
    order = list(items)
    if type(rng) is not PLAIN_RANDOM:
        for place in range(len(order) - 1, 0, -1):
            partner = rng.randrange(place + 1)
            order[place], order[partner] = order[partner], order[place]
            yield order[place]
    else:
        getrandbits = rng.getrandbits
        for place, bound, bits in shuffle_steps(len(order)):
            partner = _partner(getrandbits, bound, bits)
            order[place], order[partner] = order[partner], order[place]
            yield order[place]
    if order:
        yield order[0]


def below(bound: int, rng: random.Random) -> int:
    """`rng.randrange(bound)` for a whole `bound` > 0: the same draw and the same state after.

    For a plain `random.Random` it is `_randbelow` written out: `getrandbits` of the bound's bit
    length until the draw falls below it. Another class of generator draws by its own method."""
    if type(rng) is not PLAIN_RANDOM or type(bound) is not int or bound <= 0:
        return rng.randrange(bound)  # its own draw, or randrange's own error
    bits = bound.bit_length()
    # (the method called unbound: looked up on the generator, it cost a search of its dict)
    drawn = PLAIN_GETRANDBITS(rng, bits)
    while drawn >= bound:
        drawn = PLAIN_GETRANDBITS(rng, bits)
    return drawn


def _partner(getrandbits: Callable[[int], int], bound: int, bits: int) -> int:
    """A place's partner in a shuffle, below `bound`, as `_randbelow` draws it: `bits` bits at a
    time (`bound.bit_length()`) until the draw falls below it. (`below` keeps its own loop: it
    looks `getrandbits` up only when it draws, and the picks call it at almost every move.)"""
    partner = getrandbits(bits)
    while partner >= bound:
        partner = getrandbits(bits)
    return partner


@cache
def shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The shuffle's steps for a list of `length`: the place filled, the bound of its partner,
    and the bits drawn at a time (`_randbelow`'s `n.bit_length()`). A caller that writes
    `shuffled_lazily` out draws each partner from a `PLAIN_RANDOM` generator as `_partner` does."""
    return tuple((place, place + 1, (place + 1).bit_length()) for place in range(length - 1, 0, -1))
