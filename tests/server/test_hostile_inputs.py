"""Inputs made to break the server, answered in words: no 500 from half a surrogate pair, a NUL,
a body that is not UTF-8 or a number that is not JSON; no server path from a client's options,
and no answer that says whether a file exists or where the server is installed; a WebSocket
hello whose token is not text is refused; redirects stay relative; every answer carries the
security headers; the OpenAPI document lists every status an operation answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import tradingfloor
from tests.server.conftest import bearer, create
from tests.server.live import free_port, server
from tradingfloor.server import refusals

JSON = {"Content-Type": "application/json"}
INSTALLED = str(Path(tradingfloor.__file__).resolve().parent.parent)


def post_raw(client: Any, path: str, body: bytes) -> Any:
    return client.post(path, content=body, headers=JSON)


def refused_in_words(reply: Any, status: int) -> str:
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert set(body) <= {"error", "seq"}, body
    said: str = body["error"]
    assert said and said[0].isupper(), said
    assert INSTALLED not in said
    return said


# -- text no database keeps -------------------------------------------------------------------

SURROGATE_MODULES = b'{"game": "merlin", "options": {"modules": ["\\ud800"]}}'
NUL_NAME = b'{"game": "middleman", "seats": [{"name": "a\\u0000b"}, {}, {}]}'


@pytest.mark.parametrize("body", [SURROGATE_MODULES, NUL_NAME], ids=["surrogate", "nul"])
def test_half_a_surrogate_pair_or_a_nul_is_refused_in_words_on_every_database(
    client: TestClient, body: bytes
) -> None:
    for path in ("/api/matches", "/api/games/merlin/preview"):
        said = refused_in_words(post_raw(client, path, body), 422)
        assert "a NUL" in said and "surrogate" in said
    stored = client.get("/api/matches").json()  # nothing was stored
    assert not [s for m in stored for s in m["seats"] if "\x00" in s["name"]]


def test_a_nul_or_surrogate_inside_a_move_is_refused_before_the_game_sees_it(
    client: TestClient,
) -> None:
    created = create(client)
    token = created["seats"][0]["token"]
    url = f"/api/matches/{created['id']}/actions"
    for text in ("\\u0000", "\\udfff", "x\\ud83dy"):
        body = f'{{"seq": 0, "action": {{"type": "rows", "{text}": 1}}}}'.encode()
        reply = client.post(url, content=body, headers={**JSON, **bearer(token)})
        refused_in_words(reply, 422)
    paired = b'{"seq": 0, "action": {"type": "\\ud83d\\ude00"}}'  # a whole pair is fine text
    reply = client.post(url, content=paired, headers={**JSON, **bearer(token)})
    assert reply.status_code == 422 and "surrogate" not in reply.json()["error"]


def test_a_nul_in_the_address_is_no_match_on_every_database(client: TestClient) -> None:
    for path in ("/api/matches/%00", "/api/matches/a%00b/view", "/api/matches/%00/record"):
        said = refused_in_words(client.get(path), 404)
        assert said.startswith("There is no match")
    said = refused_in_words(client.get("/api/matches?status=%00"), 422)
    assert "running, over" in said


def test_a_body_that_is_not_utf8_is_a_400_in_words(client: TestClient) -> None:
    for body in (b'{"game": "\xff\xfe"}', b"\xff\xfe{\x00}\x00", b'{"game": "\xed\xa0\x80"}'):
        said = refused_in_words(post_raw(client, "/api/matches", body), 400)
        assert said == "The request body is not UTF-8 text: send JSON in UTF-8"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b'{"game": "middleman", "options": {"players": NaN}}', "NaN is not a JSON number"),
        (b'{"game": "middleman", "options": {"players": Infinity}}', "Infinity is not a JSON"),
        (
            b'{"game": "middleman", "options": {"players": ' + b"9" * 5000 + b"}}",
            "has thousands of digits",
        ),
    ],
)
def test_numbers_that_are_not_json_are_a_400_in_words(
    client: TestClient, body: bytes, words: str
) -> None:
    assert words in refused_in_words(post_raw(client, "/api/matches", body), 400)


def test_deep_nesting_is_refused_in_words(client: TestClient) -> None:
    for depth in (40, 900, 5000, 100_000):
        nested = b"[" * depth + b"]" * depth
        for body in (
            b'{"game": "middleman", "options": {"players": ' + nested + b"}}",
            b'{"game": "middleman", "options": {"players": NaN, "x": ' + nested + b"}}",
        ):
            reply = post_raw(client, "/api/matches", body)
            said = refused_in_words(reply, reply.status_code)
            assert reply.status_code in (400, 422), said


def test_a_nul_escape_is_told_from_an_escaped_backslash(client: TestClient) -> None:
    """In JSON text, two backslashes then u0000 are a backslash and the letters u0000 (kept);
    three backslashes then u0000 are a backslash and a NUL (refused)."""
    kept = b'{"game": "middleman", "seats": [{"name": "a\\\\u0000"}, {}, {}]}'
    assert post_raw(client, "/api/matches", kept).status_code == 201
    nul = b'{"game": "middleman", "seats": [{"name": "a\\\\\\u0000"}, {}, {}]}'
    assert "a NUL" in refused_in_words(post_raw(client, "/api/matches", nul), 422)


def test_a_body_of_thousands_of_seats_or_a_long_game_name_is_refused_in_words(
    client: TestClient,
) -> None:
    said = refused_in_words(
        client.post("/api/matches", json={"game": "middleman", "seats": [{}] * 40_000}), 422
    )
    assert said == "Seats must hold at most 16 entries"
    said = refused_in_words(client.post("/api/matches", json={"game": "m" * 100_000}), 422)
    assert said == "Game must be at most 64 characters long"


def test_an_error_that_quotes_half_a_surrogate_pair_can_still_be_sent() -> None:
    said = refusals.clean("Merlin Economics has no module called \ud800")
    assert said == "Merlin Economics has no module called \\ud800"
    said.encode("utf-8")
    assert refusals.clean(f"cannot read {INSTALLED}/tradingfloor/x.toml") == (
        "cannot read …/tradingfloor/x.toml"
    )


# -- no server paths --------------------------------------------------------------------------

PATHS = ["/etc", "/etc/passwd", "/root", "..", "../../../etc/hosts.toml", "/nonexistent/x.toml"]


@pytest.mark.parametrize(("game", "option"), [("businessmen", "decks"), ("merlin", "content")])
def test_a_path_in_a_client_option_is_refused_and_never_echoed(
    client: TestClient, game: str, option: str
) -> None:
    answers = set()
    for path in [*PATHS, str(Path(tradingfloor.__file__).parent / "games")]:
        for url in ("/api/matches", f"/api/games/{game}/preview"):
            body = {"game": game, "options": {option: path}} if url == "/api/matches" else {}
            body = body or {"options": {option: path}}
            said = refused_in_words(client.post(url, json=body), 422)
            assert path not in said and "exist" not in said
            answers.add(said)
    assert len(answers) == 1  # the same words whether the file is there or not
    assert "choose a shipped variant" in answers.pop()


@pytest.mark.parametrize(
    ("game", "option", "variant"),
    [("businessmen", "decks", "gentle"), ("merlin", "content", "quick")],
)
def test_a_shipped_variant_is_still_chosen_by_name(
    client: TestClient, game: str, option: str, variant: str
) -> None:
    created = create(client, game=game, options={option: variant})
    assert created["options"][option] == variant


@pytest.mark.parametrize(
    ("files", "words"),
    [
        ({"../cards.toml": "x = 1"}, "plain .toml file name"),
        ({"/etc/cards.toml": "x = 1"}, "plain .toml file name"),
        ({"cards.txt": "x = 1"}, "plain .toml file name"),
        ({f"f{n}.toml": "x = 1" for n in range(9)}, "upload at most 8 files"),
        ({"cards.toml": "#" * 300_000}, "the most the server takes is 262,144"),
    ],
)
def test_uploads_are_plain_named_and_size_limited(
    client: TestClient, files: dict[str, str], words: str
) -> None:
    body = {"game": "businessmen", "options": {"decks": {"files": files}}}
    assert words in refused_in_words(client.post("/api/matches", json=body), 422)


def test_an_uploaded_decks_file_is_taken(client: TestClient) -> None:
    text = (Path(tradingfloor.__file__).parent / "games/businessmen/data/default.toml").read_text()
    body = {"game": "businessmen", "options": {"decks": {"files": {"my decks.toml": text}}}}
    assert client.post("/api/matches", json=body).status_code == 201


# -- the WebSocket's hello --------------------------------------------------------------------


@pytest.mark.parametrize(
    "hello",
    ['{"token": 5}', '{"token": null}', '{"token": ["x"]}', '{"token": ""}', "[]", "hello"],
)
def test_a_hello_whose_token_is_not_text_is_refused_not_a_spectator(
    client: TestClient, hello: str
) -> None:
    match_id = create(client)["id"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_text(hello)
        said = ws.receive_json()
        assert said["type"] == "error" and said["error"].startswith(
            ("The token must be", "The first message must be")
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400 and closed.value.reason


def test_a_binary_hello_and_a_strange_token_are_refused(client: TestClient) -> None:
    match_id = create(client)["id"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_bytes(b'{"token": "x"}')
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_text(json.dumps({"token": "\ud800"}))
        said = ws.receive_json()
        assert said["error"].startswith("This token opens no seat")
    with client.websocket_connect("/api/matches/%00/ws") as ws:
        ws.send_text("{}")
        assert ws.receive_json()["error"].startswith("There is no match")


def test_a_seat_and_a_spectator_still_say_hello_as_before(client: TestClient) -> None:
    created = create(client)
    with client.websocket_connect(f"/api/matches/{created['id']}/ws") as ws:
        ws.send_text("{}")
        assert ws.receive_json()["seat"] is None
    with client.websocket_connect(f"/api/matches/{created['id']}/ws") as ws:
        ws.send_json({"token": created["seats"][1]["token"]})
        assert ws.receive_json()["seat"] == 1


# -- redirects, headers, the document ---------------------------------------------------------


def test_the_trailing_slash_redirect_is_relative_whatever_the_host_header(
    client: TestClient,
) -> None:
    reply = client.get(
        "/api/matches/?status=running", headers={"Host": "evil.example"}, follow_redirects=False
    )
    assert reply.status_code in (307, 308)
    assert reply.headers["location"] == "/api/matches?status=running"


HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def has_security_headers(reply: Any) -> None:
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (reply.url, name)
    policy = reply.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    assert "unsafe-eval" not in policy


def test_every_kind_of_answer_carries_the_security_headers(client: TestClient) -> None:
    match_id = create(client)["id"]
    answers = [
        client.get("/"),
        client.get(f"/play/{match_id}"),
        client.get("/rules/middleman"),
        client.get("/static/lobby.js"),
        client.get("/favicon.ico"),
        client.get("/api/games"),
        client.get("/api/nothing"),
        client.get(f"/api/matches/{match_id}/record"),
        post_raw(client, "/api/matches", b"\xff"),
        client.post("/api/matches", content=b"x" * 2_000_000, headers=JSON),
        client.get("/openapi.json"),
        client.get("/docs"),
    ]
    for reply in answers:
        has_security_headers(reply)
    page_policy = answers[0].headers["content-security-policy"]
    assert "script-src 'self';" in page_policy  # no inline script, nothing from elsewhere


def test_the_api_docs_allow_their_own_inline_script_by_its_hash_only(client: TestClient) -> None:
    policy = client.get("/docs").headers["content-security-policy"]
    assert (
        "'sha256-" in policy
        and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    )
    assert "frame-ancestors 'none'" in policy


def test_the_openapi_document_lists_every_status_with_the_problem_body(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in document["components"]["schemas"]
    expected = {
        ("get", "/api/games"): set(),
        ("post", "/api/games/{game_id}/preview"): {400, 404, 408, 413, 422},
        ("get", "/api/games/{game_id}/rules"): {404},
        ("post", "/api/matches"): {400, 404, 408, 413, 422, 429, 503},
        ("get", "/api/matches"): {422},
        ("get", "/api/matches/{match_id}"): {400, 404},
        ("get", "/api/matches/{match_id}/view"): {400, 401, 403, 404},
        ("post", "/api/matches/{match_id}/actions"): {400, 401, 403, 404, 408, 409, 413, 422},
        ("get", "/api/matches/{match_id}/record"): {400, 403, 404},
        ("get", "/api/matches/{match_id}/replay/{step}"): {400, 403, 404, 422},
        ("get", "/api/matches/{match_id}/chapters"): {400, 403, 404},
    }
    found = {
        (method, path): operation["responses"]
        for path, item in document["paths"].items()
        for method, operation in item.items()
    }
    assert set(found) == set(expected)
    for key, refusals_ in expected.items():
        statuses = {int(code) for code in found[key] if not code.startswith("2")}
        assert statuses == refusals_, key
        for code in refusals_:
            content = found[key][str(code)]["content"]["application/json"]["schema"]
            assert content == {"$ref": "#/components/schemas/Problem"}, (key, code)
    created = found[("post", "/api/matches")]["429"]
    assert "Retry-After" in created["headers"]


# -- the same, through a real server ----------------------------------------------------------


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'h.db'}", port):
        yield f"http://127.0.0.1:{port}"


def test_a_real_server_answers_hostile_bodies_in_words(live: str) -> None:
    def post(body: bytes) -> Any:
        return httpx.post(f"{live}/api/matches", content=body, headers=JSON)

    assert "surrogate" in refused_in_words(post(SURROGATE_MODULES), 422)
    assert "a NUL" in refused_in_words(post(NUL_NAME), 422)
    assert "not UTF-8" in refused_in_words(post(b'{"game": "\xff"}'), 400)
    for path in ("/etc", "../decks.toml"):
        body = json.dumps({"game": "businessmen", "options": {"decks": path}}).encode()
        said = refused_in_words(post(body), 422)
        assert path not in said and "choose a shipped variant" in said


def test_a_real_server_refuses_a_hello_whose_token_is_a_number(live: str) -> None:
    from websockets.sync.client import connect

    match_id = httpx.post(f"{live}/api/matches", json={"game": "middleman"}).json()["id"]
    with connect(f"{live.replace('http', 'ws')}/api/matches/{match_id}/ws") as ws:
        ws.send('{"token": 5}')
        assert json.loads(ws.recv())["error"].startswith("The token must be")
        with pytest.raises(Exception) as closed:
            ws.recv()
    frame = closed.value.rcvd  # type: ignore[attr-defined]
    assert frame.code == 4400 and frame.reason.startswith("The token must be")


def test_a_real_server_sets_headers_and_relative_redirects(live: str) -> None:
    for path in ("/", "/api/games", "/static/match.js", "/docs", "/nothing"):
        has_security_headers(httpx.get(live + path))
    reply = httpx.get(f"{live}/api/matches/", headers={"Host": "evil.example"})
    assert reply.status_code == 307 and reply.headers["location"] == "/api/matches"
    assert "server" not in reply.headers  # no software version told to strangers


def test_options_and_moves_of_thousands_of_values_are_refused_with_bounded_work(
    client: TestClient,
) -> None:
    """A game words every wrong entry of its options and moves; the server refuses thousands
    of them before it is asked (20,000 wrong data figures took the game 2.5 s)."""
    huge = [
        {"game": "merlin", "options": {"data": {f"k{n}": [1] for n in range(20_000)}}},
        {"game": "merlin", "options": {"modules": list(range(100_000))}},
        {"game": "businessmen", "options": {"decks": {"files": {f"f{n}": 1 for n in range(9999)}}}},
    ]
    for body in huge:
        said = refused_in_words(client.post("/api/matches", json=body), 422)
        assert said == "The options hold more than 256 values; no game takes that many"
    created = create(client)
    reply = client.post(
        f"/api/matches/{created['id']}/actions",
        json={"seq": 0, "action": {"type": "rows", "a": list(range(120_000))}},
        headers=bearer(created["seats"][0]["token"]),
    )
    assert refused_in_words(reply, 422) == "A move holds at most 128 values; this one holds more"
