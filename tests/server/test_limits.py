"""The limits a stranger meets: match creation per address (429 with Retry-After), the body's
size (413 before it is read) and time (408), request headers that never finish, connections
per address, and WebSockets per match and per address; through a real `tradingfloor serve`
where it matters."""

from __future__ import annotations

import contextlib
import resource
import socket
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.live import free_port, server
from tradingfloor.server.app import create_app
from tradingfloor.server.limits import CreationRate, Limits, SocketCount, retry_after

MIDDLEMAN = {"game": "middleman"}


# -- the parts --------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_creation_bucket_allows_a_burst_then_one_every_60_over_n_seconds() -> None:
    clock = Clock()
    rate = CreationRate(6, clock=clock)  # a burst of 6, then one every 10 s
    assert [rate.take("a") for _ in range(6)] == [0.0] * 6
    assert rate.take("a") == pytest.approx(10.0)
    assert rate.take("b") == 0.0  # another address has its own bucket
    clock.now += 10
    assert rate.take("a") == 0.0
    assert retry_after(rate.take("a")) == "10"
    assert retry_after(0.01) == "1"


def test_a_creation_bucket_forgets_addresses_so_its_memory_is_bounded() -> None:
    clock = Clock()
    rate = CreationRate(6, clock=clock, max_addresses=100)
    for n in range(1000):
        rate.take(f"10.0.{n // 256}.{n % 256}")
    assert len(rate) <= 100
    clock.now += 60  # every bucket is full again: all forgotten at the next look
    rate.take("new")
    assert len(rate) == 1


def test_zero_switches_the_creation_limit_off() -> None:
    rate = CreationRate(0)
    assert all(rate.take("a") == 0 for _ in range(1000))


def test_socket_counts_refuse_in_words_and_forget_what_left() -> None:
    count = SocketCount(per_match=2, per_address=3)
    assert count.enter("m1", "a") is None and count.enter("m1", "b") is None
    said = count.enter("m1", "c")
    assert said and "This match has as many live connections" in said
    assert count.enter("m2", "a") is None and count.enter("m3", "a") is None
    said = count.enter("m4", "a")
    assert said and "Too many live connections from your address" in said
    for match_id, address in (("m1", "a"), ("m1", "b"), ("m2", "a"), ("m3", "a")):
        count.leave(match_id, address)
    assert not count.matches and not count.addresses


# -- in the app -------------------------------------------------------------------------------


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(create_per_minute=3, max_body=4096, sockets_per_match=2, sockets_per_address=3)
    app = create_app(f"sqlite:///{tmp_path / 'limits.db'}", bot_delay=0, limits=limits)
    with TestClient(app) as client:
        yield client


def test_creating_past_the_rate_is_a_429_with_retry_after_and_a_sentence(
    limited: TestClient,
) -> None:
    for _ in range(3):
        assert limited.post("/api/matches", json=MIDDLEMAN).status_code == 201
    reply = limited.post("/api/matches", json=MIDDLEMAN)
    assert reply.status_code == 429
    assert 1 <= int(reply.headers["retry-after"]) <= 20
    said = reply.json()["error"]
    assert said.startswith("Too many new matches from your address: try again in")
    assert "3 a minute" in said
    # Another address is not held back by this one.
    other = TestClient(limited.app, client=("192.0.2.7", 4000))
    assert other.post("/api/matches", json=MIDDLEMAN).status_code == 201


