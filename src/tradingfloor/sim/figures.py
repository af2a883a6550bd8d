"""The numbers of a balance report, computed from the rows of a run (no plotting here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tradingfloor.sim import stats
from tradingfloor.sim.ratings import rate

Rows = Sequence[Mapping[str, Any]]


def figures(rows: Rows) -> dict[str, Any]:
    """Every figure of the report, JSON-ready: seats, agents, scores, balance, actions, sweep."""
    out: dict[str, Any] = {
        "games": len(rows),
        "seats": [r.to_json() for r in stats.by_seat(rows)],
        "agents": {a: r.to_json() for a, r in stats.by_agent(rows).items()},
        "ratings": {a: r.to_json() for a, r in rate(rows).items()},
        "scores": {a: stats.summary(v) for a, v in stats.scores_by_agent(rows).items()},
        "margin": stats.summary([float(r["margin"]) for r in rows]),
        "length": stats.summary([float(r["length"]) for r in rows]),
        "balance": {
            name: stats.summary([float(r[name]) for r in rows if r.get(name) is not None])
            for name in stats.balance_columns(rows)
        },
    }
    per_type = stats.actions_by_agent(rows)
    out["actions"] = per_type
    out["never_used"] = stats.never_used(per_type)
    groups = stats.group_by_sweep(rows)
    if len(groups) > 1 or next(iter(groups), None) is not None:
        out["sweep"] = [sweep_point(value, group) for value, group in groups.items()]
    return out


def sweep_point(value: str | None, rows: Rows) -> dict[str, Any]:
    """The figures of one swept option value."""
    return {
        "value": value,
        "games": len(rows),
        "seats": [r.to_json() for r in stats.by_seat(rows)],
        "agents": {a: r.to_json() for a, r in stats.by_agent(rows).items()},
        "margin": stats.summary([float(r["margin"]) for r in rows]).get("mean"),
        "length": stats.summary([float(r["length"]) for r in rows]).get("mean"),
        "balance": {
            name: stats.summary([float(r[name]) for r in rows if r.get(name) is not None]).get(
                "mean"
            )
            for name in stats.balance_columns(rows)
        },
    }
