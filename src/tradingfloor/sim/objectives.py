"""Balance objectives for tuning: how far a run's figures are from the balance a designer wants.

An objective is a weighted sum of terms, each 0 where the run is exactly as wanted:

- `first-seat`: how far the first seat's win rate is from its par (|rate - par|);
- `length=LOW:HIGH`: how far the mean game length (actions) falls outside LOW..HIGH, as a share
  of the range's width (0 inside it);
- `balance.NAME=TARGET`: how far the mean of one of the game's balance figures is from TARGET
  (Merlin's orbit cap's share is `balance.ended_orbit_cap`);
- `win-rate=AGENT:TARGET`: how far an agent's win rate (per seat held) is from TARGET.

A term may end in `@WEIGHT` (default 1): `first-seat@2`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

KINDS = ("first-seat", "length", "balance", "win-rate")


@dataclass(frozen=True)
class Term:
    """One term of an objective: its kind, its argument (a range, a target) and its weight."""

    text: str
    kind: str
    weight: float = 1.0
    name: str = ""  # the balance figure or the agent
    low: float = 0.0
    high: float = 0.0  # for `length`; `low` is the target of the others

    def distance(self, numbers: Mapping[str, Any]) -> float:
        """How far the run's figures (`sim.figures.figures`) are from this term's aim."""
        if self.kind == "first-seat":
            first = numbers["seats"][0]
            return abs(first["rate"] - first["par"])
        if self.kind == "length":
            mean = numbers["length"]["mean"]
            return max(0.0, self.low - mean, mean - self.high) / max(self.high - self.low, 1.0)
        if self.kind == "balance":
            summary = numbers["balance"].get(f"balance.{self.name}")
            if not summary:
                raise ValueError(f"the game reports no balance figure {self.name!r}")
            return abs(summary["mean"] - self.low)
        rate = numbers["agents"].get(self.name)
        if rate is None:
            raise ValueError(f"no seat was played by {self.name!r}")
        return abs(rate["rate"] - self.low)


def parse_term(text: str) -> Term:
    """A term from its text (`first-seat`, `length=200:400@0.5`, ...); ValueError in words."""
    body, _, weight_text = text.strip().partition("@")
    weight = _number(weight_text, text) if weight_text else 1.0
    kind, _, argument = body.partition("=")
    if kind == "first-seat" and not argument:
        return Term(text, kind, weight)
    if kind == "length":
        low, high = _pair(argument, text)
        if high < low:
            raise ValueError(f"{text!r}: the length range goes from low to high")
        return Term(text, kind, weight, low=low, high=high)
    if kind.startswith("balance.") and argument:
        return Term(
            text, "balance", weight, name=kind.removeprefix("balance."), low=_number(argument, text)
        )
    if kind == "win-rate":
        agent, _, target = argument.rpartition(":")  # an agent may hold a colon: ismcts:200
        if agent and target:
            return Term(text, kind, weight, name=agent, low=_number(target, text))
    raise ValueError(
        f"unknown objective {text!r}; use first-seat, length=LOW:HIGH, balance.NAME=TARGET or "
        "win-rate=AGENT:TARGET, each optionally @WEIGHT"
    )


def distance(terms: Sequence[Term], numbers: Mapping[str, Any]) -> float:
    """The objective: the weighted sum of the terms' distances (lower is better, 0 is perfect)."""
    return sum(term.weight * term.distance(numbers) for term in terms)


def _pair(text: str, whole: str) -> tuple[float, float]:
    low, sep, high = text.partition(":")
    if not sep:
        raise ValueError(f"{whole!r}: give a range as LOW:HIGH")
    return _number(low, whole), _number(high, whole)


def _number(text: str, whole: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{whole!r}: {text!r} is not a number") from None
