"""Two people play a whole game of Middleman through their pages, in Debian's Chromium.

Every refusal they meet is in plain words, an order that could put a trader out is warned of
(and can still be sent), the page is never wider than a 390 px phone, the status line and the
how-to-play panel are there, the end screen says each person's place, and the replay jumps by
round.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.chromium import ARTIFACTS, new_page

pytestmark = pytest.mark.browser

ROUNDS = 10
JARGON = ("Input should", "malformed", "buy.tins", "price:", "tins:", "pydantic", "type=")


def create_match(base: str) -> list[str]:
    """A 2-player match between two people; their invitation links."""
    seats = [{"kind": "human", "name": "Jane"}, {"kind": "human", "name": "Fred"}]
    created = httpx.post(
        f"{base}/api/matches",
        json={"game": "middleman", "options": {"players": 2}, "seats": seats},
    ).json()
    return [base + seat["link"] for seat in created["seats"]]


def no_wider_than_the_screen(page: Any, width: int = 390) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def refusal(page: Any, field: str) -> str:
    slot = page.locator(f"#order-form .error[data-for={field}]")
    slot.wait_for()
    page.wait_for_function(
        f"document.querySelector('#order-form .error[data-for={field}]').textContent.length > 0"
    )
    text: str = slot.text_content() or ""
    assert not any(word in text for word in JARGON), text
    return text


def status(page: Any) -> str:
    text: str = page.locator("#status").text_content() or ""
    return text


def write_rows(page: Any, bad_first: bool = False) -> None:
    page.wait_for_selector("#rows-form")
    if bad_first:
        page.fill("#rows-form input[name=a]", "1 1 2 3 4 5 6 7 8 9")
        page.fill("#rows-form input[name=d]", "0 1 2 3 4 5 6 7 8 9")
        page.click("#rows-form button[type=submit]")
        slot = page.locator("#rows-form .error[data-for=a]")
        slot.wait_for()
        page.wait_for_function(
            "document.querySelector('#rows-form .error[data-for=a]').textContent.length > 0"
        )
        assert re.search("row A must hold each digit 0-9", slot.text_content() or "", re.I)
    page.click("#deal")
    page.click("#rows-form button[type=submit]")


def seal(page: Any, side: str, tins: int, price: int) -> None:
    page.wait_for_selector(f"#order-form[data-side={side}]")
    page.fill("#order-form input[name=tins]", str(tins))
    page.fill("#order-form input[name=price]", str(price))
    page.click("#order-form button[type=submit]")


def wait_reveal(page: Any, round_: int, side: str) -> None:
    page.wait_for_selector(
        f"#table #latest-reveal .reveal[data-round='{round_}'][data-side={side}]"
    )


def held(page: Any, seat: int) -> int:
    cells = page.locator(f"#table #players tr[data-seat='{seat}'] td")
    return int(cells.nth(2).text_content() or 0)


def cash(page: Any, seat: int) -> int:
    cells = page.locator(f"#table #players tr[data-seat='{seat}'] td")
    return int(cells.nth(1).text_content() or 0)


def refusals_in_plain_words(jane: Any) -> None:
    """Round 1's buying form: bad numbers, then an order she could not pay for if it were filled."""
    jane.wait_for_selector("#order-form[data-side=buy]")
    jane.fill("#order-form input[name=tins]", "-2")
    jane.fill("#order-form input[name=price]", "1")
    jane.click("#order-form button[type=submit]")
    assert refusal(jane, "tins") == "Tins wanted must be a whole number, 0 or more"
    jane.fill("#order-form input[name=tins]", "1")
    jane.fill("#order-form input[name=price]", "")
    jane.click("#order-form button[type=submit]")
    assert refusal(jane, "price").startswith("Offer per tin")
    # RULINGS Middleman 4: no refusal against the cash held, but a warning before sending.
    seal(jane, "buy", 9, 5)
    warning = jane.locator("#risk-warning")
    warning.wait_for()
    assert "If this order is filled you pay 45 and hold 20: you would be out of the game" in (
        warning.text_content() or ""
    )
    jane.click("#change-order")
    assert jane.locator("#risk-warning").is_hidden()


