"""Bots' decisions off the request path: their own bounded pools, a time budget and a fallback.

Searching bots (ISMCTS, agents from files) think in worker processes, one per core by default, at a
lower CPU priority than the server, so that search never holds the server's interpreter. The games'
own quick bots think in a few threads of their own. Neither shares the threads that requests and
database commits use.

Every decision has a time budget, counted from when it is asked for: a searching agent is told
what is left of it when a worker takes it up and stops there. A decision that fails, or whose
worker overruns the budget by more than a grace period (the worker is then replaced), becomes the
game's cheapest sensible choice: its heuristic bot, else the first legal action.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import queue
import random
import secrets
import signal
import threading
import time
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from typing import Any

from tradingfloor.agents import make_agent, with_time_limit
from tradingfloor.agents.plugins import registered_in_code
from tradingfloor.core import registry
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import Game, State

log = logging.getLogger("tradingfloor.server")

QUICK_THREADS = 2  # the games' own bots decide in milliseconds
GRACE_S = 5.0  # how long past its budget a worker may take before it is replaced
START_S = 120.0  # how long a new worker may take to import the games before it is given up
MIN_THINK_S = 0.05  # what a decision still gets when its budget went by in the queue
NICE = 10  # workers yield the cores to the server whenever it has work
CHEAP = "heuristic"  # the fallback bot, where the game has one


@dataclass(frozen=True)
class Job:
    """One decision to make: the true state stays on this machine, in the worker that decides."""

    game_id: str
    state: State
    seat: int
    kind: str
    seed: int
    seconds: float  # the time left to think


class DecisionFailed(Exception):
    """The bot gave no action: it failed, or its worker overran and was replaced."""


def decide(job: Job) -> Any:
    """The bot's action as JSON, from its seat's decision alone (view, legal, determinize)."""
    game = registry.make(job.game_id)
    agent = with_time_limit(make_agent(game, job.kind), job.seconds)
    return as_json(agent.act(decision_for(game, job.state, job.seat), random.Random(job.seed)))


def fallback(game: Game, state: State, seat: int, seed: int) -> Any:
    """The cheapest sensible action: the game's heuristic bot, else the first legal action."""
    rng = random.Random(seed)
    decision = decision_for(game, state, seat)
    if CHEAP in game.bots():
        try:
            return as_json(make_agent(game, CHEAP).act(decision, rng))
        except Exception:
            log.exception("the %s fallback failed in %s", CHEAP, game.id)
    listed = decision.legal.enumerate()
    return as_json(listed[0] if listed else decision.legal.sample(rng))


def as_json(action: Any) -> Any:
    return action.to_json() if hasattr(action, "to_json") else action


def in_processes(game: Game, kind: str) -> bool:
    """Whether `kind` may search for long: every kind but random, the game's own bots and kinds
    registered in code (which a worker process would not know)."""
    return not (kind == "random" or kind in game.bots() or registered_in_code(game.id, kind))


@dataclass
class Counts:
    """What the pools have done, for tests and benchmarks."""

    decisions: int = 0
    fallbacks: int = 0
    replaced: int = 0
    waited_s: list[float] = field(default_factory=list)  # queue waits of the last decisions


