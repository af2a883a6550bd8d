"""The seam for batch engines: a game's vectorized backend plays a whole run when it can.

A game package may ship `games/<id>/fast.py` with two names:

- `VECTORIZED_POLICIES`: the seat specs (bot kinds) it has a vectorized policy for;
- `run_rows(tasks: Sequence[GameTask]) -> list[Row]`: plays every task and returns one row per task,
  in index order, with the same columns as `sim.match.describe` (the `record` column holds the
  game's `MatchRecord.dumps()` text where its actions decide the game, as Middleman's do, so that
  `tradingfloor replay` opens the row; the `actions.<type>` counts must be those the rules engine
  would count for the same game).

`vectorized_engine` returns `run_rows` only when every seat of every task has a vectorized policy;
otherwise the run goes to the reference engine (`sim.backends`). A batch engine keeps its own
determinism: the same seed gives the same rows on every run, but not the reference engine's rows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from tradingfloor.sim.match import Row
from tradingfloor.sim.spec import GameTask

BatchRunner = Callable[[Sequence[GameTask]], list[Row]]


def vectorized_engine(game_id: str, tasks: Sequence[GameTask]) -> BatchRunner | None:
    """The game's batch runner when it has a policy for every seat of `tasks`, else None."""
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
    batch: BatchRunner = runner
    return batch
