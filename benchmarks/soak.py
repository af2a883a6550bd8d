"""A soak of the multiplayer server: minutes of mixed play, creation floods and reconnects.

A real `tradingfloor serve` process on SQLite, told that 127.0.0.1 is its reverse proxy so that
each client names its own address in X-Forwarded-For and meets the limits as a stranger would. For
the whole soak, at once:

- mixed play: a rolling set of matches of every game, a new one begun as each ends. Middleman has
  two scripted people (those of the load benchmark) and a bot; Businessmen and Merlin have one
  person, who picks a random move from the legal moves its update lists, and three bots. Every
  match has a spectator. People act 0.5-1.5 s after their turn comes.
- a creation flood: one address asks for 40 matches at once every 20 s; past the server's bucket
  (30 a minute) it must be told 429 with Retry-After. The matches it gets are left unplayed.
- reconnects: half the people drop their WebSocket every 5-20 s and open a new one at once; the
  first update on the new socket must be no older than the view the API gave just before.

The server's RSS is sampled every few seconds. Every action the server acknowledged (200, with its
step) is kept; after the server is stopped with SIGTERM, each match's log is read back from the
database, and after a restart on the same database, through the API (a finished match's record,
a running match's step). An acknowledged action missing from either is lost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import shutil
import signal
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from benchmarks.harness import Figure, Sample
from benchmarks.server_load import (
    Person,
    Stats,
    collector_paused,
    cpu_seconds,
    latency_notes,
    percentile,
    spectate,
)

SECONDS = float(os.environ.get("TRADINGFLOOR_SOAK_S", "600"))
THINK_S = 1.0  # a person acts 0.5-1.5 x this long after their turn comes
BOT_DELAY_S = 0.5  # the server's default pause before a bot acts
SAMPLE_S = 5.0  # RSS is sampled this often (more often in a short soak)
FLOOD_EVERY_S = 20.0
FLOOD_BURST = 40  # matches asked for at once by the flooding address
DROPPING = 0.5  # the share of people who drop their socket now and then
ONLINE_S = (5.0, 20.0)  # how long a dropping person's socket lives
RECONNECT_TRIES = 3
MATCH_DEADLINE_S = 300.0  # a match not over by then is counted stuck and left
PROXY = "127.0.0.1"
FLOOD_ADDRESS = "203.0.113.7"
OUT = Path("artifacts/soak")
MB = 1_048_576
NO_ANSWER = 0  # the status of a request that got no answer
FORM_KEYS = ("label", "fields", "count", "note")  # the parts of a listed move that are words


@dataclass(frozen=True)
class Table:
    """Matches of one game kept going side by side: who sits where, with which options."""

    game: str
    seats: tuple[str, ...]  # "human" or a bot kind
    options: dict[str, Any]
    count: int


ONE_PERSON = ("human", "beginner", "heuristic", "random")
TABLES = (
    Table("middleman", ("human", "human", "heuristic"), {}, count=16),
    Table("businessmen", ONE_PERSON, {"goal": 8, "max_rounds": 6}, count=4),
    Table("merlin", ONE_PERSON, {"content": "quick", "max_orbits": 3}, count=4),
)


class Acked(NamedTuple):
    """An action the server acknowledged: it must be in the match's log at step `seq`."""

    match: str
    game: str
    seq: int
    seat: int
    action: dict[str, Any]


class RssSample(NamedTuple):
    at: float  # seconds into the soak
    server: int  # bytes resident in the server process
    workers: int  # bytes resident in its child processes (the searching bots' workers)
    load: float  # the machine's load average over the last minute (others' work shows here)


