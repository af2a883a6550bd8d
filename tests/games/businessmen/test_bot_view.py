"""The bots' view: the full view less the words and the public history, and the same choices."""

from __future__ import annotations

import random
from typing import Any

import tradingfloor
from tradingfloor.core.agent import Decision, decision_for
from tradingfloor.games.businessmen.bots import BOTS
from tradingfloor.games.businessmen.state import BusinessmenState

GAME: Any = tradingfloor.make("businessmen")
LEFT_OUT = {
    "events",
    "status",
    "stage",
    "chapter",
    "help",
    "news",
    "yours",
    "turned",
    "price_wheel",
}


def _positions(players: int, seeds: range, kinds: tuple[str, ...]) -> list[tuple[Any, int]]:
    """(state, seat) of every decision in seeded games of the bots `kinds`, seat by seat."""
    out = []
    for seed in seeds:
        state = GAME.new({"players": players, "goal": 10}, seed)
        agents = [BOTS[kinds[seat % len(kinds)]]() for seat in range(players)]
        rng = random.Random(seed)
        while actors := GAME.actors(state):
            seat = actors[0]
            out.append((state, seat))
            decision = decision_for(GAME, state, seat)
            state = GAME.apply(state, seat, agents[seat].act(decision, rng))
    return out


POSITIONS = _positions(3, range(4), ("heuristic", "beginner")) + _positions(
    4, range(2), ("random",)
)


def test_every_key_of_the_bot_view_holds_the_views_value() -> None:
    phases = set()
    for state, seat in POSITIONS:
        full, lean = GAME.view(state, seat), GAME.bot_view(state, seat)
        assert set(full) - set(lean) == LEFT_OUT
        assert lean == {key: full[key] for key in lean}
        assert list(lean) == [key for key in full if key in lean]  # in the view's order
        phases.add(lean["phase"])
    assert phases >= {"declare", "buy", "load", "store", "export", "improve", "discard", "insure"}


def _choice(kind: str, state: BusinessmenState, seat: int, seen: Any) -> Any:
    decision = Decision(GAME, seat, seen, GAME.legal(state, seat), lambda rng: state)
    return BOTS[kind]().act(decision, random.Random(7))


def test_the_bots_choose_the_same_from_the_bot_view() -> None:
    for state, seat in POSITIONS:
        for kind in ("heuristic", "beginner"):
            full = _choice(kind, state, seat, GAME.view(state, seat))
            lean = _choice(kind, state, seat, GAME.bot_view(state, seat))
            assert lean is full, (kind, state.phase)


def test_bot_views_share_nothing_mutable_with_each_other() -> None:
    state, seat = POSITIONS[40]
    spoiled = GAME.bot_view(state, seat)
    spoiled["players"][seat]["main"]["oil"] = 99
    spoiled["cars"][0]["units"].append(5)
    spoiled["prices"]["oil"] = 0
    again, full = GAME.bot_view(state, seat), GAME.view(state, seat)
    assert again == {key: full[key] for key in again}
    assert again != spoiled
