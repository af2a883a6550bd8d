"""Merlin's observation: a seat's view as named, scaled numbers, each in [-1, 1].

Bounded counts are divided by their most; gold, prices and open-ended counts are squashed as
x / (|x| + s), s a typical size, so that they stay in (-1, 1) and keep their order. Categories are
one-hot. Seats are absolute (0-5), with the seat's own marked; cards by their deck id; a module
that is off leaves its entries 0. `observation_economy`, `observation_magic` and
`observation_finance` write the parts; this module puts them in the order of
`features.FEATURE_NAMES`, and keeps each seat's last observation to write only what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter, is_
from typing import Any, NamedTuple

import numpy as np

from tradingfloor.games.merlin.sections import Sections
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.rl.merlin import observation_economy as economy
from tradingfloor.rl.merlin import observation_finance as finance
from tradingfloor.rl.merlin import observation_magic as magic
from tradingfloor.rl.merlin.catalogue import (
    CARDS,
    COMMODITY_SLOTS,
    GOLEMS,
    ITEMS,
    LABS,
    STACK_BASES,
    TABLE_SLOTS,
)
from tradingfloor.rl.merlin.features import (
    CARD,
    COUNTERS,
    ECONOMY_OFFERS,
    FINANCE,
    FUTURES,
    GAME,
    GOLEM,
    LAB,
    MAGIC_HAND,
    MAGIC_TABLE,
    MARKET,
    PLAYER,
    QUOTE,
    STACK,
    TABLE,
    WANTED,
)
from tradingfloor.rl.merlin.writing import (
    Writer,
    seat_vector,
)


def observe(view: Mapping[str, Any]) -> np.ndarray:
    """The seat's view as `FEATURES` float32 numbers, in `FEATURE_NAMES`' order."""
    if type(view) is Sections:
        return _observe_kept(view)
    me = view.get("seat")
    parts = Writer()
    off = [module for module in MODULES if module not in view]
    for module, write in _SECTIONS:
        if module in off:
            parts.skip(_SIZES[write])  # (a module that is off leaves its parts 0)
        else:
            write(parts, view, me)
    return parts.vector()


def _observe_kept(view: Sections) -> np.ndarray:
    """`observe(view)` of a view made from a state: the seat's last observation, with only the
    sections whose parts of the state are not the very same objects as then written again (a
    move changes a few parts of the state, and the others are shared by the next)."""
    state, me = view.state, view.seat
    plan = plan_of(state.config.modules)
    kept = seat_vector(me, plan)
    parts, written_from, tops_from = kept.parts, kept.told_from, kept.tops_from
    tops = _tops(state)
    for i, (write, told_from, at, size, tops_read) in enumerate(plan):
        if _same_tops(tops_read, tops, tops_from[i]):
            continue  # (the parts it reads hang from the very same objects as when last seen)
        key = told_from(state)
        tops_from[i] = tops
        # (a plan's keys of a section are alike: the same length, the configuration or state
        # first, so that those of another match differ at once)
        if all(map(is_, key, written_from[i])):
            continue
        parts.rewrite(at, size)
        write(parts, view, me)
        written_from[i] = key
    return parts.vector()


TOPS = ("config", "core", "economy", "magic", "finance")
"""The state's parts that the parts a section is told from hang from (`TOLD_FROM`' paths
start with one of them)."""
_tops = attrgetter(*TOPS)


def _same_tops(
    read: tuple[int, ...] | None, now: tuple[object, ...], then: tuple[object, ...]
) -> bool:
    """Whether the state's parts a section reads from (`read`, indices in `TOPS`; None: the
    whole state) are the very same objects now as when it was last seen: then so is every part
    hanging from them (states are immutable), and its key need not be made."""
    if read is None or len(then) != len(now):
        return False
    return all(now[top] is then[top] for top in read)


Section = Callable[[Writer, Mapping[str, Any], "int | None"], None]
StateSection = Callable[[Writer, MerlinState, "int | None"], None]
MODULES = ("magic", "finance")
"""The modules that may be off, each a section of the view where it is on."""
_SECTIONS: tuple[tuple[str | None, Section], ...] = (
    (None, economy.game),
    (None, economy.counters),
    (None, economy.players),
    (None, economy.cards),
    (None, economy.stacks),
    ("magic", magic.labs),
    ("magic", magic.golems),
    (None, economy.market),
    ("magic", magic.magic_hand),
    ("magic", magic.magic_table),
    ("finance", finance.futures),
    ("finance", finance.quotes),
    ("finance", finance.tables),
    ("finance", finance.finance),
    (None, economy.offers),
)
"""Writing Merlin's observation: its parts in order, each with the module it needs (None: the
economy, always on); a module's parts are skipped where it is off."""
_SIZES: dict[Section, int] = {
    economy.game: len(GAME),
    economy.counters: len(COUNTERS),
    economy.players: 6 * len(PLAYER),
    economy.cards: len(CARDS) * len(CARD),
    economy.stacks: len(STACK_BASES) * len(STACK),
    magic.labs: len(LABS) * len(LAB),
    magic.golems: len(GOLEMS) * len(GOLEM),
    economy.market: len(COMMODITY_SLOTS) * len(MARKET),
    magic.magic_hand: len(MAGIC_HAND),
    magic.magic_table: len(MAGIC_TABLE),
    finance.futures: len(COMMODITY_SLOTS) * len(FUTURES),
    finance.quotes: len(TABLE_SLOTS) * len(QUOTE),
    finance.tables: len(ITEMS) * (len(TABLE) + len(WANTED)),
    finance.finance: len(FINANCE),
    economy.offers: len(ECONOMY_OFFERS),
}
"""How many numbers each section writes (what a module that is off skips)."""
TOLD_FROM: dict[Section, tuple[str, ...]] = {
    economy.game: (),  # (the step and the actors: the rules' reading of the whole state)
    economy.counters: economy.COUNTERS_FROM,
    economy.players: economy.PLAYERS_FROM,
    economy.cards: economy.CARDS_FROM,
    economy.stacks: economy.STACKS_FROM,
    magic.labs: magic.LABS_FROM,
    magic.golems: magic.GOLEMS_FROM,
    economy.market: economy.MARKET_FROM,
    magic.magic_hand: magic.MAGIC_HAND_FROM,
    magic.magic_table: magic.MAGIC_TABLE_FROM,
    finance.futures: finance.FUTURES_FROM,
    finance.quotes: finance.QUOTES_FROM,
    finance.tables: finance.TABLES_FROM,
    finance.finance: finance.FINANCE_FROM,
    economy.offers: economy.OFFERS_FROM,
}
"""Per section, the parts of the state (by their attributes' paths; none: the state itself)
that all it writes is told from: the very same objects (states are immutable) write the same
numbers for the same seat. A module's parts count where it is on. Each but the game's starts
with the match's configuration, which tells the commodities, the cards and the figures."""
OF_STATE: dict[Section, StateSection] = {
    economy.game: economy.game_of_state,
    economy.players: economy.players_of_state,
    economy.market: economy.market_of_state,
    magic.magic_table: magic.magic_table_of_state,
    finance.futures: finance.futures_of_state,
    finance.tables: finance.tables_of_state,
}
"""Sections that a kept observation writes from the state itself, as the view tells it: their
view entries cost more than the numbers (and most are read by nothing else)."""


