"""Screenshots of Merlin's magic table at 1280 and 390 px, for a person to look at.

    .venv/bin/python -m tests.web.magic_shots artifacts/magic-ui

A live server hosts a magic match (two people, two bots) whose table is arranged with every part of
the magic module in view (tests/web/magic_table.py); the people's pages are shot, with and
without a regulation vote under way, and the lobby with its modules. Needs Debian's Chromium.
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import free_port
from tests.web.chromium import ARGS, BYPASS_CSP, CHROMIUM
from tests.web.magic_table import magic_table, many_spells, proposal_round, regulation_vote
from tradingfloor.games.merlin.state import MerlinState

WIDTHS = (1280, 390)
MAGIC = {"players": 4, "modules": ["economy", "magic"]}
PEOPLE = ("Nimue", "Morgan")


@contextmanager
def live_app(folder: Path) -> Iterator[tuple[str, Any]]:
    """The web app in a thread on a free port, its bots acting at once: (its URL, the app)."""
    import uvicorn

    from tradingfloor.server.app import create_app

    port = free_port()
    app = create_app(f"sqlite:///{folder / 'magic.db'}", bot_delay=0)
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        running.should_exit = True
        thread.join(10)


def create_magic_match(base: str) -> dict[str, Any]:
    """Two people (seats 1 and 2) and two heuristic bots, the magic module on."""
    seats = [{"kind": "human", "name": n} for n in PEOPLE] + [{"kind": "heuristic"}] * 2
    created: dict[str, Any] = httpx.post(
        f"{base}/api/matches", json={"game": "merlin", "options": MAGIC, "seats": seats}
    ).json()
    return created


def install(app: Any, match_id: str, state: MerlinState, people: tuple[int, ...] = (0, 1)) -> None:
    """Put an arranged table in place of the match's, once its bots have sealed their turn-order
    bids (so that no bot is thinking about the old table). The match's log no longer replays to
    this table, which is fine for a match held in memory while a test looks at it."""
    service = app.state.service
    deadline = time.monotonic() + 20
    while True:
        live = service._get(match_id)
        if tuple(live.game.actors(live.state)) == people:
            break
        assert time.monotonic() < deadline, "the bots did not seal their bids"
        time.sleep(0.02)
    with live.lock:
        live.moved(state, live.seq + 1)


def shoot(page: Any, url: str, out: Path, name: str, wait: str) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto("about:blank")  # links that differ only after # would not load the page again
        page.goto(url)
        page.wait_for_selector(wait, state="attached")
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / f"{name}-{width}.png"), full_page=True)


def main(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as folder,
        live_app(Path(folder)) as (base, app),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(**BYPASS_CSP).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(base + "/")
        page.wait_for_selector("#game option[value=merlin]", state="attached")
        page.select_option("#game", "merlin")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"lobby-merlin-{width}.png"), full_page=True)
        scenes = {
            "table": magic_table(),
            "vote": regulation_vote(),
            "proposal": proposal_round(),
            "spell-form": many_spells(),
        }
        for name, state in scenes.items():
            created = create_magic_match(base)
            install(app, created["id"], state)
            for seat in (0, 1):
                link = base + created["seats"][seat]["link"]
                shoot(page, link, out, f"magic-{name}-seat{seat + 1}", "#mg-table")
            shoot(page, base + created["spectator"], out, f"magic-{name}-spectator", "#mg-table")
        browser.close()
    print(f"screenshots in {out}")
    if errors:
        print("the pages raised:", *errors, sep="\n")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "artifacts/magic-ui"))