class BotPool:
    """Decides bots' moves within `seconds` each: searching kinds in `processes` worker processes,
    the others in a few threads of their own."""

    def __init__(
        self, processes: int | None = None, seconds: float = 2.0, grace: float = GRACE_S
    ) -> None:
        self.processes = max(1, processes or os.cpu_count() or 1)
        self.seconds = seconds
        self.grace = grace
        self.counts = Counts()
        self._threads = ThreadPoolExecutor(QUICK_THREADS, thread_name_prefix="bot-quick")
        self._jobs: queue.SimpleQueue[tuple[Job, Future[Any], float] | None] = queue.SimpleQueue()
        self._workers: list[Worker] = []
        self._closed = False
        self._lock = threading.Lock()

    async def decide(self, game: Game, state: State, seat: int, kind: str) -> Any:
        """`kind`'s action (JSON) for `seat`; the fallback's if it fails or overruns."""
        seed = secrets.randbits(64)  # the bot's randomness: never the match's secret seed
        job = Job(game.id, state, seat, kind, seed, self.seconds)
        loop = asyncio.get_running_loop()
        try:
            if in_processes(game, kind):
                action = await asyncio.wrap_future(self._submit(job))
            else:
                action = await loop.run_in_executor(self._threads, decide, job)
        except DecisionFailed as err:
            log.warning("bot %s in %s: %s; it plays the fallback", kind, game.id, err)
        except Exception:
            log.exception("bot %s in %s failed; it plays the fallback", kind, game.id)
        else:
            self.counts.decisions += 1
            return action
        self.counts.fallbacks += 1
        return await loop.run_in_executor(self._threads, fallback, game, state, seat, seed)

    def _submit(self, job: Job) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise DecisionFailed("the server is stopping")
            if not self._workers:  # started on first use: many servers never host a search
                self._workers = [Worker(self, n) for n in range(self.processes)]
        self._jobs.put((job, future, time.monotonic()))
        return future

    def close(self) -> None:
        """Stop the workers (a search under way is cut short) and the threads."""
        with self._lock:
            self._closed = True
            workers, self._workers = self._workers, []
        for _ in workers:
            self._jobs.put(None)
        for worker in workers:
            worker.stop()
        self._threads.shutdown(wait=False, cancel_futures=True)

    def next_job(self) -> tuple[Job, Future[Any]] | None:
        """The next decision for a worker, with what is left of its budget; None to stop."""
        while (item := self._jobs.get()) is not None:
            job, future, asked = item
            if not future.set_running_or_notify_cancel():
                continue  # nobody waits for it any more
            waited = time.monotonic() - asked
            self.counts.waited_s = [*self.counts.waited_s[-99:], waited]
            return replace(job, seconds=max(MIN_THINK_S, self.seconds - waited)), future
        return None


class Worker:
    """One worker process and the thread that feeds it decisions and waits for its answers."""

    def __init__(self, pool: BotPool, number: int) -> None:
        self.pool = pool
        self.name = f"bot-worker-{number}"
        self.process: multiprocessing.process.BaseProcess | None = None
        self.connection: Connection | None = None
        self._stopping = False
        self.thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with contextlib.suppress(Exception):
            self._start()  # before the first job, so that it need not wait for the start
        while (taken := self.pool.next_job()) is not None:
            job, future = taken
            try:
                future.set_result(self._ask(job))
            except BaseException as err:
                future.set_exception(err)

    def _ask(self, job: Job) -> Any:
        if self.process is None or not self.process.is_alive():
            self._start()
        assert self.connection is not None
        try:
            self.connection.send(job)
            if not self.connection.poll(job.seconds + self.pool.grace):
                self.pool.counts.replaced += 1
                self._end()  # the search did not stop in time: it would hold the core for good
                raise DecisionFailed(f"its worker overran {job.seconds:.1f} s and was replaced")
            status, value = self.connection.recv()
        except (EOFError, OSError) as err:
            self._end()
            if self._stopping:
                raise DecisionFailed("the server is stopping") from None
            raise DecisionFailed(f"its worker ended ({err or type(err).__name__})") from None
        if status != "ok":
            raise DecisionFailed(f"it failed in its worker:\n{value}")
        return value

    def _start(self) -> None:
        """A new worker process, once it has loaded the games (which no budget should pay for)."""
        context = multiprocessing.get_context("spawn")  # a clean interpreter: no server threads
        mine, theirs = context.Pipe()
        process = context.Process(target=serve, args=(theirs,), name=self.name, daemon=True)
        process.start()
        theirs.close()
        self.process, self.connection = process, mine
        try:
            ready = mine.poll(START_S) and mine.recv() == ("ready", None)
        except (EOFError, OSError):
            ready = False
        if not ready:
            self._end()
            raise DecisionFailed("a worker process did not start")

    def _end(self) -> None:
        process, connection = self.process, self.connection
        self.process = self.connection = None
        if process is not None and process.is_alive():
            process.kill()
            process.join(5)
        if connection is not None:
            connection.close()

    def stop(self) -> None:
        self._stopping = True
        process = self.process
        if process is not None and process.is_alive():
            process.kill()  # the thread sees the pipe end and goes back for its None
        self.thread.join(5)
        self._end()


def serve(connection: Connection) -> None:
    """A worker process: decide each job received, answer ("ok", action) or ("error", why)."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    for game_id in registry.games():
        registry.make(game_id)
    import tradingfloor.agents.ismcts  # noqa: F401  (search is what workers are for)

    connection.send(("ready", None))
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return  # the server is gone
        try:
            reply: tuple[str, Any] = ("ok", decide(job))
        except Exception:
            reply = ("error", traceback.format_exc(limit=8))
        try:
            connection.send(reply)
        except (BrokenPipeError, OSError):
            return