@dataclass
class Tally:
    """What happened during the soak, as the clients saw it."""

    stats: Stats = field(default_factory=Stats)
    acked: list[Acked] = field(default_factory=list)
    finished: Counter[str] = field(default_factory=Counter)
    rss: list[RssSample] = field(default_factory=list)
    timeline: list[tuple[float, float]] = field(default_factory=list)  # (at, latency) in s
    started: float = field(default_factory=time.monotonic)
    created: int = 0  # by the players
    flood_created: int = 0
    flood_refused: int = 0  # 429
    refused_unsaid: int = 0  # 429 without Retry-After
    full: int = 0  # 503: the running cap
    server_errors: int = 0  # any other 5xx
    refused_moves: int = 0  # 422: a random form filled wrongly
    transport_errors: int = 0
    socket_errors: int = 0
    reconnects: int = 0
    stale_views: int = 0
    stuck: int = 0
    client_errors: list[str] = field(default_factory=list)
    _addresses: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def address(self) -> str:
        """A client address not given out before, as a proxy would name it."""
        n = next(self._addresses)
        return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"

    def answered(self, status: int) -> None:
        self.full += status == 503
        self.server_errors += status >= 500 and status != 503
        self.refused_moves += status == 422


class Player(Person):
    """A person of the load benchmark who plays any game and may drop its socket now and then."""

    choose_again = (422, NO_ANSWER)  # a random form filled wrongly, or no answer at all

    def __init__(
        self, base: str, match_id: str, seat: int, token: str, tally: Tally, game: str
    ) -> None:
        super().__init__(base, match_id, seat, token, tally.stats, THINK_S)
        self.tally, self.game = tally, game
        self.drops = self.rng.random() < DROPPING
        self.headers = {"X-Forwarded-For": tally.address()}

    def _choose(self, update: dict[str, Any]) -> dict[str, Any]:
        if self.game == "middleman":
            return super()._choose(update)
        return random_move(update["legal"]["actions"], self.rng)

    async def _send(self, http: Any, update: dict[str, Any]) -> int:
        """As a Person sends, keeping when each latency was measured; a request that failed on
        its way (a kept-alive connection closed by the server as it was reused) gets NO_ANSWER:
        sent again against the same step, it cannot be taken twice."""
        import httpx

        measured = len(self.stats.latencies)
        try:
            status = await super()._send(http, update)
        except httpx.TransportError:
            self.tally.transport_errors += 1
            self.awaited = None
            return NO_ANSWER
        if len(self.stats.latencies) > measured:
            at = time.monotonic() - self.tally.started
            self.tally.timeline.append((at, self.stats.latencies[-1]))
        return status

    def _answered(self, reply: Any, action: dict[str, Any]) -> None:
        self.tally.answered(reply.status_code)
        if reply.status_code == 200:
            step = reply.json()["seq"]
            self.tally.acked.append(Acked(self.match_id, self.game, step, self.seat, action))

    async def _read(self, socket: Any) -> None:
        """Read as a Person does; a dropping person closes its socket now and then and opens
        another at once (the first socket is closed by `play`, the others here)."""
        import websockets

        opened: Any = None
        try:
            while True:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(super()._read(socket), self._online_for())
                    return  # the server closed the socket: it is going away
                if self.latest is not None and self.latest["over"]:
                    return
                with contextlib.suppress(websockets.ConnectionClosed):
                    await socket.close()
                self._forget_awaited()
                socket = opened = await self._reconnect()
        except websockets.ConnectionClosed:
            self.tally.socket_errors += 1
            raise
        finally:
            if opened is not None:
                await opened.close()

    def _online_for(self) -> float | None:
        return self.rng.uniform(*ONLINE_S) if self.drops else None

    def _forget_awaited(self) -> None:
        """An action awaiting its pushed view across a drop gets no latency: NaN, left out."""
        if self.awaited is not None and not self.awaited[1].done():
            self.awaited[1].set_result(math.nan)

    async def _reconnect(self) -> Any:
        """A new socket (a few tries), its first update checked against the API's view."""
        import httpx
        import websockets

        for _ in range(RECONNECT_TRIES - 1):
            try:
                return await self._reconnect_once()
            except (httpx.TransportError, websockets.WebSocketException, OSError):
                self.tally.transport_errors += 1
                await asyncio.sleep(1)
        return await self._reconnect_once()

    async def _reconnect_once(self) -> Any:
        async with client(self.headers) as http:
            reply = await http.get(
                f"{self.base}/api/matches/{self.match_id}/view",
                headers={"Authorization": f"Bearer {self.token}"},
            )
        self.tally.answered(reply.status_code)
        reply.raise_for_status()
        socket = await self._connect()
        self._forget_awaited()  # an action sent while offline: its view comes late, by design
        first = self._received(await socket.recv())
        self.tally.reconnects += 1
        self.tally.stale_views += first["seq"] < reply.json()["seq"]
        return socket


def random_move(entries: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """One of the listed moves at random, a form's fields filled at random (it may be refused)."""
    entry = rng.choice(entries)
    move = {key: value for key, value in entry.items() if key not in FORM_KEYS}
    for name, spec in entry.get("fields", {}).items():
        move[name] = _fill(spec, rng)
    return move


def _fill(spec: dict[str, Any], rng: random.Random) -> Any:
    if "choices" in spec:
        return rng.choice(spec["choices"])
    if "places" in spec:  # one number per place, adding up to at most `max`
        places, least = spec["places"], spec["min"]
        return [rng.randint(least, max(least, spec["max"] // places)) for _ in range(places)]
    return rng.randint(spec["min"], spec["max"])


def client(headers: dict[str, str] | None = None) -> Any:
    """An HTTP client as one browser's (loopback: no TLS set-up)."""
    import httpx

    return httpx.AsyncClient(timeout=30, verify=False, headers=headers)


async def create(http: Any, base: str, body: dict[str, Any], tally: Tally) -> Any | None:
    """Ask for a match; the reply, or None if the request itself failed."""
    import httpx

    try:
        reply = await http.post(f"{base}/api/matches", json=body)
    except httpx.TransportError:
        tally.transport_errors += 1
        return None
    tally.answered(reply.status_code)
    return reply


async def keep_playing(base: str, table: Table, tally: Tally) -> None:
    """Matches of `table` one after another, for as long as the soak goes on."""
    while True:
        await play_match(base, table, tally)


async def play_match(base: str, table: Table, tally: Tally) -> None:
    """Create one match of `table` from an address of its own and play it to the end."""
    address = {"X-Forwarded-For": tally.address()}
    body = {
        "game": table.game,
        "options": table.options,
        "seats": [{"kind": k} for k in table.seats],
    }
    async with client(address) as http:
        reply = await create(http, base, body, tally)
    if reply is None or reply.status_code != 201:
        await asyncio.sleep(1)
        return
    tally.created += 1
    created = reply.json()
    people = [
        Player(base, created["id"], seat, created["seats"][seat]["token"], tally, table.game)
        for seat, kind in enumerate(table.seats)
        if kind == "human"
    ]
    watching = spectate(base, created["id"], address)
    try:
        await asyncio.wait_for(_all([p.play() for p in people] + [watching]), MATCH_DEADLINE_S)
        tally.finished[table.game] += 1
    except TimeoutError:
        tally.stuck += 1
    except Exception as err:  # a client's failure is counted, and play goes on after a pause
        tally.client_errors.append(f"{table.game} {created['id']}: {err!r}"[:300])
        await asyncio.sleep(1)


async def _all(jobs: list[Any]) -> None:
    """Every job to its end; the first failure stops the others."""
    async with asyncio.TaskGroup() as group:
        for job in jobs:
            group.create_task(job)


async def flood(base: str, tally: Tally) -> None:
    """Every FLOOD_EVERY_S, one address asks for FLOOD_BURST matches at once."""
    games = [table.game for table in TABLES]
    async with client({"X-Forwarded-For": FLOOD_ADDRESS}) as http:
        while True:
            bodies = [{"game": games[i % len(games)]} for i in range(FLOOD_BURST)]
            replies = await asyncio.gather(*(create(http, base, b, tally) for b in bodies))
            for reply in replies:
                _tally_flood(reply, tally)
            await asyncio.sleep(FLOOD_EVERY_S)


def _tally_flood(reply: Any | None, tally: Tally) -> None:
    if reply is None:
        return
    tally.flood_created += reply.status_code == 201
    if reply.status_code == 429:
        tally.flood_refused += 1
        tally.refused_unsaid += "retry-after" not in reply.headers


async def sample_rss(pid: int, tally: Tally, every: float) -> None:
    while True:
        tally.rss.append(rss_sample(pid, tally.started))
        await asyncio.sleep(every)


def rss_sample(pid: int, started: float) -> RssSample:
    workers = sum(rss_bytes(child) for child in children(pid))
    return RssSample(time.monotonic() - started, rss_bytes(pid), workers, os.getloadavg()[0])


def rss_bytes(pid: int) -> int:
    """A process's resident set in bytes (0 once it is gone): /proc, else psutil."""
    if Path("/proc/self/status").exists():
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0
    import psutil  # type: ignore[import-untyped]

    try:
        return int(psutil.Process(pid).memory_info().rss)
    except psutil.NoSuchProcess:
        return 0


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux; none elsewhere)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


async def drive(base: str, pid: int, seconds: float, tables: Iterable[Table]) -> Tally:
    """Mixed play, the flood and the RSS sampler, all at once for `seconds`."""
    tally = Tally()
    jobs = [sample_rss(pid, tally, min(SAMPLE_S, max(0.5, seconds / 30))), flood(base, tally)]
    jobs += [keep_playing(base, table, tally) for table in tables for _ in range(table.count)]
    # The collector is paused as in the load benchmark: its pauses would count as latency.
    with collector_paused(), contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*jobs), seconds)
    tally.rss.append(rss_sample(pid, tally.started))
    return tally


# -- was anything acknowledged lost? ---------------------------------------------------------------
@cache
def _game(game_id: str) -> Any:
    import tradingfloor

    return tradingfloor.make(game_id)


def _canonical(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _as_logged(acked: Acked) -> tuple[int, str]:
    """(seat, action) as the log keeps them: the action in the game's own JSON form."""
    return acked.seat, _canonical(_game(acked.game).parse_action(acked.action).to_json())


def _missing(acked: list[Acked], log: Iterable[tuple[int, int, Any]]) -> list[Acked]:
    """The acknowledged actions that a match's log (seq, seat, action) lacks."""
    kept = {seq: (seat, _canonical(action)) for seq, seat, action in log}
    return [a for a in acked if kept.get(a.seq) != _as_logged(a)]


def _by_match(acked: list[Acked]) -> dict[str, list[Acked]]:
    grouped: dict[str, list[Acked]] = defaultdict(list)
    for entry in acked:
        grouped[entry.match].append(entry)
    return grouped


def lost_in_database(db: str, acked: list[Acked]) -> list[Acked]:
    """Acknowledged actions missing from the logs in the database (the server stopped)."""
    from tradingfloor.server.storage import Store

    grouped = _by_match(acked)
    store = Store(db)
    try:
        logs = store.logs(sorted(grouped))
    finally:
        store.close()
    return [a for match, entries in grouped.items() for a in _missing(entries, logs[match])]


async def lost_through_api(base: str, acked: list[Acked]) -> list[Acked]:
    """Acknowledged actions that the API does not show: missing from a finished match's record,
    or beyond a running match's step."""
    gate = asyncio.Semaphore(8)
    async with client() as http:
        found = await asyncio.gather(
            *(
                _lost_in_match(http, base, m, entries, gate)
                for m, entries in _by_match(acked).items()
            )
        )
    return [a for lost in found for a in lost]


async def _lost_in_match(
    http: Any, base: str, match: str, acked: list[Acked], gate: asyncio.Semaphore
) -> list[Acked]:
    async with gate:
        summary = await http.get(f"{base}/api/matches/{match}")
        if summary.status_code != 200:
            return acked
        if summary.json()["status"] != "over":
            return [a for a in acked if a.seq > summary.json()["seq"]]
        record = await http.get(f"{base}/api/matches/{match}/record")
    if record.status_code != 200:
        return acked
    moves = record.json()["moves"]
    return _missing(acked, ((m["seq"], m["seat"], m["action"]) for m in moves))


# -- the run and its report ------------------------------------------------------------------------
@dataclass
class Report:
    seconds: float
    tables: tuple[Table, ...]
    tally: Tally
    lost_stopped: list[Acked]
    lost_restarted: list[Acked]
    exit_code: int | None
    restart_s: float
    logged_errors: int
    server_cpu_s: float

    @property
    def lost(self) -> int:
        return len({(a.match, a.seq) for a in self.lost_stopped + self.lost_restarted})

    @property
    def latencies(self) -> list[float]:
        return [x for x in self.tally.stats.latencies if not math.isnan(x)]

    def rss_mb(self) -> list[float]:
        return [s.server / MB for s in self.tally.rss]

    @property
    def step(self) -> float:
        """The series' step: a tenth of the soak (a minute of ten), at least SAMPLE_S."""
        return max(SAMPLE_S, self.seconds / 10)

    def rss_series(self) -> list[float]:
        """RSS in MB at the start, after every step, and at the end."""
        rss, step = self.tally.rss, self.step
        marks = [step * k for k in range(round(rss[-1].at / step))] + [rss[-1].at]
        return [_nearest(rss, mark).server / MB for mark in marks]

    def p99_series(self) -> list[float]:
        """p99 latency in ms of the actions within each step ("nan" where there were none)."""
        windows: list[list[float]] = [[] for _ in range(max(1, round(self.seconds / self.step)))]
        for at, latency in self.tally.timeline:
            if not math.isnan(latency):
                windows[min(int(at / self.step), len(windows) - 1)].append(latency)
        return [1000 * percentile(w, 0.99) if w else math.nan for w in windows]

    def notes(self) -> dict[str, str]:
        tally, rss, step = self.tally, self.rss_mb(), self.step
        loads = [s.load for s in tally.rss]
        notes = {
            "tables": ", ".join(f"{t.count} {t.game}" for t in self.tables),
            "matches begun/over": (
                f"{tally.created}/{sum(tally.finished.values())} ({_counted(tally.finished)})"
            ),
            "acked": str(len(tally.acked)),
            "lost": str(self.lost),
            **latency_notes(self.latencies),
            "RSS MB start/peak/end": f"{rss[0]:.0f}/{max(rss):.0f}/{rss[-1]:.0f}",
            f"RSS MB every {step:.0f} s": "/".join(f"{x:.0f}" for x in self.rss_series()),
            f"p99 ms by {step:.0f} s": "/".join(f"{x:.0f}" for x in self.p99_series()),
            "workers MB peak": f"{max(s.workers for s in tally.rss) / MB:.0f}",
            "flood created/429": f"{tally.flood_created}/{tally.flood_refused}",
            "reconnects": f"{tally.reconnects} (stale {tally.stale_views})",
            "5xx": str(tally.server_errors),
            "server CPU %": f"{100 * self.server_cpu_s / self.seconds:.0f}",
            "load avg mean/max": f"{sum(loads) / len(loads):.1f}/{max(loads):.1f}",
            "restart s": f"{self.restart_s:.1f}",
            "wall s": f"{self.seconds:.0f}",
        }
        return {**notes, **self._troubles()}

    def _troubles(self) -> dict[str, str]:
        """Notes that appear only when something went wrong."""
        tally = self.tally
        troubles = {
            "503 full": tally.full,
            "429 without Retry-After": tally.refused_unsaid,
            "stuck matches": tally.stuck,
            "client errors": len(tally.client_errors),
            "transport errors": tally.transport_errors,
            "socket errors": tally.socket_errors,
            "errors logged": self.logged_errors,
        }
        shown = {name: str(count) for name, count in troubles.items() if count}
        if self.exit_code not in (0, -signal.SIGTERM):  # uvicorn raises SIGTERM again once stopped
            shown["exit code"] = str(self.exit_code)
        return shown

    def sample(self) -> Sample:
        finished = sum(self.tally.finished.values())
        return Sample(finished, len(self.tally.acked), self.seconds, self.notes())


def _nearest(samples: list[RssSample], at: float) -> RssSample:
    return min(samples, key=lambda sample: abs(sample.at - at))


def _counted(counts: Counter[str]) -> str:
    return ", ".join(f"{name} {n}" for name, n in sorted(counts.items()))


def run_soak(
    seconds: float = SECONDS, out: Path | None = OUT, tables: tuple[Table, ...] = TABLES
) -> Report:
    """Soak a server for `seconds`, stop it, check its logs, restart it and check them again."""
    from tests.server.live import free_port, server

    options = ["--proxy", PROXY]
    with tempfile.TemporaryDirectory() as folder:
        db, log = f"sqlite:///{Path(folder) / 'soak.db'}", Path(folder) / "server.log"
        port = free_port()
        with server(db, port, bot_delay=BOT_DELAY_S, log=log, options=options) as process:
            tally = asyncio.run(drive(f"http://127.0.0.1:{port}", process.pid, seconds, tables))
            server_cpu_s = cpu_seconds(process.pid)
        played = tally.rss[-1].at  # sampled as play ended
        lost_stopped = lost_in_database(db, tally.acked)
        port, restarting = free_port(), time.monotonic()
        with server(db, port, bot_delay=BOT_DELAY_S, log=log, options=options):
            restart_s = time.monotonic() - restarting
            lost_restarted = asyncio.run(lost_through_api(f"http://127.0.0.1:{port}", tally.acked))
        errors = logged_errors(log)
        report = Report(
            played,
            tables,
            tally,
            lost_stopped,
            lost_restarted,
            process.returncode,
            restart_s,
            errors,
            server_cpu_s,
        )
        if out is not None:
            keep(report, out, log)
    return report


def logged_errors(log: Path) -> int:
    """Errors in the server's log: ERROR entries, and tracebacks that follow another message
    (not an ERROR's own, nor the next of a chain, which follows an empty line)."""
    lines = log.read_text(errors="replace").splitlines()
    pairs = zip(["-", *lines], lines, strict=False)  # each line after the one before it
    return sum(_error_begins(before, line) for before, line in pairs)


def _error_begins(before: str, line: str) -> bool:
    if line.startswith("ERROR"):
        return True
    return line.startswith("Traceback") and before != "" and not before.startswith("ERROR")


def keep(report: Report, out: Path, log: Path) -> None:
    """Write the report, the RSS plot and the server's log into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(log, out / "server.log")
    rss = [sample._asdict() for sample in report.tally.rss]
    facts = {
        "notes": report.notes(),
        "counts": {k: v for k, v in vars(report.tally).items() if isinstance(v, int)},
        "rss": rss,
        "lost": [a._asdict() for a in report.lost_stopped + report.lost_restarted],
        "client errors": report.tally.client_errors,
    }
    (out / "report.json").write_text(json.dumps(facts, indent=1))
    plot(report, out / "rss.png")


def plot(report: Report, path: Path) -> None:
    """The server's RSS over the soak (and its bot workers', where it has any), as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rss = report.tally.rss
    minutes = [s.at / 60 for s in rss]
    figure, (memory, latency) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    memory.plot(minutes, report.rss_mb(), label="server process")
    if any(s.workers for s in rss):
        memory.plot(minutes, [(s.server + s.workers) / MB for s in rss], label="with bot workers")
    notes = report.notes()
    memory.set_title(
        f"soak: {notes['acked']} actions acknowledged, {notes['lost']} lost, "
        f"p99 {notes['p99 ms']} ms"
    )
    memory.set_ylabel("RSS (MB)")
    memory.set_ylim(bottom=0)
    memory.legend(loc="lower right")
    step = report.step / 60
    p99 = report.p99_series()
    starts = [step * k for k in range(len(p99) + 1)]  # and the last step's end
    latency.step(starts, [*p99, p99[-1]], where="post", label="p99 in each step")
    latency.set_ylabel("action to view (ms)")
    latency.set_xlabel("minutes")
    latency.set_ylim(bottom=0)
    latency.legend(loc="upper right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def figures() -> list[Figure]:
    return [
        Figure(
            name=f"soak, {SECONDS / 60:g} min: mixed play of 3 games, creation floods, reconnects",
            what=(
                "the server's RSS over the soak (start/peak/end, and a series), p50/p99 ms from "
                "an action to its pushed view, acknowledged actions and how many were lost after "
                "a stop and a restart (must be 0), the flood's 429s, reconnects, 5xx; games/s "
                "counts finished matches, actions/s people's acknowledged actions"
            ),
            run=lambda: run_soak().sample(),
            runs=1,
            warmup=False,
        )
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="how long to soak")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the plot and report")
    arguments = parser.parse_args()
    report = run_soak(arguments.seconds, arguments.out)
    for name, value in report.notes().items():
        print(f"{name}: {value}")
    print(f"plot: {arguments.out / 'rss.png'}")
    return 1 if report.lost or report.tally.server_errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
