"""Two people and two bots play Merlin's complete game (the lobby ticks all three modules) through
the page, in Chromium: Nimue writes a futures contract on Souls, Morgan takes it as its long, the
season wheel turns to its expiry, Nimue delivers the bushel on her first turn after it; then
Morgan offers Nimue a trade and she accepts it with the offer's Accept button (Futures: "The
sticky note is then placed on the field for players to fulfill by paying the forward price to the
short"; RULINGS Merlin 2: offers are answered by accepting or declining). Morgan plays on a 390 px
phone. Screenshots at 1280 and 390 px go to $FINANCE_SHOTS (artifacts/finance-ui by default)."""

from __future__ import annotations

import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.games.merlin.helpers import rig
from tests.games.merlin.lobby import PHONE, fits, open_pages, seat_and_create
from tests.games.merlin.test_browser import act, button, looks_right, my_move
from tests.web.chromium import ARTIFACTS, new_page
from tests.web.finance_table import market_day
from tests.web.magic_shots import install, live_app

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("FINANCE_SHOTS", str(ARTIFACTS / "finance-ui")))


@pytest.fixture
def finance_app() -> Iterator[tuple[str, Any]]:
    """A live server (its URL and the app, to arrange a match's table)."""
    with tempfile.TemporaryDirectory() as folder, live_app(Path(folder)) as served:
        yield served


def create_in_the_lobby(page: Any, base_url: str) -> tuple[str, list[str]]:
    """Merlin as the lobby offers it (every module ticked), two people and two heuristic bots:
    the match's id and the people's invitation links."""
    page.goto(base_url + "/")
    page.wait_for_selector("#game option[value=merlin]", state="attached")
    page.select_option("#game", "merlin")
    page.wait_for_selector("#seats[data-game=merlin] .seat-row")
    modules = page.locator("[data-option=modules]")
    for module in ("economy", "magic", "finance"):
        assert modules.locator(f"input[data-choice={module}]").is_checked(), module
    return seat_and_create(page)


def rig_live(app: Any, match_id: str, dice: tuple[int, int]) -> None:
    """The match's next two dice made `dice` (its seat views stay as they are)."""
    live = app.state.service._get(match_id)
    with live.lock:
        live.moved(rig(live.state, dice), live.seq)


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def form_for(page: Any, index: int, seat: int, action: str) -> Any | None:
    """The form of `action` in the move panel, if this is seat `seat`'s page (`index`) and it
    shows one."""
    if index != seat:
        return None
    form = page.locator(f"#your-move form[data-action={action}]")
    return form if form.count() else None


ANSWERS = (
    "Propose to keep the regulations as they are",
    "Vote to ",
    "Vote yes: reshuffle",
    "Vote no",
    "Keep the tax rate",
    "Pay your debt",
)


def answer_the_table(page: Any) -> bool:
    """Answer what the bots' moves ask of this person: votes, an offer (declined), a property
    auction (no bid)."""
    offer = page.locator("#fi-offer")
    if offer.locator("button.fi-decline").count():
        act(page, offer.locator("button.fi-decline"))
        return True
    sealing = page.locator("#your-move form[data-action=seal_bid]")
    if sealing.count():
        sealing.locator("input[name=amount]").fill("0")
        act(page, sealing.get_by_role("button"))
        return True
    for words in ANSWERS:
        if button(page, words).count():
            act(page, button(page, words).first)
            return True
    return False


