"""The pages and the words around a game: rules, bots in words, offline API docs, the favicon,
the chapters of a finished match and a record that replays."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import create, view, wait_until
from tradingfloor.core import registry
from tradingfloor.core.record import MatchRecord, replay


def test_each_game_comes_with_a_line_its_rules_page_and_its_bots_in_words(
    client: TestClient,
) -> None:
    for info in client.get("/api/games").json():
        assert info["blurb"] and "{" not in info["blurb"]
        assert info["rules"] == f"/rules/{info['id']}"
        kinds = [bot["kind"] for bot in info["bot_kinds"]]
        assert kinds == info["bots"]
        for bot in info["bot_kinds"]:
            assert bot["title"] and "_" not in bot["title"] and "-" not in bot["title"]
        words = {bot["kind"]: bot for bot in info["bot_kinds"]}
        assert words["random"]["title"] == "Random" and words["random"]["strength"]
        assert words["ismcts"]["title"] == "Searcher"
        assert words["ismcts-tree"]["title"] == "Tree searcher"


def test_the_rules_page_and_its_words(client: TestClient) -> None:
    assert "rules.js" in client.get("/rules/middleman").text
    for game_id in registry.games():
        rules = client.get(f"/api/games/{game_id}/rules").json()
        assert rules["game"] == game_id and rules["title"] == registry.make(game_id).title
        assert rules["notes"] and rules["notes"].startswith("# ")
    reply = client.get("/api/games/chess/rules")
    assert reply.status_code == 404 and "no game called 'chess'" in reply.json()["error"]


def test_the_api_docs_load_their_scripts_from_this_server(client: TestClient) -> None:
    for page in ("/docs", "/redoc"):
        html = client.get(page).text
        sources = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert sources, html
        assert all(s.startswith("/") for s in sources), sources  # nothing from a CDN
        for source in sources:
            assert client.get(source).status_code == 200, source
    assert client.get("/openapi.json").status_code == 200


def test_every_page_names_its_favicon_and_the_browsers_default_address_has_one(
    client: TestClient,
) -> None:
    match_id = create(client)["id"]
    for page in ("/", f"/play/{match_id}", "/rules/middleman"):
        assert 'rel="icon" href="/static/favicon.svg"' in client.get(page).text
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
    assert client.get("/static/favicon.svg").status_code == 200


def _finished(client: TestClient, game_id: str, options: dict[str, Any], kind: str) -> str:
    game = registry.make(game_id)
    players = game.players(game.new(options, 0))
    match_id: str = create(client, game=game_id, options=options, seats=[{"kind": kind}] * players)[
        "id"
    ]
    wait_until(lambda: view(client, match_id)["over"], f"the {game_id} bots to finish", 120)
    return match_id


def test_the_chapters_of_a_finished_match_are_the_steps_where_its_chapter_changes(
    client: TestClient,
) -> None:
    match_id = _finished(client, "middleman", {}, "random")
    chapters = client.get(f"/api/matches/{match_id}/chapters").json()
    assert chapters and chapters[0]["step"] == 0
    steps = [c["step"] for c in chapters]
    assert steps == sorted(set(steps))
    final = view(client, match_id)["seq"]
    for chapter in chapters:
        at = client.get(f"/api/matches/{match_id}/replay/{chapter['step']}").json()
        assert at["view"].get("chapter") == chapter["title"]
        if chapter["step"] > 0:
            before = client.get(f"/api/matches/{match_id}/replay/{chapter['step'] - 1}").json()
            assert before["view"].get("chapter") != chapter["title"]
        assert chapter["step"] <= final
    assert client.get(f"/api/matches/{match_id}/chapters").json() == chapters  # kept


def test_a_finished_matchs_record_carries_its_seed_and_replays_to_the_end(
    client: TestClient,
) -> None:
    match_id = _finished(client, "middleman", {}, "random")
    downloaded = client.get(f"/api/matches/{match_id}/record").json()
    stored = client.app.state.service.store.load(match_id)  # type: ignore[attr-defined]
    assert downloaded["seed"] == stored.seed
    record = MatchRecord.from_json(downloaded)
    game = registry.make("middleman")
    end = replay(record)
    assert game.result(end) is not None
    assert game.result(end).to_json() == downloaded["result"]  # type: ignore[union-attr]
