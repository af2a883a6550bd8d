"""The counter-based generator: a cursor draws exactly what the stored position would, and both
draw what SplitMix64 written the textbook way, on whole integers, gives."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tradingfloor.core.rng import Rng, _splitmix64

MASK = 2**64 - 1
seeds = st.integers(min_value=-(2**70), max_value=2**70)
counters = st.integers(min_value=0, max_value=2**40)
# Counters of any size and sign, and those whose low half is about to carry into the high one.
any_counters = st.one_of(
    st.integers(min_value=-(2**100), max_value=2**100),
    st.integers(min_value=-3, max_value=3).map(lambda step: 2**32 + step),
    st.integers(min_value=-3, max_value=3).map(lambda step: 2**64 + step),
)
# Bounds of dice, decks and wheels, those about the edge of `below`'s drawing on halves (2**28),
# and any up to 2**64.
bounds = st.one_of(
    st.integers(min_value=1, max_value=100),
    st.integers(min_value=2**28 - 3, max_value=2**28 + 3),
    st.integers(min_value=1, max_value=2**64),
)

# Values about the edges of the halves and of 64 bits.
EDGES = [0, 1, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -1, -(2**32)]


def textbook_splitmix64(x: int) -> int:
    """SplitMix64 on whole integers, as the generator drew before it worked in 32-bit halves."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def textbook_draw(seed: int, counter: int) -> int:
    """The draw at (seed, counter): SplitMix64 of the seed's own SplitMix64 ^ the counter."""
    return textbook_splitmix64(textbook_splitmix64(seed & MASK) ^ counter)


def textbook_below(seed: int, counter: int, bound: int) -> tuple[int, int]:
    """`below(bound)` from (seed, counter) by rejection on whole draws, and the counter after."""
    limit = 2**64 - 2**64 % bound
    value = textbook_draw(seed, counter)
    while value >= limit:
        counter += 1
        value = textbook_draw(seed, counter)
    return value % bound, counter + 1


def unmixed(value: int) -> int:
    """The x whose SplitMix64 is `value` (each step of SplitMix64 can be undone)."""
    value = _unshifted(value, 31) * pow(0x94D049BB133111EB, -1, 2**64) & MASK
    value = _unshifted(value, 27) * pow(0xBF58476D1CE4E5B9, -1, 2**64) & MASK
    return (_unshifted(value, 30) - 0x9E3779B97F4A7C15) & MASK


