"""Train MaskablePPO (sb3-contrib) for one seat of a game against bots, then seat it as a bot kind.

    python -m tradingfloor.rl.examples.train_maskable_ppo --game middleman \\
        --opponents heuristic --steps 50000 --seed 0 --out trained/ppo_middleman
    TRADINGFLOOR_AGENTS=ppo=trained/ppo_middleman/agent.py \\
        tradingfloor simulate middleman --seats ppo,heuristic,heuristic --games 200 --out runs/ppo

It trains on the single-agent environment (`tradingfloor.rl.single_agent`), the learner in seat 0,
and writes `model.zip` (the trained policy), `curve.csv` (the mean win share over a window of
episodes, against the steps taken, with the win share of a policy that picks uniformly among the
legal actions as a baseline) and `agent.py` (the bot file that seats the model). Needs the `train`
extra: torch and sb3-contrib.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from tradingfloor.extras import require
from tradingfloor.rl.policy_agent import Policy
from tradingfloor.rl.single_agent import SingleAgentEnv
from tradingfloor.sim.spec import parse_assignments

WINDOW = 200  # episodes per point of the learning curve
BASELINE_EPISODES = 300
CURVE_FIELDS = ("game", "opponents", "episodes", "steps", "win_share", "random_win_share")
AGENT_FILE = '''"""MaskablePPO trained for {game} against {opponents} (train_maskable_ppo)."""

from pathlib import Path

from tradingfloor.rl.examples.train_maskable_ppo import masked_argmax_policy
from tradingfloor.rl.policy_agent import PolicyAgent

GAMES = ({game!r},)
MODEL = Path(__file__).with_name("model.zip")


def make_agent():
    return PolicyAgent("ppo", masked_argmax_policy(str(MODEL)))
'''


@lru_cache(maxsize=8)
def _load(model_path: str) -> Any:
    """The model at `model_path`, loaded once per process (every bot of a match shares it)."""
    from sb3_contrib import MaskablePPO

    return MaskablePPO.load(model_path, device="cpu")


def masked_argmax_policy(model_path: str) -> Policy:
    """The trained model's most likely legal action, for `PolicyAgent`."""
    model = _load(model_path)
    size = model.action_space.n

    def policy(observation: dict[str, np.ndarray]) -> int:
        # PolicyAgent's mask carries the PettingZoo environments' WAIT entry last; the
        # single-agent environment has none, so the model's mask is the first `size` entries.
        mask: np.ndarray = observation["action_mask"][:size].astype(bool)
        action, _ = model.predict(observation["observation"], action_masks=mask, deterministic=True)
        return int(action)

    return policy


class Curve:
    """Each finished episode's win share; a point (the mean over `window` episodes) every
    quarter window."""

    def __init__(self, window: int) -> None:
        self.window, self.every = window, max(1, window // 4)
        self.recent: deque[float] = deque(maxlen=window)
        self.points: list[tuple[int, int, float]] = []
        self.episodes = 0

    def add(self, share: float, steps: int) -> None:
        self.recent.append(share)
        self.episodes += 1
        if self.episodes % self.every == 0 and len(self.recent) == self.window:
            self.points.append((self.episodes, steps, float(np.mean(self.recent))))


def _callback(curve: Curve, total: int) -> Any:
    """An sb3 callback that feeds `curve` and prints a progress line now and then."""
    from stable_baselines3.common.callbacks import BaseCallback

    class Progress(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            for info, done in zip(self.locals["infos"], self.locals["dones"], strict=True):
                if done and "result" in info:
                    curve.add(_share(info), self.num_timesteps)
            if self.num_timesteps % 2048 < self.training_env.num_envs and curve.recent:
                print(
                    f"\rsteps {self.num_timesteps:,}/{total:,}  episodes {curve.episodes:,}  "
                    f"win share (last {len(curve.recent)}) {np.mean(curve.recent):.3f}",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
            return True

    return Progress()


def _share(info: dict[str, Any]) -> float:
    winners = info["result"]["winners"]
    return 1.0 / len(winners) if info["seat"] in winners else 0.0


def train(
    game: str,
    opponents: str,
    steps: int,
    seed: int,
    options: dict[str, Any] | None = None,
    reward: str = "win",
    window: int = WINDOW,
) -> tuple[Any, Curve]:
    """MaskablePPO on seat 0 of `game` against `opponents`; the model and its learning curve
    (always in win shares over `window` episodes, whichever `reward` it learns from)."""
    from sb3_contrib import MaskablePPO

    env = SingleAgentEnv(game, options, opponents=opponents, reward=reward)
    env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", env, seed=seed, n_steps=1024, batch_size=256, verbose=0)
    curve = Curve(window)
    model.learn(total_timesteps=steps, callback=_callback(curve, steps))
    print(file=sys.stderr)
    return model, curve


def random_win_share(
    game: str, opponents: str, episodes: int, seed: int, options: dict[str, Any] | None = None
) -> float:
    """The mean win share of uniform play among the legal actions in the same seat."""
    env = SingleAgentEnv(game, options, opponents=opponents)
    rng = np.random.default_rng(seed)
    shares = []
    for episode in range(episodes):
        env.reset(seed=seed + 1_000_000 + episode)
        reward, done = 0.0, False
        while not done:
            action = rng.choice(np.flatnonzero(env.action_masks()))
            _, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        shares.append(float(reward))
    return float(np.mean(shares))


def save(model: Any, curve: Curve, baseline: float, game: str, opponents: str, out: Path) -> Path:
    """Write the model, the curve and the bot file; returns the bot file's path."""
    out.mkdir(parents=True, exist_ok=True)
    model.save(out / "model.zip")
    with (out / "curve.csv").open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(CURVE_FIELDS)
        for episodes, steps, share in curve.points:
            writer.writerow([game, opponents, episodes, steps, f"{share:.4f}", f"{baseline:.4f}"])
    agent = out / "agent.py"
    agent.write_text(AGENT_FILE.format(game=game, opponents=opponents))
    return agent


def main(argv: Sequence[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="middleman", help="a game id (tradingfloor.games())")
    parser.add_argument(
        "--opponents", default="heuristic", help="a bot kind for every other seat, or a comma list"
    )
    parser.add_argument("--players", type=int, default=None, help="the game's number of seats")
    parser.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="a game option, e.g. guarded=true (repeatable)",
    )
    parser.add_argument("--steps", type=int, default=50_000, help="the learner's decisions")
    parser.add_argument(
        "--reward", choices=("win", "score"), default="win", help="what the learner learns from"
    )
    parser.add_argument(
        "--window", type=int, default=WINDOW, help="episodes per point of the learning curve"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("trained/ppo"))
    args = parser.parse_args(argv)
    require("train")  # one line naming the extra, before torch and sb3-contrib are imported
    options = parse_assignments(args.settings)
    if args.players:
        options["players"] = args.players
    chosen = options or None
    model, curve = train(
        args.game, args.opponents, args.steps, args.seed, chosen, args.reward, args.window
    )
    baseline = random_win_share(args.game, args.opponents, BASELINE_EPISODES, args.seed, chosen)
    agent = save(model, curve, baseline, args.game, args.opponents, args.out)
    last = curve.points[-1][2] if curve.points else float("nan")
    print(
        f"{curve.episodes:,} episodes; win share over the last {args.window}: {last:.3f} "
        f"(uniform random play: {baseline:.3f})"
    )
    print(f"bot file: {agent} (seat it with TRADINGFLOOR_AGENTS=ppo={agent})")
    return agent


if __name__ == "__main__":
    main()
