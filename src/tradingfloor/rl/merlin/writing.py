"""Writing Merlin's observation: its parts in order, squashed numbers, the cards' positions."""

from __future__ import annotations

import struct
import threading
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import numpy as np

from tradingfloor.games.merlin.memo import kept
from tradingfloor.rl.merlin.catalogue import CARDS, GOLEMS, ITEMS, LABS, STACK_BASES
from tradingfloor.rl.merlin.features import FEATURES

CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
BASE_INDEX = {card: i for i, card in enumerate(STACK_BASES)}
LAB_INDEX = {card: i for i, card in enumerate(LABS)}
GOLEM_INDEX = {card: i for i, card in enumerate(GOLEMS)}
ITEM_INDEX = {item: i for i, item in enumerate(ITEMS)}


def squash(x: float, size: float) -> float:
    """x / (|x| + size): gold of any amount in (-1, 1), `size` giving one half."""
    return x / (abs(x) + size)


def squashed_counts(counts: Iterable[float], size: float) -> list[float]:
    """Counts (not negative) squashed, n / (n + size): written to a float32 part, the figures
    of squashing them there in float32 (`part /= part + size`: a quotient rounded to float64,
    then to float32, is the float32 quotient), without a NumPy call for each small part."""
    return [n / (n + size) for n in counts]


def squashed_count(count: float, size: float) -> float:
    """One count squashed as `squashed_counts` squashes each."""
    return count / (count + size)


class Writer:
    """Consecutive parts of the observation vector, taken in the names' order.

    The parts are views of one vector (by default one per thread, zeroed for each observation
    and copied out by `vector`): every observation takes the same parts, and making a view
    costs more than most parts' writing."""

    def __init__(self, kept: tuple[np.ndarray, dict[Part, np.ndarray]] | None = None) -> None:
        if kept is None:
            kept = getattr(_PER_THREAD, "kept", None)
            if kept is None:
                kept = _PER_THREAD.kept = _new_vector()
            kept[0].fill(0)
        self.out: np.ndarray = kept[0]
        self._parts: dict[Part, np.ndarray] = kept[1]
        self.at = 0
        self._bytes: memoryview | None = None

    def take(self, rows: int, columns: int = 1) -> np.ndarray:
        where = (self.at, rows, columns)
        part = self._parts.get(where)
        if part is None:
            part = self.out[self.at : self.at + rows * columns]
            if columns > 1:
                part = part.reshape(rows, columns)
            self._parts[where] = part
        self.at += rows * columns
        return part

    def put(self, numbers: list[float], size: int) -> None:
        """The next `size` numbers: `numbers`, then those left as they are (0).

        Packed as C floats at once: each number rounded to float32 as NumPy rounds it (a C
        cast), where NumPy's assignment of a list converts it number by number, at several
        times the cost."""
        if self._bytes is None:
            self._bytes = self.out.data.cast("B")
        start = 4 * self.at
        self._bytes[start : start + 4 * len(numbers)] = _packer(len(numbers)).pack(*numbers)
        self.at += size

    def skip(self, size: int) -> None:
        """Leave the next `size` numbers 0."""
        self.at += size

    def rewrite(self, at: int, size: int) -> None:
        """Go to `at`, the next `size` numbers zeroed (to be written again)."""
        self.out[at : at + size] = 0
        self.at = at

    def vector(self) -> np.ndarray:
        """The observation written: a copy of its own."""
        return self.out.copy()


Part = tuple[int, int, int]
"""A part of the vector: where it starts, its rows and its columns."""


def _packer(count: int) -> struct.Struct:
    """Packs `count` numbers as native C floats (the float32 vector's own layout)."""
    packer = _PACKERS.get(count)
    if packer is None:
        packer = _PACKERS[count] = struct.Struct(f"{count}f")
    return packer


_PACKERS: dict[int, struct.Struct] = {}


def _new_vector() -> tuple[np.ndarray, dict[Part, np.ndarray]]:
    return np.zeros(FEATURES, dtype=np.float32), {}


class SeatVector:
    """A seat's observation as last written, under a plan of sections (one per set of modules
    on), and what each of its sections was written from (see `observation.TOLD_FROM`)."""

    def __init__(self) -> None:
        self.parts = Writer(_new_vector())
        self.plan: tuple[Any, ...] = ()
        self.told_from: list[tuple[object, ...]] = []
        self.tops_from: list[tuple[object, ...]] = []  # the state's parts each was seen with

    def start(self, plan: tuple[Any, ...]) -> None:
        """Start afresh under `plan`: every number 0, no section written."""
        self.parts.out.fill(0)
        self.plan = plan
        self.told_from = [(_NEVER,)] * len(plan)
        self.tops_from = [()] * len(plan)


_NEVER = object()
"""What no section was written from (no part of a state is it)."""


def seat_vector(seat: int | None, plan: tuple[Any, ...]) -> SeatVector:
    """The vector this thread last wrote `seat`'s observation in under `plan` (afresh where
    it was another plan, or none).

    One per seat: a seat's vector is written only from what that seat sees."""
    kept: dict[int | None, SeatVector] | None = getattr(_PER_THREAD, "seats", None)
    if kept is None:
        kept = _PER_THREAD.seats = {}
    found = kept.get(seat)
    if found is None:
        found = kept[seat] = SeatVector()
    if found.plan is not plan:
        found.start(plan)
    return found


_PER_THREAD = threading.local()
"""Per thread: the vector observations are written in, and its parts by place and shape; each
seat's last observation (`seat_vector`)."""


class KeptRows:
    """Rows of the observation as last written from the very same view record, per key (the
    seat, and whatever else the rows depend on).

    A view's records are immutable and shared by the views that show them, kept while what they
    are told from is the same (finance/view.py): the same record writes the same rows. The
    record written from is held, so that its id cannot be reused while kept; `memo.forget`
    forgets them too."""

    LIMIT = 64

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = shape
        self._last: dict[Hashable, tuple[object, np.ndarray]] = kept({})

    def rows(
        self, source: object, key: Hashable, write: Callable[..., None], *figures: Any
    ) -> np.ndarray:
        """The rows `write(rows, *figures)` wrote last from `source` under `key` (the figures
        are part of the key, or told by the source), or written now (read-only)."""
        last = self._last.get(key)
        if last is not None and last[0] is source:
            return last[1]
        rows: np.ndarray = np.zeros(self.shape, dtype=np.float32)
        write(rows, *figures)
        rows.flags.writeable = False
        if len(self._last) >= self.LIMIT:
            self._last.clear()
        self._last[key] = (source, rows)
        return rows
