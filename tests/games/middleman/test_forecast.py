"""The forecast's cached arithmetic gives, to the last bit, what the plain arithmetic gives."""

from __future__ import annotations

import random

from tradingfloor.games.middleman import forecast
from tradingfloor.games.middleman.forecast import Distribution


def convolved(known: int, unknown_rows: list[tuple[int, ...]]) -> Distribution:
    """`known` plus one digit drawn uniformly from each row, added up directly."""
    dist: Distribution = {known: 1.0}
    for digits in unknown_rows:
        if not digits:
            continue
        step: Distribution = {}
        for total, p in dist.items():
            for digit in digits:
                step[total + digit] = step.get(total + digit, 0.0) + p * (1.0 / len(digits))
        dist = step
    return dist


def test_a_market_distribution_is_the_direct_sum_whatever_the_known_digits() -> None:
    rng = random.Random(4)
    for _ in range(300):
        rows = [tuple(sorted(rng.sample(range(10), rng.randint(0, 10)))) for _ in range(4)]
        for known in (0, rng.randint(1, 40)):
            got = forecast.market_distribution(known, rows)
            expected = convolved(known, rows)
            assert list(got.items()) == list(expected.items())


def test_a_market_distribution_can_be_changed_by_its_caller_alone() -> None:
    first = forecast.market_distribution(3, [(0, 1), (2,)])
    first[99] = 1.0
    assert 99 not in forecast.market_distribution(3, [(0, 1), (2,)])
