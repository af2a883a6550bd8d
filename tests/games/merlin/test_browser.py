"""Merlin's browser renderer, driven in Debian's Chromium against a live server."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A server on a free local port, its bots acting at once."""
    import uvicorn

    from tradingfloor.server.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture
def page(server: str) -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        page = browser.new_page()
        page.set_default_timeout(15_000)
        yield page
        browser.close()


def test_bid_for_turn_order_and_play_turns_in_the_browser(server: str, page: Any) -> None:
    bots = [{"kind": "heuristic", "name": f"Wizard {n}"} for n in (1, 2, 3)]
    created = httpx.post(
        f"{server}/api/matches",
        json={
            "game": "merlin",
            "options": {"players": 4, "max_orbits": 3},
            "seats": [{"kind": "human", "name": "Sano"}, *bots],
        },
    ).json()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_selector("#me-counters")
    assert page.locator("#me-market tr[data-commodity]").count() == 3
    assert page.locator("section[data-seat]").count() == 4
    assert "2" in page.locator("#me-counters dd[data-counter='cost of the living']").text_content()
    # the turn-order auction: a sealed bid of 5 (the bots bid at most 1, so seat 0 goes first)
    bid = page.locator("#your-move form[data-action='turn_bid']")
    bid.locator("select[name='amount']").select_option("5")
    bid.get_by_role("button", name="send").click()
    page.wait_for_selector("#me-dice .me-dice")
    assert "rolled" in page.locator("#me-dice").text_content()
    assert "◀ to play" in page.locator("section[data-seat='0'] h3").text_content()
    for _ in range(30):
        if page.locator("section[data-seat='0'] .me-hand .me-card").count():
            break
        buy = page.get_by_role("button", name="buy_permit")
        if buy.count():
            buy.first.click()
        else:
            page.get_by_role("button", name="end_turn").first.click()
        page.wait_for_timeout(200)
    assert page.locator("section[data-seat='0'] .me-hand .me-card").count() >= 1
    assert errors == []
