"""The seam for batch engines: a game's vectorized backend plays a whole run when it can.

A game package may ship `games/<id>/fast.py` with two names:

- `VECTORIZED_POLICIES`: the seat specs (bot kinds) it has a vectorized policy for;
- `run_rows(tasks: Sequence[GameTask]) -> list[Row]`: plays every task and returns one row per task,
  in index order, with the same columns as `sim.match.describe` (the `record` column holds the
  game's `MatchRecord.dumps()` text where its actions decide the game, as Middleman's do, so that
  `tradingfloor replay` opens the row; the `actions.<type>` counts must be those the rules engine
  would count for the same game).

and, optionally, `ROWS_BY_TASK = True` where each row depends on its own task alone (Businessmen's
engine plays the rules engine's very games, one at a time): a run on several workers is then
shared among that many processes, each playing a contiguous part of the tasks; and, optionally,
`plays(options) -> bool`, where the engine plays only some options (Middleman's plays the printed
game, not its research variants).

`vectorized_engine` returns `run_rows` only when every seat of every task has a vectorized policy
and the engine plays every task's options;
otherwise the run goes to the reference engine (`sim.backends`). A batch engine keeps its own
determinism: the same seed gives the same rows on every run and for any number of workers, but
not necessarily the reference engine's rows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from tradingfloor.sim.match import Row
from tradingfloor.sim.spec import GameTask

BatchRunner = Callable[[Sequence[GameTask]], list[Row]]


def vectorized_engine(
    game_id: str, tasks: Sequence[GameTask], workers: int = 1
) -> BatchRunner | None:
    """The game's batch runner when it has a policy for every seat of `tasks`, else None; shared
    among `workers` processes where the game's rows depend on their own task alone."""
    try:
        module = importlib.import_module(f"tradingfloor.games.{game_id}.fast")
    except ModuleNotFoundError:
        return None
    policies = getattr(module, "VECTORIZED_POLICIES", None)
    runner = getattr(module, "run_rows", None)
    if policies is None or not callable(runner):
        return None
    needed = {spec for task in tasks for spec in task.seats}
    if not needed <= set(policies):
        return None
    plays = getattr(module, "plays", None)  # optional: which options the engine plays
    if callable(plays) and not all(plays(task.options) for task in tasks):
        return None
    batch: BatchRunner = runner
    if workers > 1 and len(tasks) > 1 and getattr(module, "ROWS_BY_TASK", False) is True:
        return partial(_shared, batch, workers)
    return batch


def _shared(runner: BatchRunner, workers: int, tasks: Sequence[GameTask]) -> list[Row]:
    """`runner(tasks)`, its tasks parted among `workers` processes in contiguous runs."""
    parts = min(workers, len(tasks))
    bounds = [len(tasks) * k // parts for k in range(parts + 1)]
    chunks = [list(tasks[bounds[k] : bounds[k + 1]]) for k in range(parts)]
    with ProcessPoolExecutor(max_workers=parts) as pool:
        return [row for rows in pool.map(runner, chunks) for row in rows]
