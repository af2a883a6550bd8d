"""A real `tradingfloor serve` killed with SIGKILL mid-match loses no acknowledged action (and its
log never holds a seat's token or the seed)."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import free_port, server
from tradingfloor.server.storage import Store

ROWS = [
    {"type": "rows", "a": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "d": [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]},
    {"type": "rows", "a": [5, 6, 7, 8, 9, 0, 1, 2, 3, 4], "d": [4, 3, 2, 1, 0, 9, 8, 7, 6, 5]},
]


def order(seat: int, view: dict[str, Any]) -> dict[str, Any]:
    """Two careful traders: buy one tin cheaply, sell every tin held, so that neither goes out."""
    if view["phase"] == "buy":
        return {"type": "buy", "tins": 1, "price": 1 + seat}
    return {"type": "sell", "tins": view["players"][seat]["tins"], "price": 5 + seat}


def play_steps(base: str, match_id: str, tokens: list[str], steps: int) -> list[tuple[int, int]]:
    """The two people act `steps` times; returns (seq, seat) of each acknowledged action."""
    acknowledged = []
    while len(acknowledged) < steps:
        for seat, token in enumerate(tokens):
            headers = {"Authorization": f"Bearer {token}"}
            update = httpx.get(f"{base}/api/matches/{match_id}/view", headers=headers).json()
            if update["over"]:
                return acknowledged
            if seat not in update["actors"]:
                continue
            view = update["view"]
            action = ROWS[seat] if view["phase"] == "rows" else order(seat, view)
            reply = httpx.post(
                f"{base}/api/matches/{match_id}/actions",
                json={"seq": update["seq"], "action": action},
                headers=headers,
            )
            if reply.status_code == 200:
                acknowledged.append((reply.json()["seq"], seat))
            else:
                assert reply.status_code == 409, reply.text
    return acknowledged


def test_sigkill_mid_match_then_restart_finishes_with_every_action_intact(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'crash.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    with server(db, port, log=log, log_level="info") as first:
        created = httpx.post(
            f"{base}/api/matches",
            json={"game": "middleman", "seats": [{"kind": "human"}] * 2 + [{"kind": "heuristic"}]},
        ).json()
        match_id = created["id"]
        tokens = [s["token"] for s in created["seats"][:2]]
        before = play_steps(base, match_id, tokens, 22)  # rows and five rounds
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
    logged = Store(db).actions(match_id)
    assert {(seq, seat) for seq, seat, _ in logged} >= set(before)
    with server(db, port, log=log, log_level="info"):
        resumed = httpx.get(f"{base}/api/matches/{match_id}/view").json()
        assert resumed["seq"] >= before[-1][0]
        after = play_steps(base, match_id, tokens, 1000)
        final = httpx.get(f"{base}/api/matches/{match_id}/view").json()
        assert final["over"] and final["result"] is not None
        record = httpx.get(f"{base}/api/matches/{match_id}/record").json()
    seed = Store(db).load(match_id).seed  # type: ignore[union-attr]
    written = log.read_text()
    assert "POST /api/matches/" in written  # the access log is on
    assert not any(secret in written for secret in [str(seed), *tokens]), "a secret was logged"
    moves = [(m["seq"], m["seat"], m["action"]) for m in record["moves"]]
    assert moves[: len(logged)] == logged  # every earlier action, unchanged and in order
    assert [seq for seq, _, _ in moves] == list(range(1, final["seq"] + 1))
    assert set(before) | set(after) <= {(seq, seat) for seq, seat, _ in moves}
