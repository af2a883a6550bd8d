"""Vectorized policies for the batch engine: each decides for one seat in B games at once."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from tradingfloor.games.middleman.fast import Array, SeatView, VectorPolicy
from tradingfloor.games.middleman.spaces import MAX_ASK, most_cash
from tradingfloor.games.middleman.state import ROUNDS


def _permutation_tables() -> tuple[Array, Array]:
    """Every split of 0-9 into two halves of five (252, flattened) and every pair of orderings.

    A permutation is a choice of the five digits that come first (252 ways) and an ordering of each
    half (120 x 120 ways): 252 x 14,400 = 10!, so one uniform draw picks one permutation uniformly.
    """
    splits = [
        (*chosen, *(d for d in range(ROUNDS) if d not in chosen))
        for chosen in itertools.combinations(range(ROUNDS), 5)
    ]
    fives = np.array(list(itertools.permutations(range(5))), dtype=np.int16)
    orderings = np.concatenate(
        [np.repeat(fives, 120, axis=0), np.tile(fives, (120, 1)) + 5], axis=1
    )
    return np.array(splits, dtype=np.int8).ravel(), orderings


SPLITS, ORDERINGS = _permutation_tables()  # (2520,) digits and (14400, 10) positions


def random_permutations(games: int, rng: np.random.Generator) -> Array:
    """(10, games): a uniformly random permutation of 0-9 in each column."""
    draw = rng.integers(0, 252 * 14400, games, dtype=np.int32)
    split = draw // 14400
    positions = np.take(ORDERINGS, draw - split * 14400, axis=0)  # (games, 10)
    positions += (split * 10).astype(np.int16)[:, None]
    return np.take(SPLITS, positions).T


def random_rows(games: int, rng: np.random.Generator) -> tuple[Array, Array]:
    """Rows dealt at random, A and D different in every game (like `spaces.random_rows`)."""
    a, d = random_permutations(games, rng), random_permutations(games, rng)
    same = np.nonzero((a == d).all(axis=0))[0]
    while same.size:  # Middleman §2: row D is "in a different order"
        d[:, same] = random_permutations(same.size, rng)
        same = same[(a[:, same] == d[:, same]).all(axis=0)]
    return a, d


def uniform_below(bound: Array, rng: np.random.Generator) -> Array:
    """One integer uniform in 0..bound for each entry of `bound`."""
    # float32 draws are twice as fast; the clamp guards the rare rounding up to bound + 1.
    draw = (rng.random(bound.shape, dtype=np.float32) * (bound + 1)).astype(np.int32)
    return np.minimum(draw, bound)


class RandomPolicy:
    """Any legal order, uniform over the legal (tins, price) pairs, like the reference `random`."""

    name = "random"

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Array, Array]:
        return random_rows(games, rng)

    def orders(self, view: SeatView, rng: np.random.Generator) -> tuple[Array, Array]:
        if view.phase == "sell":
            held = view.tins[view.seat]
            return uniform_below(held, rng), uniform_below(np.full_like(held, MAX_ASK), rng)
        cash = view.cash[view.seat]
        tins = uniform_below(np.full_like(cash, 9 * view.players), rng)
        if not view.guarded:  # RULINGS Middleman 4: any offer up to the interface's bound
            return tins, uniform_below(np.full_like(cash, most_cash(view.players)), rng)
        price = uniform_below(cash, rng)
        _redraw_unaffordable(tins, price, cash, view.players, rng)
        return tins, price


def _redraw_unaffordable(
    tins: Array, price: Array, cash: Array, players: int, rng: np.random.Generator
) -> None:
    """Guarded play: redraw orders that cost more than the cash (rejection keeps it uniform)."""
    bad = np.nonzero(tins * price > cash)[0]
    while bad.size:
        tins[bad] = uniform_below(np.full(bad.size, 9 * players, dtype=np.int32), rng)
        price[bad] = uniform_below(cash[bad], rng)
        bad = bad[tins[bad] * price[bad] > cash[bad]]


def _heuristic() -> VectorPolicy:
    from tradingfloor.games.middleman.fast_heuristic import HeuristicPolicy

    return HeuristicPolicy()


VECTOR_POLICIES: dict[str, Callable[[], VectorPolicy]] = {
    "random": RandomPolicy,
    "heuristic": _heuristic,
}
