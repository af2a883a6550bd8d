"""The sampler shuffles as random.Random.shuffle does, so seeded random games stay the same."""

from __future__ import annotations

import random

from tradingfloor.games.merlin.spaces import shuffle


class _Counted(random.Random):
    """A Random of another class: the sampler leaves the shuffle to it."""


def test_shuffle_matches_random_shuffle() -> None:
    for seed in range(40):
        for length in (0, 1, 2, 3, 7, 16, 33, 60, 129):
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
