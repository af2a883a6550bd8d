"""The `Agent` protocol: a policy that sees only what its seat sees.

It lives in `core/` (not `agents/`) so that each game's own bots in `games/<id>/bots.py` can keep it
while importing only from below.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from tradingfloor.core.game import Game, State
from tradingfloor.core.spaces import ActionSpace


@dataclass(frozen=True)
class Decision:
    """Everything an agent is given: its seat's view, its legal actions, and a way to sample worlds.

    `determinize(rng)` returns a full state that the seat cannot tell apart from the true one (the
    game's `redetermine`); the agent never sees the true state itself.
    """

    game: Game
    seat: int
    view: Mapping[str, Any]
    legal: ActionSpace
    determinize: Callable[[random.Random], State]


def decision_for(game: Game, state: State, seat: int) -> Decision:
    """The decision `seat` faces in `state`."""
    return Decision(
        game=game,
        seat=seat,
        view=game.view(state, seat),
        legal=game.legal(state, seat),
        determinize=lambda rng: game.redetermine(state, seat, rng),
    )


@runtime_checkable
class Agent(Protocol):
    """A player: given a decision and a random generator, returns a legal action."""

    name: str

    def act(self, decision: Decision, rng: random.Random) -> Any: ...


class RandomAgent:
    """Plays a random legal action."""

    name = "random"

    def act(self, decision: Decision, rng: random.Random) -> Any:
        return decision.legal.sample(rng)
