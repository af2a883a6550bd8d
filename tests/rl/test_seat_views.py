"""The environments read each encoder's lean view (`Encoder.seat_view`) in place of the game's
view: the same entries, so the same observations, masks and actions, game for game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from tradingfloor.rl.pettingzoo_env import TradingfloorAEC, aec_env

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
SETUPS: list[tuple[str, Mapping[str, Any] | None, int]] = [
    ("middleman", {"players": 3}, 400),
    ("middleman", {"players": 4, "guarded": True}, 400),
    ("businessmen", None, 400),
    ("merlin", None, 300),
    ("merlin", ALL_MODULES, 300),
]
IDS = ["middleman", "middleman guarded", "businessmen", "merlin", "merlin all modules"]


def _full_view_env(game: str, options: Mapping[str, Any] | None) -> TradingfloorAEC:
    """The environment as it was before lean views: its encoder reads the game's whole view."""
    env = aec_env(game, options)
    env.table._seat_view = env.table.game.view
    return env


Turn = tuple[str, Any, Any, dict[str, Any]]


def _steps(env: TradingfloorAEC, seed: int, steps: int) -> list[Turn]:
    """Seeded random legal play for `steps` agent turns: what `last()` gave at each turn."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen = []
    for agent in env.agent_iter(steps):
        observation, reward, terminated, truncated, info = env.last()
        seen.append((agent, observation, reward, info))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return seen


@pytest.mark.parametrize(("game", "options", "steps"), SETUPS, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_lean_views_give_the_same_observations_and_masks(
    game: str, options: Mapping[str, Any] | None, steps: int, seed: int
) -> None:
    lean = _steps(aec_env(game, options), seed, steps)
    full = _steps(_full_view_env(game, options), seed, steps)
    assert len(lean) == len(full)
    for (agent, observation, reward, info), (agent2, observation2, reward2, info2) in zip(
        lean, full, strict=True
    ):
        assert agent == agent2 and reward == reward2
        assert np.array_equal(observation["observation"], observation2["observation"])
        assert observation["observation"].dtype == np.float32
        assert np.array_equal(observation["action_mask"], observation2["action_mask"])
        assert info.keys() == info2.keys()


@pytest.mark.parametrize(("game", "options", "steps"), SETUPS, ids=IDS)
def test_every_entry_of_a_lean_view_is_the_views(
    game: str, options: Mapping[str, Any] | None, steps: int
) -> None:
    env = aec_env(game, options)
    env.reset(seed=5)
    rng = random.Random(5)
    table = env.table
    lean_view = table.encoder.seat_view  # type: ignore[attr-defined]
    for _agent in env.agent_iter(steps // 2):
        observation, _, terminated, truncated, _ = env.last()
        for seat in range(table.players):
            lean, full = lean_view(table.state, seat), table.game.view(table.state, seat)
            assert set(lean) <= set(full)
            for key in lean:
                assert lean[key] == full[key], key
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
