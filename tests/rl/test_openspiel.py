"""Every game as an OpenSpiel game: pyspiel's own random simulation test, chance, what seats see,
and the MCTS example."""

from __future__ import annotations

import json
import math

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'tradingfloor[openspiel]'"
)

from tradingfloor.core.errors import BadOptions  # noqa: E402
from tradingfloor.rl import openspiel  # noqa: E402  (registers every game)
from tradingfloor.rl.examples import openspiel_mcts  # noqa: E402
from tradingfloor.rl.middleman import MiddlemanEncoder  # noqa: E402

QUICK_MERLIN = {"content": "quick", "max_orbits": 2}
GAMES = [
    ("python_middleman", {"players": 2}),
    ("python_middleman", {"players": 3}),
    ("python_middleman", {"players": 5, "guarded": True}),
    ("python_middleman", {"players": 8}),
    ("python_middleman", {"players": 2, "rounds": 1, "digits": 2, "top_price": 1}),
    ("python_middleman", {"players": 3, "rounds": 3, "digits": 4, "top_price": 5}),
    ("python_businessmen", {"players": 2, "goal": 4, "max_rounds": 8}),
    ("python_businessmen", {"players": 4, "goal": 3, "max_rounds": 5}),
    ("python_merlin", {"players": 4, **QUICK_MERLIN}),
    ("python_merlin", {"players": 4, "magic": True, "finance": True, **QUICK_MERLIN}),
    (
        "python_merlin",
        {"players": 2, "few_players": True, "jokers": True, "magic": True, **QUICK_MERLIN},
    ),
]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {"python_middleman", "python_businessmen", "python_merlin"} <= names
    assert openspiel.SHORT_NAMES == ("python_middleman", "python_businessmen", "python_merlin")


@pytest.mark.parametrize(("name", "params"), GAMES, ids=str)
def test_random_sim_test(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    sims = 1 if "finance" in params else 2  # every module: the longest games
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "params"),
    [g for g in GAMES if g[0] != "python_businessmen" and "finance" not in g[1]],
    ids=str,
)
def test_the_turn_based_conversion_passes_too(name: str, params: dict[str, object]) -> None:
    game = pyspiel.convert_to_turn_based(pyspiel.load_game(name, params))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_businessmen_is_turn_based_and_merlin_simultaneous_between_turns() -> None:
    dynamics = pyspiel.GameType.Dynamics
    assert pyspiel.load_game("python_businessmen").get_type().dynamics == dynamics.SEQUENTIAL
    merlin = pyspiel.load_game("python_merlin", QUICK_MERLIN)
    assert merlin.get_type().dynamics == dynamics.SIMULTANEOUS
    state = merlin.new_initial_state()
    state.apply_action(7)
    seen = set()
    while not state.is_terminal():
        player = state.current_player()
        seen.add("simultaneous" if player == pyspiel.PlayerId.SIMULTANEOUS else "turn")
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([(state.legal_actions(p) or [0])[0] for p in range(4)])
        else:
            state.apply_action(state.legal_actions()[0])
    assert seen == {"simultaneous", "turn"}


def test_merlin_modules_are_parameters() -> None:
    game = pyspiel.load_game("python_merlin", {"magic": True})
    assert game.context.options["modules"] == ["economy", "magic"]
    both = pyspiel.load_game("python_merlin", {"magic": True, "finance": True})
    assert both.context.options["modules"] == ["economy", "magic", "finance"]


def test_bad_parameters_are_refused_in_words() -> None:
    with pytest.raises(BadOptions, match="Players must be at most 4"):
        pyspiel.load_game("python_businessmen", {"players": 5})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_businessmen", {"colour": 1})


def test_the_root_draws_the_seed_and_the_seed_decides_the_game() -> None:
    game = pyspiel.load_game("python_businessmen", {"players": 2, "seeds": 4})
    root = game.new_initial_state()
    assert root.chance_outcomes() == [(s, 0.25) for s in range(4)]
    assert root.observation_string(0) == "the seed is not drawn yet"

    def played(seed: int) -> str:
        state = root.child(seed)
        for _ in range(20):
            state.apply_action(state.legal_actions()[-1])
        return str(state)

    assert played(2) == played(2)
    assert played(1) != played(2)


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


def test_a_variant_deals_its_shorter_rows() -> None:
    game = pyspiel.load_game("python_middleman", {"players": 2, "rounds": 1, "digits": 2})
    state = game.new_initial_state()
    assert game.max_chance_outcomes() == 2
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    state.apply_action(0)  # row A is 1 0
    assert state.chance_outcomes() == [(0, 1.0)]  # row D must differ from A: 0 1


def test_a_seat_sees_its_own_rows_and_not_the_others() -> None:
    game = pyspiel.load_game("python_middleman", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[len(state.dealt) % len(outcomes)][0])  # rows differ by seat
    dealt = [list(row) for row in state.dealt]
    assert dealt[2] not in dealt[:2]
    seen = json.loads(state.observation_string(0))
    assert seen["rows dealt"] == dealt[:2]
    assert seen["view"]["rows"] == {"a": dealt[0], "d": dealt[1]}
    assert str(dealt[2]) not in json.dumps(seen)


def test_middleman_information_state_adds_every_step_to_the_observation() -> None:
    game = pyspiel.load_game("python_middleman", {"players": 2})
    encoder = MiddlemanEncoder()
    assert game.observation_tensor_size() == encoder.features == 281
    assert game.information_state_tensor_size() == encoder.information_state_features == 921
    assert len(encoder.information_state_names) == 921
    assert encoder.information_state_names[281] == "buy round 1: seat 0 tins / 10"


def test_the_old_module_name_still_registers_the_games() -> None:
    from tradingfloor.rl import openspiel_game

    assert openspiel_game.SHORT_NAMES == openspiel.SHORT_NAMES


def test_mcts_plays_a_game_against_our_bots() -> None:
    shares = openspiel_mcts.play(seed=1, simulations=5, opponents=["random", "random"])
    assert len(shares) == 3 and sum(shares) in (0.0, pytest.approx(1.0))
