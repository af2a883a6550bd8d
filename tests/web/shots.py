"""Screenshots of every game's pages at 1280 and 390 px, for a person to look at.

    .venv/bin/python -m tests.web.shots artifacts/shots

For each game: the lobby, a person's page at the first decision (the other seats bots), and a
finished all-bot match (its end screen and replay) as a spectator sees it. Needs Debian's Chromium.
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
from tests.web.chromium import ARGS, CHROMIUM

WIDTHS = (1280, 390)
TABLES = {
    "middleman": {"players": 3},
    "businessmen": {"players": 3},
    "merlin": {"players": 4},
}


@contextmanager
def live_server(folder: Path) -> Iterator[str]:
    """The web app in a thread on a free port, its bots acting at once."""
    import uvicorn

    from tradingfloor.server.app import create_app

    port = free_port()
    app = create_app(f"sqlite:///{folder / 'shots.db'}", bot_delay=0)
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(10)


def create(base: str, game: str, options: dict[str, Any], person: bool) -> dict[str, Any]:
    players = int(options["players"])
    bots = [{"kind": "heuristic", "name": None} for _ in range(players)]
    if person:
        bots[0] = {"kind": "human", "name": "Ann"}
    created: dict[str, Any] = httpx.post(
        f"{base}/api/matches", json={"game": game, "options": options, "seats": bots}
    ).json()
    return created


def wait_over(base: str, match: str) -> None:
    deadline = time.monotonic() + 120
    while httpx.get(f"{base}/api/matches/{match}").json()["status"] != "over":
        assert time.monotonic() < deadline, f"match {match} did not end"
        time.sleep(0.2)


def shoot(page: Any, url: str, out: Path, name: str, wait: str = "body") -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(url)
        page.wait_for_selector(wait, state="attached")
        page.wait_for_timeout(600)
        page.screenshot(path=str(out / f"{name}-{width}.png"), full_page=True)


def main(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as folder,
        live_server(Path(folder)) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page()
        shoot(page, base + "/", out, "lobby", "#game option")
        for game, options in TABLES.items():
            seat = create(base, game, options, person=True)["seats"][0]["link"]
            shoot(page, base + seat, out, f"{game}-first-decision", "#table *")
            finished = create(base, game, {**options, **_short(game)}, person=False)
            wait_over(base, finished["id"])
            shoot(page, base + finished["spectator"], out, f"{game}-end", "#finished")
        browser.close()
    print(f"screenshots in {out}")


def _short(game: str) -> dict[str, Any]:
    """Options that end an all-bot match quickly."""
    return {"merlin": {"max_orbits": 5}, "businessmen": {"goal": 6}}.get(game, {})


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "artifacts/shots"))
