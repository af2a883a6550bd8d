"""The vectorized heuristic bot against `bots.HeuristicBot`: the same rows give the same games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tests.games.middleman.test_fast_differential import TapePolicy, scalar_order_from_tape
from tradingfloor.core.agent import Decision
from tradingfloor.core.playout import play_out
from tradingfloor.games.middleman import fast
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.bots import HeuristicBot
from tradingfloor.games.middleman.fast_heuristic import HeuristicPolicy
from tradingfloor.games.middleman.fast_policies import random_rows
from tradingfloor.games.middleman.state import ROUNDS

GAME = tradingfloor.make("middleman")


class DealtHeuristic(HeuristicPolicy):
    """The vectorized heuristic with rows dealt beforehand (the bots' own rows are random)."""

    def __init__(self, a: Any, d: Any) -> None:
        self.a, self.d = a, d

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Any, Any]:
        return self.a, self.d


class TapeAgent:
    """The reference side of `TapePolicy`: the same raw draws become the same orders."""

    name = "tape"

    def __init__(self, tape: Any) -> None:
        self.tape = tape  # (10, 2, players, 3) for one game
        self.steps: dict[int, int] = {}

    def act(self, decision: Decision, rng: random.Random) -> Any:
        described = decision.legal.describe()["actions"][0]
        side = described["type"]
        view = decision.view
        raw = self.tape[view["round"] - 1, ("buy", "sell").index(side), decision.seat]
        fields = described["fields"]
        tins, price = scalar_order_from_tape(
            raw, fields["tins"]["max"], fields["price"]["max"], described.get("budget")
        )
        kind = Buy if side == "buy" else Sell
        return kind(tins=int(tins), price=int(price))


# (players, guarded, seats playing the heuristic bot, games); the other seats play the tape.
CASES = [
    (2, False, 2, 24),
    (3, False, 3, 30),
    (4, True, 4, 10),
    (3, False, 1, 24),
    (5, False, 2, 12),
    (6, True, 3, 8),
    (8, False, 5, 3),
]


@pytest.mark.parametrize(("players", "guarded", "bots", "games"), CASES)
def test_vectorized_heuristic_plays_the_bots_games(
    players: int, guarded: bool, bots: int, games: int
) -> None:
    rng = np.random.default_rng([players, bots, 7])
    heuristic_rows = HeuristicPolicy().rows
    dealt = [(heuristic_rows if s < bots else random_rows)(games, rng) for s in range(players)]
    tape = rng.integers(0, 2**31, (ROUNDS, 2, players, games, 3))
    rows_a = np.stack([a for a, _ in dealt])
    rows_d = np.stack([d for _, d in dealt])
    policies = [
        DealtHeuristic(*dealt[s]) if s < bots else TapePolicy(rows_a, rows_d, tape)
        for s in range(players)
    ]
    for s in range(bots, players):
        policies[s].next_seat = s  # type: ignore[attr-defined]
    batch = fast.play_batch(players, guarded, policies, games, rng)
    for g in range(games):
        state = GAME.new({"players": players, "guarded": guarded}, g)
        for seat, (a, d) in enumerate(dealt):
            rows = Rows(a=tuple(map(int, a[:, g])), d=tuple(map(int, d[:, g])))
            state = GAME.apply(state, seat, rows)
        agents = [
            HeuristicBot() if s < bots else TapeAgent(tape[:, :, :, g]) for s in range(players)
        ]
        final = play_out(GAME, state, agents, random.Random(g))
        assert batch.cash[g].tolist() == list(final.cash), f"game {g}: cash"
        assert batch.tins[g].tolist() == list(final.tins), f"game {g}: tins"
        assert batch.out[g].tolist() == list(final.out), f"game {g}: out"


def test_the_rows_are_the_bots_design() -> None:
    a, d = HeuristicPolicy().rows(500, np.random.default_rng(1))
    # Rising A and falling D, each neighbouring pair possibly swapped (bots.plan_rows).
    for row, start in ((a, np.arange(10)), (d, np.arange(9, -1, -1))):
        pairs = row.reshape(5, 2, -1)
        expected = start.reshape(5, 2)[:, :, None]
        assert (np.sort(pairs, axis=1) == np.sort(expected, axis=1)).all()
        swapped = (pairs[:, 0] != expected[:, 0]).mean()
        assert 0.4 < swapped < 0.6
