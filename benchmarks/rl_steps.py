"""PettingZoo AEC steps per second: every game's environment, random legal actions, one core."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from benchmarks.harness import Figure, Sample, actions_per_s
from tradingfloor.rl.envs import middleman_v1
from tradingfloor.rl.pettingzoo_env import aec_env

TARGET_STEPS_PER_S = 5_000
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
# Every game under its default options, and Merlin with every module on beside its economy; each
# run plays seeded episodes until it has taken so many steps (a second or two).
SETUPS: list[tuple[str, str, Mapping[str, Any] | None, int]] = [
    ("middleman", "middleman", None, 3_000),
    ("businessmen", "businessmen", None, 2_000),
    ("merlin", "merlin", None, 1_000),
    ("merlin, all modules", "merlin", ALL_MODULES, 300),
]
WRAPPED_STEPS = 3_000  # middleman_v1.env(): the versioned name, under PettingZoo's wrappers


def play_steps(
    game: str,
    options: Mapping[str, Any] | None,
    steps: int,
    seed: int = 1,
    make: Callable[[], Any] | None = None,
) -> Sample:
    """Seeded episodes of random legal actions (drawn from the action mask) under the AEC API,
    `env.last()` then `env.step(...)` per agent turn, until `steps` steps have been taken.
    Games count finished episodes; actions count the steps that played an action (the dead steps
    that close an episode are not counted). `make` builds another AEC environment of the game
    (`aec_env(game, options)` by default)."""
    env = make() if make is not None else aec_env(game, options)
    rng = random.Random(seed)
    episodes = taken = 0
    start = time.perf_counter()
    while taken < steps:
        env.reset(seed=seed + episodes)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            taken += 1
            if taken >= steps:
                break
        else:
            episodes += 1
    return Sample(episodes, taken, time.perf_counter() - start)


def figures() -> list[Figure]:
    return [*_bare_figures(), _wrapped_figure()]


def _wrapped_figure() -> Figure:
    return Figure(
        name="pettingzoo AEC, middleman_v1.env(), random legal actions",
        what="the versioned name under PettingZoo's checking wrappers (out-of-bounds actions, "
        "call order), as pettingzoo.classic's env() gives it; otherwise as the bare middleman "
        f"row, {WRAPPED_STEPS:,} steps a run; one core. Actions/s are steps/s",
        run=lambda: play_steps("middleman", None, WRAPPED_STEPS, make=middleman_v1.env),
        runs=3,
        target=actions_per_s(TARGET_STEPS_PER_S, "steps/s"),
    )


def _bare_figures() -> list[Figure]:
    return [
        Figure(
            name=f"pettingzoo AEC, {label}, random legal actions",
            what=f"aec_env({game!r}{', ' + repr(dict(options)) if options else ''}): env.last() "
            "then env.step(a random index of the action mask) per agent turn, seeded episodes, "
            f"{steps:,} steps a run; one core. Actions/s are steps/s",
            run=lambda game=game, options=options, steps=steps: play_steps(game, options, steps),
            runs=3,
            target=actions_per_s(TARGET_STEPS_PER_S, "steps/s"),
        )
        for label, game, options, steps in SETUPS
    ]
