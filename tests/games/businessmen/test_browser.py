"""Businessmen in Debian's Chromium against a live server: the board, the wheels, and two people
playing a whole (short) game through their pages, to the end screen and the replay by rounds."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from tests.web.chromium import new_page

pytestmark = pytest.mark.browser

# What a person must never read: validator text, identifiers, JSON, unnamed seats.
JARGON = re.compile(
    r"Input should|malformed|validation|\bloc\b|[a-z]+_[a-z_]+|\{seat:|[{}\[\]]|\btype\b"
)
PLACE = re.compile(r"You (won|shared the win with .+|finished (1st|2nd) of 2(, level with .+)?)")
# Two rounds exactly: a goal nobody reaches, and the round limit after round 2.
SHORT = {"players": 2, "goal": 30, "max_rounds": 2}


def create(base: str, seats: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "businessmen", "options": options, "seats": seats}
    created: dict[str, Any] = httpx.post(f"{base}/api/matches", json=body).json()
    return created


def plain(text: str) -> None:
    assert text and not JARGON.search(text), f"not plain words: {text!r}"


def fits(page: Any, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide on a {width} px screen"


def test_the_board_and_both_wheels(live_app: str, page: Any) -> None:
    created = create(
        live_app,
        [{"kind": "human", "name": "Olya"}, {"kind": "heuristic", "name": "Nazar"}],
        {"players": 2},
    )
    page.goto(live_app + created["seats"][0]["link"])
    page.wait_for_selector("#table #bm-cars .bm-car[data-car=green]")
    assert page.locator("#table #bm-cars .bm-car").count() == 3
    # All ten prices, each good's marker on its price, at 1280 px without a sideways scroll.
    assert page.locator("#table #bm-prices tr[data-good]").first.locator("td").count() == 10
    assert page.locator("#table #bm-prices tr[data-good] td.marker").count() == 6
    scale = page.locator("#table #bm-prices table")
    assert page.evaluate(
        "(t) => t.scrollWidth <= t.parentElement.clientWidth", scale.element_handle()
    )
    assert page.locator("#table #bm-tablets .bm-tablet").count() == 2
    assert page.locator("#table #bm-vp .step[data-vp='20']").count() == 1
    assert page.locator("#table #price-wheel g[data-sector]").count() == 12
    assert page.locator("#table #events-wheel g[data-sector]").count() == 8
    # Every sector says what it does in words (no glyph that a font may lack).
    words = page.locator("#table #price-wheel text").all_text_contents()
    assert all(re.fullmatch(r"(no \w+|\w+ [+−]\d)", w) for w in words), words
    # The decision comes first, above the board.
    move = page.locator("#table #your-move").bounding_box()
    board = page.locator("#table #bm-market").bounding_box()
    assert move["y"] < board["y"] < page.locator("#table #bm-wheels").bounding_box()["y"]
    page.click('#table button[data-action=\'{"type":"play"}\']')
    # Seat 0 is round 1's first player: it buys first, then passes whenever it may.
    page.wait_for_selector("#table #your-move [data-good] button")
    page.locator("#table #your-move [data-good] button").first.click()
    mine = "document.querySelector('#table .bm-tablet[data-seat=\"0\"]').textContent"
    page.wait_for_function(f"() => !{mine}.includes('Bought this round: empty')")
    for _ in range(40):
        if page.locator("#table #bm-price-wheel[data-sector]").count():
            break
        buttons = page.locator("#table #your-move button")
        if buttons.count():
            passing = page.locator("#table #your-move button.secondary")
            (passing if passing.count() else buttons).first.click()
        page.wait_for_timeout(150)
    # The wheel turned so that the spun sector (of 12) stops under the pointer at the top.
    sector = int(page.locator("#table #bm-price-wheel").get_attribute("data-sector"))
    style = page.locator("#table #price-wheel g.spin").get_attribute("style") or ""
    angle = float(style.split("rotate(")[1].split("deg")[0])
    off = (angle + (sector + 0.5) * 30) % 360
    assert min(off, 360 - off) < 1e-6
    # The round's roulette stays written in the log and beside the prices.
    assert "price roulette" in page.inner_text("#table #bm-log").lower()
    spun = page.inner_text("#table #bm-spin")
    assert re.match(r"(This|Last) round's price roulette: \w+", spun), spun
    assert page.inner_text("#table #bm-price-wheel .result").startswith("Round 1: ")


def _my_turn(page: Any) -> bool:
    return page.locator("#table #your-move.bm-now button").count() > 0


def _refused_in_words(page: Any, action: dict[str, Any]) -> str:
    """Send `action` from this page as its first button would, and read the refusal shown."""
    button = page.locator("#table #your-move.bm-now button").first
    was = button.get_attribute("data-action")
    button.evaluate("(b, a) => { b.dataset.action = a; }", json.dumps(action))
    button.click()
    error = page.locator("#table #your-move .error")
    error.wait_for(state="visible")
    text = error.inner_text()
    button.evaluate("(b, a) => { b.dataset.action = a; }", was)
    page.evaluate("document.querySelector('#table #your-move .error').textContent = ''")
    plain(text)
    return text


def _move(page: Any) -> None:
    """A person's move: buy one unit where they can, else load, else keep; pass the rest."""
    box = page.locator("#table #your-move.bm-now")
    for kind in ("play", "buy", "load", "store", "export"):
        buttons = box.locator(f'button[data-action*=\'"type":"{kind}"\']')
        if buttons.count():
            buttons.first.click()
            return
    box.locator("button.secondary, button").first.click()


