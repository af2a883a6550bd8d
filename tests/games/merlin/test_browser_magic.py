"""Two people and two bots play Merlin with the magic module through the page, in Chromium: the
match made in the lobby with Magic ticked, its table arranged so that the people hold a spell, a
golem and a King (tests/web/magic_table.py); a spell is cast, a golem animated and a royal decree
played and resolved by the regulation round and the vote on the King, over several orbits; one
person plays on a 390 px phone."""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.games.merlin.lobby import PHONE, fits, open_pages, seat_and_create
from tests.games.merlin.test_browser import act, button, looks_right, my_move
from tests.web.chromium import ARTIFACTS, new_page
from tests.web.magic_shots import install, live_app
from tests.web.magic_table import magic_table

pytestmark = pytest.mark.browser

ORBITS = 4  # play until the 4th orbit: three whole orbits of the four seats
SHOTS = ARTIFACTS / "magic-ui"


@pytest.fixture
def magic_app() -> Iterator[tuple[str, Any]]:
    """A live server (its URL and the app, to arrange a match's table)."""
    with tempfile.TemporaryDirectory() as folder, live_app(Path(folder)) as served:
        yield served


def create_in_the_lobby(page: Any, base_url: str) -> tuple[str, list[str]]:
    """Merlin with magic ticked (finance not), two people and two heuristic bots: the match's id
    and the people's invitation links."""
    page.goto(base_url + "/")
    page.wait_for_selector("#game option[value=merlin]", state="attached")
    page.select_option("#game", "merlin")
    page.wait_for_selector("#seats[data-game=merlin] .seat-row")
    modules = page.locator("[data-option=modules]")
    assert modules.locator("input[data-choice=economy]").is_checked()
    assert modules.locator("input[data-choice=economy]").is_disabled()
    assert not modules.locator("input[data-choice=finance]").is_disabled()
    page.check("[data-option=modules] input[data-choice=magic]")
    page.uncheck("[data-option=modules] input[data-choice=finance]")  # magic without finance
    return seat_and_create(page)


def orbit(page: Any) -> int:
    found = re.search(r"Orbit (\d+)", page.text_content("#status") or "")
    return int(found.group(1)) if found else 0


ANSWERS = (
    "Propose to keep the regulations as they are",
    "Vote to ",  # the regulation round's vote: the first proposal
    "Vote yes: reshuffle",  # the vote on the King
    "Vote no",  # table votes the bots call
    "Keep the tax rate",
    "Decline",
    "Pay your debt",
)


def answer(page: Any) -> bool:
    """Answer a vote, a proposal round or an offer, if one waits for this person."""
    for words in ANSWERS:
        if button(page, words).count():
            act(page, button(page, words).first)
            return True
    return False


def play_magic(page: Any, done: dict[str, bool]) -> bool:
    """Nimue's magic moves, one a call: a spell, a golem, then a decree."""
    if not done["spell"] and button(page, "Cast Pickpocket at Morgan").count():
        act(page, button(page, "Cast Pickpocket at Morgan").first)
        done["spell"] = True
        return True
    if not done["golem"] and button(page, "Animate J♦").count():
        act(page, button(page, "Animate J♦").first)
        done["golem"] = True
        page.wait_for_selector(".me-main [data-golem=JD]")
        return True
    decree = page.locator("#your-move form[data-action=play_decree]")
    if not done["decree"] and decree.count():
        assert decree.locator("select[name=tax_rate]").input_value() == "0"  # no change
        assert "Up 1" in decree.locator("select[name=tax_rate]").inner_text()
        decree.locator("select[name=tax_rate]").select_option("1")
        act(page, decree.get_by_role("button", name="Play"))
        done["decree"] = True
        return True
    return False


def take_a_move(page: Any, index: int, done: dict[str, bool]) -> None:
    looks_right(page)
    if answer(page):
        return
    if index == 0 and play_magic(page, done):
        return
    act(page, button(page, "End your turn").first)


def test_two_people_cast_animate_and_decree_over_several_orbits(
    magic_app: tuple[str, Any], browser: Any
) -> None:
    base, app = magic_app
    errors: list[str] = []
    lobby = new_page(browser, errors)
    match, links = create_in_the_lobby(lobby, base)
    install(app, match, magic_table())
    people = open_pages(browser, errors, links, "#mg-table")
    nimue, morgan = people
    assert "Pickpocket" in nimue.inner_text("section.me-mat[data-seat='0'] [data-part=magic-hand]")
    theirs = morgan.inner_text("section.me-mat[data-seat='0']")
    assert "Pickpocket" not in theirs and "3 spells" in theirs  # counts only
    assert "Growth Tonic" not in theirs and "A potion set face down" in theirs
    assert "2 of 3 hit points left" in morgan.inner_text("section.me-mat[data-seat='1']")
    assert "Drought" in morgan.inner_text("#mg-field")
    assert "Permit Quota" in morgan.inner_text("#mg-regulations")
    fits(morgan, PHONE)

    done = {"spell": False, "golem": False, "decree": False}
    saw_ballot = False
    said: set[str] = set()  # every log line Nimue's page showed (it keeps only the latest)
    deadline = time.monotonic() + 240
    while orbit(nimue) < ORBITS or not all(done.values()):
        assert time.monotonic() < deadline, f"orbit {orbit(nimue)}, done {done}"
        for index, person in enumerate(people):
            if my_move(person):
                take_a_move(person, index, done)
        if morgan.locator("#mg-ballot").count() and "K♣" in morgan.inner_text("#mg-ballot"):
            saw_ballot = True
            SHOTS.mkdir(parents=True, exist_ok=True)
            morgan.screenshot(path=str(SHOTS / "browser-ballot-390.png"), full_page=True)
        said.update(nimue.locator("#me-log li").all_inner_texts())
        nimue.wait_for_timeout(50)

    log = "\n".join(sorted(said))
    assert "You cast Pickpocket at Morgan" in log
    assert "You animated J♦, a Stone golem" in log
    assert "You played K♣, a royal decree" in log
    assert "The vote on K♣" in log
    assert saw_ballot, "the regulation round showed on Morgan's page"
    for person in people:
        looks_right(person)
    fits(morgan, PHONE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    nimue.screenshot(path=str(SHOTS / "browser-played-1280.png"), full_page=True)
    morgan.screenshot(path=str(SHOTS / "browser-played-390.png"), full_page=True)
    assert errors == []
