"""The report's matplotlib plots; each is saved as PNG and SVG and named by its PNG file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no display is needed, or wanted, on a simulation host

import matplotlib.pyplot as plt
from matplotlib.figure import Figure


def save(fig: Figure, out: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(out / f"{name}.png", dpi=100)
    fig.savefig(out / f"{name}.svg")
    plt.close(fig)
    return f"{name}.png"


def _rate_bars(ax: Any, labels: Sequence[str], rates: Sequence[Mapping[str, float]]) -> None:
    values = [r["rate"] for r in rates]
    below = [max(0.0, r["rate"] - r["low"]) for r in rates]
    above = [max(0.0, r["high"] - r["rate"]) for r in rates]
    ax.bar(labels, values, yerr=[below, above], capsize=6, color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")


def seats(numbers: Mapping[str, Any], out: Path) -> str:
    """Win rate of each seat position with its confidence interval, and the par line."""
    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    rates = numbers["seats"]
    labels = [f"seat {s}" for s in range(len(rates))]
    _rate_bars(ax, labels, rates)
    # Each seat's own par: in a sweep of player counts the later seats sat only in larger games.
    for position, rate in enumerate(rates):
        if rate["par"] is not None:
            ax.hlines(
                rate["par"],
                position - 0.45,
                position + 0.45,
                colors="#c44e52",
                linestyles="--",
                label="par" if position == 0 else None,
            )
    ax.legend()
    return save(fig, out, "seats")


def agents(numbers: Mapping[str, Any], out: Path) -> str:
    """Win rate per agent with confidence intervals, and rating (mu with 3 sigma) beside it."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(7.5, 3.6))
    names = list(numbers["agents"])
    _rate_bars(left, names, [numbers["agents"][a] for a in names])
    left.set_title("win rate")
    ratings = [numbers["ratings"][a] for a in names]
    right.errorbar(
        names,
        [r["mu"] for r in ratings],
        yerr=[3 * r["sigma"] for r in ratings],
        fmt="o",
        capsize=6,
    )
    right.set_title("OpenSkill rating (mu ± 3 sigma)")
    return save(fig, out, "agents")


