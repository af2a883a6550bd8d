"""Agent ratings from game results, with OpenSkill's Plackett-Luce model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Rating:
    """An agent's skill estimate: mean, uncertainty, and the conservative ordinal (mu - 3 sigma)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def rate(rows: Sequence[Mapping[str, Any]]) -> dict[str, Rating]:
    """Each agent's rating after every game in row order (ranks from the results, ties shared).

    An agent that holds several seats of one game plays each with its current rating; its new
    rating is the average of those seats' updates (OpenSkill rates players, not copies of them).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, Any] = {}
    for row in rows:
        seats = list(row["seats"])
        for agent in seats:
            current.setdefault(agent, model.rating(name=agent))
        teams = [[model.rating(mu=current[a].mu, sigma=current[a].sigma)] for a in seats]
        updated = model.rate(teams, ranks=[float(r) for r in row["ranks"]])
        for agent in set(seats):
            mine = [team[0] for team, a in zip(updated, seats, strict=True) if a == agent]
            mu = sum(r.mu for r in mine) / len(mine)
            sigma = sum(r.sigma for r in mine) / len(mine)
            current[agent] = model.rating(mu=mu, sigma=sigma, name=agent)
    return {agent: Rating(r.mu, r.sigma) for agent, r in sorted(current.items())}
