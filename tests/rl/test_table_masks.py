"""`GameTable.mask` against the long way round: a fresh zero array, the menu's mask, WAIT."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tradingfloor.rl.envs.table import GameTable
from tradingfloor.rl.pettingzoo_env import aec_env

OPTIONS = {
    "middleman": {"players": 5},
    "businessmen": {"goal": 6, "max_rounds": 8},
    "merlin": {"players": 4, "modules": ["economy", "magic", "finance"]},
}


def long_way(table: GameTable, seat: int) -> np.ndarray:
    """The seat's mask built afresh: its menu's entries where asked, else WAIT alone."""
    wait = table.wait
    mask = np.zeros(wait + 1, dtype=np.int8)
    if table.asks(seat):
        mask[:wait] = table.menu(seat).mask
    else:
        mask[wait] = 1
    return mask


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_masks_match_the_long_way_and_are_read_only(game: str) -> None:
    env = aec_env(game, OPTIONS[game])
    rng = random.Random(5)
    steps = 0
    for episode in range(2):
        env.reset(seed=40 + episode)
        for agent in env.agent_iter():
            if steps >= 150:
                break
            observation, _, terminated, truncated, _ = env.last()
            mask = observation["action_mask"]
            seat = env._seats[agent]
            assert mask.dtype == np.int8
            assert np.array_equal(mask, long_way(env.table, seat))
            assert not mask.flags.writeable
            with pytest.raises(ValueError):
                mask[0] = 1
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
