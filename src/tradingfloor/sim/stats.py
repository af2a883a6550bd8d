"""The figures of a run: win rates with confidence intervals, by seat and by agent; summaries."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tradingfloor.sim.actions import PREFIX

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Rate:
    """A win rate over `n` trials, with its 95% Wilson score interval."""

    wins: float
    n: int
    low: float
    high: float

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
        }


def wilson(wins: float, n: int, z: float = Z95) -> Rate:
    """The Wilson score interval of `wins` in `n` (a shared win counts as its share)."""
    if n == 0:
        return Rate(0.0, 0, 0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Rate(wins, n, max(0.0, centre - half), min(1.0, centre + half))


def win_shares(row: Mapping[str, Any]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k each for a k-way shared win."""
    shares = [0.0] * len(row["seats"])
    for seat in row["winners"]:
        shares[seat] = 1.0 / len(row["winners"])
    return shares


def by_seat(rows: Sequence[Mapping[str, Any]]) -> list[Rate]:
    """Win rate of each seat position (first-player advantage), over every game."""
    seats = max((len(r["seats"]) for r in rows), default=0)
    totals, counts = [0.0] * seats, [0] * seats
    for row in rows:
        for seat, share in enumerate(win_shares(row)):
            totals[seat] += share
            counts[seat] += 1
    return [wilson(totals[s], counts[s]) for s in range(seats)]


def by_agent(rows: Sequence[Mapping[str, Any]]) -> dict[str, Rate]:
    """Win rate of each agent per seat it held (an agent in two seats of a game counts twice)."""
    totals: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        for agent, share in zip(row["seats"], win_shares(row), strict=True):
            totals[agent] += share
            counts[agent] += 1
    return {agent: wilson(totals[agent], counts[agent]) for agent in sorted(counts)}


def scores_by_agent(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[float]]:
    """Every final score of each agent."""
    out: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for agent, score in zip(row["seats"], row["scores"], strict=True):
            out[agent].append(float(score))
    return dict(sorted(out.items()))


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation, quartiles, minimum and maximum."""
    if not values:
        return {}
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0

    def quantile(q: float) -> float:
        return float(ordered[min(n - 1, int(q * n))])

    return {
        "mean": mean,
        "sd": sd,
        "min": float(ordered[0]),
        "q25": quantile(0.25),
        "median": quantile(0.5),
        "q75": quantile(0.75),
        "max": float(ordered[-1]),
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


def group_by_sweep(rows: Sequence[Mapping[str, Any]]) -> dict[str | None, list[Mapping[str, Any]]]:
    """The rows of each sweep value, in the order the values were run."""
    groups: dict[str | None, list[Mapping[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row.get("sweep_value"), []).append(row)
    return groups
