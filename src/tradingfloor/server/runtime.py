"""The live side of the server: WebSocket subscribers, pushes on every change, bots in seats, and
the matches' lifecycle (resumed after a restart, forgotten when nobody needs them in memory)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.server.service import (
    HUMAN,
    MAX_RUNNING,
    ApiError,
    MatchService,
    Snapshot,
    Stale,
)
from tradingfloor.server.updates import update_for
from tradingfloor.server.workers import BotPool, in_processes

log = logging.getLogger("tradingfloor.server")

# Quick bots' turns under way at once. However many bots are due (thousands after a restart),
# the event loop then has at most this many of their commits waiting, so people's requests do
# not queue behind them.
QUICK_TURNS = 4


@dataclass(frozen=True)
class Hosting:
    """How the server hosts matches, with the defaults `tradingfloor serve` uses."""

    bot_processes: int = 0
    """Worker processes in which searching bots think (0: one per core)."""

    bot_seconds: float = 2.0
    """A bot's time budget for one decision, from when its turn comes (past it: the fallback)."""

    max_running: int = MAX_RUNNING
    """Running matches held at once; creating one more is refused (503) until one ends (0: no
    cap)."""

    idle_s: float = 300.0
    """Seconds after which a running match that nobody watches and no bot plays leaves memory
    (its log brings it back when it is asked for)."""

    finished_s: float = 30.0
    """Seconds after which a finished match leaves memory once nobody asks for it."""

    sweep_s: float = 5.0
    """How often the server looks for matches to forget."""

    resume_batch: int = 200
    """Running bot matches loaded at a time when the server resumes them after a restart."""


@dataclass(eq=False)
class Subscriber:
    """One connected WebSocket: its seat and the updates waiting to be sent to it."""

    match_id: str
    seat: int | None
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(64))
    sent_seq: int = -1

    def offer(self, seq: int, update: str) -> None:
        """Queue `update` (JSON) if newer than what this client has; drop the oldest if full."""
        if seq <= self.sent_seq:
            return
        self.sent_seq = seq
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()  # a slow client needs only the newest view
        self.queue.put_nowait(update)


