"""Middleman as an OpenSpiel game: pyspiel's own random simulation test, and the MCTS example."""

from __future__ import annotations

import json
import math

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'tradingfloor[bench]'"
)

from tradingfloor.rl import openspiel_game  # noqa: E402  (registers python_middleman)
from tradingfloor.rl.examples import openspiel_mcts  # noqa: E402


@pytest.mark.parametrize(
    "params",
    [{"players": 2}, {"players": 3}, {"players": 5, "guarded": True}, {"players": 8}],
    ids=str,
)
def test_random_sim_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_middleman", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=params["players"] <= 3, verbose=False)


def test_the_turn_based_conversion_passes_too() -> None:
    game = pyspiel.convert_to_turn_based(pyspiel.load_game("python_middleman"))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_chance_deals_row_d_uniformly_but_never_as_a_copy_of_row_a() -> None:
    state = pyspiel.load_game("python_middleman").new_initial_state()
    row_a = [3, 1, 4, 5, 9, 2, 6, 0, 8, 7]
    for digit in row_a:
        state.apply_action(digit)
    first = dict(state.chance_outcomes())
    # 9! - 1 of the D rows starting with A's first digit differ from A, against 9! for the others.
    assert first[3] / first[1] == pytest.approx((math.factorial(9) - 1) / math.factorial(9))
    assert sum(first.values()) == pytest.approx(1.0)
    for digit in row_a[:8]:
        state.apply_action(digit)
    assert state.chance_outcomes() == [(7, 1.0)]  # 8 then 7 would copy row A


def test_a_seat_sees_its_own_rows_and_not_the_others() -> None:
    game = pyspiel.load_game("python_middleman", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[len(state.dealt) % len(outcomes)][0])  # rows differ by seat
    assert state.dealt[2] not in state.dealt[:2]
    seen = json.loads(state.observation_string(0))
    assert seen["rows dealt"] == state.dealt[:2]
    assert seen["view"]["rows"] == {"a": state.dealt[0], "d": state.dealt[1]}
    assert str(state.dealt[2]) not in json.dumps(seen)


def test_mcts_plays_a_game_against_our_bots() -> None:
    shares = openspiel_mcts.play(seed=1, simulations=5, opponents=["random", "random"])
    assert len(shares) == 3 and sum(shares) in (0.0, pytest.approx(1.0))
    assert openspiel_game.GAME_TYPE.short_name == "python_middleman"
