"""Every refusal the API gives is a sentence: bad bodies, options and moves, for each game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import bearer, create, view
from tradingfloor.core import registry

# What a validator says, never a person's words: its phrases, its error types, dotted field paths.
JARGON = re.compile(
    r"Input should|Field required|Extra inputs|type=|validation error|\bloc\b|"
    r"(?<![\w.])(?!e\.g\b)[a-z_]+\.[a-z_0-9]+\b(?<!\.toml)|\[\d+\]"
)


def is_a_sentence(error: Any) -> None:
    assert isinstance(error, str) and error, error
    assert error[0].isupper() or error[0].isdigit(), f"not a sentence: {error!r}"
    assert not JARGON.search(error), f"validator words in: {error!r}"


@pytest.mark.parametrize(
    "body",
    [
        {"options": {}},
        {"game": 5},
        {"game": "middleman", "colour": "red"},
        {"game": "middleman", "seats": 3},
        {"game": "middleman", "seats": [{"kind": "human", "nom": "Ann"}] * 3},
        {"game": "middleman", "seats": [{"kind": "human", "name": "x" * 99}] * 3},
        {"game": "middleman", "seats": [{"kind": "wizard"}] * 3},
        {"game": "middleman", "seats": [{"kind": "human"}]},
        {"game": "middleman", "options": 7},
        {"game": "chess"},
        [1, 2],
    ],
)
def test_a_bad_match_creation_body_is_refused_in_a_sentence(client: TestClient, body: Any) -> None:
    reply = client.post("/api/matches", json=body)
    assert reply.status_code in (404, 422)
    is_a_sentence(reply.json()["error"])


def test_no_body_and_broken_json_are_refused_in_sentences(client: TestClient) -> None:
    for content in (b"", b"{not json", b"null"):
        reply = client.post(
            "/api/matches", content=content, headers={"Content-Type": "application/json"}
        )
        assert reply.status_code in (400, 422)
        is_a_sentence(reply.json()["error"])


@pytest.mark.parametrize("game_id", registry.games())
@pytest.mark.parametrize(
    "options",
    [{"players": 99}, {"players": "three"}, {"players": 1}, {"colour": "red"}, {"players": 2.5}],
)
def test_bad_options_of_every_game_are_refused_in_sentences(
    client: TestClient, game_id: str, options: dict[str, Any]
) -> None:
    for path, body in (
        (f"/api/games/{game_id}/preview", {"options": options}),
        ("/api/matches", {"game": game_id, "options": options}),
    ):
        reply = client.post(path, json=body)
        assert reply.status_code == 422, reply.text
        is_a_sentence(reply.json()["error"])
    said = client.post(f"/api/games/{game_id}/preview", json={"options": options}).json()["error"]
    if "colour" in options:
        assert "colour" in said
    else:
        assert "Players" in said


def _human_match(client: TestClient, game_id: str) -> tuple[str, str]:
    """A match of `game_id` whose seat 0 is a person; its id and that seat's token."""
    game = registry.make(game_id)
    options = dict(game.conformance_options()[0])
    players = game.players(game.new(options, 0))
    seats = [{"kind": "human"}] * players
    created = create(client, game=game_id, options=options, seats=seats)
    return created["id"], created["seats"][0]["token"]


def _malformed_moves(game_id: str, entry: dict[str, Any]) -> list[Any]:
    """Moves a person could send wrong: an unknown type, none, an unknown field, and each field
    of a legal move's type with a value of the wrong kind."""
    schema = registry.make(game_id).schemas()["action"]
    move = entry["type"]
    fields: list[str] = []
    for member in schema.get("$defs", {}).values():
        props = member.get("properties", {})
        if props.get("type", {}).get("const") == move:
            fields = [name for name in props if name != "type"]
    moves: list[Any] = [{"type": "fly"}, {}, 5, {"type": move, "colour": "red"}]
    moves += [{"type": move, name: {"nonsense": True}} for name in fields]
    return moves


@pytest.mark.parametrize("game_id", registry.games())
def test_malformed_moves_of_every_game_are_refused_in_sentences(
    client: TestClient, game_id: str
) -> None:
    match_id, token = _human_match(client, game_id)
    now = view(client, match_id, token)
    entry = now["legal"]["actions"][0]
    url = f"/api/matches/{match_id}/actions"
    for move in _malformed_moves(game_id, entry):
        reply = client.post(url, json={"seq": now["seq"], "action": move}, headers=bearer(token))
        assert reply.status_code == 422, (move, reply.text)
        is_a_sentence(reply.json()["error"])
    assert view(client, match_id, token)["seq"] == now["seq"]  # nothing was taken


def test_the_action_requests_own_mistakes_are_sentences(client: TestClient) -> None:
    match_id, token = _human_match(client, "middleman")
    url = f"/api/matches/{match_id}/actions"
    said = {}
    for name, body, headers in (
        ("no seq", {"action": {"type": "rows"}}, bearer(token)),
        ("no action", {"seq": 0}, bearer(token)),
        ("seq as text", {"seq": "first", "action": {}}, bearer(token)),
        ("no token", {"seq": 0, "action": {}}, {}),
        ("wrong token", {"seq": 0, "action": {}}, bearer("nope")),
        ("wrong scheme", {"seq": 0, "action": {}}, {"Authorization": "Basic x"}),
        ("extra field", {"seq": 0, "action": {}, "also": 1}, bearer(token)),
    ):
        reply = client.post(url, json=body, headers=headers)
        assert reply.status_code in (401, 403, 422), (name, reply.text)
        said[name] = reply.json()["error"]
        is_a_sentence(said[name])
    assert said["no seq"].startswith("Step (seq) is missing: give a whole number")
    assert said["no action"].startswith("Action is missing")
    assert said["seq as text"].startswith("Step (seq) must be a whole number")


def test_other_addresses_and_methods_are_refused_in_sentences(client: TestClient) -> None:
    for reply in (
        client.get("/api/nothing-here"),
        client.delete("/api/games"),
        client.get("/api/matches/nope"),
        client.get("/api/matches/nope/replay/first"),
        client.get("/api/games/chess/rules"),
    ):
        assert reply.status_code in (404, 405, 422), reply.text
        is_a_sentence(reply.json()["error"])