class Kept(NamedTuple):
    """A section of a kept observation: its writer, what it is told from, where it starts and
    its size."""

    write: Section
    told_from: Callable[[MerlinState], tuple[object, ...]]
    at: int
    size: int
    tops: tuple[int, ...] | None  # the indices in `TOPS` of the parts it is told from


def _plan(modules: tuple[str, ...]) -> tuple[Kept, ...]:
    """The sections of the modules that are on (the others' parts stay 0), in order."""
    plan, at = [], 0
    for module, write in _SECTIONS:
        if module is None or module in modules:
            paths = [path for path in TOLD_FROM[write] if _counts(path, modules)]
            of_state = OF_STATE.get(write)
            kept_write = write if of_state is None else _from_state(of_state)
            plan.append(Kept(kept_write, _getter(paths), at, _SIZES[write], _tops_of(paths)))
        at += _SIZES[write]
    return tuple(plan)


def _tops_of(paths: list[str]) -> tuple[int, ...] | None:
    """Which of `TOPS` the parts at `paths` hang from (None for none: the state itself)."""
    if not paths:
        return None
    return tuple(sorted({TOPS.index(path.split(".")[0]) for path in paths}))


def _counts(path: str, modules: tuple[str, ...]) -> bool:
    """Whether a part of the state counts: the economy's always, a module's where it is on."""
    module = path.split(".")[0]
    return module not in MODULES or module in modules


def _getter(paths: list[str]) -> Callable[[MerlinState], tuple[object, ...]]:
    """The parts of a state at `paths`, as a tuple (the state itself where there are none)."""
    if not paths:
        return lambda state: (state,)
    return attrgetter(*paths) if len(paths) > 1 else lambda state: (attrgetter(paths[0])(state),)


def _from_state(write: StateSection) -> Section:
    """The section `write` writes from the state of a view made from one (a `Sections`)."""

    def written(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
        assert type(view) is Sections, "a view made from a state"
        write(parts, view.state, me)

    written.__name__ = write.__name__
    return written


_PLANS: dict[tuple[str, ...], tuple[Kept, ...]] = {}
"""The plan of each set of modules on."""


def plan_of(modules: tuple[str, ...]) -> tuple[Kept, ...]:
    """The plan of a match with `modules` on (made on first use)."""
    plan = _PLANS.get(modules)
    if plan is None:
        plan = _PLANS[modules] = _plan(modules)
    return plan
