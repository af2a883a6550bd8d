"""Two people in two browsers and a bot play a whole game of Middleman through the pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import free_port, server
from tests.web.chromium import ARTIFACTS, new_page

pytestmark = pytest.mark.browser

ROUNDS = 10


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    with server(f"sqlite:///{tmp_path / 'browser.db'}", port):
        yield f"http://127.0.0.1:{port}"


def create_match_in_the_lobby(page: Any, base_url: str) -> list[str]:
    """Pick Middleman, two people and a heuristic bot; returns the two invitation links."""
    page.goto(base_url + "/")
    page.wait_for_selector("#game option[value=middleman]", state="attached")
    page.select_option("#game", "middleman")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 3")
    page.select_option("select[name=kind-0]", "human")
    page.select_option("select[name=kind-1]", "human")
    page.select_option("select[name=kind-2]", "heuristic")
    page.fill("input[name=name-0]", "Jane")
    page.fill("input[name=name-1]", "Fred")
    page.click("#create-button")
    page.wait_for_selector("input.invite")
    links = [page.input_value(f"input.invite[data-seat='{seat}']") for seat in (0, 1)]
    assert all("#token=" in link for link in links)
    return links


def sheet_cell(page: Any, sheet: str, row: str, column: int) -> str:
    """The text of one box of a game sheet (column 1-11), hidden or not."""
    cells = page.locator(f"#table #{sheet} tr[data-row={row}] td")
    text: str = cells.nth(column - 1).text_content() or ""
    return text.strip()


def seal(page: Any, side: str, tins: int, price: int, round_: int) -> None:
    """Seal an order; the step may resolve at once if this seat was the last to commit."""
    page.wait_for_selector(f"#order-form[data-side={side}]")
    page.fill("#order-form input[name=tins]", str(tins))
    page.fill("#order-form input[name=price]", str(price))
    page.click("#order-form button[type=submit]")
    revealed = f".reveal[data-round='{round_}'][data-side={side}]"
    page.wait_for_selector(f"#sealed-note, #table #latest-reveal {revealed}")


def wait_for_reveal(page: Any, round_: int, side: str) -> Any:
    selector = f"#table #latest-reveal .reveal[data-round='{round_}'][data-side={side}]"
    page.wait_for_selector(selector)
    return page.locator(selector)


def reveal_value(table: Any, row: str, seat: int) -> str:
    cells = table.locator("tr", has_text=row).first.locator("td")
    text: str = cells.nth(seat).text_content() or ""
    return text.strip()


def write_rows(jane: Any, fred: Any) -> None:
    jane.wait_for_selector("#rows-form")
    jane.fill("#rows-form input[name=a]", "1 1 2 3 4 5 6 7 8 9")
    jane.fill("#rows-form input[name=d]", "0 1 2 3 4 5 6 7 8 9")
    jane.click("#rows-form button[type=submit]")
    refusal = jane.locator("#rows-form .error[data-for=a]")
    refusal.wait_for()
    assert re.search("row A must hold each digit 0-9", refusal.text_content() or "")
    jane.click("#deal")
    jane.click("#rows-form button[type=submit]")
    jane.wait_for_selector("#sealed-note")
    # Fred sees that Jane has written her rows, and none of her digits.
    fred.wait_for_selector("#table #players tr[data-seat='0'] .badge.done")
    assert sheet_cell(fred, "sheet-0", "a", 1) == ""
    fred.wait_for_selector("#rows-form")
    fred.click("#deal")
    fred.click("#rows-form button[type=submit]")


def play_round(jane: Any, fred: Any, round_: int) -> None:
    # Buying: Jane seals first; Fred sees that she committed, never what.
    seal(jane, "buy", 1, 1, round_)
    assert sheet_cell(jane, "my-sheet", "wanted", round_) == "1"  # her own sealed order
    fred.wait_for_selector("#table #players tr[data-seat='0'] .badge.done")
    assert sheet_cell(fred, "sheet-0", "wanted", round_) == ""
    assert sheet_cell(fred, "sheet-0", "offer", round_) == ""
    assert sheet_cell(fred, "sheet-0", "a", round_) == ""
    assert fred.locator(f".reveal[data-round='{round_}'][data-side=buy]").count() == 0
    seal(fred, "buy", 2, 1, round_)
    for page in (jane, fred):
        table = wait_for_reveal(page, round_, "buy")
        assert reveal_value(table, "Tins Wanted", 0) == "1"
        assert reveal_value(table, "Tins Wanted", 1) == "2"
    assert sheet_cell(fred, "sheet-0", "wanted", round_) == "1"  # public once revealed
    # Selling: an ask above 10 is refused, with the reason next to the price.
    if round_ == 1:
        jane.wait_for_selector("#order-form[data-side=sell]")
        jane.fill("#order-form input[name=tins]", "0")  # she may hold none: only the ask is wrong
        jane.fill("#order-form input[name=price]", "11")
        jane.click("#order-form button[type=submit]")
        refusal = jane.locator("#order-form .error[data-for=price]")
        refusal.wait_for()
        assert "10" in (refusal.text_content() or "")
    tins_jane = int(jane.locator("#table #players tr[data-seat='0'] td").nth(2).text_content() or 0)
    seal(jane, "sell", tins_jane, 2, round_)
    fred.wait_for_selector("#table #players tr[data-seat='0'] .badge.done")
    assert sheet_cell(fred, "sheet-0", "forSale", round_) == ""
    tins_fred = int(fred.locator("#table #players tr[data-seat='1'] td").nth(2).text_content() or 0)
    seal(fred, "sell", tins_fred, 3, round_)
    for page in (jane, fred):
        table = wait_for_reveal(page, round_, "sell")
        assert reveal_value(table, "For Sale", 0) == str(tins_jane)
        assert reveal_value(table, "Price/Tin", 1) == "3"


def test_two_people_and_a_bot_play_a_whole_game_in_the_browser(base_url: str, browser: Any) -> None:
    errors: list[str] = []
    lobby = new_page(browser, errors)
    links = create_match_in_the_lobby(lobby, base_url)
    jane, fred = new_page(browser, errors), new_page(browser, errors)
    jane.goto(links[0])
    fred.goto(links[1])
    for page, name in ((jane, "Jane"), (fred, "Fred")):
        page.wait_for_selector("#who:not(:empty)")
        assert f"playing as {name} (you)" in (page.locator("#who").text_content() or "")
    write_rows(jane, fred)
    ARTIFACTS.mkdir(exist_ok=True)
    for round_ in range(1, ROUNDS + 1):
        play_round(jane, fred, round_)
        if round_ == 2:
            # A closed tab that comes back picks up the table where it is.
            fred.reload()
            fred.wait_for_selector("#order-form[data-side=buy]")
            assert sheet_cell(fred, "my-sheet", "bought", 2) != ""
        if round_ == 4:
            fred.wait_for_selector("#order-form[data-side=buy]")
            fred.screenshot(path=str(ARTIFACTS / "middleman-playing.png"), full_page=True)
    for page in (jane, fred):
        page.wait_for_selector("#finished:not([hidden]) table.standings")
        assert "after round 10" in (page.locator("#standings").text_content() or "")
    # Every column of Jane's sheet is filled in, and the cash plot has a line per player.
    assert sheet_cell(jane, "my-sheet", "cashHead", 11) != ""
    assert jane.locator("#table #cash-plot polyline").count() == 3
    jane.screenshot(path=str(ARTIFACTS / "middleman-finished.png"), full_page=True)
    # The replay steps through the record from the first step.
    jane.wait_for_selector("#replay-where")
    jane.click("#replay-first")
    jane.wait_for_function(
        "document.querySelector('#replay-where').textContent.startsWith('step 0')"
    )
    jane.click("#replay-next")
    jane.wait_for_function(
        "document.querySelector('#replay-where').textContent.startsWith('step 1')"
    )
    assert errors == []
