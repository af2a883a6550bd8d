"""`replace`: a frozen record with some fields changed, as `dataclasses.replace` makes it, faster.

Every move rebuilds the state's records (the table, the economy, the magic and finance parts) a
few times, and `dataclasses.replace` looks each field up afresh on every call. For a frozen
dataclass whose fields are all set by its `__init__`, and which has no `__post_init__`, a copy of
its fields with the changes written over them is the same record:

- a record compiled by mypyc (`make compiled`: the records of the state modules) keeps its fields
  in the object itself: the records every move rebuilds are copied field by field by `clones`,
  which takes the changes by their names and builds the copy with the record's constructor;
- a record without slots, run as Python, keeps its fields in its `__dict__`: the copy is one dict;
- a record with slots, or a compiled record that `clones` does not copy (few moves rebuild them:
  futures, votes, debts), has its fields read at once, by a reader worked out once per class,
  and is built anew from them with the changes.

Other classes go to `dataclasses.replace`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cached_property
from operator import attrgetter
from types import GetSetDescriptorType, MemberDescriptorType
from typing import Any, NamedTuple, TypeVar

from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin.clones import COMPILED, replaced
from tradingfloor.games.merlin.magic.state import Ballot, Magic, Reading
from tradingfloor.games.merlin.state import Core, Counters, Economy, EventRun, Ledger, MerlinState

T = TypeVar("T")


class _Slots(NamedTuple):
    """How to copy a record with slots: read every field at once, then build the record anew."""

    read: Callable[[Any], tuple[Any, ...]]
    index_of: dict[str, int]  # each field's place in its `__init__`


_Copier = _Slots | frozenset[str]  # a record with slots, or the field names kept in a __dict__
_COPIERS: dict[type, _Copier | None] = {}
_DICT_FIELDS: dict[type, frozenset[str]] = {}  # the records copied by their __dict__
_new = object.__new__
_set = object.__setattr__  # a frozen record refuses its own __setattr__


def replace(record: T, /, **changes: Any) -> T:
    """`record` with `changes` (field name: new value), as `dataclasses.replace(record, ...)`."""
    return replace_fields(record, changes)


def replace_fields(record: T, changes: dict[str, Any]) -> T:
    """`replace(record, **changes)` for changes held in a dict, which it leaves unchanged.
    (Compiled, a call that spreads a dict with `**` is a generic call of its target: a few
    hundred instructions more than this native one.)"""
    cls = type(record)
    if COMPILED:
        new: T | None = replaced(record, changes)
        if new is not None:
            return new
    names = _DICT_FIELDS.get(cls)
    # (issuperset reads the changes' few keys; `keys() <= names` makes a view and compares)
    if names is not None and names.issuperset(changes):
        new = _new(cls)
        fields = record.__dict__.copy()
        fields.update(changes)
        _set(new, "__dict__", fields)
        return new
    return _replace_other(record, changes)


def with_parts(
    state: MerlinState, core: Core, economy: Economy, magic: Any, finance: Any
) -> MerlinState:
    """`replace(state, core=core, economy=economy, magic=magic, finance=finance)`, built by the
    state's constructor without a dict of changes (compiled, a native call: frozen.py)."""
    return MerlinState(
        state.config,
        state.rng,
        core,
        economy,
        magic,
        finance,
        state.events,
        state.turn_log,
        state.recent,
        state.event_count,
    )


def logged(
    state: MerlinState,
    events: tuple[Any, ...],
    turn_log: tuple[Any, ...],
    recent: EventRun,
    event_count: int,
) -> MerlinState:
    """`replace(state, events=events, turn_log=turn_log, recent=recent, event_count=...)`."""
    return MerlinState(
        state.config,
        state.rng,
        state.core,
        state.economy,
        state.magic,
        state.finance,
        events,
        turn_log,
        recent,
        event_count,
    )