def test_two_people_play_a_short_game_through_their_pages(live_app: str, browser: Any) -> None:
    errors: list[str] = []
    created = create(
        live_app, [{"kind": "human", "name": "Olya"}, {"kind": "human", "name": "Nazar"}], SHORT
    )
    pages = [new_page(browser, errors), new_page(browser, errors)]
    pages[1].set_viewport_size({"width": 390, "height": 800})  # Nazar plays on a phone
    for page, seat in zip(pages, created["seats"], strict=True):
        page.goto(live_app + seat["link"])
        page.wait_for_function("document.querySelector('#status').dataset.seq !== undefined")
        assert page.locator("details#how-to-play").count() == 1
        assert "20 victory points" in page.inner_text("details#how-to-play")
        status = page.inner_text("#status")
        assert status.startswith("Round 1 of 2 · ") and "{seat:" not in status
    refusals: list[str] = []
    for _ in range(400):
        statuses = [p.inner_text("#status") for p in pages]
        if all("over" in s for s in statuses):
            break
        movers = [p for p in pages if _my_turn(p)]
        if not movers:
            pages[0].wait_for_timeout(100)
            continue
        page = movers[0]
        if not refusals:
            # Illegal moves tried through the page: each refused in plain words, nothing changed.
            before = page.inner_text("#status")
            refusals.append(_refused_in_words(page, {"type": "buy", "good": "oil", "units": 9}))
            refusals.append(_refused_in_words(page, {"type": "buy", "good": "tea", "units": -2}))
            refusals.append(_refused_in_words(page, {"type": "improve"}))
            assert page.inner_text("#status") == before
        seq = page.evaluate("document.querySelector('#status').dataset.seq")
        _move(page)
        page.wait_for_function(
            f"document.querySelector('#status').dataset.seq !== '{seq}'", timeout=10_000
        )
        fits(pages[1], 390)
    else:
        raise AssertionError("the game did not end")
    assert len(refusals) == 3, refusals
    for page, width in zip(pages, (1280, 390), strict=True):
        page.wait_for_selector("#finished:not([hidden]) #place:not(:empty)")
        assert PLACE.fullmatch(page.inner_text("#place")), page.inner_text("#place")
        recap = page.locator("#recap li").all_inner_texts()
        assert len(recap) == 2
        for line in recap:
            plain(line)
        fits(page, width)
    # The replay jumps by round: one chapter a round.
    page = pages[0]
    page.wait_for_selector("#replay-chapters button[data-step]")
    chapters = page.locator("#replay-chapters button[data-step]")
    assert chapters.all_inner_texts() == ["Round 1", "Round 2"]
    chapters.nth(1).click()
    step = chapters.nth(1).get_attribute("data-step")
    page.wait_for_function(
        f"document.querySelector('#replay-where').textContent.startsWith('step {step} ')"
    )
    page.wait_for_function(
        "document.querySelector('#replay-table #your-move h3').textContent.startsWith('Round 2')"
    )
    assert errors == []