def test_a_body_past_the_limit_is_a_413_whether_declared_or_streamed(limited: TestClient) -> None:
    big = b'{"game": "middleman", "options": {"x": "' + b"y" * 5000 + b'"}}'
    declared = limited.post(
        "/api/matches", content=big, headers={"Content-Type": "application/json"}
    )
    assert declared.status_code == 413
    assert declared.json() == {"error": "The request body is larger than the server takes (4 KB)"}

    def chunks() -> Iterator[bytes]:  # no Content-Length: the bytes are counted as they come
        for start in range(0, len(big), 1000):
            yield big[start : start + 1000]

    streamed = limited.post(
        "/api/matches", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert streamed.status_code == 413
    assert "larger than the server takes" in streamed.json()["error"]
    assert limited.post("/api/matches", json=MIDDLEMAN).status_code == 201  # small ones pass


def test_websockets_past_the_limits_are_closed_with_4429_and_a_reason_in_words(
    limited: TestClient,
) -> None:
    match_id = limited.post("/api/matches", json=MIDDLEMAN).json()["id"]
    path = f"/api/matches/{match_id}/ws"
    with contextlib.ExitStack() as open_sockets:
        for _ in range(2):
            socket_ = open_sockets.enter_context(limited.websocket_connect(path))
            socket_.send_json({})
            assert socket_.receive_json()["type"] == "update"
        with limited.websocket_connect(path) as third:
            said = third.receive_json()
            assert said["type"] == "error"
            assert said["error"].startswith("This match has as many live connections")
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 4429
            assert closed.value.reason.startswith("This match has as many live connections")
    # Gone sockets are forgotten: the match takes two again.
    with limited.websocket_connect(path) as again:
        again.send_json({})
        assert again.receive_json()["type"] == "update"


def test_websockets_per_address_are_limited_across_matches(limited: TestClient) -> None:
    ids = [limited.post("/api/matches", json=MIDDLEMAN).json()["id"] for _ in range(2)]
    with contextlib.ExitStack() as open_sockets:
        for match_id in (ids[0], ids[1], ids[1]):
            socket_ = open_sockets.enter_context(
                limited.websocket_connect(f"/api/matches/{match_id}/ws")
            )
            socket_.send_json({})
            socket_.receive_json()
        with limited.websocket_connect(f"/api/matches/{ids[0]}/ws") as fourth:
            assert fourth.receive_json()["error"].startswith("Too many live connections from")
            with pytest.raises(WebSocketDisconnect) as closed:
                fourth.receive_json()
            assert closed.value.code == 4429


# -- through a real server --------------------------------------------------------------------


def _raise_own_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"this machine lets a process open {hard} files; the test needs {wanted}")
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _half_sent(port: int, count: int, sources: list[str]) -> list[socket.socket]:
    """`count` requests whose headers never finish, from the loopback addresses `sources`."""
    opened = []
    for n in range(count):
        half = socket.socket()
        half.bind((sources[n % len(sources)], 0))
        half.connect(("127.0.0.1", port))
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        opened.append(half)
    return opened


def _closed_by_server(sock: socket.socket, wait: float) -> bool:
    sock.settimeout(wait)
    try:
        data = sock.recv(4096)
    except TimeoutError:
        return False
    except OSError:
        return True  # reset
    return data == b"" or data.startswith(b"HTTP/1.1 408")


def _latencies(port: int, count: int = 20) -> list[float]:
    """Milliseconds for a normal client's requests, one connection each (as a new visitor)."""
    out = []
    for _ in range(count):
        start = time.perf_counter()
        reply = httpx.get(f"http://127.0.0.1:{port}/api/matches", timeout=10)
        out.append((time.perf_counter() - start) * 1000)
        assert reply.status_code == 200
    return out


@pytest.mark.slow
def test_1100_half_sent_requests_do_not_lock_out_a_normal_client_and_are_closed(
    tmp_path: Path,
) -> None:
    """The issue's case: at an open-file limit of 1024, 1,100 requests whose headers never end
    (from five addresses, each under its share of connections). The server raises its own limit,
    answers a normal client at once, and closes the half-sent ones at the header deadline."""
    _raise_own_open_files(4096)
    port = free_port()

    def at_1024() -> None:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
        )

    options = ["--header-timeout", "2"]
    with server(f"sqlite:///{tmp_path / 'slow.db'}", port, options=options, before=at_1024):
        before = _latencies(port)
        held = _half_sent(port, 1100, [f"127.0.0.{n}" for n in range(2, 7)])
        try:
            during = _latencies(port)
            assert statistics.median(during) < max(200, 5 * statistics.median(before)), during
            time.sleep(2.5)
            closed = sum(_closed_by_server(s, 1.0) for s in held)
            assert closed == len(held)
        finally:
            for half in held:
                half.close()
        assert httpx.get(f"http://127.0.0.1:{port}/api/games").status_code == 200


@pytest.mark.slow
def test_one_address_gets_its_share_of_connections_even_where_files_run_short(
    tmp_path: Path,
) -> None:
    """Where the system's hard limit is 1024 open files (no raising), one address holding
    half-sent requests gets 256 connections; the rest are closed at once, and others are
    answered."""
    _raise_own_open_files(4096)
    port = free_port()

    def hard_1024() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    with server(f"sqlite:///{tmp_path / 'share.db'}", port, before=hard_1024):
        held = _half_sent(port, 1100, ["127.0.0.2"])
        try:
            time.sleep(0.5)
            _latencies(port, 5)
            refused = sum(_closed_by_server(s, 0.01) for s in held)
            assert refused >= 1100 - 256
        finally:
            for half in held:
                half.close()


