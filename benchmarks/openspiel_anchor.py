"""The anchor: OpenSpiel's C++ goofspiel (3 players, 10 cards, imperfect information), random play
driven from Python, so that every other figure reads as a ratio to a well-known engine."""

from __future__ import annotations

import random
import time

from benchmarks.harness import Figure, Sample

GAMES_PER_RUN = 2_000


def _goofspiel_sample(games: int) -> Sample:
    import pyspiel

    game = pyspiel.load_game("goofspiel", {"players": 3, "num_cards": 10, "imp_info": True})
    players = range(game.num_players())
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
                actions += len(players)  # one action per player per simultaneous step
    return Sample(games, actions, time.perf_counter() - start)


def figures() -> list[Figure]:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return []  # the bench extra is not installed: the table has no anchor column
    return [
        Figure(
            name="anchor: OpenSpiel goofspiel (C++), random play, 3 seats",
            what="OpenSpiel's C++ goofspiel (3 players, 10 cards, imp_info) played at random from "
            "Python: legal_actions and apply_actions per step, chance sampled; actions are player "
            "moves (3 per step)",
            run=lambda: _goofspiel_sample(GAMES_PER_RUN),
            anchor=True,
        )
    ]
