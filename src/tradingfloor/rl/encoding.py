"""Fixed-size encodings of any game's decisions for RL: an observation vector and a masked menu.

An encoder works from what a seat is given (its view and its legal space), never from the state,
so the same encoder serves the environments and a trained agent seated as a bot.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from tradingfloor.core.game import Game
from tradingfloor.core.spaces import ActionSpace


@dataclass(frozen=True)
class Menu:
    """The actions behind a Discrete space's indices: `actions[i]` or None where i is illegal."""

    actions: Sequence[Any]
    size: int  # the Discrete space's size: the game's encoder fixes it

    @property
    def mask(self) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        for i, action in enumerate(self.actions):
            if action is not None:
                mask[i] = 1
        return mask

    def action(self, index: int) -> Any:
        if not 0 <= index < len(self.actions) or self.actions[index] is None:
            raise ValueError(f"action {index} is not legal now (see the action mask)")
        return self.actions[index]


class Encoder(Protocol):
    """A game's RL encoding: `size` actions, `features` observation entries."""

    size: int
    features: int

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        """The seat's view as a float32 vector of `features` entries."""
        ...

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        """The decision as a masked menu: `.mask` (int8 array of `size`) and `.action(index)`."""
        ...

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        """An action the environment takes for the seat without asking it, or None."""
        ...


class MenuEncoder:
    """Any game: the legal actions listed (or sampled, where too many) into `size` slots.

    The observation hashes every number of the view, by its path, into `features` buckets: a
    fixed-size vector for views of any shape (lists indexed by position).
    """

    def __init__(self, size: int = 128, features: int = 256) -> None:
        self.size = size
        self.features = features

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.features, dtype=np.float32)
        for path, value in _numbers(view, ""):
            out[zlib.crc32(path.encode()) % self.features] += value
        return np.clip(out, -1e6, 1e6)

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Menu:
        listed = legal.enumerate()
        if listed is not None and len(listed) <= self.size:
            return Menu(list(listed), self.size)
        # Too many to list: a menu of distinct legal actions drawn from the space.
        drawn: list[Any] = []
        for _ in range(4 * self.size):
            action = legal.sample(rng)
            if action not in drawn:
                drawn.append(action)
            if len(drawn) == self.size:
                break
        return Menu(drawn, self.size)

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        return None


def _numbers(value: Any, path: str) -> list[tuple[str, float]]:
    """Every number and flag in a JSON value, with its path."""
    if isinstance(value, bool):
        return [(path, float(value))]
    if isinstance(value, int | float):
        return [(path, float(value))]
    if isinstance(value, str):
        return [(f"{path}={value}", 1.0)]
    if isinstance(value, Mapping):
        return [pair for key, item in value.items() for pair in _numbers(item, f"{path}.{key}")]
    if isinstance(value, Sequence):
        return [pair for i, item in enumerate(value) for pair in _numbers(item, f"{path}[{i}]")]
    return []


def encoder_for(game: Game) -> Encoder:
    """The game's own encoder where it has one, else the generic menu encoder."""
    if game.id == "middleman":
        from tradingfloor.rl.middleman import MiddlemanEncoder

        return MiddlemanEncoder()
    return MenuEncoder()