def core_with(
    old: Core,
    *,
    turn: int | None = None,
    turn_no: int | None = None,
    orbit: int | None = None,
    gold: tuple[int, ...] | None = None,
    counters: Counters | None = None,
    ledger: Ledger | None = None,
    dice: tuple[int, int] | None = None,
) -> Core:
    """`replace(old, ...)` of the fields given (None: kept, so it sets no field to None): compiled,
    the constructor called natively, with no dict of changes looked up by name; as Python,
    `replace_fields` (a constructor there writes each field through frozen.py's checked
    `__setattr__`, where the record's `__dict__` is copied at once)."""
    if not COMPILED:
        given = {"turn": turn, "turn_no": turn_no, "orbit": orbit, "gold": gold}
        return _given(old, given | {"counters": counters, "ledger": ledger, "dice": dice})
    return Core(
        phase=old.phase,
        order=old.order,
        turn=old.turn if turn is None else turn,
        turn_no=old.turn_no if turn_no is None else turn_no,
        orbit=old.orbit if orbit is None else orbit,
        gold=old.gold if gold is None else gold,
        out=old.out,
        debt=old.debt,
        bankrupt_since=old.bankrupt_since,
        counters=old.counters if counters is None else counters,
        ledger=old.ledger if ledger is None else ledger,
        dice=old.dice if dice is None else dice,
        auction=old.auction,
        vote=old.vote,
        ended=old.ended,
    )


def state_with(
    old: MerlinState, *, rng: Rng | None = None, core: Core | None = None, magic: Any = None
) -> MerlinState:
    """`replace(old, ...)` of the fields given (None: kept), built as `core_with` builds a core."""
    if not COMPILED:
        return _given(old, {"rng": rng, "core": core, "magic": magic})
    return MerlinState(
        config=old.config,
        rng=old.rng if rng is None else rng,
        core=old.core if core is None else core,
        economy=old.economy,
        magic=old.magic if magic is None else magic,
        finance=old.finance,
        events=old.events,
        turn_log=old.turn_log,
        recent=old.recent,
        event_count=old.event_count,
    )


def magic_with(
    magic: Magic,
    *,
    reading_deck: tuple[str, ...] | None = None,
    field: tuple[Reading, ...] | None = None,
    card_counts: tuple[tuple[str, int], ...] | None = None,
    reclaim: bool | None = None,
    played: tuple[str, ...] | None = None,
) -> Magic:
    """`replace(magic, ...)` for the fields a turn's start changes (None: kept), as `core_with`
    builds a core (a dict of changes would be looked up by name among 32 fields)."""
    if not COMPILED:
        given = {"reading_deck": reading_deck, "field": field, "card_counts": card_counts}
        return _given(magic, given | {"reclaim": reclaim, "played": played})
    return Magic(
        spell_deck=magic.spell_deck,
        recipe_deck=magic.recipe_deck,
        reading_deck=magic.reading_deck if reading_deck is None else reading_deck,
        spells=magic.spells,
        recipes=magic.recipes,
        potions=magic.potions,
        labs=magic.labs,
        set_potions=magic.set_potions,
        golems=magic.golems,
        damage=magic.damage,
        field=magic.field if field is None else field,
        effects=magic.effects,
        crowns=magic.crowns,
        crown_year=magic.crown_year,
        regulations=magic.regulations,
        maintenance=magic.maintenance,
        bank_debt=magic.bank_debt,
        ballot=magic.ballot,
        proposals=magic.proposals,
        reclaim=magic.reclaim if reclaim is None else reclaim,
        played=magic.played if played is None else played,
        targeted=magic.targeted,
        allies=magic.allies,
        open_shops=magic.open_shops,
        jokers_in=magic.jokers_in,
        volatility=magic.volatility,
        golems_played=magic.golems_played,
        card_counts=magic.card_counts if card_counts is None else card_counts,
        bought_since=magic.bought_since,
        ruined=magic.ruined,
        removed=magic.removed,
        research_paid=magic.research_paid,
    )


