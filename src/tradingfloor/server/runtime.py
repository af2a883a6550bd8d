"""The live side of the server: WebSocket subscribers, pushes on every change, and bots in seats."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import Agent, decision_for
from tradingfloor.core.game import Game, State
from tradingfloor.server.service import HUMAN, ApiError, MatchService, Snapshot, Stale
from tradingfloor.server.updates import update_for

log = logging.getLogger("tradingfloor.server")


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
    """Pushes views to subscribers and plays bot seats, on the server's event loop."""

    def __init__(self, service: MatchService, bot_delay: float = 0.5, poll: float = 0.5) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.poll = poll
        self.subscribers: dict[str, set[Subscriber]] = defaultdict(set)
        self._bot_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._agents: dict[tuple[str, int], tuple[Agent, random.Random]] = {}
        self._background: set[asyncio.Task[None]] = set()

    # -- lifecycle --------------------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every running match's bots; watch the database if other processes share it."""
        for match_id in await asyncio.to_thread(self.service.running_ids):
            try:
                self.kick(await asyncio.to_thread(self.service.snapshot, match_id))
            except ApiError as err:
                log.warning("match %s cannot resume: %s", match_id, err.message)
        if self.service.store.shared:
            self._spawn(self._watch())

    async def stop(self) -> None:
        tasks = [*self._bot_tasks.values(), *self._background]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- changes ----------------------------------------------------------------------------------
    async def changed(self, snapshot: Snapshot) -> None:
        """After a committed action: push the new views and wake the bots whose turn it is."""
        latest = self.service.cached(snapshot.match.id)
        self.push(latest)
        self.kick(latest)
        if latest.over:  # the bots of a finished match are not needed any more
            for seat in range(len(latest.match.seats)):
                self._agents.pop((latest.match.id, seat), None)

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
        loop = asyncio.get_running_loop()
        try:
            while True:
                snapshot = self.service.cached(match_id)
                if seat not in snapshot.game.actors(snapshot.state):
                    return
                agent, rng = self._agent(snapshot.game, match_id, seat, kind)
                action = await loop.run_in_executor(
                    None, _choose, snapshot.game, snapshot.state, seat, agent, rng
                )
                try:
                    after = await self._submit(match_id, seat, snapshot.seq, _json(action))
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

    async def _submit(self, match_id: str, seat: int, seq: int, action: Any) -> Snapshot:
        if self.service.inline:
            return self.service.submit(match_id, seat, seq, action)
        return await asyncio.to_thread(self.service.submit, match_id, seat, seq, action)

    def _agent(
        self, game: Game, match_id: str, seat: int, kind: str
    ) -> tuple[Agent, random.Random]:
        key = (match_id, seat)
        if key not in self._agents:
            # The bot's own randomness comes from the OS, never from the match's secret seed.
            self._agents[key] = (make_agent(game, kind), random.Random(secrets.randbits(64)))
        return self._agents[key]

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
        loaded = self.service.loaded_ids()
        known = {match_id: self.service.cached(match_id).seq for match_id in loaded}
        latest = await asyncio.to_thread(self.service.store.last_seqs, loaded)
        for match_id, seq in latest.items():
            if seq > known[match_id] and await asyncio.to_thread(self.service.refresh, match_id):
                await self.changed(self.service.cached(match_id))

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)


def _message(snapshot: Snapshot, seat: int | None) -> str:
    return json.dumps({"type": "update", **update_for(snapshot, seat)}, separators=(",", ":"))


def _choose(game: Game, state: State, seat: int, agent: Agent, rng: random.Random) -> Any:
    """The bot's action, decided from its seat's decision alone (view, legal, determinize)."""
    return agent.act(decision_for(game, state, seat), rng)


def _json(action: Any) -> Any:
    return action.to_json() if hasattr(action, "to_json") else action