def _raw(port: int, data: bytes, wait: float = 5.0) -> bytes:
    """Send `data` on a fresh connection; everything the server says until it closes."""
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(data)
        conn.settimeout(wait)
        said = b""
        with contextlib.suppress(TimeoutError, ConnectionResetError):
            while chunk := conn.recv(65536):
                said += chunk
        return said


@pytest.fixture(scope="module")
def live_limits(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    port = free_port()
    db = f"sqlite:///{tmp_path_factory.mktemp('live') / 'limits.db'}"
    options = ["--create-per-minute", "2", "--body-timeout", "1"]
    with server(db, port, options=options):
        yield port


def test_a_real_server_answers_429_with_retry_after(live_limits: int) -> None:
    url = f"http://127.0.0.1:{live_limits}/api/matches"
    statuses = [httpx.post(url, json=MIDDLEMAN).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    reply = httpx.post(url, json=MIDDLEMAN)
    assert reply.status_code == 429 and int(reply.headers["retry-after"]) >= 1
    assert reply.json()["error"].startswith("Too many new matches from your address")


def test_a_real_server_refuses_a_10_mb_body_before_reading_it(live_limits: int) -> None:
    head = (
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 10485760\r\n\r\n"
    )
    start = time.perf_counter()
    said = _raw(live_limits, head + b'{"game": "middleman", "x": "')  # the rest never sent
    assert time.perf_counter() - start < 2
    assert said.startswith(b"HTTP/1.1 413 ")
    assert b'{"error": "The request body is larger than the server takes (1 MB)"}' in said
    assert b"x-content-type-options: nosniff" in said.lower()


def test_a_real_server_counts_a_streamed_body_and_stops_at_1_mb(live_limits: int) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "middleman", "x": "'
        for _ in range(300):  # 3 MB, sent chunked: no Content-Length to look at
            yield b"y" * 10_000

    reply = httpx.post(
        f"http://127.0.0.1:{live_limits}/api/games/middleman/preview",
        content=chunks(),
        headers={"Content-Type": "application/json"},
    )
    assert reply.status_code == 413
    assert "larger than the server takes" in reply.json()["error"]


def test_a_real_server_gives_a_slow_body_408(live_limits: int) -> None:
    head = (
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    said = _raw(live_limits, head)
    assert said.startswith(b"HTTP/1.1 408 ")
    assert b"took longer than 1 s to arrive" in said


def test_serve_help_documents_every_limit() -> None:
    from typer.testing import CliRunner

    from tradingfloor.cli.main import app

    said = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    for option in (
        "--create-per-minute",
        "--max-body",
        "--body-timeout",
        "--header-timeout",
        "--keep-alive",
        "--connections-per-address",
        "--sockets-per-match",
        "--sockets-per-address",
        "--proxy",
        "--max-running",
    ):
        assert option in said, option
    assert "TRADINGFLOOR_CREATE_PER_MINUTE" in said


def test_past_the_servers_running_matches_creation_is_a_503_with_retry_after(
    tmp_path: Path,
) -> None:
    from tradingfloor.server.runtime import Hosting

    app = create_app(
        f"sqlite:///{tmp_path / 'cap.db'}", bot_delay=0, hosting=Hosting(max_running=2)
    )
    with TestClient(app) as client:
        for _ in range(2):
            assert client.post("/api/matches", json=MIDDLEMAN).status_code == 201
        reply = client.post("/api/matches", json=MIDDLEMAN)
        assert reply.status_code == 503
        assert int(reply.headers["retry-after"]) >= 1
        assert reply.json()["error"].startswith("This server is hosting as many matches")
        assert reply.headers["x-content-type-options"] == "nosniff"
        declared = client.get("/openapi.json").json()["paths"]["/api/matches"]["post"]
        assert "Retry-After" in declared["responses"]["503"]["headers"]


def test_x_forwarded_for_counts_only_behind_a_named_proxy(tmp_path: Path) -> None:
    """Without --proxy a client cannot dodge the creation limit by naming another address; with
    it, the address the proxy names is the one counted."""
    for proxied in (False, True):
        port = free_port()
        options = ["--create-per-minute", "1"] + (["--proxy", "127.0.0.1"] if proxied else [])
        with server(f"sqlite:///{tmp_path / f'proxy{proxied}.db'}", port, options=options):
            statuses = [
                httpx.post(
                    f"http://127.0.0.1:{port}/api/matches",
                    json=MIDDLEMAN,
                    headers={"X-Forwarded-For": f"198.51.100.{n}"},
                ).status_code
                for n in range(3)
            ]
        assert statuses == ([201, 201, 201] if proxied else [201, 429, 429]), proxied
