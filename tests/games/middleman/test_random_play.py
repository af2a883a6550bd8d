"""Invariants of every step of random legal Middleman games, for 2-8 players, guarded or not."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.middleman.helpers import GAME, figures


def check_step(before: Any, after: Any) -> None:
    """A resolved step moves cash and tins by exactly its public fills, and no further."""
    step = GAME.view(after, None)["history"][-1]
    (cash0, tins0, out0), (cash1, tins1, out1) = figures(before), figures(after)
    assert step["market"] == sum(s["digit"] for s in step["seats"])
    assert sum(s["filled"] + s["void"] for s in step["seats"]) <= step["market"]
    sign = -1 if step["side"] == "buy" else 1
    for s, seat in enumerate(step["seats"]):
        if out0[s]:
            assert seat["tins"] is None and (cash1[s], tins1[s]) == (cash0[s], tins0[s])
            continue
        assert seat["filled"] + seat["void"] <= seat["tins"]
        assert out1[s] == seat["went_out"]
        assert cash1[s] == cash0[s] + sign * seat["filled"] * seat["price"]
        assert tins1[s] == tins0[s] - sign * seat["filled"]
        assert cash1[s] >= 0 and tins1[s] >= 0


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8), st.booleans(), st.integers(0, 2**32))
def test_random_games_keep_the_books_straight(players: int, guarded: bool, seed: int) -> None:
    rng = random.Random(seed)
    state: Any = GAME.new({"players": players, "guarded": guarded}, seed=seed)
    steps = 0
    while actors := GAME.actors(state):
        before = state
        for seat in actors:
            state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
        if GAME.view(before, None)["phase"] != "rows":
            steps += 1
            check_step(before, state)
    assert steps <= 20
    if guarded:
        assert not any(figures(state)[2])
        assert steps == 20
    result = GAME.result(state)
    assert result is not None
    assert all(not figures(state)[2][w] for w in result.winners)
