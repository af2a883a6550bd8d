"""core.draws.below draws as random.Random.randrange does, so seeded random play stays the same."""

from __future__ import annotations

import random

import pytest

from tradingfloor.core.draws import below


class _Other(random.Random):
    """A Random of another class: the draw is left to its own randrange."""


def test_below_matches_randrange_draw_for_draw() -> None:
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for bound in (1, 2, 3, 7, 8, 9, 10, 28, 1381, 2**40 + 3):
            assert below(bound, ours) == theirs.randrange(bound)
        assert ours.getstate() == theirs.getstate()


def test_another_random_class_draws_by_its_own_randrange() -> None:
    ours, theirs = _Other(3), random.Random(3)
    assert [below(10, ours) for _ in range(50)] == [theirs.randrange(10) for _ in range(50)]


@pytest.mark.parametrize("bound", [0, -4])
def test_an_empty_range_is_refused_as_randrange_refuses_it(bound: int) -> None:
    with pytest.raises(ValueError, match="empty range"):
        below(bound, random.Random(1))
