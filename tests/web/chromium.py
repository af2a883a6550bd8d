"""Debian's Chromium for the browser tests, driven by Playwright, never a downloaded browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


# Playwright evaluates a string predicate (`wait_for_function("...")`) with eval, which the
# pages' Content-Security-Policy refuses: the tests' pages bypass the policy, except those of
# test_security_headers.py, which check that the pages work under it.
BYPASS_CSP = {"bypass_csp": True}


def new_page(browser: Any, errors: list[str], keep_policy: bool = False) -> Any:
    policy = {} if keep_policy else BYPASS_CSP
    page = browser.new_context(viewport={"width": 1280, "height": 900}, **policy).new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page
