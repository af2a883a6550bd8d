"""Learner steps per CPU second: MiddlemanVectorEnv (N=256) against SingleAgentEnv, both seeded,
the learner taking a random legal action each step (the same bots in both).

    python -m benchmarks.rl_vector_env [guarded]
"""

import sys
import time

import numpy as np

from tradingfloor.rl.middleman_vector import MiddlemanVectorEnv
from tradingfloor.rl.single_agent import SingleAgentEnv


def vector_rate(opponents: str, games: int = 256, steps: int = 40) -> float:
    rng = np.random.default_rng(0)
    envs = MiddlemanVectorEnv(games, opponents, OPTIONS)
    envs.reset(seed=0)
    start, taken = time.process_time(), 0
    for _ in range(steps):
        masks = envs.action_masks()
        envs.step((masks * rng.random(masks.shape)).argmax(axis=1))
        taken += int((~envs.restart).sum())  # games restarted this step took no decision
    return taken / (time.process_time() - start)


def single_rate(opponents: str, steps: int = 300) -> float:
    rng = np.random.default_rng(0)
    env = SingleAgentEnv("middleman", OPTIONS, opponents=opponents)
    env.reset(seed=0)
    start = time.process_time()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))
        if terminated or truncated:
            env.reset()
    return steps / (time.process_time() - start)


OPTIONS: dict[str, bool] = {"guarded": False}


def main() -> None:
    """Print both rates for random and heuristic bots (`guarded` on the command line: guarded)."""
    OPTIONS["guarded"] = "guarded" in sys.argv
    print(OPTIONS)
    for kind in ("random", "heuristic"):
        vector, single = vector_rate(kind), single_rate(kind)
        print(
            f"{kind} bots: vector N=256 {vector:,.0f} steps/s, single {single:,.0f} steps/s, "
            f"x{vector / single:.1f}"
        )


if __name__ == "__main__":
    main()
