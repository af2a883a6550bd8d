"""Playing a game to its end with agents: the loop shared by the terminal, lab and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tradingfloor.core.agent import Agent, decision_for
from tradingfloor.core.game import Game, State
from tradingfloor.core.record import MatchRecord, Move

Observer = Callable[[State, int, Any, State], None]
"""Called after each action with (state before, seat, action, state after)."""


class RunawayGame(RuntimeError):
    """A game that did not end within the action limit."""


def play_out(
    game: Game,
    state: State,
    agents: Sequence[Agent],
    rng: random.Random,
    max_actions: int = 1_000_000,
    observe: Observer | None = None,
) -> State:
    """Let each seat's agent act until the game is over; returns the final state."""
    for _ in range(max_actions):
        actors = game.actors(state)
        if not actors:
            return state
        for seat in actors:
            action = agents[seat].act(decision_for(game, state, seat), rng)
            after = game.apply(state, seat, action)
            if observe is not None:
                observe(state, seat, action, after)
            state = after
    raise RunawayGame(f"{game.id} did not end within {max_actions} actions")


def random_playout(
    game: Game, state: State, rng: random.Random, max_actions: int = 1_000_000
) -> State:
    """The fastest random game through the public contract: sample each actor's legal space."""
    for _ in range(max_actions):
        actors = game.actors(state)
        if not actors:
            return state
        for seat in actors:
            state = game.apply(state, seat, game.legal(state, seat).sample(rng))
    raise RunawayGame(f"{game.id} did not end within {max_actions} actions")


def recorded_random_game(
    game: Game, options: dict[str, Any] | None, seed: int, rng: random.Random
) -> tuple[State, MatchRecord]:
    """A random game from `seed`, with its match record."""
    state = game.new(options, seed)
    moves: list[Move] = []
    while actors := game.actors(state):
        for seat in actors:
            action = game.legal(state, seat).sample(rng)
            state = game.apply(state, seat, action)
            moves.append(Move.of(seat, action))
    return state, MatchRecord.start(game, options, seed).extend(moves)
