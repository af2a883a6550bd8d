"""Merlin's observation is written into one vector per thread, zeroed for each observation, and
small counts are squashed in Python (`writing.Writer`, `writing.squashed_counts`): the same
float32 figures as a fresh vector and NumPy's in-place squashing give."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tests.games.merlin.helpers import random_moves
from tradingfloor.games.merlin.view import bot_view, view
from tradingfloor.rl.merlin import MerlinEncoder, observation
from tradingfloor.rl.merlin.features import FEATURES
from tradingfloor.rl.merlin.writing import (
    Writer,
    squashed_count,
    squashed_counts,
)

GAME = tradingfloor.make("merlin")
ENCODER = MerlinEncoder()
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def _positions(options: Mapping[str, Any] | None, seed: int, moves: int) -> Iterator[Any]:
    """The (state, seat) of each move of a seeded game of random legal moves."""
    for state, seat, _, _ in random_moves(GAME.new(options, seed), seed, moves):
        yield state, seat


@pytest.mark.parametrize("size", [1, 2, 3, 5, 10, 20])
def test_squashed_counts_are_numpys_float32_quotients(size: int) -> None:
    counts = list(range(100_000))
    in_place = np.array(counts, dtype=np.float32)
    in_place /= in_place + size  # (NumPy's float32 squashing, as the observation once did)
    written = np.zeros(len(counts), dtype=np.float32)
    written[:] = squashed_counts(counts, size)
    assert np.array_equal(written, in_place)
    written[:] = [squashed_count(n, size) for n in counts]
    assert np.array_equal(written, in_place)


def test_numbers_put_are_those_numpy_assigns() -> None:
    """`Writer.put` (packed as C floats) writes what NumPy's assignment of the list writes:
    each float, int and flag rounded to float32 the same way, and the rest of the part left."""
    rng = random.Random(5)
    numbers: list[float] = [rng.uniform(-1, 1) for _ in range(3000)]
    numbers += [rng.random() / 3 for _ in range(1000)] + [1 / 3, 2 / 3, 0.1, -0.7, 1e-40]
    numbers += [rng.randrange(-50, 50) for _ in range(200)] + [True, False, 0, 1]
    rng.shuffle(numbers)
    for start in range(0, len(numbers), 97):
        chunk = numbers[start : start + 97]
        parts = Writer()
        parts.at = 11
        parts.put(chunk, len(chunk) + 3)
        assigned = np.zeros(FEATURES, dtype=np.float32)
        assigned[11 : 11 + len(chunk)] = chunk
        assert parts.at == 11 + len(chunk) + 3
        assert np.array_equal(parts.vector(), assigned)


@pytest.mark.parametrize("options", [None, ALL_MODULES], ids=["economy", "all modules"])
def test_each_observation_is_that_of_a_fresh_vector(options: Mapping[str, Any] | None) -> None:
    positions = list(_positions(options, 7, 300))
    # One thread, one vector, observation after observation, as an environment observes.
    observed = [ENCODER.observe(bot_view(state, seat)) for state, seat in positions]
    # Each in a thread of its own: a vector never written before.
    fresh: list[np.ndarray] = []
    for state, seat in positions:
        thread = threading.Thread(target=lambda s=state, t=seat: fresh.append(_observe(s, t)))
        thread.start()
        thread.join()
    assert len(observed) == len(fresh) == len(positions)
    for one, other in zip(observed, fresh, strict=True):
        assert np.array_equal(one, other)


def _observe(state: Any, seat: int) -> np.ndarray:
    return ENCODER.observe(view(state, seat))


def test_an_observation_is_not_changed_by_the_next() -> None:
    (first_state, first_seat), (state, seat) = list(_positions(ALL_MODULES, 8, 2))
    first = ENCODER.observe(bot_view(first_state, first_seat))
    kept = first.copy()
    ENCODER.observe(bot_view(state, seat))
    assert np.array_equal(first, kept)


MODULE_OPTIONS: list[Mapping[str, Any] | None] = [
    None,
    {"players": 4, "modules": ["economy", "magic"]},
    {"players": 4, "modules": ["economy", "finance"]},
]


@pytest.mark.parametrize("options", MODULE_OPTIONS, ids=["economy", "magic", "finance"])
def test_skipping_the_parts_of_a_module_that_is_off_writes_what_its_sections_would(
    options: Mapping[str, Any] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    positions = list(_positions(options, 11, 150))
    skipped = [ENCODER.observe(bot_view(state, seat)) for state, seat in positions]
    monkeypatch.setattr(observation, "MODULES", ())  # every section written, whatever is on
    written = [ENCODER.observe(bot_view(state, seat)) for state, seat in positions]
    for one, other in zip(skipped, written, strict=True):
        assert np.array_equal(one, other)


def test_each_module_section_writes_as_many_numbers_as_it_skips() -> None:
    state, seat = next(_positions(ALL_MODULES, 12, 1))
    seen = bot_view(state, seat)
    for module, write in observation._SECTIONS:
        if module is not None:
            parts = Writer()
            write(parts, seen, seat)
            assert parts.at == observation._SIZES[write], write.__name__
