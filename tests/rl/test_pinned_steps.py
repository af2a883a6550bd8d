"""Seeded random play through the AEC API gives, step for step, the observations, masks and
rewards it gave before the environments' speed work (each game's digest, pinned): the lean views,
the encoders' rewritten loops and the views' kept records change no figure."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from tradingfloor.rl.pettingzoo_env import aec_env

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
PINNED: list[tuple[str, Mapping[str, Any] | None, int, str]] = [
    ("middleman", {"players": 3}, 600, "MIDDLEMAN"),
    ("middleman", {"players": 5, "guarded": True}, 600, "MIDDLEMAN_GUARDED"),
    ("businessmen", None, 600, "BUSINESSMEN"),
    ("merlin", None, 400, "MERLIN"),
    ("merlin", ALL_MODULES, 300, "MERLIN_ALL"),
]


def digest(game: str, options: Mapping[str, Any] | None, steps: int, seed: int = 11) -> str:
    """SHA-256 of every turn's agent, observation, mask, reward and flags over `steps` turns of
    seeded random legal play (episodes one after another)."""
    env = aec_env(game, options)
    rng = random.Random(seed)
    sha = hashlib.sha256()
    episode = 0
    while steps > 0:
        env.reset(seed=seed + episode)
        for agent in env.agent_iter(steps):
            steps -= 1
            observation, reward, terminated, truncated, _ = env.last()
            sha.update(agent.encode())
            sha.update(np.ascontiguousarray(observation["observation"]).tobytes())
            sha.update(np.ascontiguousarray(observation["action_mask"]).tobytes())
            sha.update(repr((float(reward), terminated, truncated)).encode())
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        episode += 1
    return sha.hexdigest()


EXPECTED = {  # made by the environments as they were before the speed work (commit be3ca56)
    "MIDDLEMAN": "4a1cc394495583711497a7827465f664b177b21a82c119e2874f68b65c8772d5",
    "MIDDLEMAN_GUARDED": "34eadc4b1defe4eb3b076ad1d2a495a9fdc972a01d9e13971bac8441495b1824",
    "BUSINESSMEN": "b434b58b366193854a41aaf0d27aa108b3037dcb6eca1eeea9ef2005f97c07a1",
    "MERLIN": "eb49b7edfa30257436fad14078528589d32e36bbd625da8042ff7e261089640d",
    "MERLIN_ALL": "42ecb0285fc899713213e7111e457185fac638d99650caf136ca58ad02aa946d",
}


@pytest.mark.parametrize(("game", "options", "steps", "name"), PINNED, ids=[p[3] for p in PINNED])
def test_seeded_play_gives_the_pinned_observations_and_masks(
    game: str, options: Mapping[str, Any] | None, steps: int, name: str
) -> None:
    assert digest(game, options, steps) == EXPECTED[name]
