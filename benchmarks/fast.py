"""The Middleman batch engine: games/s in one process, on both cores, and streamed in chunks."""

from __future__ import annotations

import atexit
import multiprocessing
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor
from functools import cache

import numpy as np

from benchmarks.harness import Figure, Sample
from tradingfloor.games.middleman import fast
from tradingfloor.games.middleman.fast_policies import VECTOR_POLICIES

BATCH = 100_000
# The heuristic weighs about 800 auctions per seat and step, so its batches are smaller.
BATCHES = {"random": BATCH, "heuristic": 2_000}
SEATS = 3
WORKERS = 2
CHUNKS_PER_WORKER = 2
STREAMED = 1_000_000


def play_chunk(kind: str, games: int, seed: int) -> tuple[int, int]:
    """One batch of `games` games with `kind` in every seat: (games, actions)."""
    policies = [VECTOR_POLICIES[kind]()] * SEATS
    result = fast.play_batch(SEATS, False, policies, games, np.random.default_rng(seed))
    return games, int(result.tally.actions.sum())


def _one_process(kind: str) -> Sample:
    start = time.perf_counter()
    games, actions = play_chunk(kind, BATCHES[kind], seed=1)
    return Sample(games, actions, time.perf_counter() - start, {"memory": _peak_memory(kind)})


@cache
def _peak_memory(kind: str) -> str:
    """Peak memory that one batch allocates (NumPy reports its arrays to tracemalloc)."""
    tracemalloc.start()
    play_chunk(kind, BATCHES[kind], seed=2)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return f"peak {peak / 2**20:.0f} MiB per {BATCHES[kind]:,}-game batch"


@cache
def _pool() -> ProcessPoolExecutor:
    # Started once and warmed by the harness's first run, so each timed run measures play only.
    pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("fork"))
    atexit.register(pool.shutdown)
    return pool


def _both_cores(kind: str) -> Sample:
    chunks = WORKERS * CHUNKS_PER_WORKER
    start = time.perf_counter()
    futures = [_pool().submit(play_chunk, kind, BATCHES[kind], seed) for seed in range(chunks)]
    done = [f.result() for f in futures]
    seconds = time.perf_counter() - start
    extra = {"processes": f"{WORKERS} x {CHUNKS_PER_WORKER} batches of {BATCHES[kind]:,}"}
    return Sample(sum(g for g, _ in done), sum(a for _, a in done), seconds, extra)


def _streamed(kind: str) -> Sample:
    policies = [VECTOR_POLICIES[kind]()] * SEATS
    games = actions = 0
    start = time.perf_counter()
    for chunk in fast.stream({"players": SEATS}, policies, STREAMED, seed=3, chunk=BATCH):
        games += len(chunk.cash)
        actions += int(chunk.tally.actions.sum())
    extra = {"streamed": f"{STREAMED:,} games in chunks of {BATCH:,}"}
    return Sample(games, actions, time.perf_counter() - start, extra)


def figures() -> list[Figure]:
    out = []
    for kind in sorted(VECTOR_POLICIES):
        out += [
            Figure(
                name=f"middleman batch engine, {kind} play, 3 seats, one process",
                what=f"fast.play_batch: {BATCHES[kind]:,} three-seat games at once with the "
                f"vectorized {kind} policy in every seat, rows dealt, until every game ends; "
                "one core",
                run=lambda kind=kind: _one_process(kind),
                runs=5 if kind == "random" else 3,
            ),
            Figure(
                name=f"middleman batch engine, {kind} play, 3 seats, both cores",
                what=f"the same batches on {WORKERS} worker processes (a warm pool), "
                f"{CHUNKS_PER_WORKER} batches each; wall time from submitting to the last result",
                run=lambda kind=kind: _both_cores(kind),
                runs=5 if kind == "random" else 3,
            ),
        ]
    out.append(
        Figure(
            name="middleman batch engine, random play, streamed 1M games",
            what=f"fast.stream: {STREAMED:,} three-seat random games in chunks of {BATCH:,}, "
            "so memory stays that of one chunk; one core",
            run=lambda: _streamed("random"),
            runs=3,
        )
    )
    return out
