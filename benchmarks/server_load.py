"""Load on the multiplayer server: many concurrent Middleman matches over loopback.

A real `tradingfloor serve` process (SQLite) hosts the matches. In each match two scripted people
act over HTTP and listen on their WebSockets, a bot fills the third seat, and a spectator listens
too. Latency is measured from sending an action to the arrival of the pushed view that includes it,
on the acting client's own WebSocket. The server runs on one core and the load generator, in a
process of its own, on the other (`os.sched_setaffinity`), so that the clients, which stand in for
browsers on other machines, do not take the server's core.

Two figures: the target load (100 matches, 300 clients; people take 1-3 s to decide, bots the
server's default pause), and the saturated server (people and bots act at once, as fast as it lets
them), which gives the most actions per second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.harness import Figure, Sample, note_below

MATCHES = 100
THINK_S = 2.0  # how long a (quick) person takes to decide once it is their turn
SATURATED_MATCHES = 20
TARGET_S = 30.0  # the target load is measured over this long (matches need longer to end)
DEADLINE_S = 90.0  # no run goes on longer than this, finished or not
# Every client stands in for a browser on a machine of its own, but all come from 127.0.0.1: the
# limits per address are switched off (0), or they would refuse most of them.
PER_ADDRESS = ("create-per-minute", "connections-per-address", "sockets-per-address")
ROWS = [
    {"type": "rows", "a": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "d": [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]},
    {"type": "rows", "a": [5, 6, 7, 8, 9, 0, 1, 2, 3, 4], "d": [4, 3, 2, 1, 0, 9, 8, 7, 6, 5]},
]


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    finished: int = 0


class Person:
    """A scripted player: listens on its WebSocket, acts over HTTP whenever its turn comes."""

    choose_again: tuple[int, ...] = ()
    """Answers to an action after which the seat chooses again (the scripted moves here are
    never refused)."""

    def __init__(
        self, base: str, match_id: str, seat: int, token: str, stats: Stats, think: float
    ) -> None:
        self.base, self.match_id, self.seat, self.token = base, match_id, seat, token
        self.stats, self.think = stats, think
        self.rng = random.Random(f"{match_id}/{seat}")
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.awaited: tuple[int, asyncio.Future[float]] | None = None  # (seq, when it arrived)
        self.headers: dict[str, str] = {}  # sent with every request and WebSocket

    async def play(self) -> None:
        import httpx

        async with await self._connect() as socket:
            reader = asyncio.create_task(self._read(socket))
            try:
                # Its own connection, as a browser's. Loopback needs no TLS: skip loading the
                # system's certificates, which takes the generator tens of ms a client.
                async with httpx.AsyncClient(
                    timeout=30, verify=False, headers=self.headers
                ) as http:
                    await self._act(http)
            finally:
                reader.cancel()

    async def _connect(self) -> Any:
        """The match's WebSocket, open, its hello (this seat's token) sent."""
        import websockets

        url = self.base.replace("http", "ws") + f"/api/matches/{self.match_id}/ws"
        socket = await websockets.connect(url, max_size=None, additional_headers=self.headers)
        await socket.send(json.dumps({"token": self.token}))
        return socket

    async def _read(self, socket: Any) -> None:
        async for message in socket:
            self._received(message)

    def _received(self, message: str) -> dict[str, Any]:
        """Take in one pushed update: it settles the awaited action's arrival if it includes it."""
        now = time.perf_counter()
        update: dict[str, Any] = json.loads(message)
        if self.awaited and update["seq"] >= self.awaited[0] and not self.awaited[1].done():
            self.awaited[1].set_result(now)
        self.latest = update
        self.changed.set()
        return update

    async def _act(self, http: Any) -> None:
        acted_at = -1
        while True:
            await self.changed.wait()
            self.changed.clear()
            update = self.latest
            assert update is not None
            if update["over"]:
                self.stats.finished += self.seat == 0
                return
            if self.seat not in update["actors"] or update["seq"] <= acted_at:
                continue
            if self.think:
                # People take their own time: a spread around `think`, not all at the same moment.
                await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
                update = self.latest
                assert update is not None
            acted_at = update["seq"]
            if await self._send(http, update) in self.choose_again:
                acted_at = -1
            self.changed.set()  # look at the newest update again

    async def _send(self, http: Any, update: dict[str, Any]) -> int:
        """Post this seat's action against `update`; on 200, wait for its pushed view."""
        # The pushed view of this action has a seq above the one it was made against.
        arrival: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.awaited = (update["seq"] + 1, arrival)
        action = self._choose(update)
        sent = time.perf_counter()
        reply = await http.post(
            f"{self.base}/api/matches/{self.match_id}/actions",
            json={"seq": update["seq"], "action": action},
            headers={"Authorization": f"Bearer {self.token}"},
        )
        self._answered(reply, action)
        if reply.status_code == 200:
            self.stats.actions += 1
            self.stats.latencies.append(await arrival - sent)
        self.awaited = None
        return int(reply.status_code)

    def _answered(self, reply: Any, action: dict[str, Any]) -> None:
        """What the server answered to `action` (for subclasses that keep count)."""

    def _choose(self, update: dict[str, Any]) -> dict[str, Any]:
        view = update["view"]
        if view["phase"] == "rows":
            return ROWS[self.seat]
        if view["phase"] == "buy":
            return {"type": "buy", "tins": 1, "price": 1}
        return {"type": "sell", "tins": view["players"][self.seat]["tins"], "price": 5}


