"""The benchmark harness: named figures, each timed over several runs, printed as one table."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Sample:
    """One timed run: how many games and actions were played, in how many seconds."""

    games: int
    actions: int
    seconds: float
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Figure:
    """A named measurement: `run()` plays a fixed workload once and returns its Sample."""

    name: str
    what: str
    run: Callable[[], Sample]
    runs: int = 5
    anchor: bool = False
    warmup: bool = True  # one unmeasured run first (a soak, long and measuring itself, has none)


@dataclass(frozen=True)
class Measured:
    figure: Figure
    games_per_s: list[float]
    actions_per_s: list[float]
    extra: dict[str, str]

    @property
    def median_games(self) -> float:
        return statistics.median(self.games_per_s)

    @property
    def median_actions(self) -> float:
        return statistics.median(self.actions_per_s)


def measure(figure: Figure) -> Measured:
    """Run a figure `figure.runs` times (after one warm-up run, unless it asks for none)."""
    if figure.warmup:
        figure.run()
    samples = [figure.run() for _ in range(figure.runs)]
    return Measured(
        figure,
        [s.games / s.seconds for s in samples],
        [s.actions / s.seconds for s in samples],
        _per_run(samples),
    )


def _per_run(samples: list[Sample]) -> dict[str, str]:
    """Each note once where every run agrees, else every run's value in order (`20.4/31.2`)."""
    extra: dict[str, str] = {}
    for key in dict.fromkeys(k for sample in samples for k in sample.extra):
        values = [sample.extra[key] for sample in samples if key in sample.extra]
        extra[key] = values[0] if len(set(values)) == 1 else "/".join(values)
    return extra
