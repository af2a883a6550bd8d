"""Where a run's games are played: in this process, a local process pool, or a Ray cluster.

Every backend plays the same independent `GameTask`s with the same `play_task`, and the rows are put
back in index order, so the rows of a run do not depend on the backend or the number of workers.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from tradingfloor.extras import require
from tradingfloor.sim.match import Row, play_task
from tradingfloor.sim.spec import GameTask

OnRow = Callable[[Row], None]
GAMES_THRESHOLDS = (10_000, 10, 10)
"""The cyclic collector's thresholds while games are played. A game makes and drops many small
objects; at Python's default (a young collection every 700 objects kept) the collector took about
5% of a Merlin lab run's CPU, at these about 1.5%, with the same peak memory."""


def run_local(
    tasks: Sequence[GameTask], workers: int = 1, on_row: OnRow | None = None
) -> list[Row]:
    """Play `tasks` here (one worker) or in a pool of `workers` processes."""
    rows: list[Row] = []
    if workers <= 1:
        with collector_for_games():
            for task in tasks:
                rows.append(play_task(task))
                if on_row is not None:
                    on_row(rows[-1])
        return rows
    with ProcessPoolExecutor(max_workers=workers, initializer=_worker_setup) as pool:
        futures = [pool.submit(play_task, task) for task in tasks]
        for future in as_completed(futures):
            rows.append(future.result())
            if on_row is not None:
                on_row(rows[-1])
    return sorted(rows, key=lambda row: int(row["index"]))


def _worker_setup() -> None:
    """A pool worker's start: what it inherited from the parent (modules, tables) is never
    garbage, so the collector stops walking it, and collects less often (a lab's games make many
    short-lived objects)."""
    gc.freeze()
    gc.set_threshold(*GAMES_THRESHOLDS)


@contextmanager
def collector_for_games() -> Iterator[None]:
    """The collector at GAMES_THRESHOLDS within, as it was after (the process is the caller's)."""
    before = gc.get_threshold()
    gc.set_threshold(*GAMES_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)


CHUNKS_PER_CPU = 4  # enough chunks that a slow one does not leave the other CPUs idle at the end
LARGEST_CHUNK = 64  # and small enough that progress shows


def run_ray(
    tasks: Sequence[GameTask], address: str | None, on_row: OnRow | None = None
) -> list[Row]:
    """Play `tasks` on Ray, joining the cluster at `address` ("auto": the running one).

    The games go in chunks, one Ray task each: a Ray task costs milliseconds to schedule, as much
    as a whole Middleman game, so one task per game left the CPUs waiting on the scheduler.
    """
    require("ray")
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote_play: Any = ray.remote(play_chunk)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending = [remote_play.remote(chunk) for chunk in chunks(tasks, cpus)]
    rows: list[Row] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            for row in ray.get(ref):
                rows.append(row)
                if on_row is not None:
                    on_row(row)
    return sorted(rows, key=lambda row: int(row["index"]))


def chunks(tasks: Sequence[GameTask], cpus: int) -> list[list[GameTask]]:
    """`tasks` in consecutive chunks: about CHUNKS_PER_CPU per CPU, none over LARGEST_CHUNK."""
    size = max(1, min(LARGEST_CHUNK, -(-len(tasks) // (CHUNKS_PER_CPU * cpus))))
    return [list(tasks[start : start + size]) for start in range(0, len(tasks), size)]


def play_chunk(tasks: Sequence[GameTask]) -> list[Row]:
    """Play consecutive tasks in one worker: a Ray task's work."""
    with collector_for_games():
        return [play_task(task) for task in tasks]
