"""The versioned names' `env()`: PettingZoo's checking wrappers, which read the raw environment's
attributes directly (rl/envs/versioned.py), check and answer as PettingZoo's own do."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.utils import wrappers

from tradingfloor.rl.envs import businessmen_v1


def test_the_wrapped_environment_checks_as_pettingzoos_wrappers_do() -> None:
    env = businessmen_v1.env()
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert str(env) == "businessmen_v1"
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        env.last()
    env.reset(seed=4)
    raw = env.unwrapped
    with pytest.raises(AssertionError, match="not in action space"):
        env.step(raw.table.wait + 1)
    turns = 0
    for agent in env.agent_iter(50):
        assert agent == raw.agent_selection
        observation, reward, terminated, truncated, info = env.last()
        same = raw.last()
        assert np.array_equal(observation["observation"], same[0]["observation"])
        assert (reward, terminated, truncated, info) == same[1:]
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        turns += 1
    assert turns == 50
    iterator = iter(env.agent_iter())
    next(iterator)
    with pytest.raises(AssertionError, match="need to call step"):
        next(iterator)
