"""Twenty pinned economy games: any change to what the economy's rules do shows up here.

`pinned_games.json.gz` holds twenty seeded games of 4 to 6 heuristic bots, with `"modules":
["economy"]`: each game's options, seed, every action in order, its result and a digest of its
final state. The test replays the actions through the rules and compares. The pins hold the rules,
not the bots: a better bot leaves them alone, and the `magic` and `finance` modules must leave them
unchanged while they are switched off. A change meant to alter the economy's rules regenerates them
(and says so):

    .venv/bin/python -m tests.games.merlin.test_pinned_games
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tradingfloor.core.playout import play_out
from tradingfloor.games.merlin.state import MerlinState

from .helpers import GAME

PINS = Path(__file__).with_name("pinned_games.json.gz")
GAMES = 20


def digest(state: MerlinState) -> str:
    """A digest of the whole final table: counters, accounts, cards, books, and the dice to come."""
    table = {
        "core": dataclasses.asdict(state.core),
        "economy": dataclasses.asdict(state.economy),
        "rng": [state.rng.seed, state.rng.counter],
        "events": state.event_count,
    }
    text = json.dumps(table, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def pinned() -> list[dict[str, Any]]:
    with gzip.open(PINS, "rt", encoding="utf-8") as handle:
        games: list[dict[str, Any]] = json.load(handle)
    return games


def replay(game: dict[str, Any]) -> MerlinState:
    state = GAME.new(game["options"], game["seed"])
    for seat, action in game["actions"]:
        state = GAME.apply(state, seat, GAME.parse_action(action))
    return state


@pytest.mark.parametrize("index", range(GAMES))
def test_a_pinned_economy_game_replays_to_the_same_end(index: int) -> None:
    game = pinned()[index]
    assert game["options"]["modules"] == ["economy"]
    final = replay(game)
    result = GAME.result(final)
    assert result is not None and result.to_json() == game["result"]
    assert digest(final) == game["digest"]


def test_the_pins_are_heuristic_games_of_four_to_six_players() -> None:
    games = pinned()
    assert len(games) == GAMES
    assert {g["options"]["players"] for g in games} == {4, 5, 6}
    assert all(set(g["bots"]) == {"heuristic"} for g in games)
    assert len({g["seed"] for g in games}) == GAMES


def play(players: int, seed: int) -> dict[str, Any]:
    """A fresh heuristic game, as a pin."""
    options = {"players": players, "modules": ["economy"]}
    catalogue = GAME.bots()
    bots = ["heuristic"] * players
    actions: list[Any] = []
    final = play_out(
        GAME,
        GAME.new(options, seed),
        [catalogue[name]() for name in bots],
        random.Random(seed),
        observe=lambda before, seat, action, after: actions.append([seat, action.to_json()]),
    )
    result = GAME.result(final)
    assert result is not None
    return {
        "options": options,
        "seed": seed,
        "bots": bots,
        "actions": actions,
        "result": result.to_json(),
        "digest": digest(final),
    }


def write_pins() -> None:
    games = [play(4 + index % 3, 1000 + index) for index in range(GAMES)]
    text = json.dumps(games, separators=(",", ":")).encode()
    with gzip.GzipFile(PINS, "wb", mtime=0) as handle:  # the same games give the same file
        handle.write(text)
    print(f"{len(games)} games pinned in {PINS}")


if __name__ == "__main__":
    write_pins()
