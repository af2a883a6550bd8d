"""Lab runs on the batch engine: tasks grouped into batches, each game described as a row."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from tradingfloor.games.middleman.fast import BatchResult, chunk_size, play_batch, printed_options
from tradingfloor.games.middleman.fast_policies import VECTOR_POLICIES
from tradingfloor.games.middleman.fast_records import records

Row = dict[str, Any]


def run_rows(tasks: Sequence[Any]) -> list[Row]:
    """Play every task (a `sim.spec.GameTask`): tasks with the same options and seats share a batch.

    Each batch draws from a generator seeded with its first task's seed, so the same run always
    gives the same rows (but not the rules engine's games: the agents' draws differ).
    """
    from tradingfloor.games.middleman import GAME

    groups: dict[tuple[str, tuple[str, ...]], list[Any]] = defaultdict(list)
    for task in tasks:
        options = GAME.options(task.options)
        groups[(json.dumps(options, sort_keys=True), tuple(task.seats))].append(task)
    rows: dict[int, Row] = {}
    for (options_json, seats), members in groups.items():
        options = json.loads(options_json)
        size = chunk_size(options["players"], record=True)
        for start in range(0, len(members), size):
            chunk = members[start : start + size]
            batch = _play(options, seats, len(chunk), chunk[0].seed)
            for task, row in zip(chunk, describe(chunk, options_json, batch), strict=True):
                rows[task.index] = row
    return [rows[task.index] for task in tasks]


def _play(options: dict[str, Any], seats: tuple[str, ...], games: int, seed: int) -> BatchResult:
    chosen = printed_options(options)
    policies = [VECTOR_POLICIES[kind]() for kind in seats]
    rng = np.random.default_rng(seed)
    return play_batch(chosen.players, chosen.guarded, policies, games, rng, record=True)


def describe(tasks: Sequence[Any], options_json: str, batch: BatchResult) -> list[Row]:
    """Each game of `batch` as the lab's row: the columns of `sim.match.describe`, the record
    too where the batch kept its actions."""
    from tradingfloor.games.middleman import GAME

    reasons, balance, counts = batch.reasons, batch.balance(), batch.tally.counts()
    texts = [""] * len(tasks)
    if batch.log is not None:
        options = GAME.options(json.loads(options_json))
        seeds = [task.seed for task in tasks]
        texts = records(batch.log, options, seeds, GAME.id, GAME.version)
    # Every array as Python lists once: indexing NumPy arrays game by game costs more than the rows.
    scores = batch.scores.astype(float).tolist()
    winners = [np.nonzero(won)[0].tolist() for won in batch.winners]
    lengths = batch.tally.actions.tolist()
    per_kind = {f"actions.{kind}": per_seat.tolist() for kind, per_seat in counts.items()}
    figures = {
        f"balance.{name}": [None if math.isnan(x) else x for x in values.tolist()]
        for name, values in balance.items()  # NaN (undefined) as None, as sim.match
    }
    rows = []
    for g, task in enumerate(tasks):
        mine = scores[g]
        ordered = sorted(mine, reverse=True)
        row: Row = {
            "index": task.index,
            "game": GAME.id,
            "version": GAME.version,
            "options": json.loads(options_json),
            "sweep": task.sweep,
            "seed": task.seed,
            "rotation": task.rotation,
            "seats": list(task.seats),
            "scores": mine,
            "ranks": [1 + sum(1 for other in mine if other > score) for score in mine],
            "winners": winners[g],
            "reason": reasons[g],
            "length": lengths[g],
            "margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0.0,
            "record": texts[g],
        }
        for column, values in per_kind.items():
            row[column] = values[g]  # as sim.actions.action_columns
        for column, values in figures.items():
            row[column] = values[g]
        rows.append(row)
    return rows
