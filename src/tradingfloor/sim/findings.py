"""The report's conclusions: each figure that falls outside its fair range, said in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def findings(numbers: Mapping[str, Any]) -> list[str]:
    """Sentences naming each seat position whose 95% interval misses its par (over the whole run
    and at each point of a sweep), and each action type that no agent ever took."""
    out = _seat_findings(numbers["seats"], "")
    for point in numbers.get("sweep", []):
        out += _seat_findings(point["seats"], f"at {point['value']}: ")
    unused = [kind for kind, means in numbers.get("actions", {}).items() if not any(means.values())]
    if unused:
        rules, them = ("that rule", "it") if len(unused) == 1 else ("those rules", "them")
        out.append(
            f"no agent ever took {_listed(unused)}: the figures say nothing of {rules} (unless "
            f"these options switch {them} off)"
        )
    return out


def _seat_findings(seats: Sequence[Mapping[str, Any]], where: str) -> list[str]:
    out = []
    for seat, rate in enumerate(seats):
        par = rate.get("par")
        if par is None or not rate["n"] or rate["low"] <= par <= rate["high"]:
            continue
        wins = f"{_pct(rate['rate'])} ({100 * rate['low']:.0f}-{_pct(rate['high'])})"
        out.append(f"{where}seat {seat} wins {wins} against a par of {_pct(par)}")
    return out


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