class Runtime:
    """Pushes views to subscribers and plays bot seats, on the server's event loop.

    Nothing here replays a match's log on the event loop: a match that is not held in memory is
    loaded in a thread. Bots decide in their own pools (`workers.BotPool`)."""

    def __init__(
        self,
        service: MatchService,
        bot_delay: float = 0.5,
        poll: float = 0.5,
        hosting: Hosting | None = None,
    ) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.poll = poll
        self.hosting = hosting or Hosting()
        self.bots = BotPool(self.hosting.bot_processes or None, self.hosting.bot_seconds)
        self.subscribers: dict[str, set[Subscriber]] = defaultdict(set)
        self.resumed = 0  # running bot matches resumed since the start
        self._bot_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._quick_turns = asyncio.Semaphore(QUICK_TURNS)
        self._background: set[asyncio.Task[None]] = set()

    # -- lifecycle --------------------------------------------------------------------------------
    async def start(self) -> None:
        """Start resuming the running bot matches in the background (the server listens at once),
        forgetting idle matches, and watching the database if other processes share it."""
        self._spawn(self._resume())
        self._spawn(self._sweep())
        if self.service.store.shared:
            self._spawn(self._watch())

    async def stop(self) -> None:
        tasks = [*self._bot_tasks.values(), *self._background]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.bots.close)

    async def _resume(self) -> None:
        """Load every running match with a bot seat, a page at a time, and wake its bots."""
        after = ""
        while True:
            page = self.hosting.resume_batch
            ids = await asyncio.to_thread(self.service.store.running_with_bots, after, page)
            if not ids:
                break
            for snapshot in await asyncio.to_thread(self.service.load_many, ids):
                self.kick(snapshot)
            self.resumed += len(ids)
            after = ids[-1]
        if self.resumed:
            log.info("resumed %d running matches with bots", self.resumed)

    async def _sweep(self) -> None:
        """Now and then: drop from memory the matches that nobody needs there."""
        while True:
            await asyncio.sleep(self.hosting.sweep_s)
            self.forget()

    def forget(self) -> int:
        """Drop idle and finished matches from memory, except those watched or with a bot at
        work; returns how many were dropped."""
        keep = {*self.subscribers, *(match_id for match_id, _ in self._bot_tasks)}
        return self.service.forget(self.hosting.idle_s, self.hosting.finished_s, keep)

    def holds(self, match_id: str) -> bool:
        """Whether anything of the match is held here: its state, subscribers or bots."""
        return (
            self.service.loaded(match_id)
            or match_id in self.subscribers
            or any(key[0] == match_id for key in self._bot_tasks)
        )

    # -- changes ----------------------------------------------------------------------------------
    async def changed(self, snapshot: Snapshot) -> None:
        """After a committed action: push the new views and wake the bots whose turn it is."""
        latest = self.service.latest(snapshot.match.id) or snapshot
        self.push(latest)
        self.kick(latest)

    def push(self, snapshot: Snapshot) -> None:
        by_seat: dict[int | None, str] = {}  # each seat's update is built and encoded once
        for subscriber in list(self.subscribers.get(snapshot.match.id, ())):
            if subscriber.seat not in by_seat:
                by_seat[subscriber.seat] = _message(snapshot, subscriber.seat)
            subscriber.offer(snapshot.seq, by_seat[subscriber.seat])

    def subscribe(self, subscriber: Subscriber, snapshot: Snapshot) -> None:
        self.subscribers[subscriber.match_id].add(subscriber)
        subscriber.offer(snapshot.seq, _message(snapshot, subscriber.seat))

    def unsubscribe(self, subscriber: Subscriber) -> None:
        group = self.subscribers.get(subscriber.match_id)
        if group is not None:
            group.discard(subscriber)
            if not group:
                self.subscribers.pop(subscriber.match_id, None)

    # -- bots -------------------------------------------------------------------------------------
    def kick(self, snapshot: Snapshot) -> None:
        """Start a turn for each bot seat whose decision is awaited and that is not thinking yet."""
        match = snapshot.match
        for seat in snapshot.game.actors(snapshot.state):
            kind = match.seats[seat].kind
            key = (match.id, seat)
            thinking = self._bot_tasks.get(key)
            # A bot that has just acted calls this from its own task, which is about to end.
            if kind == HUMAN or (thinking is not None and thinking is not asyncio.current_task()):
                continue
            task = asyncio.get_running_loop().create_task(self._bot_turn(match.id, seat, kind))
            self._bot_tasks[key] = task
            task.add_done_callback(functools.partial(self._forget, key))

    def _forget(self, key: tuple[str, int], task: asyncio.Task[None]) -> None:
        if self._bot_tasks.get(key) is task:
            del self._bot_tasks[key]

    async def _bot_turn(self, match_id: str, seat: int, kind: str) -> None:
        await asyncio.sleep(self.bot_delay)  # a pause, so that people can follow the table
        try:
            while True:
                snapshot = await self._current(match_id)
                if seat not in snapshot.game.actors(snapshot.state):
                    return
                quick = not in_processes(snapshot.game, kind)  # searches are bounded by workers
                async with self._quick_turns if quick else contextlib.nullcontext():
                    action = await self.bots.decide(snapshot.game, snapshot.state, seat, kind)
                    try:
                        after = await self._submit(match_id, seat, snapshot.seq, action)
                    except Stale:
                        continue  # another seat moved first: decide again from the new view
                    await self.changed(after)
                return
        except ApiError as err:
            # Not the refusal's text: it may quote the bot's own secret choice (its rows, say).
            log.error(
                "bot %s in seat %d of match %s was refused (HTTP %d)",
                kind,
                seat,
                match_id,
                err.status,
            )
        except Exception:
            log.exception("bot %s in seat %d of match %s failed", kind, seat, match_id)

    async def _current(self, match_id: str) -> Snapshot:
        """The match as held, loaded in a thread if it is not (a replay never runs on the loop)."""
        held = self.service.latest(match_id)
        if held is not None:
            return held
        return await asyncio.to_thread(self.service.cached, match_id)

    async def _submit(self, match_id: str, seat: int, seq: int, action: Any) -> Snapshot:
        if self.service.inline and self.service.loaded(match_id):
            return self.service.submit(match_id, seat, seq, action)
        return await asyncio.to_thread(self.service.submit, match_id, seat, seq, action)

    # -- other processes --------------------------------------------------------------------------
    async def _watch(self) -> None:
        """With a shared database: notice actions that other server processes committed."""
        while True:
            await asyncio.sleep(self.poll)
            try:
                await self._pull_changes()
            except Exception:
                log.exception("watching the database failed")

    async def _pull_changes(self) -> None:
        known = self.service.loaded_seqs()
        latest = await asyncio.to_thread(self.service.store.last_seqs, list(known))
        for match_id, seq in latest.items():
            if seq > known[match_id] and await asyncio.to_thread(self.service.refresh, match_id):
                await self.changed(await self._current(match_id))

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)


def _message(snapshot: Snapshot, seat: int | None) -> str:
    return json.dumps({"type": "update", **update_for(snapshot, seat)}, separators=(",", ":"))
