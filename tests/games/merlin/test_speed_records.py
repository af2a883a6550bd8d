"""The state's records as seeded games rebuild them: `records.replace` (a field-by-field copy of
`clones` where the records are compiled, their `__dict__` copied where they run as Python) makes
what `dataclasses.replace` makes, and states pickle and copy by their fields."""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import itertools
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import tradingfloor
from tradingfloor.games.merlin import content
from tradingfloor.games.merlin import state as core_state
from tradingfloor.games.merlin.clones import COPIES
from tradingfloor.games.merlin.finance import state as finance_state
from tradingfloor.games.merlin.magic import state as magic_state
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.state import MerlinState

ALL = ["economy", "magic", "finance"]


def _states(seed: int, limit: int = 400) -> Iterator[MerlinState]:
    """The states of a seeded random game with every module, in order."""
    game = tradingfloor.make("merlin")
    state = game.new({"players": 4 + seed % 3, "modules": ALL}, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        assert isinstance(state, MerlinState)
        yield state
        actors = game.actors(state)
        if not actors:
            return
        state = game.apply(state, actors[0], game.legal(state, actors[0]).sample(rng))


def _records(state: MerlinState) -> Iterator[Any]:
    """The records of `state` that moves rebuild (those `clones` copies, compiled)."""
    core, economy = state.core, state.economy
    yield from (state, core, core.counters, core.ledger, economy, *economy.books)
    yield from (order for book in economy.books for order in (*book.bids, *book.asks))
    if state.magic is not None:
        yield state.magic
        if state.magic.ballot is not None:
            yield state.magic.ballot
    if state.finance is not None:
        yield state.finance
        if state.finance.offer is not None:
            yield state.finance.offer


def _pairs(before: MerlinState, after: MerlinState) -> Iterator[tuple[Any, Any]]:
    """The records of two states paired kind by kind, in order (a book's orders come and go); a
    record the next state lacks (an offer lasts one move) is paired with itself."""
    kinds: dict[type, list[Any]] = {}
    for record in _records(after):
        kinds.setdefault(type(record), []).append(record)
    taken: dict[type, int] = {}
    for record in _records(before):
        kind, at = type(record), taken.get(type(record), 0)
        taken[kind] = at + 1
        following = kinds.get(kind, [])
        yield record, following[at] if at < len(following) else record


def _fields(record: Any) -> list[str]:
    return [field.name for field in dataclasses.fields(record)]


def _distinct(record: Any) -> Any:
    """`record` made the long way with every int, bool and str field changed to a value no other
    field holds, and tuples reversed (a copy that mixes two fields up shows)."""
    changes: dict[str, Any] = {}
    for number, name in enumerate(_fields(record)):
        value = getattr(record, name)
        if type(value) is bool:
            changes[name] = not value
        elif type(value) is int:
            changes[name] = value + 1000 * (number + 1)
        elif type(value) is str:
            changes[name] = f"{value}#{number}"
        elif type(value) is tuple:
            changes[name] = value[::-1]  # the same length: some fields are pairs
    return dataclasses.replace(record, **changes)


@pytest.mark.parametrize("seed", [0, 5])
def test_each_field_replaced_as_dataclasses_replaces_it(seed: int) -> None:
    """Every field of every rebuilt record, changed to the value the next state holds."""
    states = list(_states(seed))
    changed_values = 0  # changes to a value the field did not hold
    for before, after in itertools.pairwise(states):
        for made_by_game, new in _pairs(before, after):
            old = _distinct(made_by_game)
            assert replace(old) == old and replace(old) is not old
            for name in _fields(old):
                changed = {name: getattr(new, name)}
                changed_values += changed[name] != getattr(old, name)
                made = replace(old, **changed)
                assert type(made) is type(old)
                assert made == dataclasses.replace(old, **changed)
                kept = [n for n in _fields(old) if n != name]
                assert [getattr(made, n) for n in kept] == [getattr(old, n) for n in kept]
            changes = {name: getattr(new, name) for name in _fields(old)[::2]}
            assert replace(old, **changes) == dataclasses.replace(old, **changes)
    assert len(states) == 400 and changed_values > 1000


def test_every_rebuilt_record_has_its_copy() -> None:
    kinds = {type(record) for state in _states(1, 150) for record in _records(state)}
    assert kinds <= set(COPIES)
    assert len(COPIES) == 11


def test_every_rebuilt_record_refuses_a_field_it_lacks() -> None:
    """An unknown name is refused by each record kind's copy, alone or after known changes."""
    refused: set[type] = set()
    for state in _states(1, 150):
        for record in _records(state):
            if type(record) in refused:
                continue
            first = _fields(record)[0]
            for changes in ({"no_such_field": 1}, {first: getattr(record, first), "turnno": 1}):
                with pytest.raises(TypeError, match=f"{type(record).__name__} has no field"):
                    replace(record, **changes)
            refused.add(type(record))
    assert refused == set(COPIES)


@pytest.mark.parametrize("seed", [2])
def test_states_pickle_and_copy_by_their_fields(seed: int) -> None:
    for number, state in enumerate(_states(seed)):
        if number % 5:
            continue
        loaded = pickle.loads(pickle.dumps(state))
        assert loaded == state and repr(loaded) == repr(state)
        assert copy.deepcopy(state) == state
        assert copy.copy(state.core) == state.core


def test_every_record_class_is_pickled_by_its_fields() -> None:
    for module in (core_state, magic_state, finance_state, content):
        for value in vars(module).values():
            # (a class: the finance part also keeps an empty bundle, an instance)
            record_class = isinstance(value, type) and dataclasses.is_dataclass(value)
            if record_class and value.__module__ == module.__name__:
                assert copyreg.dispatch_table.get(value) is not None, value
