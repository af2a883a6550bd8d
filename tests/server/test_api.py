"""Every endpoint of the HTTP API and its error cases, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import ROWS, act, bearer, create, view, wait_until
from tradingfloor.core import registry


def test_games_lists_every_registered_game_with_schemas_bots_and_renderer(
    client: TestClient,
) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert sorted(games) == registry.games()
    middleman = games["middleman"]
    assert middleman["renderer"] == "middleman"
    assert "random" in middleman["bots"]
    assert middleman["default_options"] == {"players": 3, "guarded": False}
    assert "players" in middleman["schemas"]["options"]["properties"]


def test_preview_completes_options_and_counts_seats(client: TestClient) -> None:
    reply = client.post("/api/games/middleman/preview", json={"options": {"players": 5}})
    assert reply.json() == {
        "game": "middleman",
        "options": {"players": 5, "guarded": False},
        "players": 5,
    }
    bad = client.post("/api/games/middleman/preview", json={"options": {"players": 1}})
    assert bad.status_code == 422 and "Players must be" in bad.json()["error"]
    assert client.post("/api/games/chess/preview", json={}).status_code == 404


def test_create_gives_one_private_link_per_human_seat_and_a_spectator_link(
    client: TestClient,
) -> None:
    created = create(
        client, seats=[{"kind": "human", "name": "Jane"}, {"kind": "human"}, {"kind": "random"}]
    )
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "random"]
    assert seats[0]["name"] == "Jane"
    assert seats[0]["link"] == f"/play/{created['id']}#token={seats[0]['token']}"
    assert seats[0]["token"] != seats[1]["token"]
    assert seats[2]["link"] is None and seats[2]["token"] is None
    assert created["spectator"] == f"/play/{created['id']}"
    assert created["options"] == {"players": 3, "guarded": False}


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 404, "There is no game called 'chess'"),
        ({"game": "middleman", "options": {"players": 0}}, 422, "Players must be"),
        ({"game": "middleman", "seats": [{"kind": "human"}]}, 422, "has 3 seats"),
        ({"game": "middleman", "seats": [{"kind": "wizard"}] * 3}, 422, "no player kind"),
        ({"game": "middleman", "colour": "red"}, 422, "no field called 'colour'"),
        ({"options": {}}, 422, "Game is missing"),
    ],
)
def test_create_refuses_bad_requests_with_a_json_reason(
    client: TestClient, body: dict[str, object], status: int, words: str
) -> None:
    reply = client.post("/api/matches", json=body)
    assert reply.status_code == status
    assert words in reply.json()["error"]


def test_malformed_json_is_a_400_with_a_json_body(client: TestClient) -> None:
    reply = client.post(
        "/api/matches", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert reply.status_code == 400
    assert reply.json() == {"error": "The request body is not valid JSON"}


def test_listing_and_summary_show_seats_but_never_tokens_or_the_seed(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "random"}])
    seed = str(client.app.state.service.store.load(created["id"]).seed)  # type: ignore[attr-defined]
    listing = client.get("/api/matches")
    summary = client.get(f"/api/matches/{created['id']}")
    assert created["id"] in [m["id"] for m in listing.json()]
    assert summary.json()["seats"][2] == {"seat": 2, "kind": "random", "name": "Random bot 3"}
    for reply in (listing, summary):
        for secret in (seed, created["seats"][0]["token"], created["seats"][1]["token"]):
            assert secret not in reply.text
    assert client.get("/api/matches/nope").status_code == 404


def test_views_need_the_right_token(client: TestClient) -> None:
    created = create(client)
    match_id, token = created["id"], created["seats"][1]["token"]
    mine = view(client, match_id, token)
    assert mine["seat"] == 1 and mine["seq"] == 0 and mine["actors"] == [0, 1, 2]
    assert mine["legal"]["actions"][0]["type"] == "rows"
    spectator = view(client, match_id)
    assert spectator["seat"] is None and spectator["legal"] is None
    wrong = client.get(f"/api/matches/{match_id}/view", headers=bearer("not-a-token"))
    assert wrong.status_code == 403 and "token" in wrong.json()["error"]
    scheme = client.get(f"/api/matches/{match_id}/view", headers={"Authorization": "Basic x"})
    assert scheme.status_code == 401
    assert client.get("/api/matches/nope/view").status_code == 404


def test_an_action_is_committed_and_answered_with_the_seats_new_view(client: TestClient) -> None:
    created = create(client)
    match_id, token = created["id"], created["seats"][0]["token"]
    reply = client.post(
        f"/api/matches/{match_id}/actions", json={"seq": 0, "action": ROWS}, headers=bearer(token)
    )
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["seq"] == 1 and body["view"]["order"] == ROWS
    assert body["view"]["players"][0]["committed"] is True
    assert view(client, match_id)["view"]["players"][0]["committed"] is True
    moves = client.app.state.service.store.actions(match_id)  # type: ignore[attr-defined]
    assert moves == [(1, 0, ROWS)]


def test_stale_repeated_illegal_and_out_of_turn_actions_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    created = create(client)
    match_id = created["id"]
    first, second = created["seats"][0]["token"], created["seats"][1]["token"]
    url = f"/api/matches/{match_id}/actions"

    def post(token: str | None, body: object) -> tuple[int, dict[str, object]]:
        reply = client.post(url, json=body, headers=bearer(token) if token else {})
        return reply.status_code, reply.json()

    assert post(first, {"seq": 0, "action": ROWS})[0] == 200
    status, body = post(first, {"seq": 0, "action": ROWS})  # the same request again
    assert status == 409 and "moved on" in str(body["error"]) and body["seq"] == 1
    status, body = post(first, {"seq": 1, "action": ROWS})  # already committed this step
    assert status == 409 and "already committed" in str(body["error"])
    status, body = post(second, {"seq": 0, "action": ROWS})  # made against an old state
    assert status == 409
    bad_rows = {"type": "rows", "a": [0] * 10, "d": ROWS["d"]}
    status, body = post(second, {"seq": 1, "action": bad_rows})
    assert status == 422 and str(body["error"]).startswith("row A must hold each digit 0-9")
    status, body = post(second, {"seq": 1, "action": {"type": "fly"}})
    assert status == 422 and "There is no move called 'fly'" in str(body["error"])
    status, body = post(second, {"action": ROWS})
    assert status == 422 and "Step (seq) is missing" in str(body["error"])
    assert post(None, {"seq": 1, "action": ROWS})[0] == 401
    assert post("wrong", {"seq": 1, "action": ROWS})[0] == 403
    reply = client.post(
        "/api/matches/nope/actions", json={"seq": 0, "action": ROWS}, headers=bearer(first)
    )
    assert reply.status_code == 404
    assert view(client, match_id)["seq"] == 1
    assert len(client.app.state.service.store.actions(match_id)) == 1  # type: ignore[attr-defined]


def test_an_order_the_rules_refuse_gets_the_rules_message(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "random"}, {"kind": "random"}])
    match_id, token = created["id"], created["seats"][0]["token"]
    url = f"/api/matches/{match_id}/actions"
    assert act(client, match_id, token, ROWS)["status"] == 200
    wait_until(
        lambda: (
            view(client, match_id)["view"]["phase"] == "buy"
            and view(client, match_id)["actors"] == [0]
        ),
        "the bots' buying orders",
    )
    seq = view(client, match_id)["seq"]
    order = {"type": "buy", "tins": 1000, "price": 1}  # more tins than any market holds
    reply = client.post(url, json={"seq": seq, "action": order}, headers=bearer(token))
    game = registry.make("middleman")
    state = client.app.state.service.snapshot(match_id).state  # type: ignore[attr-defined]
    assert reply.status_code == 422
    assert reply.json() == {
        "error": game.legal(state, 0).check(game.parse_action(order)),
        "seq": seq,
    }
    assert "1000" in reply.json()["error"]


def test_bots_play_a_whole_match_and_the_record_and_replay_open_at_the_end(
    client: TestClient,
) -> None:
    created = create(client, seats=[{"kind": "random"}] * 3)
    match_id = created["id"]
    assert client.get(f"/api/matches/{match_id}/record").status_code in (403, 200)
    wait_until(lambda: view(client, match_id)["over"], "the bots to finish")
    final = view(client, match_id)
    record = client.get(f"/api/matches/{match_id}/record").json()
    seed = client.app.state.service.store.load(match_id).seed  # type: ignore[attr-defined]
    assert record["seed"] == seed  # the game is over: the seed predicts nothing now
    assert [m["seq"] for m in record["moves"]] == list(range(1, final["seq"] + 1))
    assert record["result"] == final["result"]
    start = client.get(f"/api/matches/{match_id}/replay/0").json()
    assert start["replay"] is True and start["step"] == 0 and start["steps"] == final["seq"]
    assert start["view"]["phase"] == "rows" and start["seat"] is None
    end = client.get(f"/api/matches/{match_id}/replay/{final['seq']}").json()
    assert end["view"] == view(client, match_id)["view"]
    assert client.get(f"/api/matches/{match_id}/replay/{final['seq'] + 1}").status_code == 404
    listed = {m["id"]: m for m in client.get("/api/matches?status=over").json()}
    assert listed[match_id]["status"] == "over"


def test_record_and_replay_stay_closed_while_the_match_runs(client: TestClient) -> None:
    match_id = create(client)["id"]
    for path in ("record", "replay/0", "chapters"):
        reply = client.get(f"/api/matches/{match_id}/{path}")
        assert reply.status_code == 403 and "over" in reply.json()["error"]


def test_the_websocket_pushes_each_change_and_a_reconnect_gets_the_current_view(
    client: TestClient,
) -> None:
    created = create(client)
    match_id, first, second = created["id"], created["seats"][0], created["seats"][1]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({"token": second["token"]})
        hello = socket.receive_json()
        assert (hello["type"], hello["seat"], hello["seq"]) == ("update", 1, 0)
        client.post(
            f"/api/matches/{match_id}/actions",
            json={"seq": 0, "action": ROWS},
            headers=bearer(first["token"]),
        )
        pushed = socket.receive_json()
        assert pushed["seq"] == 1 and pushed["seat"] == 1
        assert pushed["view"]["players"][0]["committed"] is True
        assert "order" in pushed["view"] and pushed["view"]["order"] is None
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({})
        again = socket.receive_json()
        assert again["seq"] == 1 and again["seat"] is None


def test_the_websocket_refuses_a_wrong_token(client: TestClient) -> None:
    match_id = create(client)["id"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({"token": "wrong"})
        assert socket.receive_json() == {
            "type": "error",
            "error": "This token opens no seat of this match: use your own invitation link",
        }


def test_a_restarted_server_continues_every_match_from_its_log(db_url: str) -> None:
    from tradingfloor.server.app import create_app

    with TestClient(create_app(db_url, bot_delay=0)) as before:
        created = create(before)
        match_id, token = created["id"], created["seats"][0]["token"]
        before.post(
            f"/api/matches/{match_id}/actions",
            json={"seq": 0, "action": ROWS},
            headers=bearer(token),
        )
        seen = view(before, match_id, token)
    with TestClient(create_app(db_url, bot_delay=0)) as after:
        assert view(after, match_id, token) == seen


def test_the_openapi_document_describes_every_endpoint(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert set(document["paths"]) == {
        "/api/games",
        "/api/games/{game_id}/preview",
        "/api/matches",
        "/api/matches/{match_id}",
        "/api/matches/{match_id}/view",
        "/api/matches/{match_id}/actions",
        "/api/matches/{match_id}/record",
        "/api/matches/{match_id}/replay/{step}",
        "/api/matches/{match_id}/chapters",
        "/api/games/{game_id}/rules",
    }
    assert "/api/matches/{match_id}/ws" in document["info"]["description"]
    action = document["paths"]["/api/matches/{match_id}/actions"]["post"]
    assert {"200", "401", "403", "404", "409", "422"} <= set(action["responses"])


def test_the_pages_and_their_scripts_are_served(client: TestClient) -> None:
    match_id = create(client)["id"]
    assert "lobby.js" in client.get("/").text
    assert "match.js" in client.get(f"/play/{match_id}").text
    for script in ("api.js", "forms.js", "lobby.js", "match.js", "renderers/generic.js"):
        reply = client.get(f"/static/{script}")
        assert reply.status_code == 200 and "javascript" in reply.headers["content-type"]
    assert client.get("/static/renderers/middleman.js").status_code == 200


def test_finished_matches_leave_memory_and_come_back_from_the_log(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tradingfloor.server import service as service_module

    live = client.app.state.service  # type: ignore[attr-defined]
    finished = create(client, seats=[{"kind": "random"}] * 3)["id"]
    wait_until(lambda: view(client, finished)["over"], "the bots to finish")
    seen = view(client, finished)
    other = create(client)["id"]
    live._live.pop(other)  # as after a restart: the next request loads it from the log
    monkeypatch.setattr(service_module, "MAX_CACHED", 1)
    view(client, other)
    assert finished not in live.loaded_ids() and other in live.loaded_ids()
    assert view(client, finished) == seen
