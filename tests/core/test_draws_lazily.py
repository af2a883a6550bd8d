"""core.draws.shuffled_lazily: a Fisher-Yates shuffle from the end, drawn one place at a time."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from tradingfloor.core.draws import shuffled_lazily


class _Other(random.Random):
    """A Random of another class: the partners are drawn by its own randrange."""


def _the_long_way(items: list[int], rng: random.Random) -> Iterator[int]:
    """Fisher-Yates from the end, written plainly: the partner of place i is rng.randrange(i + 1),
    and places n-1 down to 0 are read as they are settled."""
    order = list(items)
    for place in reversed(range(len(order))):
        if place > 0:
            partner = rng.randrange(place + 1)
            order[place], order[partner] = order[partner], order[place]
        yield order[place]


@given(st.integers(0, 2**32), st.integers(0, 70))
def test_run_to_the_end_it_is_the_long_way_and_takes_its_draws(seed: int, length: int) -> None:
    items = list(range(length))
    ours, theirs = random.Random(seed), random.Random(seed)
    assert list(shuffled_lazily(items, ours)) == list(_the_long_way(items, theirs))
    assert ours.getstate() == theirs.getstate()
    assert items == list(range(length))  # the caller's list is left as it is


@given(st.integers(0, 2**32), st.integers(1, 70), st.data())
def test_stopped_after_k_items_it_has_taken_k_steps_draws(
    seed: int, length: int, data: st.DataObject
) -> None:
    taken = data.draw(st.integers(0, length))
    ours, theirs = random.Random(seed), random.Random(seed)
    mine = list(itertools.islice(shuffled_lazily(range(length), ours), taken))
    reference = list(itertools.islice(_the_long_way(list(range(length)), theirs), taken))
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


def test_run_to_the_end_it_reads_random_shuffle_backwards() -> None:
    for seed in range(200):
        for length in (0, 1, 2, 3, 9, 55):
            ours, theirs = random.Random(seed), random.Random(seed)
            expected = list(range(length))
            theirs.shuffle(expected)
            assert list(shuffled_lazily(range(length), ours)) == expected[::-1]
            assert ours.getstate() == theirs.getstate()


def test_another_random_class_draws_by_its_own_randrange() -> None:
    ours, theirs = _Other(8), random.Random(8)
    assert list(shuffled_lazily(range(30), ours)) == list(_the_long_way(list(range(30)), theirs))


def test_every_order_of_three_comes_up() -> None:
    # Equality to the long way already makes the order uniform; this checks the long way itself
    # (a swap with the wrong partner can still give permutations, but not all six evenly often).
    rng = random.Random(4)
    seen = [tuple(shuffled_lazily("abc", rng)) for _ in range(600)]
    counts = {order: seen.count(order) for order in itertools.permutations("abc")}
    assert all(60 < count < 140 for count in counts.values()), counts
