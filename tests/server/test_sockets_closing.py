"""Clients that drop their WebSocket while updates are on their way: through a real serve, the
server forgets them quietly (the soak found an error in the log for 5-7% of reconnects)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.server.live import free_port, server

SEATS = [{"kind": "heuristic"}] * 3


def test_a_socket_dropped_mid_update_leaves_no_error_in_the_log(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "serve.log"
    db = f"sqlite:///{tmp_path / 'drops.db'}"
    with server(db, port, bot_delay=0.01, log=log, log_level="info"):
        base = f"http://127.0.0.1:{port}"
        ids = [
            httpx.post(f"{base}/api/matches", json={"game": "middleman", "seats": SEATS}).json()[
                "id"
            ]
            for _ in range(8)
        ]
        for round_ in range(120):
            match_id = ids[round_ % len(ids)]
            with connect(f"ws://127.0.0.1:{port}/api/matches/{match_id}/ws") as socket:
                socket.send("{}")  # a spectator's hello: updates start to flow
                socket.recv(timeout=5)
                socket.socket.close()  # gone without a closing handshake, mid-stream
        time.sleep(1)
        assert httpx.get(f"{base}/api/games").status_code == 200
    text = log.read_text()
    assert "Exception in ASGI application" not in text, text[-3000:]
