"""The action abstraction and the cheap playout policies, on Middleman's order spaces."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

import tradingfloor
from tradingfloor.agents.bandits import Arm, exp3_probabilities
from tradingfloor.agents.candidates import CandidatePool, field_grid
from tradingfloor.agents.playouts import ReplayPolicy, SkewedSampler
from tradingfloor.core.agent import RandomAgent
from tradingfloor.games.middleman.actions import Buy


def buying_state(seed: int = 3) -> object:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 3}, seed)
    for seat in range(3):
        state = game.apply(state, seat, game.legal(state, seat).sample(random.Random(seat)))
    return state


@given(st.integers(0, 50), st.integers(0, 200))
def test_the_grid_spans_the_range_denser_at_the_low_end(low: int, span: int) -> None:
    grid = field_grid(low, low + span)
    assert grid[0] == low and grid[-1] == low + span
    assert grid == sorted(set(grid)) and len(grid) <= 4
    gaps = [b - a for a, b in itertools.pairwise(grid)]
    assert gaps == sorted(gaps)


def test_a_wide_order_space_is_reduced_to_a_grid_and_widened_near_the_best() -> None:
    game = tradingfloor.make("middleman")
    space = game.legal(buying_state(), 0)
    pool = CandidatePool(game, space, random.Random(1), priors=[Buy(tins=7, price=4)])
    assert pool.actions[0] == Buy(tins=7, price=4)
    assert 10 <= len(pool.actions) <= 17
    assert all(space.contains(a) for a in pool.actions)
    before = len(pool.actions)
    assert pool.widen(Buy(tins=7, price=4))
    added = pool.actions[before:]
    assert Buy(tins=7, price=5) in added and Buy(tins=6, price=4) in added


def test_skewed_and_replayed_playout_orders_are_legal() -> None:
    game = tradingfloor.make("middleman")
    state = buying_state()
    rng = random.Random(2)
    skewed = SkewedSampler(game)
    replay = ReplayPolicy(game, RandomAgent(), skewed)
    for seat in range(3):
        space = game.legal(state, seat)
        assert space.contains(skewed.sample(space, rng))
        first = replay.act(state, seat, rng)
        assert space.contains(first)
        assert replay.act(state, seat, rng) == first  # replayed, not drawn again


def test_exp3_is_a_distribution_that_favours_gains() -> None:
    arms = [Arm(action=i, key=str(i), gain=g) for i, g in enumerate((0.0, 50.0, 10.0))]
    probs = exp3_probabilities(arms)
    assert abs(sum(probs) - 1) < 1e-9
    assert probs[1] > probs[2] > probs[0] > 0
