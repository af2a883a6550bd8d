"""The browser renderer, driven in Debian's Chromium against a live server."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_a_round_in_the_browser(live_app: str, page: Any) -> None:
    created = httpx.post(
        f"{live_app}/api/matches",
        json={
            "game": "businessmen",
            "options": {"players": 2},
            "seats": [{"kind": "human", "name": "Olya"}, {"kind": "heuristic", "name": "Nazar"}],
        },
    ).json()
    assert httpx.get(f"{live_app}/api/games").json()[0]["id"]  # the live_app lists its games
    page.goto(live_app + created["seats"][0]["link"])
    page.wait_for_selector("#bm-cars .bm-car[data-car=green]")
    assert page.locator("#bm-cars .bm-car").count() == 3
    assert page.locator("#bm-prices tr[data-good] td.marker").count() == 6
    assert page.locator("#bm-tablets .bm-tablet").count() == 2
    assert page.locator("#bm-vp .step[data-vp='20']").count() == 1
    assert page.locator("#price-wheel g[data-sector]").count() == 12
    assert page.locator("#events-wheel g[data-sector]").count() == 8
    page.click('button[data-action=\'{"type":"play"}\']')
    # Seat 0 is round 1's first player: it buys first, then passes whenever it may.
    page.wait_for_selector("#your-move [data-good] button")
    page.locator("#your-move [data-good] button").first.click()
    mine = "document.querySelector('.bm-tablet[data-seat=\"0\"]').textContent"
    page.wait_for_function(f"() => !{mine}.includes('temporary: empty')")
    for _ in range(40):
        if page.locator("#bm-price-wheel[data-sector]").count():
            break
        buttons = page.locator("#your-move button")
        if buttons.count():
            passing = page.locator("#your-move button.secondary")
            (passing if passing.count() else buttons).first.click()
        page.wait_for_timeout(150)
    # The wheel turned so that the spun sector (of 12) stops under the pointer at the top.
    sector = int(page.locator("#bm-price-wheel").get_attribute("data-sector"))
    style = page.locator("#price-wheel g.spin").get_attribute("style") or ""
    angle = float(style.split("rotate(")[1].split("deg")[0])
    off = (angle + (sector + 0.5) * 30) % 360
    assert min(off, 360 - off) < 1e-6
    assert page.locator("#bm-log li").count() > 3
