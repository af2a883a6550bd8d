"""Playouts cut at a horizon and scored by the game's `standing` hook."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tradingfloor
from tradingfloor.agents import make_agent
from tradingfloor.agents.ismcts import ISMCTSAgent, play_to_end
from tradingfloor.agents.lookahead import outcome
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import Game, Result, State

OPTIONS: dict[str, dict[str, Any]] = {
    "businessmen": {"players": 3},
    "merlin": {"players": 4, "modules": ["economy", "magic", "finance"]},
}


def heuristic_game(game: Game, options: dict[str, Any], seed: int) -> list[State]:
    """Every state of one heuristic game, in order."""
    heuristic = make_agent(game, "heuristic")
    rng = random.Random(seed)
    state = game.new(options, seed)
    states = [state]
    while actors := game.actors(state):
        for seat in actors:
            state = game.apply(state, seat, heuristic.act(decision_for(game, state, seat), rng))
            states.append(state)
    return states


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_standing_scores_a_game_in_progress_and_is_the_result_at_the_end(game_id: str) -> None:
    game = tradingfloor.make(game_id)
    states = heuristic_game(game, OPTIONS[game_id], seed=3)
    players = game.players(states[0])
    for state in states[:: max(1, len(states) // 12)]:
        standing = game.standing(state)  # type: ignore[attr-defined]
        assert isinstance(standing, Result)
        assert len(standing.scores) == len(standing.ranks) == players
        assert set(standing.winners) <= set(range(players))
        assert all(standing.ranks[s] == 1 for s in standing.winners)
    assert game.standing(states[-1]) == game.result(states[-1])  # type: ignore[attr-defined]


def test_a_playout_stops_at_its_horizon_and_is_scored_as_the_game_stands() -> None:
    game = tradingfloor.make("businessmen")
    state = game.new(OPTIONS["businessmen"], seed=1)
    heuristic = make_agent(game, "heuristic")
    cut = play_to_end(game, heuristic, state, random.Random(1), horizon=30)
    assert game.result(cut) is None
    result = outcome(game, cut)
    assert result is not None and result.reason.startswith("standing now")
    whole = play_to_end(game, heuristic, state, random.Random(1))
    assert outcome(game, whole) == game.result(whole) is not None


def test_a_game_without_the_hook_is_played_to_the_end() -> None:
    # Middleman's playouts are short already, and held tins count for nothing in its scoring
    # (Middleman §5), so a cut playout would misjudge every purchase: it has no `standing`.
    game = tradingfloor.make("middleman")
    assert not hasattr(game, "standing")
    state = game.new({"players": 3}, seed=0)
    assert outcome(game, state) is None  # unfinished, and no way to score it
    agent = ISMCTSAgent(horizon=5)
    seat = game.actors(state)[0]
    heuristic = make_agent(game, "heuristic")
    whole = play_to_end(game, heuristic, state, random.Random(2))
    assert game.result(whole) is not None
    assert agent.act(decision_for(game, state, seat), random.Random(3)) is not None


def test_the_horizon_bounds_the_search_and_can_be_switched_off() -> None:
    game = tradingfloor.make("businessmen")
    state = heuristic_game(game, OPTIONS["businessmen"], seed=2)[40]
    seat = game.actors(state)[0]
    applied: list[int] = []

    class Counting:
        """Businessmen on its rules engine (no `fast_playout`), counting the actions applied."""

        fast_playout = None

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def apply(self, state: State, seat: int, action: Any) -> State:
            applied.append(seat)
            return game.apply(state, seat, action)

    counting: Any = Counting()
    for horizon in (10, None):
        applied.clear()
        agent = ISMCTSAgent(horizon=horizon)
        action = agent.act(decision_for(counting, state, seat), random.Random(5))
        assert game.legal(state, seat).contains(action)
        if horizon is None:
            assert len(applied) > 20 * 50  # every playout to the end
        else:
            assert len(applied) <= 40 * (horizon + len(OPTIONS) + 3)
    with pytest.raises(ValueError, match="horizon"):
        ISMCTSAgent(horizon=0)
