"""A real `tradingfloor serve` process on a free loopback port, for the crash and browser tests."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(
    db: str,
    port: int,
    bot_delay: float = 0,
    log: Path | None = None,
    log_level: str = "warning",
    options: Sequence[str] = (),
    before: Callable[[], None] | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    """`tradingfloor serve` in its own process, ready to answer; stopped afterwards.

    Its output goes to `log` (a file, so that a chatty server never blocks on a full pipe).
    `options` are more of serve's options (its limits, say); `before` runs in the child
    before serve starts (to lower its open-file limit, say)."""
    command = [sys.executable, "-m", "tradingfloor.cli.main", "serve", "--port", str(port)]
    command += ["--db", db, "--bot-delay", str(bot_delay), "--log-level", log_level, *options]
    with contextlib.ExitStack() as files:
        output = files.enter_context(open(log, "ab")) if log else subprocess.DEVNULL
        process = subprocess.Popen(
            command, stdout=output, stderr=subprocess.STDOUT, preexec_fn=before
        )
        files.callback(_stop, process)
        _wait_ready(process, port, log)
        yield process


def _wait_ready(process: subprocess.Popen[bytes], port: int, log: Path | None) -> None:
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None, log.read_text() if log else "the server exited"
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return
        except httpx.TransportError:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(10)
