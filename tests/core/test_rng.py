"""The counter-based generator: a cursor draws exactly what the stored position would."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tradingfloor.core.rng import Rng, _splitmix64

seeds = st.integers(min_value=-(2**70), max_value=2**70)
counters = st.integers(min_value=0, max_value=2**40)


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
        assert value == _splitmix64(_splitmix64(seed & (2**64 - 1)) ^ counter)
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
