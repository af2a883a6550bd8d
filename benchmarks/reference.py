"""Random playouts of every registered game's reference engine, through the public contract."""

from __future__ import annotations

import random
import time

import tradingfloor
from benchmarks.harness import Figure, Sample
from tradingfloor.core.game import Game

GAMES_PER_RUN = {"middleman": 200, "businessmen": 5}
DEFAULT_GAMES_PER_RUN = 20
OPTIONS = {"merlin": {"few_players": True}}  # 3 seats are below Merlin's 4-6 without this option


def _playout_sample(game: Game, options: dict[str, int], games: int) -> Sample:
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(options, seed)
        while actors := game.actors(state):
            for seat in actors:
                state = game.apply(state, seat, game.legal(state, seat).sample(rng))
                actions += 1
    return Sample(games, actions, time.perf_counter() - start)


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
            )
        )
    return out
