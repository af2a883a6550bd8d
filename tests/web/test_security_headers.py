"""The pages still work under the server's security headers: each loads only its own scripts and
styles (no Content-Security-Policy violation, no script error), a script slipped into a page
does not run, and no other site can frame a page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import free_port, server
from tests.web.chromium import new_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(f"sqlite:///{tmp_path_factory.mktemp('csp') / 'csp.db'}", port):
        yield f"http://127.0.0.1:{port}"


# ReDoc's bundle shows its maker's logo from the maker's site; the policy blocks it, as it should
# (the docs are served offline), and ReDoc leaves the logo out when it does not load.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def watched(browser: Any) -> tuple[Any, list[str]]:
    """A page under the server's policy whose script errors and policy violations are kept."""
    problems: list[str] = []
    page = new_page(browser, problems, keep_policy=True)

    def note(message: Any) -> None:
        if REDOC_LOGO in message.text:
            return
        if message.type == "error" or "Content Security Policy" in message.text:
            problems.append(message.text)

    page.on("console", note)
    return page, problems


def pages(base: str) -> dict[str, str]:
    """Each page, as a person opens it, and what shows that it drew itself."""
    body = {
        "game": "middleman",
        "seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}],
    }
    created = httpx.post(f"{base}/api/matches", json=body).json()
    others = [  # each game's renderer, as a seat
        httpx.post(f"{base}/api/matches", json={"game": game}).json()["seats"][0]["link"]
        for game in ("businessmen", "merlin")
    ]
    return {
        "/": "#game option[value=middleman]",
        created["seats"][0]["link"]: "#table *",
        created["spectator"]: "#table *",
        "/rules/merlin": "#how-to-play-text *",
        "/docs": ".swagger-ui .info .title",
        "/redoc": "h1",
        **{link: "#table *" for link in others},
    }


def test_every_page_draws_itself_without_a_policy_violation(base: str, browser: Any) -> None:
    for path, drawn in pages(base).items():
        page, problems = watched(browser)
        page.goto(base + path)
        page.wait_for_selector(drawn, state="attached")
        page.wait_for_timeout(300)  # late requests: the renderer, the socket, the docs' spec
        assert not problems, (path, problems)
        page.close()


def test_the_match_page_goes_live_over_its_websocket(base: str, browser: Any) -> None:
    path = next(p for p in pages(base) if "#token=" in p)
    page, problems = watched(browser)
    page.goto(base + path)
    page.wait_for_function("() => document.querySelector('#connection').textContent === 'live'")
    assert not problems, problems


def test_a_script_slipped_into_a_page_does_not_run(base: str, browser: Any) -> None:
    page, problems = watched(browser)
    page.goto(base + "/")
    page.wait_for_selector("#game option[value=middleman]", state="attached")
    ran = page.evaluate(
        """() => {
            const slipped = document.createElement("script");
            slipped.textContent = "window.slipped = true";
            document.body.append(slipped);
            const img = document.createElement("img");
            img.setAttribute("onerror", "window.slipped = true");
            img.src = "/nothing";
            document.body.append(img);
            return new Promise((done) => setTimeout(() => done(window.slipped === true), 300));
        }"""
    )
    assert ran is False
    assert any("Content Security Policy" in p for p in problems), problems


def test_no_other_site_can_frame_a_page(base: str, browser: Any, tmp_path: Path) -> None:
    page, _ = watched(browser)
    framing = tmp_path / "frame.html"
    framing.write_text(f'<iframe id="f" src="{base}/"></iframe>')
    page.goto(framing.as_uri())
    page.wait_for_timeout(1000)
    frame = next(f for f in page.frames if f is not page.main_frame)
    assert frame.evaluate("() => document.querySelector('#game') === null")


def test_the_lobby_says_in_words_when_an_address_creates_too_many_matches(
    browser: Any, tmp_path: Path
) -> None:
    port = free_port()
    options = ["--create-per-minute", "1"]
    with server(f"sqlite:///{tmp_path / 'rate.db'}", port, options=options):
        page, problems = watched(browser)
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#game option[value=middleman]", state="attached")
        page.select_option("#game", "middleman")
        page.wait_for_selector("#seats[data-game=middleman] .seat-row")
        page.click("#create-button")
        page.wait_for_selector("input.invite")
        page.click("#create-button")
        page.wait_for_selector("#create-error:has-text('Too many new matches')")
        said = page.text_content("#create-error") or ""
        assert said.startswith("Too many new matches from your address: try again in")
        # The refused request is the only console error: the browser's own note of the 429.
        assert all("429" in p for p in problems), problems
