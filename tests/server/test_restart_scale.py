"""A restart with thousands of matches: the server listens at once, loads matches when they are
asked for, and resumes every running bot match in the background, however many there are."""

from __future__ import annotations

import random
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from tests.server.live import free_port, server
from tradingfloor.core import registry
from tradingfloor.server.storage import MatchRow, SeatInfo, Store, StoredMatch, hash_token, now

PEOPLE_MATCHES = 10_000  # running, with people in every seat: loaded only when asked for
BOT_MATCHES = 200  # running, all bots, a few steps in, and older than every other match


def fill(db: str, people: int, bots: int, prefix: str = "000000") -> list[str]:
    """Write running Middleman matches straight into the database; returns the bot matches' ids.

    The bot matches are the oldest, a few steps played, so that a restart must replay them, and
    a limit on how many running matches are looked at (newest first) would leave them out."""
    game = registry.make("middleman")
    options = game.options({})
    rng = random.Random(prefix)
    start = now() - timedelta(days=1)
    matches: list[StoredMatch] = []
    actions: list[tuple[str, int, int, Any]] = []
    for number in range(bots + people):
        bot = number < bots
        match_id = f"{prefix}{number:06x}"  # as long as the ids the server makes
        kinds = ["random"] * 3 if bot else ["human"] * 3
        seats = tuple(
            SeatInfo(s, kind, f"Seat {s + 1}", hash_token(f"{match_id}/{s}") if not bot else None)
            for s, kind in enumerate(kinds)
        )
        match_seed = rng.getrandbits(62)
        created = start + timedelta(seconds=number)
        matches.append(
            StoredMatch(
                match_id, game.id, game.version, options, match_seed, "running", created, seats
            )
        )
        if bot:
            actions += _opening(game, options, match_seed, match_id, rng)
    Store(db).create_many(matches, actions)
    return [m.id for m in matches[:bots]]


def _opening(
    game: Any, options: Any, seed: int, match_id: str, rng: random.Random
) -> list[tuple[str, int, int, Any]]:
    """Up to six random actions that leave the match running."""
    state, log = game.new(options, seed), []
    for _ in range(6):
        seat = game.actors(state)[0]
        action = game.legal(state, seat).sample(rng)
        after = game.apply(state, seat, action)
        if not game.actors(after):
            break
        state = after
        log.append((match_id, len(log) + 1, seat, action.to_json()))
    return log


@pytest.mark.slow
def test_a_restart_with_thousands_of_matches_listens_at_once_and_resumes_every_bot_match(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'many.db'}"
    bot_ids = fill(db, PEOPLE_MATCHES, BOT_MATCHES)
    store = Store(db)
    assert len(store.running_with_bots(limit=BOT_MATCHES + 1)) == BOT_MATCHES
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    with server(db, port, log=tmp_path / "server.log"):
        listening = time.monotonic() - started  # includes starting Python and importing
        asked = time.perf_counter()
        listed = httpx.get(f"{base}/api/matches", timeout=30)
        listed_in = time.perf_counter() - asked
        deadline = time.monotonic() + 120
        while store.running_with_bots() and time.monotonic() < deadline:
            time.sleep(0.25)
        left = store.running_with_bots()
        person_match = f"000000{BOT_MATCHES:06x}"
        view = httpx.get(f"{base}/api/matches/{person_match}/view", timeout=30)
    assert listening < 20, f"the server took {listening:.1f} s to listen"
    assert listed.status_code == 200 and len(listed.json()) == 100
    assert listed_in < 5, f"the first listing took {listed_in:.1f} s"
    assert not left, f"{len(left)} of {BOT_MATCHES} bot matches never finished"
    finished = {m.id: m.status for m in store.listing(status="over", limit=BOT_MATCHES + 10)}
    assert set(bot_ids) <= set(finished)
    assert view.status_code == 200 and view.json()["seq"] == 0  # loaded when asked for


def test_every_running_bot_match_is_found_a_page_at_a_time(db_url: str) -> None:
    store = Store(db_url)
    prefix = secrets.token_hex(3)  # the PostgreSQL database is shared between tests
    bot_ids = fill(db_url, people=30, bots=25, prefix=prefix)
    found: list[str] = []
    after = prefix
    while page := store.running_with_bots(after, limit=7):
        found += [match_id for match_id in page if match_id.startswith(prefix)]
        after = page[-1]
    assert found == bot_ids
    with store.engine.begin() as connection:  # other tests' servers would resume them
        ended = update(MatchRow).where(MatchRow.id.in_(bot_ids)).values(status="over")
        connection.execute(ended)
