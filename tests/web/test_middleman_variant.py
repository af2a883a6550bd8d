"""A person plays a Middleman research variant in the browser: 3 rounds, rows of 0-3, top 5."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.chromium import new_page

pytestmark = pytest.mark.browser

VARIANT = {"players": 2, "rounds": 3, "digits": 4, "top_price": 5}


def create_variant_match(base_url: str) -> str:
    """A variant match of Ann and a heuristic bot, made through the API; Ann's page link."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "heuristic", "name": None}]
    created = httpx.post(
        f"{base_url}/api/matches", json={"game": "middleman", "options": VARIANT, "seats": seats}
    )
    assert created.status_code == 201, created.text
    link: str = created.json()["seats"][0]["link"]
    return base_url + link


def sheet_row(page: Any, row: str) -> list[str]:
    """Every box of one row of Ann's game sheet, column 1 to the last."""
    cells = page.locator(f"#table #my-sheet tr[data-row={row}] td")
    return [text.strip() for text in cells.all_text_contents()]


def bounds(page: Any, name: str) -> tuple[str | None, str | None]:
    field = page.locator(f"#order-form input[name={name}]")
    return field.get_attribute("min"), field.get_attribute("max")


def refusal_for(page: Any, field: str, tins: str, price: str) -> str:
    """Send an order the rules refuse; the reason shown next to `field`."""
    page.fill("#order-form input[name=tins]", tins)
    page.fill("#order-form input[name=price]", price)
    page.click("#order-form button[type=submit]")
    if page.locator("#risk-warning:not([hidden])").count():
        page.click("#send-anyway")
    slot = page.locator(f"#order-form .error[data-for={field}]")
    page.wait_for_function(
        f"document.querySelector('#order-form .error[data-for={field}]').textContent !== ''"
    )
    return (slot.text_content() or "").strip()


def write_rows(page: Any) -> None:
    """Rows of ten digits are refused; the deal at random gives rows of 0-3. Then rows of our own
    are written: row A opens with a 3, so round 1's market holds tins for Ann's order."""
    page.wait_for_selector("#rows-form")
    assert "Write the digits 0 to 3" in (page.locator("#rows-form .hint").text_content() or "")
    page.fill("#rows-form input[name=a]", "0 1 2 3 4 5 6 7 8 9")
    page.fill("#rows-form input[name=d]", "3 2 1 0")
    page.click("#rows-form button[type=submit]")
    page.locator("#rows-form .error[data-for=a]:not(:empty)").wait_for()
    assert "0-3" in (page.locator("#rows-form .error[data-for=a]").text_content() or "")
    page.click("#deal")
    for row in ("a", "d"):
        dealt = page.input_value(f"#rows-form input[name={row}]").split()
        assert sorted(dealt) == ["0", "1", "2", "3"]
    page.fill("#rows-form input[name=a]", "3 2 1 0")
    page.fill("#rows-form input[name=d]", "0 1 2 3")
    page.click("#rows-form button[type=submit]")


def test_a_person_plays_a_research_variant_in_the_browser(live_app: str, browser: Any) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(create_variant_match(live_app))
    page.wait_for_selector("#variant-note")
    note = page.locator("#variant-note").text_content() or ""
    assert "3 rounds instead of 10" in note and "at most 5 a tin" in note
    write_rows(page)

    page.wait_for_selector("#order-form[data-side=buy]")
    assert (page.locator("#status").text_content() or "").startswith("Round 1 of 3")
    # Four columns: the three rounds, and the one whose head holds the result.
    assert page.locator("#table #my-sheet tr:first-child th").all_text_contents() == [
        "Column", "1", "2", "3", "4"
    ]  # fmt: skip
    played = sheet_row(page, "a")  # Ann's own row A, secret but for her
    assert played[:3] == ["3", "2", "1"]  # the row written above, called out round by round
    assert played[3] == ""  # a row's 4th digit is never called out
    assert bounds(page, "tins") == ("0", "6")  # 2 traders x the highest digit, 3
    assert "6 tins" in refusal_for(page, "tins", "7", "1")
    # Two tins at 5, all one may offer: with 3 tins or more on the market, Ann is served.
    page.fill("#order-form input[name=tins]", "2")
    page.fill("#order-form input[name=price]", "5")
    page.click("#order-form button[type=submit]")
    if page.locator("#risk-warning:not([hidden])").count():
        page.click("#send-anyway")

    page.wait_for_selector("#order-form[data-side=sell]")
    assert bounds(page, "price") == ("0", "5")
    label = page.locator("#order-form label", has_text="Price").text_content() or ""
    assert "(at most 5)" in label
    assert "never pays more than 5 a tin" in (
        page.locator("#order-form .hint").text_content() or ""
    )
    assert refusal_for(page, "price", "0", "6") == (
        "the market never pays more than 5 per tin: an ask of 6 cannot sell"
    )
    page.click("#sit-out")

    for round_ in (2, 3):
        page.wait_for_function(
            f"document.querySelector('#status').textContent.startsWith('Round {round_} of 3')"
        )
        for side in ("buy", "sell"):
            page.wait_for_selector(f"#order-form[data-side={side}]")
            page.click("#sit-out")
    page.wait_for_selector("#finished:not([hidden]) table.standings")
    assert "after round 3" in (page.locator("#standings").text_content() or "")
    assert sheet_row(page, "cashHead")[3] != ""  # the result, at the head of column 4
    assert page.locator("#replay-chapters button").all_text_contents() == [
        "Rows A and D", "Round 1", "Round 2", "Round 3"
    ]  # fmt: skip
    assert errors == []
