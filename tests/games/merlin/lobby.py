"""Merlin matches for the browser tests: two people (Nimue and Morgan) and two heuristic bots made
in the lobby, and the people's pages opened on the match, Morgan's on a phone."""

from __future__ import annotations

from typing import Any

from tests.web.chromium import new_page

NAMES = ("Nimue", "Morgan")
PHONE = 390


def seat_and_create(page: Any) -> tuple[str, list[str]]:
    """With Merlin chosen in the lobby and its modules set: the first seats people named as
    NAMES, the other two heuristic bots; the match created. Its id and the people's invitation
    links."""
    for seat, name in enumerate(NAMES):
        page.select_option(f"select[name=kind-{seat}]", "human")
        page.fill(f"input[name=name-{seat}]", name)
    for seat in (2, 3):
        page.select_option(f"select[name=kind-{seat}]", "heuristic")
    page.click("#create-button")
    page.wait_for_selector("input.invite")
    assert page.text_content("#create-error") == ""
    links = [page.input_value(f"input.invite[data-seat='{seat}']") for seat in (0, 1)]
    match = links[0].split("/play/")[1].split("#")[0].split("?")[0]
    return match, links


def open_pages(browser: Any, errors: list[str], links: list[str], ready: str) -> list[Any]:
    """The people's pages on their invitation links, the second on a PHONE-wide screen, each once
    it shows `ready` (a selector)."""
    people = [new_page(browser, errors) for _ in NAMES]
    people[1].set_viewport_size({"width": PHONE, "height": 800})
    for person, link in zip(people, links, strict=True):
        person.goto(link)
        person.wait_for_selector(ready)
    return people


def fits(page: Any, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide on a {width} px screen"