def distributions(values: Mapping[str, Sequence[float]], xlabel: str, name: str, out: Path) -> str:
    """Overlaid histograms of one quantity, one per group."""
    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    for label, data in values.items():
        if data:
            ax.hist(data, bins=30, alpha=0.55, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    if len(values) > 1:
        ax.legend()
    return save(fig, out, name)


def sweep_rates(
    points: Sequence[Mapping[str, Any]], figure: str, option: str, out: Path, stem: str = "sweep"
) -> str:
    """Win rates (seats or agents) against the swept option, with confidence bands."""
    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    xs = [str(p["value"]) for p in points]
    who_all: dict[str, None] = {}
    for point in points:
        keys = range(len(point[figure])) if figure == "seats" else point[figure]
        who_all.update((str(k), None) for k in keys)
    for who in who_all:
        rates = [_lookup(p[figure], who) for p in points]
        ys = [r["rate"] if r else float("nan") for r in rates]
        lows = [r["low"] if r else float("nan") for r in rates]
        highs = [r["high"] if r else float("nan") for r in rates]
        label = f"seat {who}" if figure == "seats" else who
        ax.plot(xs, ys, marker="o", label=label)
        ax.fill_between(xs, lows, highs, alpha=0.15)
    ax.set_xlabel(option)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.legend()
    return save(fig, out, f"{stem}-{figure}")


def _lookup(rates: Any, who: str) -> Mapping[str, float] | None:
    if isinstance(rates, list):
        index = int(who)
        return rates[index] if index < len(rates) else None
    found: Mapping[str, float] | None = rates.get(who)
    return found


def sweep_scalars(
    points: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    option: str,
    out: Path,
    stem: str = "sweep",
) -> str:
    """Each mean figure (margin, length, balance figures) against the swept option."""
    columns = min(3, len(names))
    rows = -(-len(names) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(3.4 * columns, 2.8 * rows), squeeze=False)
    xs = [str(p["value"]) for p in points]
    for ax in axes.flat[len(names) :]:
        ax.set_visible(False)
    for ax, name in zip(axes.flat, names, strict=False):
        ys = [
            (p["balance"].get(name) if name.startswith("balance.") else p.get(name)) for p in points
        ]
        ax.plot(xs, [float("nan") if y is None else y for y in ys], marker="o")
        ax.set_title(name.removeprefix("balance."))
        ax.set_xlabel(option)
    return save(fig, out, f"{stem}-means")


def grid_maps(grid: Mapping[str, Any], out: Path) -> str:
    """Heat maps, one per figure, of two swept options: small multiples sharing their axes."""
    import numpy as np

    tables = grid["tables"]
    columns = min(3, len(tables))
    rows = -(-len(tables) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(3.8 * columns, 3.2 * rows), squeeze=False)
    for ax in axes.flat[len(tables) :]:
        ax.set_visible(False)
    for ax, (name, table) in zip(axes.flat, tables.items(), strict=False):
        values = np.array([[np.nan if v is None else v for v in line] for line in table])
        diverging = name.endswith("minus par")
        finite = values[np.isfinite(values)]
        if diverging:
            # One scale for every seat, at least ±10 points: noise of a point or two stays pale.
            limit = max(PAR_SCALE, float(np.abs(finite).max()) if finite.size else 0.0)
            low, high = -limit, limit
        else:
            low = float(finite.min()) if finite.size else 0.0
            high = float(finite.max()) if finite.size else 1.0
        cmap = "RdBu_r" if diverging else "viridis"
        ax.imshow(values, cmap=cmap, vmin=low, vmax=high, aspect="auto")
        for (i, j), value in np.ndenumerate(values):
            if np.isnan(value):
                continue
            text = f"{value:+.0%}" if diverging else f"{value:.3g}"
            ax.text(
                j,
                i,
                text,
                ha="center",
                va="center",
                fontsize=8,
                color=_ink(value, low, high, diverging),
            )
        ax.set_xticks(range(len(grid["across_values"])), grid["across_values"])
        ax.set_yticks(range(len(grid["down_values"])), grid["down_values"])
        ax.set_xlabel(grid["across"])
        ax.set_ylabel(grid["down"])
        ax.set_title(name.removeprefix("balance."), fontsize=9)
    fig.tight_layout()
    return save(fig, out, "grid")


PAR_SCALE = 0.10
"""The least reach of the seats' maps' colour scale (win rate minus par)."""


def _ink(value: float, low: float, high: float, diverging: bool) -> str:
    """Text colour that stays readable on a cell: white on the dark ends of the colour map."""
    if high <= low:
        return "black" if diverging else "white"  # one colour: the map's dark end
    share = (value - low) / (high - low)
    dark = abs(share - 0.5) > 0.35 if diverging else share < 0.45
    return "white" if dark else "black"


def actions(per_type: Mapping[str, Mapping[str, float]], out: Path) -> str:
    """Each agent's mean count of each action type as a table shaded by row, unused types red."""
    import numpy as np
    from matplotlib.patches import Rectangle

    kinds = list(per_type)
    names = sorted({agent for means in per_type.values() for agent in means})
    means = np.array([[per_type[k].get(a, 0.0) for a in names] for k in kinds], dtype=float)
    largest = means.max(axis=1, keepdims=True)
    shade = np.divide(means, largest, out=np.zeros_like(means), where=largest > 0)
    fig, ax = plt.subplots(figsize=(2.4 + 1.5 * len(names), 1.2 + 0.32 * len(kinds)))
    ax.imshow(shade, cmap="Blues", vmin=0, vmax=1.4, aspect="auto")  # 1.4: keep text readable
    for (i, j), value in np.ndenumerate(means):
        if value == 0.0:
            ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, color="#fde2e2"))
        label, colour = _count_label(value)
        ax.text(j, i, label, color=colour, ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(names)), names)
    ax.set_yticks(range(len(kinds)), kinds)
    ax.xaxis.tick_top()
    ax.set_title("mean per game per seat held\n(shade: share of the row's largest)", fontsize=9)
    return save(fig, out, "actions")


def _count_label(value: float) -> tuple[str, str]:
    """A heat-map cell's text and colour: "never" in red for zero, else the mean."""
    return ("never", "#b00020") if value == 0.0 else (f"{value:.3g}", "black")
