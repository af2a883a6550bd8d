"""Matches leave memory: a finished match once nobody asks for it, a running one once nobody
watches or plays it (its log brings it back), and the running matches held have a cap."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import ROWS, act, bearer, create, view, wait_until
from tradingfloor.server.app import create_app
from tradingfloor.server.limits import Limits
from tradingfloor.server.runtime import Hosting, Runtime

QUICK = Hosting(idle_s=0.3, finished_s=0.3, sweep_s=0.05, max_running=3)


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    """A server that forgets within a third of a second and holds at most 3 running matches.

    On its own SQLite file: what it holds is in memory, the same for any database, and a shared
    PostgreSQL database would bring other tests' running bot matches, resumed at the start."""
    with _serve(tmp_path, bot_delay=0) as test_client:
        yield test_client


@pytest.fixture
def unhurried(tmp_path: Path) -> Iterator[TestClient]:
    """The same, with bots that pause half a second before each move (a match lasts seconds)."""
    with _serve(tmp_path, bot_delay=0.5) as test_client:
        yield test_client


@contextlib.contextmanager
def _serve(tmp_path: Path, bot_delay: float) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path / 'lifecycle.db'}"
    app = create_app(db, bot_delay=bot_delay, limits=Limits(create_per_minute=0), hosting=QUICK)
    with TestClient(app) as test_client:
        yield test_client


def runtime_of(client: TestClient) -> Runtime:
    runtime: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    return runtime


def test_a_finished_match_leaves_memory_and_comes_back_from_its_log(quick: TestClient) -> None:
    runtime = runtime_of(quick)
    match_id = create(quick, seats=[{"kind": "random"}] * 3)["id"]
    wait_until(lambda: view(quick, match_id)["over"], "the bots to finish")
    seen = view(quick, match_id)
    wait_until(lambda: not runtime.holds(match_id), "the finished match to leave memory")
    assert runtime.service.running_count() == 0
    assert view(quick, match_id) == seen  # replayed from the log when asked for again
    summaries = {m["id"]: m for m in quick.get("/api/matches").json()}
    assert summaries[match_id]["status"] == "over"


def test_an_idle_running_match_leaves_memory_unless_someone_watches(quick: TestClient) -> None:
    runtime = runtime_of(quick)
    idle = create(quick)
    watched = create(quick)["id"]
    with quick.websocket_connect(f"/api/matches/{watched}/ws") as socket:
        socket.send_json({})
        assert socket.receive_json()["seq"] == 0
        wait_until(lambda: not runtime.holds(idle["id"]), "the idle match to leave memory")
        assert runtime.service.loaded(watched)  # a subscriber keeps it
    token = idle["seats"][0]["token"]
    assert act(quick, idle["id"], token, ROWS)["status"] == 200  # loaded again to act
    assert view(quick, idle["id"], token)["view"]["order"] == ROWS


def test_the_running_matches_held_have_a_cap(quick: TestClient) -> None:
    first = [create(quick)["id"] for _ in range(3)]
    refused = quick.post("/api/matches", json={"game": "middleman"})
    assert refused.status_code == 503
    assert "as many matches as it can (3)" in refused.json()["error"]
    assert int(refused.headers["Retry-After"]) > 0
    runtime = runtime_of(quick)
    wait_until(lambda: not any(map(runtime.holds, first)), "the idle matches to leave memory")
    assert quick.post("/api/matches", json={"game": "middleman"}).status_code == 201


def test_a_finished_match_frees_its_place_under_the_cap(unhurried: TestClient) -> None:
    client = unhurried
    watched = [create(client)["id"] for _ in range(2)]
    bots = create(client, seats=[{"kind": "random"}] * 3)["id"]
    with contextlib.ExitStack() as sockets:
        for match_id in watched:  # watched, so that only the end of the bots' match frees a place
            socket = sockets.enter_context(client.websocket_connect(f"/api/matches/{match_id}/ws"))
            socket.send_json({})
            socket.receive_json()
        assert client.post("/api/matches", json={"game": "middleman"}).status_code == 503
        wait_until(lambda: view(client, bots)["over"], "the bots to finish", seconds=60)
        created = client.post("/api/matches", json={"game": "middleman"})
        assert created.status_code == 201
        assert client.post("/api/matches", json={"game": "middleman"}).status_code == 503
    token = created.json()["seats"][0]["token"]
    reply = client.get(f"/api/matches/{created.json()['id']}/view", headers=bearer(token))
    assert reply.status_code == 200
