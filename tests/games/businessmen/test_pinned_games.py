"""Pinned seeded games: any change to what the rules do shows up here.

Each case plays one seeded game with the game's own bots and compares its length and a digest of
its actions, its result and every seat's final view with the figures the engine gave when they
were pinned. A change that is meant to alter the rules updates the pins (and says so); a change
that is only meant to make the engine faster must leave them alone.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import tradingfloor
from tradingfloor.core.playout import play_out

GAME = tradingfloor.make("businessmen")

# (options, seat bots, seed) -> (actions, digest)
PINS: list[tuple[dict[str, Any], tuple[str, ...], int, int, str]] = [
    ({"players": 2, "goal": 8, "max_rounds": 12}, ("heuristic",) * 2, 1, 111, "7dc0caa83c101379"),
    (
        {"players": 3, "goal": 8, "max_rounds": 12},
        ("random", "heuristic", "random"),
        2,
        120,
        "eb2ac5cdc603f512",
    ),
    ({"players": 4, "goal": 8, "max_rounds": 12}, ("heuristic",) * 4, 3, 218, "8db2a6747ea02e1f"),
    ({"players": 3, "max_rounds": 10}, ("random",) * 3, 4, 68, "16d8d9bb69e028f3"),
    ({"players": 3}, ("heuristic",) * 3, 5, 372, "38b0fc7b7df49f27"),
]


def played(options: dict[str, Any], bots: tuple[str, ...], seed: int) -> tuple[int, str]:
    """The number of actions of a seeded game, and a digest of everything it showed."""
    catalogue = GAME.bots()
    moves: list[Any] = []

    def remember(before: Any, seat: int, action: Any, after: Any) -> None:
        moves.append([seat, action.to_json(), GAME.legal(before, seat).describe()])

    state = GAME.new(options, seed)
    agents = [catalogue[name]() for name in bots]
    final = play_out(GAME, state, agents, random.Random(seed), observe=remember)
    result = GAME.result(final)
    assert result is not None
    shown = {
        "moves": moves,
        "result": result.to_json(),
        "views": [GAME.view(final, seat) for seat in (None, *range(len(bots)))],
    }
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
    return len(moves), hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("options", "bots", "seed", "actions", "digest"), PINS)
def test_a_seeded_game_plays_as_pinned(
    options: dict[str, Any], bots: tuple[str, ...], seed: int, actions: int, digest: str
) -> None:
    assert played(options, bots, seed) == (actions, digest)
