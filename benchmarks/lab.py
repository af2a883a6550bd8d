"""The designer's lab: heuristic games per second through the lab's own runner (`sim.run.run`,
what `tradingfloor simulate` calls), on one core and on a pool of two worker processes."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from benchmarks.harness import Figure, Sample, games_per_s
from tradingfloor.sim.run import run
from tradingfloor.sim.spec import RunSpec

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
WORKERS = 2


class Setup:
    """One lab workload: `games` seeded heuristic games a run, and the issue's target for both
    cores: 10x the heuristic games/s it measured on one core (Businessmen about 20, Merlin's
    economy about 1.7)."""

    def __init__(
        self, label: str, game: str, options: Mapping[str, Any], games: int, today: float
    ) -> None:
        self.label, self.game, self.options = label, game, dict(options)
        self.games, self.today = games, today

    def spec(self) -> RunSpec:
        seats = ("heuristic",) * int(self.options.get("players", 4))
        return RunSpec(self.game, seats, self.games, seed=1, options=self.options)


SETUPS = [
    # 480 games: the lab's Businessmen engine plays a couple of hundred a second, and a smaller run
    # would time the worker processes' start rather than the games.
    Setup("businessmen, 4 seats", "businessmen", {"players": 4}, games=480, today=20),
    # 48 games: a Merlin game with every module takes about a tenth of a second on one core, and
    # 8 games on two workers (4 each) timed the pool's start and the last game's tail as much
    # as the games (two cores gave 1.7x one core on 8 games); 24 games a worker do not.
    Setup("merlin, 4 seats, all modules", "merlin", ALL_MODULES, games=48, today=1.7),
]


def lab_sample(spec: RunSpec, workers: int) -> Sample:
    """One lab run of `spec` on `workers` processes (a pool started by the run, as the lab's
    is): wall time to the last row; actions are the rows' lengths."""
    start = time.perf_counter()
    rows = run(spec, workers=workers)
    seconds = time.perf_counter() - start
    return Sample(len(rows), sum(int(row["length"]) for row in rows), seconds)


def figures() -> list[Figure]:
    out = []
    for setup in SETUPS:
        for workers, cores in ((1, "one core"), (WORKERS, "both cores")):
            target = games_per_s(10 * setup.today, f"10x {setup.today:g}") if workers > 1 else None
            out.append(
                Figure(
                    name=f"lab, {setup.label}, heuristic play, {cores}",
                    what=f"sim.run.run: {setup.games} seeded games with the heuristic bot in "
                    f"every seat, options {setup.options}, on the engine the lab picks for them, "
                    f"{workers} worker process{'es' if workers > 1 else ''}",
                    run=lambda setup=setup, workers=workers: lab_sample(setup.spec(), workers),
                    runs=3,
                    target=target,
                )
            )
    return out
