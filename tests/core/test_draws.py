"""core.draws shuffles as random.Random.shuffle does, so seeded random games stay the same."""

from __future__ import annotations

import random

from tradingfloor.core.draws import shuffle


class _Counted(random.Random):
    """A Random of another class: the shuffle is left to its own method."""


def test_shuffle_matches_random_shuffle() -> None:
    for seed in range(400):
        for length in (0, 1, 2, 3, 7, 10, 16, 33, 60, 129):
            ours, theirs = random.Random(seed), random.Random(seed)
            items, expected = list(range(length)), list(range(length))
            shuffle(items, ours)
            theirs.shuffle(expected)
            assert items == expected
            assert ours.getstate() == theirs.getstate()


def test_another_random_class_shuffles_itself() -> None:
    ours, theirs = _Counted(5), random.Random(5)
    items, expected = list(range(20)), list(range(20))
    shuffle(items, ours)
    theirs.shuffle(expected)
    assert items == expected


def test_a_system_random_gets_its_own_uniform_shuffle() -> None:
    items = list(range(10))
    shuffle(items, random.SystemRandom())
    assert sorted(items) == list(range(10))
