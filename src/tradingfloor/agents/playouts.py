"""Playout policies for search: cheap ways to finish a sampled game.

`SkewedSampler` draws integer fields towards the low end of their range. `ReplayPolicy` asks a
slow, sensible policy (a game's heuristic bot) once per seat and kind of action, and replays that
order for the rest of the search, its integer fields clipped to what is legal: playouts then look
like sensible play at a fraction of the cost.
"""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.agents.candidates import build, typed_fields
from tradingfloor.core.agent import Agent, decision_for
from tradingfloor.core.game import Game, State
from tradingfloor.core.spaces import ActionSpace


class SkewedSampler:
    """Integer fields drawn as low + span * u**SKEW: mostly modest choices, some bold ones.

    Uniform draws over wide ranges make players overreach (Middleman: offers far above the cash).
    Spaces that name no integer fields, or refuse the skewed draw, are sampled by their `sample`.
    """

    SKEW = 3.0

    def __init__(self, game: Game) -> None:
        self.game = game

    def sample(self, space: ActionSpace, rng: random.Random) -> Any:
        fields = typed_fields(space)
        if not fields:
            return space.sample(rng)
        kind, ranges = fields[rng.randrange(len(fields))]
        obj: dict[str, Any] = {"type": kind}
        for name, (low, high) in ranges.items():
            obj[name] = min(high, low + int((high - low + 1) * rng.random() ** self.SKEW))
        action = build(self.game, space, obj)
        return action if action is not None else space.sample(rng)


class ReplayPolicy:
    """Replays, for each seat and kind of action, the order a slow policy first proposed."""

    def __init__(self, game: Game, slow: Agent, fallback: SkewedSampler) -> None:
        self.game = game
        self.slow = slow
        self.fallback = fallback
        self.orders: dict[tuple[int, str], dict[str, Any]] = {}

    def act(self, state: State, seat: int, rng: random.Random) -> Any:
        space = self.game.legal(state, seat)
        for kind, ranges in typed_fields(space, typical=False) or [("", {})]:
            order = self.orders.get((seat, kind))
            if order is None:
                action = self.slow.act(decision_for(self.game, state, seat), rng)
                obj = action.to_json() if hasattr(action, "to_json") else None
                if not isinstance(obj, dict) or not ranges:
                    return action  # nothing to replay: a space without integer fields
                self.orders[(seat, kind)] = obj
                return action
            clipped = {
                name: min(max(value, ranges[name][0]), ranges[name][1])
                if name in ranges and isinstance(value, int)
                else value
                for name, value in order.items()
            }
            action = build(self.game, space, clipped)
            if action is not None:
                return action
        return self.fallback.sample(space, rng)
