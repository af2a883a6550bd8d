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
class Target:
    """What a figure should reach (`text`, shown beside it), and whether a measurement does:
    `met(row, anchor)` is True or False, or None where the table cannot tell (no anchor)."""

    text: str
    met: Callable[[Measured, Measured | None], bool | None] = lambda row, anchor: None


def anchor_multiple(multiple: float) -> Target:
    """At least `multiple` times the anchor's actions/s."""

    def met(row: Measured, anchor: Measured | None) -> bool | None:
        return None if anchor is None else row.ratio(anchor) >= multiple

    return Target(f">= {multiple:g}x anchor", met)


def actions_per_s(least: float, unit: str = "actions/s") -> Target:
    """A median of at least `least` actions per second (`unit` names them: steps/s, say)."""
    return Target(f">= {least:,.0f} {unit}", lambda row, anchor: row.median_actions >= least)


def games_per_s(least: float, why: str = "") -> Target:
    """A median of at least `least` games per second (`why`: where the figure comes from)."""
    text = f">= {least:,.1f} games/s" + (f" ({why})" if why else "")
    return Target(text, lambda row, anchor: row.median_games >= least)


def note_below(note: str, limit: float) -> Target:
    """The median over runs of a numeric note (`p99 ms`, say) below `limit`."""

    def met(row: Measured, anchor: Measured | None) -> bool | None:
        values = [float(v) for v in row.extra.get(note, "").split("/") if _number(v)]
        return statistics.median(values) < limit if values else None

    return Target(f"{note} < {limit:g}", met)


def notes_at_most(limits: dict[str, float], unit: str = "") -> Target:
    """Every named numeric note (the median over runs) at most its limit (`median s`: 1, say)."""

    def met(row: Measured, anchor: Measured | None) -> bool | None:
        medians = []
        for note in limits:
            values = [float(v) for v in row.extra.get(note, "").split("/") if _number(v)]
            if not values:
                return None
            medians.append(statistics.median(values))
        return all(value <= limit for value, limit in zip(medians, limits.values(), strict=True))

    text = ", ".join(f"{note} <= {limit:g}{unit}" for note, limit in limits.items())
    return Target(text, met)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Figure:
    """A named measurement: `run()` plays a fixed workload once and returns its Sample."""

    name: str
    what: str
    run: Callable[[], Sample]
    runs: int = 5
    anchor: bool = False
    warmup: bool = True  # one unmeasured run first (a soak, long and measuring itself, has none)
    target: Target | None = None  # the target for the figure, where it names one
    versus_anchor: bool = True  # False: a ratio to the anchor's actions/s says nothing (memory)


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

    def ratio(self, anchor: Measured) -> float:
        """This figure's median actions/s as a multiple of the anchor's."""
        return self.median_actions / anchor.median_actions

    def met(self, anchor: Measured | None) -> bool | None:
        """Whether the figure reaches its target (None: it has none, or the table cannot tell)."""
        target = self.figure.target
        return None if target is None else target.met(self, anchor)


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