def _unshifted(value: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == value."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


@given(seeds, counters, st.integers(min_value=0, max_value=40))
def test_a_cursor_draws_the_positions_draws_in_order(seed: int, counter: int, draws: int) -> None:
    position = Rng(seed, counter)
    cursor = position.cursor()
    for _ in range(draws):
        expected, position = position.bits64()
        assert cursor.bits64() == expected
    assert cursor.rng == position == Rng(seed, counter + draws)


def test_known_draws_stay_fixed() -> None:
    """Seeded games depend on these exact values (SplitMix64 of SplitMix64(seed) ^ counter)."""
    value, after = Rng(1).bits64()
    assert value == 6791897765849424158
    assert after == Rng(1, 1)
    assert value == Rng(1).cursor().bits64()
    cursor = Rng(7, 3).cursor()
    assert [cursor.below(6) for _ in range(5)] == [cursor_below(7, 3 + i) for i in range(5)]


def cursor_below(seed: int, counter: int) -> int:
    """`below(6)` worked out from the stored position (no value here is rejected: 6 divides
    2**64 - 2**64 % 6 exactly and the rejection zone is tiny)."""
    value, _ = Rng(seed, counter).bits64()
    return value % 6


@given(seeds, counters)
def test_a_position_is_the_frozen_value_of_its_fields(seed: int, counter: int) -> None:
    position = Rng(seed, counter)
    assert (position.seed, position.counter) == (seed, counter)
    assert position == Rng(seed=seed, counter=counter) and hash(position) == hash(
        Rng(seed, counter)
    )
    assert repr(position) == f"Rng(seed={seed}, counter={counter})"
    assert pickle.loads(pickle.dumps(position)) == position
    assert Rng(seed) == Rng(seed, 0) != Rng(seed, 1)
    with pytest.raises(FrozenInstanceError):
        position.seed = seed + 1  # type: ignore[misc]


@given(seeds)
def test_a_draw_hashes_the_seed_as_splitmix64_of_its_low_64_bits(seed: int) -> None:
    """The seed's hash is kept per seed; a draw is the same as working it out afresh."""
    for counter in (0, 1, 2**40):
        value, _ = Rng(seed, counter).bits64()
        assert value == textbook_splitmix64(textbook_splitmix64(seed & (2**64 - 1)) ^ counter)
        assert Rng(seed, counter).cursor().bits64() == value


@given(seeds, counters, st.integers(min_value=1, max_value=2**64))
def test_a_draw_below_a_bound_rejects_as_worked_out_afresh(
    seed: int, counter: int, bound: int
) -> None:
    """`below` keeps each bound's rejection limit: its draws are those of the limit worked out
    at every draw (the bound's largest multiple up to 2**64), asked twice to use the kept one."""
    cursor = Rng(seed, counter).cursor()
    position = Rng(seed, counter)
    for _ in range(2):
        drawn = cursor.below(bound)
        limit = 2**64 - 2**64 % bound
        value, position = position.bits64()
        while value >= limit:
            value, position = position.bits64()
        assert drawn == value % bound
    assert cursor.rng == position


@pytest.mark.parametrize("bound", [0, -1, 2**64 + 1, 2**70])
def test_a_draw_below_a_bound_out_of_range_is_refused(bound: int) -> None:
    """A bound past the draws' 2**64 values is refused (it would never give a draw)."""
    cursor = Rng(7).cursor()
    with pytest.raises(ValueError, match="bound"):
        cursor.below(bound)
    assert cursor.rng == Rng(7)


@given(st.one_of(st.integers(min_value=-(2**70), max_value=2**70), st.sampled_from(EDGES)))
def test_splitmix64_in_halves_is_the_textbook_one(x: int) -> None:
    assert _splitmix64(x) == textbook_splitmix64(x)


@given(seeds, any_counters, st.integers(min_value=1, max_value=5))
def test_draws_are_the_textbook_ones_at_any_position(seed: int, counter: int, draws: int) -> None:
    """Each draw, from a stored position and from a cursor, is the textbook SplitMix64 draw."""
    position = Rng(seed, counter)
    cursor = position.cursor()
    for step in range(draws):
        value, position = position.bits64()
        assert value == cursor.bits64() == textbook_draw(seed, counter + step)


@given(seeds, any_counters, bounds)
def test_below_draws_as_the_textbook_rejection(seed: int, counter: int, bound: int) -> None:
    """`below`, on the halves of a draw or on the whole of it, gives the textbook draws."""
    cursor = Rng(seed, counter).cursor()
    for _ in range(3):
        expected, counter = textbook_below(seed, counter, bound)
        assert cursor.below(bound) == expected
        assert cursor.rng == Rng(seed, counter)


@given(seeds, bounds, st.integers(min_value=0))
def test_below_rejects_a_draw_in_the_zone_past_the_bounds_last_multiple(
    seed: int, bound: int, depth: int
) -> None:
    """A draw in the rejection zone (from the bound's largest multiple up to 2**64) is passed
    over, as the textbook rejection does: placed at `counter` by undoing SplitMix64."""
    zone = 2**64 % bound  # how many draws are rejected: none for a power of two
    value = MASK - depth % max(zone, 1)  # counted down from the top: in the zone, if it has any
    counter = unmixed(value) ^ textbook_splitmix64(seed & MASK)
    assert textbook_draw(seed, counter) == value
    cursor = Rng(seed, counter).cursor()
    expected, after = textbook_below(seed, counter, bound)
    assert cursor.below(bound) == expected
    assert cursor.rng == Rng(seed, after)
    assert after > counter + 1 if zone else after == counter + 1


@given(st.lists(st.tuples(seeds, counters), min_size=1, max_size=6))
def test_cursors_of_positions_of_several_seeds_in_turn_draw_each_seeds_draws(
    positions: list[tuple[int, int]],
) -> None:
    """A cursor keeps the hash of the seed it was last made from: cursors made in turn from
    positions of different seeds (and of equal seeds, as separate integers) draw each its own
    seed's draws."""
    for seed, counter in positions * 2:
        cursor = Rng(seed, counter).cursor()
        assert cursor.bits64() == textbook_draw(seed, counter)
        assert cursor.rng == Rng(seed, counter + 1)
