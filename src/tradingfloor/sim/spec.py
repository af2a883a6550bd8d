"""What a simulation run is: the game, the seats, the options and sweep, and the games it plays."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.core.rng import Rng


@dataclass(frozen=True)
class GameTask:
    """One game of a run: everything a worker needs to play it, and nothing it must share."""

    index: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    rotation: int
    sweep: dict[str, Any] | None = None  # the swept options' values in this game, by name


Sweep = tuple[str, tuple[Any, ...]]
"""One swept option: its name and the values it takes."""


@dataclass(frozen=True)
class RunSpec:
    """A run: `games` games at each point of the sweeps' grid, seats rotated, seeded from `seed`
    and the index."""

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    sweeps: tuple[Sweep, ...] = ()

    def __post_init__(self) -> None:
        names = [name for name, _ in self.sweeps]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"{name} is swept twice; give all its values in one --sweep")
            if name in self.options:
                raise ValueError(f"{name} is both set and swept; drop one of --set and --sweep")

    @property
    def points(self) -> list[dict[str, Any]]:
        """Every combination of the swept values (the grid), first option slowest; [{}] if none."""
        names = [name for name, _ in self.sweeps]
        grid = itertools.product(*(values for _, values in self.sweeps))
        return [dict(zip(names, combination, strict=True)) for combination in grid]

    def tasks(self) -> list[GameTask]:
        """Every game of the run, in index order: `games` games at each point of the grid."""
        out: list[GameTask] = []
        for point in self.points:
            options = {**self.options, **point}
            for _ in range(self.games):
                out.append(self._task(len(out), options, point or None))
        return out

    def _task(self, index: int, options: dict[str, Any], point: dict[str, Any] | None) -> GameTask:
        seats = seats_for(self.seats, options)
        rotation = index % len(seats)
        # Rotation: in game i the seat list turns by i, so no agent keeps the same seat.
        rotated = tuple(seats[(s + rotation) % len(seats)] for s in range(len(seats)))
        return GameTask(
            index, self.game, options, game_seed(self.seed, index), rotated, rotation, point
        )


def seats_for(seats: Sequence[str], options: Mapping[str, Any]) -> tuple[str, ...]:
    """The seat list cycled or cut to the player count, where the options set one."""
    players = options.get("players")
    if not isinstance(players, int) or players == len(seats):
        return tuple(seats)
    return tuple(seats[s % len(seats)] for s in range(players))


def game_seed(run_seed: int, index: int) -> int:
    """Game `index`'s seed: a hash of the run's seed and the index, independent of any worker."""
    value, _ = Rng(run_seed, index).bits64()
    return value >> 2  # a non-negative 62-bit integer, as Python's Random and JSON both keep it


def parse_value(text: str) -> Any:
    """An option value from the command line: JSON where it parses (3, true, 1.5), else the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_assignments(items: Sequence[str]) -> dict[str, Any]:
    """`option=value` pairs as a dict; ValueError naming a malformed one."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"expected option=value, got {item!r}")
        out[name.strip()] = parse_value(value.strip())
    return out


def parse_sweep(text: str) -> tuple[str, tuple[Any, ...]]:
    """`option=v1,v2,...` as (option, values); ValueError where malformed.

    A value of a list option is its items joined by `+` (`modules=economy,economy+magic`) or in
    brackets (`modules=[economy],[economy,magic]`): a comma inside brackets parts no values.
    """
    name, sep, values = text.partition("=")
    parts = [v.strip() for v in split_values(values) if v.strip()]
    if not sep or not name.strip() or not parts:
        raise ValueError(f"expected option=v1,v2,..., got {text!r}")
    return name.strip(), tuple(parse_value(v) for v in parts)


def split_values(text: str) -> list[str]:
    """`text` parted at its commas, except those inside brackets: "[a,b],c" -> ["[a,b]", "c"]."""
    parts, current, depth = [], [], 0
    for char in text:
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "," and depth <= 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts
