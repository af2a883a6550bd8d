"""Peak memory: the server holding many matches, and a long lab run.

- The server: a real `tradingfloor serve` process on SQLite, given `FINISHED` matches played to
  the end (bots in every seat, so the server plays them itself) and then `LIVE` running matches
  of two people and a bot, each person on a WebSocket with a spectator beside them, played for
  `LIVE_S` seconds as in `server_load`. The peak resident set (VmHWM) of the server's process and
  of its bot workers is read from /proc at the end.
- The lab: `tradingfloor simulate` in a process of its own, 10,000 Middleman games with the
  heuristic bot in every seat, on the engine the lab picks for them; its peak is the largest
  resident set of any process of its tree (`getrusage(RUSAGE_CHILDREN)` in a wrapper process
  that runs only it).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.harness import Figure, Sample
from benchmarks.server_load import PER_ADDRESS, drive
from benchmarks.soak import children

FINISHED = 1_000
LIVE = 100
LIVE_S = 15.0
CREATING_AT_ONCE = 50
LAB_GAMES = 10_000
LAB_SEATS = "heuristic,heuristic,heuristic"
MB = 2**20
# Runs `argv[1:]` and prints the largest resident set of its process tree, in KiB.
_PEAK_OF_CHILD = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
    "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def peak_rss(pid: int) -> int:
    """The peak resident set of a running process in bytes (VmHWM, Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


async def finish_bot_matches(base: str, count: int) -> int:
    """`count` Middleman matches of bots only, created `CREATING_AT_ONCE` at a time, each waited
    for until it is over; how many actions they took in all."""
    import httpx

    bots = {"game": "middleman", "seats": [{"kind": "random"}] * 3}
    actions = 0
    async with httpx.AsyncClient(timeout=60, verify=False) as http:
        for first in range(0, count, CREATING_AT_ONCE):
            batch = min(CREATING_AT_ONCE, count - first)
            created = [await http.post(f"{base}/api/matches", json=bots) for _ in range(batch)]
            ids = {reply.json()["id"] for reply in created}
            while ids:
                await asyncio.sleep(0.1)
                over = (await http.get(f"{base}/api/matches", params={"status": "over"})).json()
                ended = {summary["id"]: summary for summary in over if summary["id"] in ids}
                actions += sum(int(summary.get("seq") or 0) for summary in ended.values())
                ids -= set(ended)
    return actions


def server_memory(finished: int = FINISHED, live: int = LIVE, seconds: float = LIVE_S) -> Sample:
    """One run: the server's peak resident set with `finished` finished and `live` live matches.
    Games/s and actions/s are those of the finished matches' play (creation included)."""
    from tests.server.live import free_port, server

    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        db = f"sqlite:///{Path(folder) / 'memory.db'}"
        limits_off = [f"--{limit}=0" for limit in PER_ADDRESS]
        with server(db, port, bot_delay=0, options=limits_off) as process:
            start = time.perf_counter()
            actions = asyncio.run(finish_bot_matches(base, finished))
            played = time.perf_counter() - start
            after_finished = peak_rss(process.pid)
            asyncio.run(drive(base, live, think=2.0, seconds=seconds))
            server_peak = peak_rss(process.pid)
            workers = [peak_rss(child) for child in children(process.pid)]
    return Sample(
        games=finished,
        actions=actions,
        seconds=played,
        extra={
            "server peak MB": f"{server_peak / MB:.0f}",
            f"after {finished:,} finished MB": f"{after_finished / MB:.0f}",
            "bot workers peak MB": "+".join(f"{w / MB:.0f}" for w in workers) or "none",
            "matches": f"{finished:,} finished + {live} live",
        },
    )


def lab_memory(games: int = LAB_GAMES, seats: str = LAB_SEATS) -> Sample:
    """One run: `tradingfloor simulate middleman` of `games` games, its tree's peak resident
    set (Parquet written, no report)."""
    with tempfile.TemporaryDirectory() as folder:
        simulate = [sys.executable, "-m", "tradingfloor.cli.main", "simulate", "middleman"]
        simulate += ["--seats", seats, "--games", str(games), "--out", folder, "--no-report"]
        start = time.perf_counter()
        peak_kib = subprocess.run(
            [sys.executable, "-c", _PEAK_OF_CHILD, *simulate],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        seconds = time.perf_counter() - start
        rows = _rows(Path(folder) / "games.parquet")
    return Sample(
        games=len(rows),
        actions=sum(rows),
        seconds=seconds,
        extra={"peak MB": f"{int(peak_kib) / 1024:.0f}", "games": f"{games:,}"},
    )


def _rows(parquet: Path) -> list[int]:
    """Each game's length from a run's Parquet file."""
    import pyarrow.parquet as pq

    lengths: list[Any] = pq.read_table(parquet, columns=["length"]).column("length").to_pylist()
    return [int(n) for n in lengths]


def figures() -> list[Figure]:
    return [
        Figure(
            name=f"memory: server, {FINISHED:,} finished + {LIVE} live matches",
            what=f"peak RSS (VmHWM) of a `tradingfloor serve` process on SQLite after {FINISHED:,} "
            f"bot-only Middleman matches played to the end, then {LIVE} matches of two people "
            f"and a bot with a spectator, {3 * LIVE} WebSocket clients, for {LIVE_S:.0f} s; "
            "games/s and actions/s are those of the finished matches",
            run=server_memory,
            runs=1,
            warmup=False,
            versus_anchor=False,
        ),
        Figure(
            name=f"memory: lab, {LAB_GAMES:,} middleman heuristic games",
            what=f"peak RSS of the process tree of `tradingfloor simulate middleman --seats "
            f"{LAB_SEATS} --games {LAB_GAMES} --no-report` (the lab's default engine for it), "
            "from getrusage(RUSAGE_CHILDREN) of a wrapper process",
            run=lab_memory,
            runs=1,
            warmup=False,
            versus_anchor=False,
        ),
    ]
