"""Train a linear softmax policy for seat 0 of Middleman with REINFORCE, then seat it as a bot.

    python -m tradingfloor.rl.examples.train_linear --episodes 300 --out trained
    TRADINGFLOOR_AGENTS=linear=trained/agent.py \\
        tradingfloor simulate middleman --seats linear,random,random --games 200 --out runs/linear

It plays the PettingZoo AEC environment against seats that pick uniformly among legal actions, and
writes `linear_policy.npz` (the weights) and `agent.py` (the bot file that loads them).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tradingfloor.rl.pettingzoo_env import aec_env
from tradingfloor.rl.policy_agent import masked_softmax

LEARNER = "player_0"
AGENT_FILE = '''"""A linear softmax policy for Middleman (tradingfloor.rl.examples.train_linear)."""

from pathlib import Path

import numpy as np

from tradingfloor.rl.policy_agent import PolicyAgent, linear_policy

GAMES = ("middleman",)
WEIGHTS = Path(__file__).with_name("linear_policy.npz")


def make_agent():
    return PolicyAgent("linear", linear_policy(np.load(WEIGHTS)["weights"]))
'''


def train(episodes: int, seed: int = 0, rate: float = 0.05) -> tuple[np.ndarray, list[float]]:
    """REINFORCE with a running-mean baseline; returns the weights and each episode's return."""
    env = aec_env("middleman", {"players": 3})
    rng = np.random.default_rng(seed)
    actions = env.action_space(LEARNER).n
    features = env.observation_space(LEARNER)["observation"].shape[0] + 1
    weights = np.zeros((actions, features))
    baseline, returns = 0.0, []
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        steps, final = [], 0.0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                final = reward if agent == LEARNER else final
                env.step(None)
                continue
            mask = observation["action_mask"]
            if agent == LEARNER:
                x = np.append(observation["observation"], 1.0)
                probs = masked_softmax(weights @ x, mask)
                action = int(rng.choice(actions, p=probs))
                steps.append((x, probs, action))
            else:
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
        advantage = final - baseline
        baseline += 0.05 * (final - baseline)
        for x, probs, action in steps:
            grad = -probs
            grad[action] += 1.0
            weights += rate * advantage * np.outer(grad, x)
        returns.append(final)
    return weights, returns


def save(weights: np.ndarray, out: Path) -> Path:
    """Write the weights and the bot file that loads them; returns the bot file's path."""
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / "linear_policy.npz", weights=weights)
    agent = out / "agent.py"
    agent.write_text(AGENT_FILE)
    return agent


def main(argv: Sequence[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("trained"))
    args = parser.parse_args(argv)
    weights, returns = train(args.episodes, args.seed)
    tenth = max(1, len(returns) // 10)
    print(
        f"mean return, first {tenth} episodes: {np.mean(returns[:tenth]):.2f}; "
        f"last {tenth}: {np.mean(returns[-tenth:]):.2f}"
    )
    agent = save(weights, args.out)
    print(f"bot file: {agent} (seat it with TRADINGFLOOR_AGENTS=linear={agent})")
    return agent


if __name__ == "__main__":
    main()
