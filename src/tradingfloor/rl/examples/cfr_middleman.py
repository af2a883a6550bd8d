"""CFR on Middleman's smallest research variant, with its NashConv after every iteration.

The variant (docs/rules/middleman.md, Variants): two players, one round, rows of the digits 0
and 1, a market that pays at most 1 a tin. Its tree is small enough for exact CFR and an exact
NashConv (the sum of what each player could gain by a best response; 0 at a Nash equilibrium).
CFR needs a turn-based game, so it runs on `pyspiel.convert_to_turn_based`. Prints each
iteration's NashConv and plots them.

    python -m tradingfloor.rl.examples.cfr_middleman --iterations 50  # docs/images/cfr_nashconv.png
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import tradingfloor.rl.openspiel  # noqa: F401  (registers python_middleman)

SMALLEST = {"players": 2, "rounds": 1, "digits": 2, "top_price": 1}
"""The smallest research variant's parameters."""


def nash_convs(iterations: int) -> list[float]:
    """NashConv of CFR's average policy after each of `iterations` iterations."""
    game = pyspiel.convert_to_turn_based(pyspiel.load_game("python_middleman", SMALLEST))
    solver = cfr.CFRSolver(game)
    figures = []
    for iteration in range(1, iterations + 1):
        started = time.process_time()
        solver.evaluate_and_update_policy()
        figures.append(float(exploitability.nash_conv(game, solver.average_policy())))
        spent = time.process_time() - started
        print(f"iteration {iteration:4d}: NashConv {figures[-1]:.6f} ({spent:.1f} s CPU)")
    return figures


def plot(figures: Sequence[float], out: Path) -> None:
    """NashConv per iteration, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=120)
    ax.plot(range(1, len(figures) + 1), figures, marker=".", color="tab:blue")
    ax.set_yscale("log")
    ax.set_xlabel("CFR iteration")
    ax.set_ylabel("NashConv of the average policy")
    ax.set_title("CFR on Middleman, 2 players, 1 round, digits 0-1, top price 1", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> list[float]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--iterations", type=int, default=50, help="CFR iterations (50)")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("docs/images/cfr_nashconv.png"),
        help="where the plot goes (docs/images/cfr_nashconv.png)",
    )
    args = parser.parse_args(argv)
    if args.iterations < 1:
        parser.error("--iterations must be at least 1")
    figures = nash_convs(args.iterations)
    plot(figures, args.out)
    print(f"NashConv {figures[0]:.4f} after 1 iteration, {figures[-1]:.4f} after {len(figures)}")
    print(f"plot written to {args.out}")
    return figures


if __name__ == "__main__":
    main()
