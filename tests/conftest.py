"""Fixtures shared across test folders: a live server in a thread, and Debian's Chromium."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import free_port
from tests.web.chromium import ARGS, CHROMIUM, new_page


@pytest.fixture
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (.ci/run installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[str]:
    """The web app in a thread on a free loopback port, its bots acting at once; yields its URL."""
    import uvicorn

    from tradingfloor.server.app import create_app

    port = free_port()
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0)
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture
def page(browser: Any) -> Any:
    """A fresh page of Debian's Chromium; errors in its scripts fail the test."""
    errors: list[str] = []
    yield new_page(browser, errors)
    assert not errors, f"the page raised: {errors}"