def _given(record: T, given: dict[str, Any]) -> T:
    """`record` with the fields given a value (not None), by `replace_fields`: how the typed
    copies above build a record as Python, where a constructor writes each field through
    frozen.py's checked `__setattr__` and `replace_fields` copies the `__dict__` at once."""
    return replace_fields(
        record, {name: value for name, value in given.items() if value is not None}
    )


def with_sealed(ballot: Ballot, sealed: tuple[str | None, ...]) -> Ballot:
    """`replace(ballot, sealed=sealed)`."""
    return Ballot(ballot.kind, ballot.caller, ballot.voters, sealed, ballot.choices, ballot.card)


def with_ballot(magic: Magic, ballot: Ballot | None) -> Magic:
    """`replace(magic, ballot=ballot)`."""
    return Magic(
        magic.spell_deck,
        magic.recipe_deck,
        magic.reading_deck,
        magic.spells,
        magic.recipes,
        magic.potions,
        magic.labs,
        magic.set_potions,
        magic.golems,
        magic.damage,
        magic.field,
        magic.effects,
        magic.crowns,
        magic.crown_year,
        magic.regulations,
        magic.maintenance,
        magic.bank_debt,
        ballot,
        magic.proposals,
        magic.reclaim,
        magic.played,
        magic.targeted,
        magic.allies,
        magic.open_shops,
        magic.jokers_in,
        magic.volatility,
        magic.golems_played,
        magic.card_counts,
        magic.bought_since,
        magic.ruined,
        magic.removed,
        magic.research_paid,
    )


def _replace_other(record: T, changes: dict[str, Any]) -> T:
    """`replace` for a record with slots, a record seen for the first time, a field it lacks."""
    cls = type(record)
    copier = _COPIERS[cls] if cls in _COPIERS else _copier_for(cls)
    if copier is None:
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    if isinstance(copier, frozenset):
        if not copier.issuperset(changes):
            raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - copier)}")
        return replace_fields(record, changes)
    values = list(copier.read(record))
    for name, value in changes.items():
        index = copier.index_of.get(name)
        if index is None:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        values[index] = value
    return cls(*values)  # (its `__init__` takes every field, in order: see _copier_for)


def holds(record: object, changes: dict[str, Any]) -> bool:
    """Whether `record` holds every value of `changes` already (then it need not be rebuilt)."""
    # (a dict, not any mapping: compiled, a dict's items are read without an iterator object)
    for name, value in changes.items():
        held = getattr(record, name)
        if held is not value and (type(held) is not type(value) or held != value):
            return False
    return True


def _copier_for(cls: type) -> _Copier | None:
    """How to copy a frozen dataclass whose `__init__` sets every field (None: another class)."""
    # Only a class made by @dataclass itself: a subclass may add to what its __init__ does.
    params = cls.__dict__.get("__dataclass_params__")
    fields = dataclasses.fields(cls) if params is not None else ()
    plain = all(f.init for f in fields) and not hasattr(cls, "__post_init__")
    copier: _Copier | None = None
    if params is not None and params.frozen and plain and fields:
        slots: list[Any] = [getattr(cls, f.name, None) for f in fields]
        # a slot, or a compiled record's field (mypyc's native class: its own getter and setter)
        if all(isinstance(s, (MemberDescriptorType, GetSetDescriptorType)) for s in slots):
            copier = _slots_copier(fields)
        elif cls.__dictoffset__ and not any(
            isinstance(v, cached_property) for c in cls.__mro__ for v in vars(c).values()
        ):
            copier = frozenset(f.name for f in fields)  # only the fields live in its __dict__
            _DICT_FIELDS[cls] = copier
    _COPIERS[cls] = copier
    return copier


def _slots_copier(fields: tuple[dataclasses.Field[Any], ...]) -> _Slots:
    names = [f.name for f in fields]
    read = attrgetter(*names) if len(names) > 1 else _one(attrgetter(names[0]))
    return _Slots(read, {name: index for index, name in enumerate(names)})


def _one(get: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    """A reader of a single field that gives a tuple, as attrgetter does for several."""
    return lambda record: (get(record),)
