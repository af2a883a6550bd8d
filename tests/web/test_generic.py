"""Every registered game is playable in the browser through the generic renderer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.live import free_port, server
from tests.web.chromium import ARTIFACTS, new_page
from tradingfloor.core import registry

pytestmark = pytest.mark.browser
MOVES = 4


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    db = tmp_path_factory.mktemp("generic") / "generic.db"
    with server(f"sqlite:///{db}", port):
        yield f"http://127.0.0.1:{port}"


def _match(base_url: str, game_id: str) -> str:
    """A match with a person in seat 0 and random bots elsewhere; the person's link."""
    game = registry.make(game_id)
    options = dict(game.conformance_options()[0])
    players = game.players(game.new(options, 0))
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "random"}] * (players - 1)
    reply = httpx.post(
        f"{base_url}/api/matches", json={"game": game_id, "options": options, "seats": seats}
    )
    assert reply.status_code == 201, reply.text
    link: str = reply.json()["seats"][0]["link"]
    return link


def _step(page: Any) -> int:
    text = page.locator("#turn").text_content() or ""
    return int(text.split(":")[0].removeprefix("step "))


def _move(page: Any) -> None:
    """Take the first offered action: a button, or the first form as it is filled in."""
    page.wait_for_selector("#your-move button")
    before = _step(page)
    form = page.locator("#your-move form").first
    if form.count():
        # A person types lists where the form asks for them (e.g. two different orders of 0-9).
        lists = form.locator("input[data-kind=array]")
        for index in range(lists.count()):
            digits = list(range(10)) if index % 2 == 0 else list(range(9, -1, -1))
            lists.nth(index).fill(" ".join(map(str, digits)))
    page.locator("#your-move button").first.click()
    page.wait_for_function(
        f"""() => {{
            const turn = document.querySelector('#turn').textContent;
            const refused = [...document.querySelectorAll('#your-move .error')]
                .some((e) => e.textContent);
            return refused || !turn.startsWith('step {before}:');
        }}"""
    )


@pytest.mark.parametrize("game_id", registry.games())
def test_the_generic_renderer_shows_the_view_and_offers_the_legal_actions(
    game_id: str, base_url: str, browser: Any
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(base_url + _match(base_url, game_id).replace("#", "?renderer=generic#"))
    page.wait_for_selector(".generic-view .panel")
    start = _step(page)
    for _ in range(MOVES):
        page.wait_for_function(
            "() => document.querySelector('#turn').textContent.includes('your move') "
            "|| document.querySelector('#turn').textContent.includes('over')"
        )
        if "over" in (page.locator("#turn").text_content() or ""):
            break
        _move(page)
    assert _step(page) > start, "no action went through the generic forms"
    assert page.locator(".generic-view .panel h3").count() >= 2
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{game_id}-generic.png"), full_page=False)
    assert errors == []
