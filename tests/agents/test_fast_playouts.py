"""The lookahead's playouts on a game's own simulator (the optional `fast_playout` hook): the same
playouts, values and choices as on the rules engine, taken only where the hook plays the policy."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tradingfloor
from tradingfloor.agents.ismcts import ISMCTSAgent, play_to_end, playout_limit
from tradingfloor.agents.lookahead import hooked_playout, improve, outcome
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import Result, State
from tradingfloor.games.businessmen.bots import HeuristicAgent
from tradingfloor.games.businessmen.game import Businessmen
from tradingfloor.sim.match import seat_agent

GAME: Any = tradingfloor.make("businessmen")
# (seed, players, goal, steps of its heuristic game at which the lookahead decides); the first
# game's decisions include some where the lookahead overrules the heuristic.
GAMES = [(0, 3, 8, (5, 11, 23, 39, 90, 123)), (1, 4, 6, (7, 40)), (2, 2, 6, (9, 30))]


class RulesOnly(Businessmen):
    """Businessmen without the hook: every playout on the rules engine."""

    fast_playout = None


def heuristic_positions(seed: int, players: int, goal: int, steps: tuple[int, ...]) -> list[Any]:
    """The states at `steps` of a seeded heuristic game."""
    state = GAME.new({"players": players, "goal": goal}, seed)
    rng, heuristic, found = random.Random(seed), HeuristicAgent(), []
    for step in range(max(steps) + 1):
        seat = GAME.actors(state)[0]
        if step in steps:
            found.append(state)
        state = GAME.apply(state, seat, heuristic.act(decision_for(GAME, state, seat), rng))
    return found


def search(game: Any, state: State, horizon: int | None, seed: int) -> tuple[Any, list[Any]]:
    """The lookahead's choice (20 playouts) and every playout's result, in the order played."""
    prior = HeuristicAgent()
    fast = hooked_playout(game, "heuristic", playout_limit(horizon))
    assert (fast is None) == isinstance(game, RulesOnly)
    results: list[Result | None] = []

    def playout(world: State, stream: random.Random) -> Result | None:
        result = (
            fast(world, stream)
            if fast
            else outcome(game, play_to_end(game, prior, world, stream, horizon))
        )
        results.append(result)
        return result

    seat = game.actors(state)[0]
    choice = improve(decision_for(game, state, seat), prior, playout, random.Random(seed), 20, None)
    return choice, results


def test_the_hook_gives_the_lookahead_the_same_playouts_and_choices() -> None:
    overruled = 0
    for seed, players, goal, steps in GAMES:
        for index, state in enumerate(heuristic_positions(seed, players, goal, steps)):
            horizons = (80, None) if index == 0 else (80,)  # whole playouts: dear on the rules
            for horizon in horizons:
                choice, results = search(GAME, state, horizon, seed=index)
                assert (choice, results) == search(RulesOnly(), state, horizon, seed=index)
                seat = GAME.actors(state)[0]
                proposal = HeuristicAgent().act(decision_for(GAME, state, seat), random.Random())
                overruled += choice != proposal
    assert overruled >= 3


def test_the_agent_plays_the_same_moves_with_and_without_the_hook() -> None:
    for state in heuristic_positions(0, 3, 8, (11, 39, 50)):
        seat = GAME.actors(state)[0]
        moves = [
            ISMCTSAgent().act(decision_for(game, state, seat), random.Random(4))
            for game in (GAME, RulesOnly())
        ]
        assert moves[0] == moves[1]


def test_the_hook_plays_only_the_heuristic() -> None:
    calls: list[int | None] = []

    class Counted(Businessmen):
        def fast_playout(self, state: Any, horizon: int | None) -> Result:
            calls.append(horizon)
            return super().fast_playout(state, horizon)

    game = Counted()
    state = heuristic_positions(0, 3, 8, (11,))[0]
    decision = decision_for(game, state, game.actors(state)[0])
    ISMCTSAgent(iterations=4, rollout="beginner").act(decision, random.Random(1))
    assert calls == []
    ISMCTSAgent(iterations=4, horizon=30).act(decision, random.Random(1))
    assert calls and set(calls) == {30}
    assert hooked_playout(game, "beginner", 80) is None
    assert hooked_playout(tradingfloor.make("middleman"), "heuristic", 80) is None


def test_a_lab_seat_can_set_the_playout_horizon() -> None:
    assert seat_agent(GAME, "ismcts:20").horizon == 80  # type: ignore[attr-defined]
    assert seat_agent(GAME, "ismcts:20:40").horizon == 40  # type: ignore[attr-defined]
    whole = seat_agent(GAME, "ismcts:20:end")
    assert whole.horizon is None and whole.iterations == 20  # type: ignore[attr-defined]
    for bad in ("ismcts:20:0", "ismcts:20:far", "ismcts-tree:5:40"):
        with pytest.raises(ValueError, match="horizon"):
            seat_agent(GAME, bad)
