"""Fixtures for the server tests: an app on SQLite and on PostgreSQL, and a few API helpers."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tradingfloor.server.app import create_app

PG_URL = os.environ.get("TRADINGFLOOR_TEST_PG")
NO_PG = (
    "TRADINGFLOOR_TEST_PG is not set, so there is no PostgreSQL server to test against "
    "(.ci/run starts one and sets it)"
)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same tests on an embedded SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tradingfloor.db'}"
    if not PG_URL:
        pytest.skip(NO_PG)
    return PG_URL


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str = "middleman", **body: Any) -> dict[str, Any]:
    reply = client.post("/api/matches", json={"game": game, **body})
    assert reply.status_code == 201, reply.text
    created: dict[str, Any] = reply.json()
    return created


def wait_until(check: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    """Poll until `check()` holds (bots act on the server's own thread)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.005)


def view(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    reply = client.get(f"/api/matches/{match_id}/view", headers=bearer(token) if token else {})
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


ROWS = {"type": "rows", "a": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "d": [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]}


def act(client: TestClient, match_id: str, token: str, action: Any) -> dict[str, Any]:
    """Send `action` against the current step, again if bots moved the table meanwhile."""
    for _ in range(50):
        seq = view(client, match_id, token)["seq"]
        reply = client.post(
            f"/api/matches/{match_id}/actions",
            json={"seq": seq, "action": action},
            headers=bearer(token),
        )
        if reply.status_code != 409 or "moved on" not in reply.json()["error"]:
            body: dict[str, Any] = reply.json()
            body["status"] = reply.status_code
            return body
    raise AssertionError("the table never stood still long enough to act")
