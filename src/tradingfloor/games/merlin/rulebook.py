"""The dispatch table: each module contributes its actions (by step of play) and its hooks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import prod
from typing import Any, Final, Generic, TypeVar

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.game import Event
from tradingfloor.core.native import mypyc_attr
from tradingfloor.games.merlin.sections import Parts
from tradingfloor.games.merlin.state import MerlinState

Log = list[Event]
Hook = Callable[[MerlinState, Log], MerlinState]
Why = Callable[[MerlinState, int, Any], "str | None"]
Choices = Callable[[MerlinState, int], list[Action]]
Apply = Callable[[MerlinState, int, Any, Log], MerlinState]
Pick = Callable[[MerlinState, int, random.Random], "Action | None"]
Fields = dict[str, "range | list[Any]"]
Ranges = Callable[[MerlinState, int], Fields]
Size = Callable[[MerlinState, int], int]


@dataclass(frozen=True, slots=True)
class Payout:
    """What a permit yields on its number, before it is paid: `to` receives `gold`, or `amount`
    units of the commodity `commodity` (an index), from `owner`'s `card`; `why` is roll or ace."""

    owner: int
    card: str
    why: str
    to: int
    gold: int = 0
    commodity: int | None = None
    amount: int = 0


YieldFilter = Callable[[MerlinState, Payout, "Log"], tuple[MerlinState, Payout]]
SeatCount = Callable[[MerlinState, int], int]
SeatTest = Callable[[MerlinState, int], bool]
OnBought = Callable[[MerlinState, int, str, "Log"], "MerlinState | None"]
Pending = Callable[[MerlinState], "tuple[str, tuple[int, ...]] | None"]
SeatHook = Callable[[MerlinState, int, "Log"], MerlinState]
Resample = Callable[[MerlinState, int, random.Random], MerlinState]
TableGold = Callable[[MerlinState], int]


