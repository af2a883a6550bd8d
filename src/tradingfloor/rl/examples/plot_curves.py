"""Plot learning curves (train_maskable_ppo's curve.csv files) into one PNG, a line per game.

    python -m tradingfloor.rl.examples.plot_curves trained/ppo_middleman/curve.csv \\
        --out docs/images/ppo_middleman.png

Each curve is the mean win share over a window of episodes against the learner's steps; a dashed
line of the same colour is the win share of uniform random play in the same seat.
"""

from __future__ import annotations

import argparse
import csv
from collections.abc import Sequence
from pathlib import Path

REQUIRED = ("game", "opponents", "steps", "win_share", "random_win_share")


def read_curve(path: Path) -> dict[str, list[str]]:
    """A curve file's columns by name; a file that is not a curve is refused naming what lacks."""
    with path.open(newline="") as file:
        rows = list(csv.DictReader(file))
    missing = [name for name in REQUIRED if not rows or name not in rows[0]]
    if missing:
        raise ValueError(f"{path} is not a learning curve: it has no {', '.join(missing)} column")
    return {name: [row[name] for row in rows] for name in rows[0]}


def plot(paths: Sequence[Path], out: Path, title: str | None = None) -> Path:
    """Draw every curve in `paths` into the PNG `out`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.2))
    for number, path in enumerate(paths):
        curve = read_curve(path)
        colour = f"C{number}"
        steps = [int(x) for x in curve["steps"]]
        label = f"{curve['game'][0]} against {curve['opponents'][0]}"
        axes.plot(steps, [float(x) for x in curve["win_share"]], color=colour, label=label)
        baseline = float(curve["random_win_share"][0])
        axes.axhline(baseline, color=colour, linestyle="--", linewidth=1, label="random play")
    axes.set_xlabel("learner's steps")
    axes.set_ylabel("mean win share (window of episodes)")
    axes.set_title(title or "MaskablePPO learning curves")
    axes.set_ylim(-0.02, 1.02)  # a win share lies in 0-1
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small")
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=110)
    plt.close(figure)
    return out


def main(argv: Sequence[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curves", type=Path, nargs="+", help="curve.csv files, one per game")
    parser.add_argument("--out", type=Path, default=Path("curves.png"))
    parser.add_argument("--title", default=None)
    args = parser.parse_args(argv)
    out = plot(args.curves, args.out, args.title)
    print(f"plot: {out}")
    return out


if __name__ == "__main__":
    main()
