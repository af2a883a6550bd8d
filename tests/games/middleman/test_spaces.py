"""The legal spaces' own draws: the same games from the same seeds as the standard library's."""

from __future__ import annotations

import random

from tradingfloor.games.middleman.actions import Buy, Rows
from tradingfloor.games.middleman.spaces import DIGITS, OrderSpace, random_rows


def test_random_rows_deal_as_two_standard_shuffles() -> None:
    for seed in range(500):
        rng, expected_rng = random.Random(seed), random.Random(seed)
        a = list(DIGITS)
        expected_rng.shuffle(a)
        d = list(a)
        while d == a:
            expected_rng.shuffle(d)
        assert random_rows(rng) == Rows(a=tuple(a), d=tuple(d))
        assert rng.getstate() == expected_rng.getstate()


def test_an_order_is_sampled_as_two_randints() -> None:
    for budget in (None, 40):
        space = OrderSpace(Buy, 27, 1380, budget)
        rng, expected_rng = random.Random(7), random.Random(7)
        for _ in range(300):
            while True:
                tins, price = expected_rng.randint(0, 27), expected_rng.randint(0, 1380)
                if budget is None or tins * price <= budget:
                    break
            assert space.sample(rng) == Buy(tins=tins, price=price)
        assert rng.getstate() == expected_rng.getstate()


class _OwnDraws(random.Random):
    """A generator of another class: a space draws from it by its own `randrange`."""

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        self.asked = getattr(self, "asked", 0) + 1
        return super().randrange(*args)


def test_an_order_from_another_generator_is_drawn_by_its_own_randrange() -> None:
    for budget in (None, 40):
        space = OrderSpace(Buy, 27, 1380, budget)
        rng, expected_rng = _OwnDraws(3), random.Random(3)
        for _ in range(200):
            while True:
                tins, price = expected_rng.randrange(28), expected_rng.randrange(1381)
                if budget is None or tins * price <= budget:
                    break
            assert space.sample(rng) == Buy(tins=tins, price=price)
        assert rng.asked >= 400
