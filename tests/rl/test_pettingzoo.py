"""PettingZoo's own test suites against the environments of every registered game."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

import tradingfloor
from tradingfloor.rl.envs import VERSIONED
from tradingfloor.rl.pettingzoo_env import aec_env, parallel_env

GAMES = tradingfloor.games()
SMALL: dict[str, dict[str, Any]] = {
    "middleman": {"players": 5},
    "businessmen": {"goal": 6, "max_rounds": 8},
    "merlin": {"players": 3, "few_players": True, "content": "quick", "max_orbits": 15},
}
"""Each game's quicker options (Merlin's games are long), for the suites that play a lot."""


def versioned(game: str) -> ModuleType:
    return importlib.import_module(f"tradingfloor.rl.envs.{VERSIONED[game]}")


def test_every_game_has_a_versioned_name() -> None:
    assert sorted(VERSIONED) == sorted(GAMES)
    for game in GAMES:
        module = versioned(game)
        assert module.raw_env.metadata["name"] == VERSIONED[game]
        assert module.env().metadata["name"] == VERSIONED[game]
        assert module.parallel_env().metadata["name"] == VERSIONED[game]


@pytest.mark.parametrize("game", GAMES)
def test_api(game: str) -> None:
    api_test(aec_env(game), num_cycles=30)
    api_test(versioned(game).env(options=SMALL[game]), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_api_with_wait_turns_and_box_observations(game: str) -> None:
    boxed = aec_env(game, SMALL[game], wait_turns=True, observation="box", illegal="random")
    api_test(boxed, num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api(game: str) -> None:
    parallel_api_test(parallel_env(game), num_cycles=30)
    # A Box observation holds no mask, so the suite samples illegal actions: replaced at random.
    boxed = versioned(game).parallel_env(SMALL[game], observation="box", illegal="random")
    parallel_api_test(boxed, num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_seed(game: str) -> None:
    seed_test(lambda: aec_env(game), num_cycles=30)
    seed_test(functools.partial(versioned(game).env, options=SMALL[game]), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles(game: str) -> None:
    # max_cycles_test samples its actions without the mask, so the illegal ones are replaced by
    # legal ones drawn at random; it counts every agent's turns, so every agent gets one each
    # cycle. Guarded Middleman, where nobody goes out, plays its 4 cycles however it is played.
    options = {**SMALL[game], **({"guarded": True} if game == "middleman" else {})}
    module = versioned(game)
    made = {"options": options, "illegal": "random"}
    max_cycles_test(
        SimpleNamespace(
            env=functools.partial(module.env, wait_turns=True, **made),
            parallel_env=functools.partial(module.parallel_env, **made),
        )
    )


@pytest.mark.parametrize("game", GAMES)
def test_render(game: str) -> None:
    render_test(functools.partial(versioned(game).env, options=SMALL[game]))
    render_test(functools.partial(versioned(game).env, options=SMALL[game], render_seat=0))


@pytest.mark.parametrize("game", GAMES)
def test_aec_to_parallel_where_parallelizable(game: str) -> None:
    for wait_turns in (False, True):
        env = aec_env(game, SMALL[game], wait_turns=wait_turns)
        assert env.metadata["is_parallelizable"] is wait_turns
        if not wait_turns:
            with pytest.raises(AssertionError, match="is_parallelizable"):
                aec_to_parallel(env)
            continue
        parallel_api_test(aec_to_parallel(env), num_cycles=30)
    parallel_api_test(aec_to_parallel(versioned(game).env(wait_turns=True)), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_turn_based_aec_to_parallel(game: str) -> None:
    # PettingZoo's conversion for games played a turn at a time: a step per AEC turn.
    parallel_api_test(turn_based_aec_to_parallel(aec_env(game, SMALL[game])), num_cycles=60)


@pytest.mark.parametrize("game", ["middleman", "businessmen"])
def test_aec_to_parallel_plays_as_the_parallel_environment(game: str) -> None:
    def converted() -> Any:
        return aec_to_parallel(aec_env(game, SMALL[game], wait_turns=True))

    def native() -> Any:
        return parallel_env(game, SMALL[game])

    assert data_equivalence(_parallel_trace(converted, 60), _parallel_trace(native, 60))


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed(game: str) -> None:
    # PettingZoo's parallel_seed_test samples actions without their masks, which these games
    # refuse; this is the same check with masked samples.
    runs = [_parallel_trace(lambda: parallel_env(game)) for _ in range(2)]
    assert data_equivalence(runs[0], runs[1])


def _parallel_trace(make: Callable[[], Any], steps: int = 40) -> list[object]:
    env = make()
    observations, infos = env.reset(seed=42)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(42 + i)
    trace: list[object] = [observations, infos]
    for _ in range(steps):
        if not env.agents:
            break
        actions = {
            a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents
        }
        observations, *rest = env.step(actions)
        trace += [actions, observations, [dict(part) for part in rest]]
    return trace


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 6, "guarded": True}], ids=str)
def test_api_with_other_middleman_options(options: dict[str, object]) -> None:
    api_test(aec_env("middleman", options), num_cycles=20)
    parallel_api_test(parallel_env("middleman", options), num_cycles=20)
    seed_test(lambda: aec_env("middleman", options), num_cycles=20)


MAGIC = {"players": 4, "modules": ["economy", "magic"], "max_orbits": 20}


COMPLETE = {"players": 4, "modules": ["economy", "magic", "finance"], "max_orbits": 20}


@pytest.mark.parametrize("options", [MAGIC, COMPLETE], ids=["magic", "all modules"])
def test_api_with_merlins_modules(options: dict[str, object]) -> None:
    api_test(aec_env("merlin", options), num_cycles=60)
    parallel_api_test(parallel_env("merlin", options), num_cycles=60)
    seed_test(lambda: aec_env("merlin", options), num_cycles=60)