class Script:
    """The people's finance moves, one a call, in order: write, take, deliver, offer, accept."""

    def __init__(self, app: Any, match: str, pages: list[Any]) -> None:
        self.app, self.match, self.pages = app, match, pages
        self.stage = "write"
        self.future = ""

    def move(self, index: int) -> bool:
        page = self.pages[index]
        step = getattr(self, f"_{self.stage}", None)
        return bool(step and step(index, page))

    def _write(self, index: int, page: Any) -> bool:
        form = form_for(page, index, 0, "write_future")
        if form is None:
            return False
        form.locator("select[name=commodity]").select_option("souls")
        form.locator("input[name=price]").fill("9")
        form.locator("input[name=year]").fill("1")
        months = form.locator("select[name=portion]")
        assert "Start of summer's second month" in months.inner_text()
        months.select_option("1")
        act(page, form.get_by_role("button", name="Write"))
        note = page.locator("#fi-futures .fi-note").first
        self.future = note.get_attribute("data-future") or ""
        text = note.inner_text()
        assert "3 Souls" in text and "Short: You" in text and "Forward price: 9 gold" in text
        assert "start of summer's second month, year 1" in text
        assert "Open to take: pay 9 gold to become the long" in text
        self.stage = "take"
        return True

    def _take(self, index: int, page: Any) -> bool:
        take = button(page, f"Take Nimue's future {self.future} as its long")
        if index != 1 or not take.count():
            return False
        act(page, take.first)
        note = page.locator(f"#fi-futures .fi-note[data-future='{self.future}']")
        assert "Long: you" in note.inner_text()
        self.stage = "expire"
        return True

    def _expire(self, index: int, page: Any) -> bool:
        """Whoever ends a turn while the future waits for its expiry: the next roll a double, so
        that the season wheel turns a month (Dice: "If both dice are the same number the season
        wheel will progress by one")."""
        note = page.locator(f"#fi-futures .fi-note[data-future='{self.future}']")
        if note.count() and "expires in" in note.inner_text():
            rig_live(self.app, self.match, (3, 3))
        due = button(page, "Deliver 3 Souls to Morgan")
        if index != 0 or not due.count():
            return False
        text = note.inner_text()
        assert "Due: you must deliver the bushel" in text, text
        shoot(page, "future-due-1280")
        shoot(self.pages[1], "future-due-390")
        act(page, due.first)
        assert not page.locator(f".fi-note[data-future='{self.future}']").count()
        self.stage = "offer"
        return True

    def _offer(self, index: int, page: Any) -> bool:
        form = form_for(page, index, 1, "propose_trade")
        if form is None:
            return False
        form.locator("select[name=to]").select_option("0")
        form.locator("input[name=give_gold]").fill("3")
        form.locator("select[name=get_commodity]").select_option("souls")
        form.locator("input[name=get_units]").fill("1")
        act(page, form.get_by_role("button", name="Offer"))
        assert "Your offer to Nimue: 3 gold for 1 Souls" in page.inner_text("#fi-offer")
        self.stage = "accept"
        return True

    def _accept(self, index: int, page: Any) -> bool:
        offer = page.locator("#fi-offer")
        if index != 0 or not offer.locator("button.fi-accept").count():
            return False
        text = offer.inner_text()
        assert "Morgan's offer to you: 3 gold for 1 Souls" in text, text
        assert "The offer is yours to answer" in text and "Decline" in text
        shoot(page, "trade-offer-1280")
        shoot(self.pages[1], "trade-offer-390")
        rig_live(self.app, self.match, (5, 6))  # the road roll: both roads safe
        act(page, offer.locator("button.fi-accept"))
        self.stage = "done"
        return True


def take_a_move(page: Any, index: int, script: Script) -> None:
    looks_right(page)
    if script.move(index) or answer_the_table(page):
        return
    if script.stage == "expire":
        script.move(index)  # the next roll a double, at the end of this turn
    act(page, button(page, "End your turn").first)


def test_two_people_settle_a_future_and_answer_a_trade_through_the_page(
    finance_app: tuple[str, Any], browser: Any
) -> None:
    base, app = finance_app
    errors: list[str] = []
    lobby = new_page(browser, errors)
    match, links = create_in_the_lobby(lobby, base)
    install(app, match, market_day())
    people = open_pages(browser, errors, links, "#fi-table")
    nimue, morgan = people
    assert "No contracts open" in morgan.inner_text("#fi-table")
    fits(morgan, PHONE)

    script = Script(app, match, people)
    said: set[str] = set()  # every log line the pages showed (they keep only the latest)
    deadline = time.monotonic() + 240
    while script.stage != "done":
        assert time.monotonic() < deadline, f"stuck at {script.stage}"
        for index, person in enumerate(people):
            if my_move(person) and script.stage != "done":
                take_a_move(person, index, script)
        for person in people:
            said.update(person.locator("#me-log li").all_inner_texts())
        nimue.wait_for_timeout(50)

    morgan.wait_for_function(
        "() => [...document.querySelectorAll('#me-log li')].some((li) => "
        "li.textContent.includes('the roads are safe'))"
    )
    for person in people:
        said.update(person.locator("#me-log li").all_inner_texts())
    log = "\n".join(sorted(said))
    assert re.search(r"You wrote future \d+: 1 bushel \(3\) of Souls at 9 gold", log), log
    assert re.search(r"Morgan took your future \d+ on Souls, paying you 9 gold", log), log
    assert "the roads are safe" in log, log
    assert not morgan.locator("#fi-offer").count()
    for person in people:
        looks_right(person)
    fits(morgan, PHONE)
    shoot(nimue, "played-1280")
    shoot(morgan, "played-390")
    assert errors == []
