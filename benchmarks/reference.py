"""Random playouts of every registered game's reference engine, through the public contract."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import tradingfloor
from benchmarks.harness import Figure, Sample, Target, anchor_multiple
from tradingfloor.compiled import engine
from tradingfloor.core.game import Game

GAMES_PER_RUN = {"middleman": 200, "businessmen": 5}
DEFAULT_GAMES_PER_RUN = 20
OPTIONS = {"merlin": {"few_players": True}}  # 3 seats are below Merlin's 4-6 without this option
# Issue 19: at least 5x the actions/s of its first measurement, as multiples of the anchor's.
TARGETS: dict[str, Target] = {
    "middleman": anchor_multiple(0.35),
    "businessmen": anchor_multiple(0.25),
}
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
ALL_MODULES_GAMES = 10
ALL_MODULES_TARGET = anchor_multiple(0.12)  # Merlin's target is with every module on


def _playout_sample(game: Game, options: Mapping[str, Any], games: int) -> Sample:
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(options, seed)
        while actors := game.actors(state):
            for seat in actors:
                state = game.apply(state, seat, game.legal(state, seat).sample(rng))
                actions += 1
    seconds = time.perf_counter() - start
    return Sample(games, actions, seconds, {"engine": engine_of(game)})


def engine_of(game: Game) -> str:
    """Whether `game`'s rules run compiled (the mypyc build, `make compiled`) or as pure Python."""
    return engine(type(game).__module__.rpartition(".")[0])


def figures() -> list[Figure]:
    out = []
    for game_id in tradingfloor.games():
        game = tradingfloor.make(game_id)
        games = GAMES_PER_RUN.get(game_id, DEFAULT_GAMES_PER_RUN)
        out.append(
            Figure(
                name=f"{game_id} reference, random play, 3 seats",
                what="games/s of the rules engine through new/actors/legal/sample/apply, one core",
                run=lambda game=game, games=games: _playout_sample(
                    game, {"players": 3, **OPTIONS.get(game.id, {})}, games
                ),
                target=TARGETS.get(game_id),
            )
        )
        if game_id == "merlin":
            out.append(
                Figure(
                    name="merlin reference, random play, 4 seats, all modules",
                    what=f"the same with options {ALL_MODULES}: economy, magic and finance",
                    run=lambda game=game: _playout_sample(game, ALL_MODULES, ALL_MODULES_GAMES),
                    target=ALL_MODULES_TARGET,
                )
            )
    return out
