"""The pages every game shares, in Chromium: the lobby in words, its links and uploads, the status
line, the how-to-play panel, the end screen, the replay by chapters, and 390 px phones."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.chromium import BYPASS_CSP, new_page
from tradingfloor.core import registry

pytestmark = pytest.mark.browser
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\{seat:")
PLACE = re.compile(r"You (won|shared the win with .+|finished \d\w\w of 3(, level with .+)?)")
DECKS = Path(__file__).resolve().parents[2] / "src/tradingfloor/games/businessmen/data/default.toml"


def open_lobby(page: Any, base: str, game: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.wait_for_selector(f"#seats[data-game={game}] .seat-row")


def fits(page: Any, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{page.url} is {wide} px wide on a {width} px screen"


@pytest.mark.parametrize("game", registry.games())
def test_the_lobby_says_each_game_its_options_and_its_bots_in_words(
    live_app: str, page: Any, game: str
) -> None:
    open_lobby(page, live_app, game)
    labels = page.locator("#options .field-name").all_inner_texts()
    assert labels and not any(IDENTIFIER.search(label) for label in labels), labels
    designer = page.locator("#designer-options")
    if designer.is_hidden():
        assert game == "middleman"  # no designer options
    else:
        assert designer.get_attribute("open") is None  # closed until a designer opens it
    about = page.locator("#game-about")
    assert len(about.inner_text()) > 40
    assert about.locator("a.rules-link").get_attribute("href") == f"/rules/{game}"
    kinds = page.locator("select[name=kind-1] option")
    labels = kinds.all_inner_texts()
    values = [kinds.nth(i).get_attribute("value") for i in range(kinds.count())]
    assert values[0] == "human" and "random" in values and "ismcts" in values
    assert not any(IDENTIFIER.search(label) or "ismcts" in label for label in labels), labels
    assert "Searcher (bot)" in labels
    page.select_option("select[name=kind-1]", "random")
    assert page.inner_text(".seat-row[data-seat='1'] .strength").strip()


def test_a_player_count_typed_just_before_create_gets_its_seats(live_app: str, page: Any) -> None:
    open_lobby(page, live_app, "middleman")
    assert page.locator(".seat-row").count() == 3
    page.fill("input[name=name-0]", "Ann")
    page.fill("#options input[name=players]", "5")
    # Enter sends the form at once, with no wait for the seats to be drawn again (a click could
    # land where the button was before two more rows pushed it down).
    page.press("#options input[name=players]", "Enter")
    page.wait_for_selector("#invitations:not([hidden])")
    assert page.text_content("#create-error") == ""
    assert page.locator(".seat-row").count() == 5
    assert page.input_value("input[name=name-0]") == "Ann"  # kept while the rows were redrawn


def test_each_link_has_a_copy_button_that_says_it_copied(live_app: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **BYPASS_CSP)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_app)
    page = context.new_page()
    open_lobby(page, live_app, "middleman")
    page.select_option("select[name=kind-1]", "human")
    page.click("#create-button")
    page.wait_for_selector("input.invite")
    rows = page.locator("#invitations .link-row")
    assert rows.count() == 3  # two people and the spectators
    assert page.locator("#invitations button.copy").count() == 3
    first = page.locator("#invitations button.copy").first
    first.click()
    page.wait_for_function(
        "document.querySelector('#invitations button.copy').textContent === 'copied'"
    )
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.input_value("input.invite[data-seat='0']")
    context.close()


def test_a_designer_uploads_a_decks_file_and_it_is_sent_inline(live_app: str, page: Any) -> None:
    open_lobby(page, live_app, "businessmen")
    page.click("#designer-options summary")
    choice = page.locator("#designer-options select[data-kind=file-choice][name=decks]")
    assert choice.locator("option", has_text="gentle").count() == 1  # a shipped variant
    assert page.locator("#designer-options input[type=text][name=decks]").count() == 0  # no path
    choice.select_option(label="upload files…")
    page.set_input_files("#designer-options [data-option=decks] input[type=file]", str(DECKS))
    page.wait_for_function(
        "document.querySelector('[data-option=decks] .upload-note').textContent.includes('read')"
    )
    page.click("#create-button")
    page.wait_for_selector("#invitations:not([hidden])")
    assert page.text_content("#create-error") == ""
    listed = httpx.get(f"{live_app}/api/matches").json()[0]
    assert listed["options"]["decks"]["files"]["default.toml"] == DECKS.read_text(encoding="utf-8")


def test_the_rules_page_the_api_docs_and_a_favicon_work_offline(live_app: str, page: Any) -> None:
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.on("console", lambda m: missing.append(m.text) if m.type == "error" else None)
    # Nothing but this server answers, as on a machine without the internet.
    page.route(re.compile(r"^(?!http://127\.0\.0\.1)"), lambda route: route.abort())
    page.goto(live_app + "/rules/middleman")
    page.wait_for_selector("#how-to-play-text h3")
    assert page.text_content("#title") == "Middleman: rules"
    page.click("#notes summary")
    assert page.locator("#notes-text table.sheet").count() >= 1
    page.goto(live_app + "/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "tradingfloor" in page.inner_text(".swagger-ui .info .title")
    page.goto(live_app + "/")
    page.wait_for_selector("#seats .seat-row")
    assert missing == []


def _match(base: str, game: str, seats: list[str], options: dict[str, Any]) -> dict[str, Any]:
    body = {"game": game, "options": options, "seats": [{"kind": k} for k in seats]}
    created: dict[str, Any] = httpx.post(f"{base}/api/matches", json=body).json()
    return created


def test_the_status_line_the_news_and_how_to_play_on_a_first_visit(
    live_app: str, page: Any
) -> None:
    created = _match(live_app, "middleman", ["human", "random", "random"], {})
    page.goto(live_app + created["seats"][0]["link"])
    page.wait_for_function("document.querySelector('#status').dataset.seq !== undefined")
    status = page.text_content("#status") or ""
    assert status.endswith(" · your move") and len(status) > len(" · your move"), status
    assert "{seat:" not in status
    guide = page.locator("details#how-to-play")
    assert guide.get_attribute("open") is not None  # the first visit: open
    page.fill("#rows-form input[name=a]", "0 1 2 3 4 5 6 7 8 9")
    page.fill("#rows-form input[name=d]", "9 8 7 6 5 4 3 2 1 0")
    page.click("#rows-form button[type=submit]")
    page.wait_for_function("!document.querySelector('#status').textContent.endsWith('rows')")
    page.reload()
    page.wait_for_function("document.querySelector('#status').dataset.seq !== undefined")
    assert page.locator("details#how-to-play").get_attribute("open") is None  # later: closed
    page.wait_for_function("!document.querySelector('#news').hidden")
    assert "{seat:" not in page.inner_text("#news")


def _play_seat_zero(base: str, created: dict[str, Any]) -> None:
    """Seat 0 of a Middleman match writes its rows, then orders nothing, until the game is over."""
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    rows = {"type": "rows", "a": list(range(10)), "d": list(range(9, -1, -1))}
    for _ in range(3000):
        now = httpx.get(f"{base}/api/matches/{created['id']}/view", headers=headers).json()
        if now["over"]:
            return
        if 0 not in now["actors"]:
            continue
        kind = now["legal"]["actions"][0]["type"]
        action = rows if kind == "rows" else {"type": kind, "tins": 0, "price": 0}
        httpx.post(
            f"{base}/api/matches/{created['id']}/actions",
            json={"seq": now["seq"], "action": action},
            headers=headers,
        )
    raise AssertionError("the match did not end")


def test_the_end_screen_says_the_place_the_margin_and_the_recap(live_app: str, page: Any) -> None:
    created = _match(live_app, "middleman", ["human", "random", "random"], {})
    _play_seat_zero(live_app, created)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_app + created["seats"][0]["link"])
        page.wait_for_selector("#finished:not([hidden]) #place:not(:empty)")
        place = page.text_content("#place") or ""
        assert PLACE.fullmatch(place), place
        assert page.text_content("#margin")
        recap = page.locator("#recap li").all_inner_texts()
        assert len(recap) == 3 and not any("{seat:" in line for line in recap)
        assert page.locator("#standings table.standings").count() == 1
        fits(page, width)


def test_the_replay_jumps_to_a_chapter(live_app: str, page: Any) -> None:
    created = _match(live_app, "middleman", ["heuristic"] * 3, {})
    for _ in range(200):
        if httpx.get(f"{live_app}/api/matches/{created['id']}").json()["status"] == "over":
            break
        page.wait_for_timeout(100)
    page.goto(live_app + created["spectator"])
    page.wait_for_selector("#replay-chapters button[data-step]")
    chapters = page.locator("#replay-chapters button[data-step]")
    assert chapters.count() >= 3
    third = chapters.nth(2)
    step, title = third.get_attribute("data-step"), third.inner_text()
    third.click()
    page.wait_for_function(
        f"document.querySelector('#replay-where').textContent.startsWith('step {step} ')"
    )
    assert title in (page.text_content("#replay-where") or "")
    assert "now" in (third.get_attribute("class") or "")
    assert page.text_content("#place")  # the spectator's end screen: who won
    assert not (page.text_content("#place") or "").startswith("You")


@pytest.mark.parametrize("game", registry.games())
def test_no_shared_page_is_wider_than_a_phone(live_app: str, browser: Any, game: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.set_viewport_size({"width": 390, "height": 800})
    open_lobby(page, live_app, game)
    fits(page, 390)
    page.goto(f"{live_app}/rules/{game}")
    page.wait_for_selector("#how-to-play-text *")
    fits(page, 390)
    options = dict(registry.make(game).conformance_options()[0])
    players = registry.make(game).players(registry.make(game).new(options, 0))
    created = _match(live_app, game, ["human"] + ["random"] * (players - 1), options)
    page.goto(live_app + created["seats"][0]["link"])
    page.wait_for_function("document.querySelector('#status').dataset.seq !== undefined")
    page.wait_for_timeout(300)
    fits(page, 390)
    assert errors == []