def play_round(jane: Any, fred: Any, round_: int) -> None:
    seal(jane, "buy", 1, 1)
    jane.wait_for_selector("#sealed-note")
    seal(fred, "buy", 2, 1)
    for page in (jane, fred):
        wait_reveal(page, round_, "buy")
    if round_ == 1:
        for page in (jane, fred):
            assert "Round 1 of 10 · selling" in status(page)
        # On Jane's wide screen the reveal sits beside the order form, both above the fold once
        # she has folded the guide away.
        jane.click("details#how-to-play summary")
        reveal = jane.locator("#latest-reveal").bounding_box()
        form = jane.locator("#your-move").bounding_box()
        assert abs(reveal["y"] - form["y"]) < 5 and reveal["x"] > form["x"]
        assert max(reveal["y"] + reveal["height"], form["y"] + form["height"]) < 900
    seal(jane, "sell", held(jane, 0), 2)
    seal(fred, "sell", held(fred, 1), 3)
    for page in (jane, fred):
        wait_reveal(page, round_, "sell")


def test_two_people_play_a_whole_game_of_middleman(live_app: str, browser: Any) -> None:
    errors: list[str] = []
    links = create_match(live_app)
    jane, fred = new_page(browser, errors), new_page(browser, errors)
    jane.goto(links[0])
    fred.goto(links[1])
    for page in (jane, fred):
        page.wait_for_selector("#rows-form")
        assert status(page).startswith("Writing rows A and D")
        guide = page.locator("details#how-to-play")
        assert guide.get_attribute("open") is not None, "open on a first visit"
        assert "How to play Middleman" in (guide.text_content() or "")
    write_rows(jane, bad_first=True)
    write_rows(fred)
    refusals_in_plain_words(jane)
    no_wider_than_the_screen(fred)  # Fred plays on a phone
    fred.wait_for_selector("#forecast")
    for round_ in range(1, ROUNDS + 1):
        play_round(jane, fred, round_)
        if round_ == 1:
            no_wider_than_the_screen(fred)
            jane.set_viewport_size({"width": 1280, "height": 900})
            ARTIFACTS.mkdir(exist_ok=True)
            jane.screenshot(path=str(ARTIFACTS / "middleman-round-2-1280.png"))
            fred.screenshot(path=str(ARTIFACTS / "middleman-round-2-390.png"))
    for page, me in ((jane, 0), (fred, 1)):
        page.wait_for_selector("#finished:not([hidden]) #place:not(:empty)")
        place = page.locator("#place").text_content() or ""
        mine, theirs = cash(page, me), cash(page, 1 - me)
        expected = "You won" if mine > theirs else "You finished 2nd of 2"
        if mine == theirs:
            expected = "You shared the win with"
        assert place.startswith(expected), place
        assert page.locator("#recap li").count() == 2
        assert status(page).startswith("The game is over")
    no_wider_than_the_screen(fred)
    fred.screenshot(path=str(ARTIFACTS / "middleman-end-390.png"), full_page=True)
    # The replay jumps by round.
    chapters = jane.locator("#replay-chapters button[data-step]")
    chapters.first.wait_for()
    titles = [text.strip() for text in chapters.all_text_contents()]
    assert titles == ["Rows A and D", *(f"Round {r}" for r in range(1, ROUNDS + 1))]
    jane.click("#replay-chapters button[data-step]:has-text('Round 4')")
    jane.wait_for_function(
        "document.querySelector('#replay-where').textContent.includes('Round 4')"
    )
    jane.wait_for_selector("#replay-table .reveal[data-round='3'][data-side=sell]")
    assert errors == []
