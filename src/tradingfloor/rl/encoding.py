"""Fixed-size encodings of any game's decisions for RL: an observation vector and a masked menu.

An encoder works from what a seat is given (its view and its legal space), never from the state,
so the same encoder serves the environments and a trained agent seated as a bot.
"""

from __future__ import annotations

import importlib
import random
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

import numpy as np

from tradingfloor.core.game import Game
from tradingfloor.core.spaces import ActionSpace


@dataclass(frozen=True)
class Menu:
    """The actions behind a Discrete space's indices: `actions[i]` or None where i is illegal."""

    actions: Sequence[Any]
    size: int  # the Discrete space's size: the game's encoder fixes it

    @cached_property
    def mask(self) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[: len(self.actions)] = [action is not None for action in self.actions]
        return mask

    def action(self, index: int) -> Any:
        if not 0 <= index < len(self.actions) or self.actions[index] is None:
            raise ValueError(f"action {index} is not legal now (see the action mask)")
        return self.actions[index]


class Encoder(Protocol):
    """A game's RL encoding: `size` actions, `features` observation entries.

    `feature_names[i]` says in words what observation entry i holds (`docs/rl.md` lists them).

    Optional: `seat_view(state, seat) -> Mapping`, the view this encoder reads, as the game's
    own view module makes it: every entry it has is the view's (`game.view`), but it leaves out
    what the encoder never reads (the words) or makes each entry only when first read. The
    environments hand it to `observe`, `menu` and `auto` in place of the view.
    """

    size: int
    features: int
    feature_names: tuple[str, ...]

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
        self.feature_names = tuple(f"hashed[{bucket}]" for bucket in range(features))
        self._flattener = _Flattener(features)

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        buckets, numbers = self._flattener.flatten(view)
        out = np.zeros(self.features, dtype=np.float32)
        # In the view's order, each number rounded to float32 and added in float32: the sums of
        # `out[bucket] += number` one at a time, without a Python loop.
        np.add.at(
            out,
            np.array(buckets, dtype=np.intp),
            np.array(numbers, dtype=np.float64).astype(np.float32),
        )
        return np.clip(out, -1e6, 1e6)

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Menu:
        listed = legal.enumerate()
        if listed is not None and len(listed) <= self.size:
            return Menu(list(listed), self.size)
        # Too many to list: a menu of distinct legal actions drawn from the space.
        drawn = _Distinct()
        for _ in range(4 * self.size):
            drawn.add(legal.sample(rng))
            if len(drawn.actions) == self.size:
                break
        return Menu(drawn.actions, self.size)

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        return None


class _Distinct:
    """Actions in the order first drawn, each once: `actions` is what adding each to a list when
    `action not in actions` gives, with a set to find the hashable ones (actions are hashable by
    contract; the list is searched only where one is not)."""

    def __init__(self) -> None:
        self.actions: list[Any] = []
        self._hashed: set[Any] = set()
        self._unhashable: list[Any] = []

    def add(self, action: Any) -> None:
        try:
            if action in self._hashed or action in self._unhashable:
                return
            self._hashed.add(action)
        except TypeError:
            if action in self.actions:
                return
            self._unhashable.append(action)
        self.actions.append(action)


class _Flattener:
    """`_numbers(view, "")` as two lists, each path's bucket and its number, in the same order.

    A view's shape repeats from one state to the next, so its paths are not built again for each
    number: the paths under a path of a dict's keys (of a list's positions) are made once per set
    of keys (per length), each with its bucket (the CRC-32 of the path modulo `features`) and the
    buckets of the texts met there. JSON's dicts, lists, numbers, flags and texts are walked here;
    any other value (a tuple, an enum) goes through `_numbers`, so the pairs are those of
    `_numbers` for every view.
    """

    def __init__(self, features: int) -> None:
        self.features = features
        self._children: dict[tuple[str, Any], _Children] = {}
        self._buckets: dict[str, int] = {}

    def flatten(self, view: Any) -> tuple[list[int], list[Any]]:
        if len(self._children) + len(self._buckets) > REMEMBERED_PATHS:
            # Views with ever new keys or texts in them must not grow these without bound.
            self._children.clear()
            self._buckets.clear()
        indices: list[int] = []
        numbers: list[Any] = []  # ints, floats and flags: float64 turns each as float() does
        if type(view) is dict:
            self._walk(view.values(), self._dict_children(view, ""), indices, numbers)
        else:
            self._others(view, "", indices, numbers)
        return indices, numbers

    def _walk(
        self, items: Iterable[Any], children: _Children, indices: list[int], numbers: list[Any]
    ) -> None:
        for item, path, bucket, texts in zip(items, *children, strict=True):
            kind = type(item)
            if kind is int:
                indices.append(bucket)
                numbers.append(item)
            elif kind is str:
                text_bucket = texts.get(item)
                if text_bucket is None:
                    text_bucket = texts[item] = self._bucket(f"{path}={item}")
                indices.append(text_bucket)
                numbers.append(1.0)
            elif kind is dict:
                self._walk(item.values(), self._dict_children(item, path), indices, numbers)
            elif kind is list:
                self._walk(item, self._list_children(len(item), path), indices, numbers)
            elif kind is bool or kind is float:
                indices.append(bucket)
                numbers.append(item)
            else:
                self._others(item, path, indices, numbers)

    def _others(self, value: Any, path: str, indices: list[int], numbers: list[Any]) -> None:
        for pair_path, number in _numbers(value, path):
            indices.append(self._bucket(pair_path))
            numbers.append(number)

    def _dict_children(self, value: dict[Any, Any], path: str) -> _Children:
        shape = (path, tuple(value))
        children = self._children.get(shape)
        if children is None:
            children = self._children[shape] = self._made([f"{path}.{key}" for key in value])
        return children

    def _list_children(self, length: int, path: str) -> _Children:
        shape = (path, length)
        children = self._children.get(shape)
        if children is None:
            children = self._children[shape] = self._made([f"{path}[{i}]" for i in range(length)])
        return children

    def _made(self, paths: list[str]) -> _Children:
        buckets = [self._bucket(path) for path in paths]
        return paths, buckets, [{} for _ in paths]

    def _bucket(self, path: str) -> int:
        bucket = self._buckets.get(path)
        if bucket is None:
            bucket = self._buckets[path] = zlib.crc32(path.encode()) % self.features
        return bucket


_Children = tuple[list[str], list[int], list[dict[str, int]]]
"""The paths of a container's children, the bucket of each, and the buckets of its texts."""
REMEMBERED_PATHS = 200_000


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


GAME_ENCODERS = {
    "middleman": "tradingfloor.rl.middleman:MiddlemanEncoder",
    "businessmen": "tradingfloor.rl.businessmen:BusinessmenEncoder",
    "merlin": "tradingfloor.rl.merlin:MerlinEncoder",
}
"""Each game's own encoder, by game id, as "module:class"; imported only when asked for."""


def encoder_for(game: Game) -> Encoder:
    """The game's own encoder where it has one, else the generic menu encoder."""
    where = GAME_ENCODERS.get(game.id)
    if where is None:
        return MenuEncoder()
    module, name = where.split(":")
    encoder: Encoder = getattr(importlib.import_module(module), name)()
    return encoder
