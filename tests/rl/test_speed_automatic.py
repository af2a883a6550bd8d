"""Merlin's encoder takes no decision for a seat (`automatic = False`), so the environment asks
neither it nor the game's legal spaces after each move: the same episodes as asking."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from tradingfloor.games.merlin.view import bot_view
from tradingfloor.rl.merlin import MerlinEncoder
from tradingfloor.rl.pettingzoo_env import aec_env

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


class _Asking(MerlinEncoder):
    """Merlin's encoder, asked for automatic decisions as any other encoder is."""

    automatic = True


@pytest.mark.parametrize("options", [None, ALL_MODULES], ids=["economy", "all modules"])
def test_merlins_encoder_never_decides_for_a_seat(options: Mapping[str, Any] | None) -> None:
    env = aec_env("merlin", options)
    env.reset(seed=5)
    table, rng = env.table, random.Random(5)
    for _ in range(400):
        if env.terminations[env.agent_selection]:
            break
        for seat in table.actors():
            view = bot_view(table.state, seat)
            assert table.encoder.auto(view, table.legal(seat), rng) is None
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("options", [None, ALL_MODULES], ids=["economy", "all modules"])
def test_not_asking_plays_the_episodes_of_asking(options: Mapping[str, Any] | None) -> None:
    envs = [aec_env("merlin", options) for _ in range(2)]
    envs[1].table.encoder = _Asking()
    for env in envs:
        env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(600):
        lasts = [env.last() for env in envs]
        (observation, *rest), (other, *other_rest) = lasts
        assert envs[0].agent_selection == envs[1].agent_selection
        assert np.array_equal(observation["observation"], other["observation"])
        assert np.array_equal(observation["action_mask"], other["action_mask"])
        assert repr(rest) == repr(other_rest)  # reward, terminated, truncated, info
        if rest[1] or rest[2]:
            break
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        for env in envs:
            env.step(action)
