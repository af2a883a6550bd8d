"""PettingZoo's own test suites against the environments of every registered game."""

from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import api_test, parallel_api_test, seed_test

import tradingfloor
from tradingfloor.rl.pettingzoo_env import aec_env, parallel_env

GAMES = tradingfloor.games()


@pytest.mark.parametrize("game", GAMES)
def test_api(game: str) -> None:
    api_test(aec_env(game), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api(game: str) -> None:
    parallel_api_test(parallel_env(game), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_seed(game: str) -> None:
    seed_test(lambda: aec_env(game), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed(game: str) -> None:
    # PettingZoo's parallel_seed_test samples actions without their masks, which these games
    # refuse; this is the same check with masked samples.
    runs = [_parallel_trace(game) for _ in range(2)]
    assert data_equivalence(runs[0], runs[1])


def _parallel_trace(game: str, steps: int = 40) -> list[object]:
    env = parallel_env(game)
    observations, _ = env.reset(seed=42)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(42 + i)
    trace: list[object] = [observations]
    for _ in range(steps):
        if not env.agents:
            break
        actions = {
            a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents
        }
        observations, *rest = env.step(actions)
        trace += [actions, observations, rest]
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
