"""The numbers of a balance report, computed from the rows of a run (no plotting here)."""

from __future__ import annotations

import json
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
        out["sweep_options"] = {
            option: [sweep_point(value, group) for value, group in marginal.items()]
            for option, marginal in by_option(rows).items()
        }
        if len(out["sweep_options"]) >= 2:
            out["grid"] = grid(rows, *list(out["sweep_options"])[:2])
    return out


def grid(rows: Rows, across: str, down: str) -> dict[str, Any]:
    """Figures at each pair of values of two swept options (pooled over any others): each seat's
    win rate minus its par, the mean length and margin, and the balance figures' means."""
    cells: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for row in rows:
        point = row["sweep"]
        cells.setdefault((json.dumps(point[down]), json.dumps(point[across])), []).append(row)
    downs = list(dict.fromkeys(key[0] for key in cells))
    acrosses = list(dict.fromkeys(key[1] for key in cells))
    seats = max(len(row["seats"]) for row in rows)
    names = [f"seat {s} win rate minus par" for s in range(seats)]
    names += ["mean length", "mean margin", *stats.balance_columns(rows)]
    tables = {name: [[None] * len(acrosses) for _ in downs] for name in names}
    for (d, a), members in cells.items():
        for name, value in _cell_figures(members, seats).items():
            tables[name][downs.index(d)][acrosses.index(a)] = value
    return {
        "across": across,
        "down": down,
        "across_values": acrosses,
        "down_values": downs,
        "tables": tables,
    }


def _cell_figures(rows: Rows, seats: int) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    rates = stats.by_seat(rows)
    for s in range(seats):
        rate = rates[s] if s < len(rates) and rates[s].n else None
        out[f"seat {s} win rate minus par"] = (
            rate.rate - rate.par if rate is not None and rate.par is not None else None
        )
    out["mean length"] = stats.summary([float(r["length"]) for r in rows]).get("mean")
    out["mean margin"] = stats.summary([float(r["margin"]) for r in rows]).get("mean")
    for name in stats.balance_columns(rows):
        values = [float(r[name]) for r in rows if r.get(name) is not None]
        out[name] = stats.summary(values).get("mean")
    return out


def by_option(rows: Rows) -> dict[str, dict[str, list[Mapping[str, Any]]]]:
    """For each swept option, the rows of each of its values, pooled over the other options'
    values (a grid's margins), in the order the values were run; values as JSON."""
    out: dict[str, dict[str, list[Mapping[str, Any]]]] = {}
    for row in rows:
        for option, value in (row.get("sweep") or {}).items():
            out.setdefault(option, {}).setdefault(json.dumps(value), []).append(row)
    return out


def point_label(value: str | None) -> str:
    """A grid point's JSON key ({"players": 3}) as words: players=3; a plain value as itself."""
    if value is None:
        return ""
    point = json.loads(value)
    if isinstance(point, dict):
        return ", ".join(f"{name}={_word(v)}" for name, v in point.items())
    return _word(point)


def _word(value: Any) -> str:
    """A swept value as a designer writes it: a text as itself, a list's items joined by +
    (economy+magic), else as JSON (true, 2.5)."""
    if isinstance(value, list):
        return "+".join(_word(item) for item in value)
    return value if isinstance(value, str) else json.dumps(value)


def sweep_point(value: str | None, rows: Rows) -> dict[str, Any]:
    """The figures of one point of the sweep (or one value of one swept option)."""
    return {
        "value": point_label(value),
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
