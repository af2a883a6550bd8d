"""A real `tradingfloor serve` process on a free loopback port, for the crash and browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(db: str, port: int, bot_delay: float = 0) -> Iterator[subprocess.Popen[bytes]]:
    """`tradingfloor serve` in its own process, ready to answer; stopped afterwards."""
    command = [sys.executable, "-m", "tradingfloor.cli.main", "serve", "--port", str(port)]
    command += ["--db", db, "--bot-delay", str(bot_delay), "--log-level", "warning"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)
