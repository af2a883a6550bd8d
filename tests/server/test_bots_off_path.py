"""Bots think off the request path: the API answers at once while searching bots think, a search
keeps to its time budget, and a bot that overruns or fails plays the game's fallback instead of
stalling its match."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx
import pytest

from tests.server.live import free_port, server
from tradingfloor.agents.ismcts import ISMCTSAgent
from tradingfloor.agents.plugins import ENV
from tradingfloor.core import registry
from tradingfloor.core.agent import decision_for
from tradingfloor.server.workers import BotPool

SEARCHING_MATCHES = 12
AGENTS = """
import time

GAMES = ("middleman",)


class Agent:
    name = "{name}"

    def act(self, decision, rng):
        {body}


def make_agent():
    return Agent()
"""


@pytest.mark.slow
def test_the_api_answers_at_once_while_a_dozen_matches_of_searching_bots_think(
    tmp_path: Path,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    seats = [{"kind": "ismcts-tree"}] * 4
    unlimited = ["--create-per-minute", "0"]
    with (
        server(f"sqlite:///{tmp_path / 'bots.db'}", port, bot_delay=0.2, options=unlimited),
        httpx.Client() as http,
    ):
        ids = []
        for _ in range(SEARCHING_MATCHES):
            reply = http.post(f"{base}/api/matches", json={"game": "businessmen", "seats": seats})
            assert reply.status_code == 201, reply.text
            ids.append(reply.json()["id"])
        slowest, moved = 0.0, set()
        least, deadline = time.monotonic() + 8, time.monotonic() + 90
        # Ask for a while, and on until every searching match has moved (slower on a busy CI).
        while time.monotonic() < least or (len(moved) < len(ids) and time.monotonic() < deadline):
            for method, path, body in [
                ("GET", "/api/games", None),
                ("POST", "/api/matches", {"game": "middleman"}),
                ("GET", "/api/matches", None),
                ("GET", f"/api/matches/{ids[0]}/view", None),
            ]:
                started = time.perf_counter()
                reply = http.request(method, base + path, json=body, timeout=30)
                slowest = max(slowest, time.perf_counter() - started)
                assert reply.status_code in (200, 201), reply.text
            moved |= {i for i in ids if http.get(f"{base}/api/matches/{i}").json()["seq"] > 0}
            time.sleep(0.2)
    # Unloaded a few milliseconds; two seconds leaves room for a shared CI machine.
    assert slowest < 2.0, f"the API took {slowest:.2f} s to answer while bots searched"
    assert moved == set(ids), f"{len(ids) - len(moved)} searching matches never moved"


def test_a_search_keeps_to_its_time_limit() -> None:
    game = registry.make("businessmen")  # a tree search decision takes ~20 s at its full budget
    state = game.new(game.options({}), 3)
    seat = game.actors(state)[0]
    decision = decision_for(game, state, seat)
    started = time.perf_counter()
    action = ISMCTSAgent(search="tree", time_limit=0.3).act(decision, random.Random(1))
    assert time.perf_counter() - started < 2.0  # the limit, and the last playout begun before it
    assert game.legal(state, seat).contains(action)


def test_a_lookahead_out_of_time_plays_the_prior_bots_move() -> None:
    game = registry.make("merlin")
    state = game.new(game.options({}), 3)
    seat = game.actors(state)[0]
    started = time.perf_counter()
    action = ISMCTSAgent(time_limit=1e-6).act(decision_for(game, state, seat), random.Random(1))
    assert time.perf_counter() - started < 1.0
    assert game.legal(state, seat).contains(action)


def test_a_bot_that_overruns_or_fails_plays_the_fallback_and_its_worker_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = tmp_path / "stuck.py"
    stuck.write_text(AGENTS.format(name="stuck", body="time.sleep(3600)"))
    broken = tmp_path / "broken.py"
    broken.write_text(AGENTS.format(name="broken", body="raise RuntimeError('no idea')"))
    monkeypatch.setenv(ENV, f"stuck={stuck},broken={broken}")
    game = registry.make("middleman")
    state = game.new(game.options({}), 3)
    pool = BotPool(processes=1, seconds=0.3, grace=0.5)

    async def decide(kind: str) -> object:
        return await pool.decide(game, state, 0, kind)

    try:
        started = time.perf_counter()
        for kind in ("stuck", "broken", "ismcts"):
            action = asyncio.run(decide(kind))
            assert game.legal(state, 0).contains(game.parse_action(action)), kind
        assert time.perf_counter() - started < 60  # worker starts included
    finally:
        pool.close()
    assert pool.counts.replaced == 1  # the stuck one's worker, killed after budget and grace
    assert pool.counts.fallbacks == 2  # stuck and broken played the heuristic's move
    assert pool.counts.decisions == 1  # the search, in a fresh worker
