"""The figures of a run: win rates with confidence intervals, by seat and by agent; summaries."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tradingfloor.sim.actions import PREFIX

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Rate:
    """A win rate over `n` trials, with its 95% Wilson score interval, and par: the rate that
    equal chances would give over the same games (1/players, averaged over them)."""

    wins: float
    n: int
    low: float
    high: float
    par: float | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    def to_json(self) -> dict[str, float]:
        return {
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
            "wins": self.wins,
            "n": self.n,
            "par": self.par,
        }


def wilson(wins: float, n: int, z: float = Z95, par: float | None = None) -> Rate:
    """The Wilson score interval of `wins` in `n` (a shared win counts as its share)."""
    if n == 0:
        return Rate(0.0, 0, 0.0, 1.0, par)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Rate(wins, n, max(0.0, centre - half), min(1.0, centre + half), par)


def win_shares(row: Mapping[str, Any]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k each for a k-way shared win."""
    shares = [0.0] * len(row["seats"])
    for seat in row["winners"]:
        shares[seat] = 1.0 / len(row["winners"])
    return shares


def by_seat(rows: Sequence[Mapping[str, Any]]) -> list[Rate]:
    """Win rate of each seat position (first-player advantage), over every game that had it.

    Par is each seat's fair share over the games it sat in: a seat that played 2-, 3- and
    4-player games has par (1/2 + 1/3 + 1/4) / 3, not 1/4.
    """
    seats = max((len(r["seats"]) for r in rows), default=0)
    totals, counts, fair = [0.0] * seats, [0] * seats, [0.0] * seats
    for row in rows:
        for seat, share in enumerate(win_shares(row)):
            totals[seat] += share
            counts[seat] += 1
            fair[seat] += 1 / len(row["seats"])
    return [
        wilson(totals[s], counts[s], par=fair[s] / counts[s] if counts[s] else None)
        for s in range(seats)
    ]


def by_agent(rows: Sequence[Mapping[str, Any]]) -> dict[str, Rate]:
    """Win rate of each agent per seat it held (an agent in two seats of a game counts twice)."""
    totals: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    fair: dict[str, float] = defaultdict(float)
    for row in rows:
        for agent, share in zip(row["seats"], win_shares(row), strict=True):
            totals[agent] += share
            counts[agent] += 1
            fair[agent] += 1 / len(row["seats"])
    return {
        agent: wilson(totals[agent], counts[agent], par=fair[agent] / counts[agent])
        for agent in sorted(counts)
    }


def scores_by_agent(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[float]]:
    """Every final score of each agent."""
    out: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for agent, score in zip(row["seats"], row["scores"], strict=True):
            out[agent].append(float(score))
    return dict(sorted(out.items()))


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation, quartiles, minimum and maximum."""
    if len(values) == 0:
        return {}
    data = np.asarray(values, dtype=float)
    q25, median, q75 = np.quantile(data, [0.25, 0.5, 0.75])  # linear interpolation
    return {
        "mean": float(data.mean()),
        "sd": float(data.std(ddof=1)) if len(data) > 1 else 0.0,
        "min": float(data.min()),
        "q25": float(q25),
        "median": float(median),
        "q75": float(q75),
        "max": float(data.max()),
    }


def balance_columns(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The names of the game's balance figures present in the rows."""
    names: dict[str, None] = {}
    for row in rows:
        names.update((k, None) for k in row if k.startswith("balance.") and row[k] is not None)
    return list(names)


def action_types(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The action types whose `actions.<type>` counts the rows hold, sorted."""
    names = {k.removeprefix(PREFIX) for row in rows for k in row if k.startswith(PREFIX)}
    return sorted(names)


def actions_by_agent(rows: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Per action type and agent, the mean count per game per seat held (rows with counts only)."""
    types = action_types(rows)
    totals: dict[str, dict[str, int]] = {kind: defaultdict(int) for kind in types}
    held: dict[str, int] = defaultdict(int)
    for row in rows:
        counted = {kind: row.get(f"{PREFIX}{kind}") for kind in types}
        if all(per_seat is None for per_seat in counted.values()):
            continue  # a row written before the counts existed
        for seat, agent in enumerate(row["seats"]):
            held[agent] += 1
            for kind, per_seat in counted.items():
                totals[kind][agent] += int(per_seat[seat]) if per_seat is not None else 0
    return {
        kind: {agent: totals[kind][agent] / held[agent] for agent in sorted(held)} for kind in types
    }


def never_used(per_type: Mapping[str, Mapping[str, float]]) -> dict[str, list[str]]:
    """Per agent, the action types that no seat it held ever took."""
    agents = sorted({agent for means in per_type.values() for agent in means})
    return {
        agent: [kind for kind, means in per_type.items() if means.get(agent, 0.0) == 0.0]
        for agent in agents
    }


def group_by_sweep(
    rows: Sequence[Mapping[str, Any]],
) -> dict[str | None, list[Mapping[str, Any]]]:
    """The rows of each point of the sweep's grid, in the order they were run, keyed by the
    point as JSON ({"players": 3, "guarded": true}); one group keyed None without a sweep."""
    groups: dict[str | None, list[Mapping[str, Any]]] = {}
    for row in rows:
        point = row.get("sweep")
        key = None if not point else json.dumps(point)
        groups.setdefault(key, []).append(row)
    return groups
