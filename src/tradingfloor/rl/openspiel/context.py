"""What every state of one loaded OpenSpiel game shares: the tradingfloor game, its options and
its RL encoder. Shared by reference, never copied when OpenSpiel clones a state."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tradingfloor.core.game import Game
from tradingfloor.core.registry import make
from tradingfloor.rl.encoding import Encoder, encoder_for


@dataclass(frozen=True)
class GameSpec:
    """One tradingfloor game as OpenSpiel sees it: its names, parameters and shape."""

    game_id: str
    short_name: str
    long_name: str
    parameters: Mapping[str, Any]  # OpenSpiel's parameters, with their defaults
    options: Callable[[Mapping[str, Any]], dict[str, Any]]  # parameters -> the game's options
    simultaneous: bool  # several seats may act at once (a sealed step)
    max_players: int
    min_players: int = 2
    turns: Callable[[Mapping[str, Any]], int] = lambda params: int(params["max_turns"])


@dataclass(frozen=True, eq=False)
class Context:
    """A loaded game's fixed parts: spec, parameters, the game, options, encoder and sizes."""

    spec: GameSpec
    params: Mapping[str, Any]
    core: Game = field(init=False)
    options: dict[str, Any] = field(init=False)
    encoder: Encoder = field(init=False)
    players: int = field(init=False)
    max_turns: int = field(init=False)
    info_size: int = field(init=False)  # the information-state tensor's size; 0 where none

    def __post_init__(self) -> None:
        core = make(self.spec.game_id)
        options = core.options(self.spec.options(self.params))  # BadOptions, in words
        encoder = encoder_for(core)
        blank = core.new(options, 0)
        info = getattr(encoder, "information_state", None)
        info_size = len(info(core.view(blank, 0))) if info is not None else 0
        for name, value in (
            ("core", core),
            ("options", options),
            ("encoder", encoder),
            ("players", core.players(blank)),
            ("max_turns", self.spec.turns(self.params)),
            ("info_size", info_size),
        ):
            object.__setattr__(self, name, value)

    def __deepcopy__(self, memo: dict[int, Any]) -> Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # A serialized state names its game; loading it finds the same context again.
        return context_of, (self.spec.short_name, json.dumps(dict(self.params), sort_keys=True))

    def rng(self, *where: int) -> random.Random:
        """A generator fixed by `where` (turn, seat, ...): the same state makes the same menus."""
        return random.Random(" ".join(map(str, where)))


SPECS: dict[str, GameSpec] = {}
"""Every registered game's spec, by OpenSpiel short name."""


@cache
def context_of(short_name: str, params_json: str) -> Context:
    """The context of a game loaded with these parameters (made once)."""
    return Context(SPECS[short_name], json.loads(params_json))


def context_for(spec: GameSpec, params: Mapping[str, Any] | None) -> Context:
    """The context of `spec` with `params` over its defaults; unknown parameters refused."""
    unknown = sorted(set(params or {}) - set(spec.parameters))
    if unknown:
        known = ", ".join(spec.parameters)
        raise ValueError(f"{spec.short_name} has no parameter {unknown[0]}; it takes {known}")
    full = {**spec.parameters, **(params or {})}
    return context_of(spec.short_name, json.dumps(full, sort_keys=True))
