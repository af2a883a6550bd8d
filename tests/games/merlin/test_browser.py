"""Merlin's browser renderer, driven in Debian's Chromium against a live server."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_bid_for_turn_order_and_play_turns_in_the_browser(live_app: str, page: Any) -> None:
    bots = [{"kind": "heuristic", "name": f"Wizard {n}"} for n in (1, 2, 3)]
    created = httpx.post(
        f"{live_app}/api/matches",
        json={
            "game": "merlin",
            "options": {"players": 4, "max_orbits": 3},
            "seats": [{"kind": "human", "name": "Sano"}, *bots],
        },
    ).json()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(live_app + created["seats"][0]["link"])
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
