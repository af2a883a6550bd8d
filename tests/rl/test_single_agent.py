"""The single-agent Gymnasium environment: API conformance, seats, bots, rewards, refusals."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tradingfloor
from tradingfloor.agents.plugins import register_kind, unregister_kind
from tradingfloor.core.agent import Decision, RandomAgent
from tradingfloor.rl.single_agent import ILLEGAL_REWARD, SingleAgentEnv, env_id

GAMES = tradingfloor.games()


def play(env: SingleAgentEnv, seed: int) -> Iterator[tuple[Any, float, bool, dict[str, Any]]]:
    """One episode of uniform legal actions, seeded: (observation, reward, done, info)."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    yield observation, 0.0, False, info
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        yield observation, float(reward), done, info


@pytest.mark.parametrize("game", GAMES)
def test_registered_ids_pass_gymnasiums_checker(game: str) -> None:
    env = gym.make(env_id(game), opponents="random")
    check_env(env.unwrapped)
    assert env.unwrapped.game.id == game


def test_the_dict_observation_passes_the_checker_and_carries_the_mask() -> None:
    env = gym.make(env_id("middleman"), opponents="heuristic", observation="dict").unwrapped
    check_env(env)
    observation, _ = env.reset(seed=3)
    assert set(observation) == {"observation", "action_mask"}
    assert np.array_equal(observation["action_mask"].astype(bool), env.action_masks())


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_episode(game: str) -> None:
    first = list(play(SingleAgentEnv(game, opponents="random"), seed=11))
    second = list(play(SingleAgentEnv(game, opponents="random"), seed=11))
    assert len(first) == len(second)
    for (obs_a, reward_a, _, _), (obs_b, reward_b, _, _) in zip(first, second, strict=True):
        assert np.array_equal(obs_a, obs_b)
        assert reward_a == reward_b


@pytest.mark.parametrize("game", GAMES)
def test_the_reward_is_the_learners_share_of_the_win(game: str) -> None:
    for seed in range(3):
        *_, (_, reward, done, info) = play(SingleAgentEnv(game, opponents="random"), seed)
        winners = info["result"]["winners"]
        assert done
        assert reward == (1 / len(winners) if info["seat"] in winners else 0.0)


def test_the_score_reward_is_the_learners_score() -> None:
    env = SingleAgentEnv("middleman", opponents="heuristic", reward="score", seat=1)
    *_, (_, reward, _, info) = play(env, seed=5)
    assert reward == info["result"]["scores"][1]


def test_middlemans_learner_sees_its_dealt_rows_and_the_bots_committed() -> None:
    env = SingleAgentEnv("middleman", {"players": 4}, opponents="heuristic", seat=2)
    env.reset(seed=1)
    view = env.game.view(env.state, 2)
    assert view["phase"] == "buy" and view["round"] == 1
    assert sorted(view["rows"]["a"]) == list(range(10))
    assert [p["committed"] for p in view["players"]] == [True, True, False, True]
    menu = env.encoder.menu(view, env.game.legal(env.state, 2), random.Random())
    assert np.array_equal(env.action_masks(), menu.mask.astype(bool))


class Spy:
    """A random bot that notes the seats it was asked to play."""

    name = "spy"
    seats: ClassVar[list[int]] = []

    def act(self, decision: Decision, rng: random.Random) -> Any:
        Spy.seats.append(decision.seat)
        return RandomAgent().act(decision, rng)


@pytest.fixture
def spy_kind() -> Iterator[None]:
    register_kind("middleman", "spy", Spy)
    Spy.seats = []
    yield
    unregister_kind("middleman", "spy")


@pytest.mark.usefixtures("spy_kind")
def test_the_chosen_bots_play_every_other_seat_and_never_the_learners() -> None:
    env = SingleAgentEnv("middleman", opponents=["spy", "random"], seat=1)
    list(play(env, seed=2))
    assert Spy.seats and set(Spy.seats) == {0}


def test_rotate_moves_the_learner_one_seat_an_episode_from_each_seeded_reset() -> None:
    env = SingleAgentEnv("middleman", opponents="random", seat="rotate")
    seats = [env.reset(seed=4)[1]["seat"]] + [env.reset()[1]["seat"] for _ in range(3)]
    assert seats == [0, 1, 2, 0]
    assert env.reset(seed=9)[1]["seat"] == 0
    assert env.reset(options={"seat": 2})[1]["seat"] == 2


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = SingleAgentEnv("middleman", opponents="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[-1])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert "not legal" in info["illegal"]
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    strict = SingleAgentEnv("middleman", opponents="random", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["random"] * 3}, "needs 2 opponents"),
        ({"opponents": "nobody"}, "unknown bot kind 'nobody'"),
        ({"seat": 3}, "seat must be a seat number 0-2"),
        ({"reward": "money"}, "reward must be one of win, score"),
        ({"observation": "image"}, "observation must be one of vector, dict"),
    ],
)
def test_bad_settings_are_refused_in_words(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SingleAgentEnv("middleman", **kwargs)


def test_unknown_reset_options_are_refused() -> None:
    env = SingleAgentEnv("middleman")
    with pytest.raises(ValueError, match="only 'seat'"):
        env.reset(seed=0, options={"players": 5})


def test_max_steps_truncates() -> None:
    env = SingleAgentEnv("businessmen", opponents="random", max_steps=3)
    steps = list(play(env, seed=0))
    assert len(steps) == 4
    assert steps[-1][2]