def span(values: range | list[Any]) -> int:
    """How many values a field has, without listing them (a range of any length)."""
    if isinstance(values, range):
        return max(0, -(-(values.stop - values.start) // values.step))
    return len(values)


def pick_in(rng: random.Random, runs: list[tuple[Any, int]]) -> tuple[Any, int] | None:
    """One of the actions of consecutive runs, uniformly, as (the run's key, 0-based offset in
    it), without listing them: the same draw as `menu[rng.randrange(len(menu))]` over the runs
    listed one after another, so a pick agrees with the listed menu's sample."""
    total = sum(max(length, 0) for _, length in runs)
    if total <= 0:
        return None
    index = below(total, rng)  # rng.randrange(total)'s draw (core/draws.py)
    for key, length in runs:
        if index < max(length, 0):
            return key, index
        index -= max(length, 0)
    raise AssertionError("unreachable: the index lies in one of the runs")


class Picker:
    """A rule's random pick as a compiled class's `__call__`. Compiled, `ActionRule.sample` calls
    it as a method, directly: a function held as an object is called through Python's convention,
    its arguments parsed and checked and the seat boxed (about 115 instructions a call, and random
    play asks about seven rules a move). Each subclass defines its own `__call__` (mypyc cannot
    inherit one across modules compiled apart)."""

    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        raise NotImplementedError


class Lister:
    """A rule's menu (`choices`) as a compiled class's `__call__`, called directly as `Picker`
    is (a sample of a rule without a pick draws from its menu)."""

    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        raise NotImplementedError


@dataclass(frozen=True)
class ActionRule:
    """One action type: why it is refused, every legal instance, a random one, its effect, and
    (for types with many instances) each field's values, so interfaces need not list them all.

    A type whose instances grow with an amount of gold has `ranges` (or `size`) and `pick`, so
    that counting, describing and sampling it never lists it: `choices` is called only where
    `count` is small."""

    type: str
    why: Why
    choices: Choices
    apply: Apply
    pick: Pick | None = None
    ranges: Ranges | None = None
    size: Size | None = None
    blocked: SeatTest | None = None
    """True when `why` refuses every action of this type now, whatever its fields (no Soul to
    animate any golem): a bot need not weigh them one by one."""

    def count(self, state: MerlinState, seat: int) -> int:
        """How many instances there are now, at most (the product of the fields' values where
        the type has ranges), without listing them."""
        if self.size is not None:
            return self.size(state, seat)
        if self.ranges is not None:
            fields = self.ranges(state, seat)
            if not fields:
                return 0
            return prod(span(values) for values in fields.values())
        return len(self.choices(state, seat))

    def fields(self, state: MerlinState, seat: int) -> Fields:
        """Each field's legal values: a range of numbers or a list of choices."""
        if self.ranges is not None:
            return self.ranges(state, seat)
        rows = [a.to_json() for a in self.choices(state, seat)]
        names = [n for n in rows[0] if n != "type"] if rows else []
        return {n: list(dict.fromkeys(r[n] for r in rows)) for n in names}

    def sample(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        """One legal action of this type, or None when there is none."""
        pick = self.pick
        if pick is not None:
            # (`__call__` named: compiled, a method call; called as an object, Python's call)
            if isinstance(pick, Picker):
                return pick.__call__(state, seat, rng)
            return pick(state, seat, rng)
        choices = self.choices
        if isinstance(choices, Lister):
            menu = choices.__call__(state, seat)
        else:
            menu = choices(state, seat)
        return menu[below(len(menu), rng)] if menu else None  # as rng.randrange draws


@dataclass(frozen=True)
class Module:
    """What a module adds: actions per step of play, and hooks run at fixed moments of a turn."""

    name: str
    actions: Mapping[str, tuple[ActionRule, ...]] = field(default_factory=dict)
    on_turn_start: tuple[Hook, ...] = ()  # before the roll
    on_roll: tuple[Hook, ...] = ()  # in the core loop's order, after the dice are thrown
    on_portion: tuple[Hook, ...] = ()  # each time the season wheel turns
    on_turn_end: tuple[Hook, ...] = ()
    after_action: tuple[Hook, ...] = ()  # after every action, with the action's events so far
    # MERLIN-MODULES.md §1, extension points: each a no-op when no module uses it.
    yield_filters: tuple[YieldFilter, ...] = ()  # production.yield_of, before paying
    tax_units: tuple[SeatCount, ...] = ()  # extra tax units (a specialized property: one more)
    tax_exempt: tuple[SeatTest, ...] = ()  # a player who skips this spring's taxes (a crown)
    on_bought: tuple[OnBought, ...] = ()  # a bought card played at once (a state) or kept (None)
    pending: tuple[Pending, ...] = ()  # a module's step under way: (step name, seats awaited)
    owes: tuple[SeatCount, ...] = ()  # debts besides unpaid tax (bankrupt while any is unpaid)
    pay_debts: tuple[SeatHook, ...] = ()  # pay_debt pays those too
    on_exit: tuple[SeatHook, ...] = ()  # a player leaves the game: the module's holdings go back
    view: tuple[tuple[str, Parts], ...] = ()  # a view section's entries, by its key
    redetermine: tuple[Resample, ...] = ()  # the module's secrets drawn afresh
    table_gold: tuple[TableGold, ...] = ()  # gold the module holds on the table


HOOKS = (
    "on_turn_start",
    "on_roll",
    "on_portion",
    "on_turn_end",
    "after_action",
    "yield_filters",
    "tax_units",
    "tax_exempt",
    "on_bought",
    "pending",
    "owes",
    "pay_debts",
    "on_exit",
    "view",
    "redetermine",
    "table_gold",
)


@dataclass(frozen=True)
class Table:
    """The modules of a match merged: step -> action rules by type, and the hooks in order."""

    actions: dict[str, dict[str, ActionRule]]  # (dicts: compiled, read without a method call)
    on_turn_start: tuple[Hook, ...]
    on_roll: tuple[Hook, ...]
    on_portion: tuple[Hook, ...]
    on_turn_end: tuple[Hook, ...]
    after_action: tuple[Hook, ...] = ()
    yield_filters: tuple[YieldFilter, ...] = ()
    tax_units: tuple[SeatCount, ...] = ()
    tax_exempt: tuple[SeatTest, ...] = ()
    on_bought: tuple[OnBought, ...] = ()
    pending: tuple[Pending, ...] = ()
    owes: tuple[SeatCount, ...] = ()
    pay_debts: tuple[SeatHook, ...] = ()
    on_exit: tuple[SeatHook, ...] = ()
    view: tuple[tuple[str, Parts], ...] = ()
    redetermine: tuple[Resample, ...] = ()
    table_gold: tuple[TableGold, ...] = ()


def merge(modules: list[Module]) -> Table:
    """One table from several modules, in the order given: a later module's action type replaces
    an earlier one's (magic wraps the economy's `place` and `invest`), hooks run in module order."""
    actions: dict[str, dict[str, ActionRule]] = {}
    for module in modules:
        for step, rules in module.actions.items():
            for rule in rules:
                actions.setdefault(step, {})[rule.type] = rule
    hooks = {name: tuple(h for m in modules for h in getattr(m, name)) for name in HOOKS}
    return Table(actions=actions, **hooks)


def extra_owed(state: MerlinState, seat: int) -> int:
    """What `seat` owes besides unpaid tax (the modules' `owes`)."""
    return sum(owes(state, seat) for owes in table_for(state).owes)


_TABLES: dict[tuple[str, ...], Table] = {}
_LAST_TABLE: Final[list[tuple[tuple[str, ...], Table]]] = [((), merge([]))]
"""The last match's modules and table, replaced whole (asked for several times a move, always
the same; held in a compiled list, read without looking a global up by name). It starts as no
module's table, the table of no modules."""


def table_for(state: MerlinState) -> Table:
    """The merged table of the match's modules (built once per set of modules)."""
    key = state.config.modules
    last = _LAST_TABLE[0]
    if last[0] is key:
        return last[1]
    table = _TABLES.get(key)
    if table is None:
        from tradingfloor.games.merlin.economy import MODULE as ECONOMY
        from tradingfloor.games.merlin.finance.module import MODULE as FINANCE
        from tradingfloor.games.merlin.magic.module import MODULE as MAGIC

        known = {"economy": ECONOMY, "magic": MAGIC, "finance": FINANCE}
        table = merge([known[name] for name in key if name in known])
        _TABLES[key] = table
    _LAST_TABLE[0] = (key, table)
    return table


T = TypeVar("T")


@mypyc_attr(native_class=False)  # a descriptor that writes the instance's __dict__
class _Kept(Generic[T]):
    """A property reckoned on first use and kept in the instance's __dict__, where later reads
    find it at once (functools.cached_property, without the lock it takes in Python 3.11: two
    threads telling one event at once reckon the same value twice)."""

    def __init__(self, reckon: Callable[[Any], T]) -> None:
        self.reckon = reckon
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        # the name it is kept under (a method that mypyc compiled has no __name__ to read)
        self.name = name

    def __get__(self, instance: Any, owner: Any = None) -> T:
        value = instance.__dict__[self.name] = self.reckon(instance)
        return value


@mypyc_attr(native_class=False)  # made by `_told`, its fields written into its __dict__
class Told(Event):
    """A Merlin event that knows its words (computed once, however many views show it)."""

    @_Kept
    def text(self) -> str:
        from tradingfloor.games.merlin.logbook import event_text

        return event_text(self.to_json())

    @_Kept
    def record(self) -> dict[str, Any]:
        """The event as views show it: its JSON with its words (shared by every view that shows
        it: read, never changed)."""
        return {**self.to_json(), "text": self.text}


def event(kind: str, **data: Any) -> Event:
    """A public event."""
    return _told(kind, data, None)


def private(kind: str, seats: Iterable[int], **data: Any) -> Event:
    """An event only `seats` see (a spell drawn into a hand, a sealed vote of one's own)."""
    return _told(kind, data, frozenset(seats))


_NEW: Final = object.__new__
"""`object.__new__`, held (compiled, `object.__new__(Told)` looks it up at every call)."""


def _told(kind: str, data: dict[str, Any], visible_to: frozenset[int] | None) -> Told:
    """`Told(kind, data, visible_to)`, its three fields written into its __dict__ (the frozen
    dataclass's __init__ sets each through object.__setattr__; moves make many events). The
    __dict__ a new instance makes when first read takes them in order: cheaper than a dict built
    apart and set through `object.__setattr__`."""
    told: Told = _NEW(Told)
    fields = told.__dict__
    fields["kind"] = kind
    fields["data"] = data
    fields["visible_to"] = visible_to
    return told