async def spectate(base: str, match_id: str, headers: dict[str, str] | None = None) -> None:
    import websockets

    url = base.replace("http", "ws") + f"/api/matches/{match_id}/ws"
    async with websockets.connect(url, max_size=None, additional_headers=headers) as socket:
        await socket.send("{}")
        async for message in socket:
            if json.loads(message)["over"]:
                return


async def drive(
    base: str, matches: int, think: float, seconds: float = DEADLINE_S
) -> tuple[Stats, float]:
    import httpx

    stats = Stats()
    limits = httpx.Limits(max_connections=4 * matches, max_keepalive_connections=4 * matches)
    async with httpx.AsyncClient(limits=limits, timeout=30, verify=False) as http:
        tasks = []
        for _ in range(matches):
            reply = await http.post(
                f"{base}/api/matches",
                json={"game": "middleman", "seats": [{"kind": "human"}] * 2 + [{"kind": "random"}]},
            )
            created = reply.json()
            for seat in (0, 1):
                token = created["seats"][seat]["token"]
                person = Person(base, created["id"], seat, token, stats, think)
                tasks.append(person.play())
            tasks.append(spectate(base, created["id"]))
        start = time.perf_counter()
        with contextlib.suppress(TimeoutError), collector_paused():
            await asyncio.wait_for(asyncio.gather(*tasks), min(seconds, DEADLINE_S))
        return stats, time.perf_counter() - start


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection in the load generator while it measures.

    The clients stand in for 300 browsers on other machines. A collection here stalls all of them
    at once for up to 100 ms, and that stall would be counted as the server's latency. Their
    garbage is acyclic (freed by reference counting), so memory stays flat without the collector."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def run_load(
    matches: int = MATCHES,
    think: float = THINK_S,
    bot_delay: float = 0.5,
    seconds: float = TARGET_S,
) -> Sample:
    """One run: `matches` matches with 3 WebSocket clients each, played to the end."""
    from tests.server.live import free_port, server

    server_core, load_core = two_cores()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        db = f"sqlite:///{Path(folder) / 'load.db'}"
        limits_off = [f"--{limit}=0" for limit in PER_ADDRESS]
        pin_server = partial(pin, server_core)
        with (
            server(db, port, bot_delay=bot_delay, options=limits_off, before=pin_server) as process,
            ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as generator,
        ):
            base = f"http://127.0.0.1:{port}"
            cpu_before = cpu_seconds(process.pid)
            load = generator.submit(drive_pinned, load_core, base, matches, think, seconds)
            stats, seconds = load.result()
            server_cpu = cpu_seconds(process.pid) - cpu_before
    return Sample(
        games=stats.finished,
        actions=stats.actions,
        seconds=seconds,
        extra={
            "matches": str(matches),
            "clients": str(3 * matches),
            "finished": str(stats.finished),
            "cores": f"server {server_core}, load {load_core}" if server_core is not None else "-",
            **latency_notes(stats.latencies),
            "server CPU ms/action": f"{1000 * server_cpu / max(1, stats.actions):.2f}",
            "wall s": f"{seconds:.1f}",
        },
    )


def two_cores() -> tuple[int | None, int | None]:
    """A core for the server and another for the load generator, or (None, None) where this
    process may run on fewer than two."""
    cores = sorted(os.sched_getaffinity(0))
    return (cores[0], cores[1]) if len(cores) >= 2 else (None, None)


def pin(core: int | None) -> None:
    """Keep this process (and the processes and threads it starts later) on `core`."""
    if core is not None:
        os.sched_setaffinity(0, {core})


def drive_pinned(
    core: int | None, base: str, matches: int, think: float, seconds: float
) -> tuple[Stats, float]:
    """`drive` in a process of its own on `core`: the load generator beside the server, as the
    people's browsers would be, not on the server's core."""
    pin(core)
    return asyncio.run(drive(base, matches, think, seconds))


def latency_notes(latencies: list[float]) -> dict[str, str]:
    """The median and 99th percentile of latencies given in seconds, as notes in ms."""
    if not latencies:
        return {"p50 ms": "-", "p99 ms": "-"}
    p50 = statistics.median(latencies) * 1000
    p99 = percentile(latencies, 0.99) * 1000
    return {"p50 ms": f"{p50:.1f}", "p99 ms": f"{p99:.1f}"}


def percentile(values: list[float], q: float) -> float:
    """The value below which a share `q` of `values` lies (the nearest rank at or below)."""
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) that a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def figures() -> list[Figure]:
    return [
        Figure(
            name=f"server load, {MATCHES} matches / {3 * MATCHES} WebSocket clients",
            what=(
                f"people act 0.5-1.5 x {THINK_S} s after their turn comes, bots after the default "
                f"pause, for {TARGET_S:.0f} s; p50/p99 ms from sending an action to its pushed "
                "view; person actions/s"
            ),
            run=run_load,
            runs=3,
            target=note_below("p99 ms", 50),
        ),
        Figure(
            name=f"server saturated, {SATURATED_MATCHES} matches, nobody pauses",
            what="the most person actions/s the server takes, with latency under that load",
            run=lambda: run_load(SATURATED_MATCHES, think=0, bot_delay=0, seconds=DEADLINE_S),
            runs=3,
        ),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--think", type=float, default=THINK_S, help="seconds a person takes")
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=TARGET_S, help="how long to measure")
    arguments = parser.parse_args()
    sample = run_load(arguments.matches, arguments.think, arguments.bot_delay, arguments.seconds)
    print(f"{sample.actions / sample.seconds:,.0f} person actions/s", sample.extra)
