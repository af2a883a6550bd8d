"""What every action pays outside its own rule, as seeded games make it: the state's parts and the
action's log written by `records`' copies without a dict of changes, ballots made field by field,
the events told by `rulebook`, the recent events and the turn's log `apply` keeps, and the step a
state awaits remembered for the last state asked, each as the long way round makes it."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator

import pytest

from tradingfloor.core.game import Event
from tradingfloor.games.merlin import rules
from tradingfloor.games.merlin.magic.state import Ballot
from tradingfloor.games.merlin.records import logged, make_ballot, with_parts
from tradingfloor.games.merlin.rulebook import Told
from tradingfloor.games.merlin.state import RECENT, MerlinState

from .helpers import ALL_MODULES, GAME, seeded_states


def _moves(seed: int, limit: int = 1500) -> Iterator[tuple[MerlinState, MerlinState]]:
    """(before, after) of each move of a seeded random game with every module on."""
    states = itertools.islice(seeded_states(seed), limit)
    yield from itertools.pairwise(states)


@pytest.mark.parametrize("seed", [3, 8])
def test_parts_and_log_written_as_dataclasses_replace_writes_them(seed: int) -> None:
    ballots = 0
    for before, after in _moves(seed):
        parts = {name: getattr(after, name) for name in ("core", "economy", "magic", "finance")}
        made = with_parts(before, **parts)
        assert made == dataclasses.replace(before, **parts) and made is not before
        assert repr(made) == repr(dataclasses.replace(before, **parts))
        told = {name: getattr(after, name) for name in ("events", "turn_log", "recent")}
        made = logged(before, told["events"], told["turn_log"], told["recent"], after.event_count)
        long_way = dataclasses.replace(before, **told, event_count=after.event_count)
        assert made == long_way and repr(made) == repr(long_way)
        ballot = after.magic.ballot
        if ballot is not None:
            fields = [getattr(ballot, f.name) for f in dataclasses.fields(Ballot)]
            assert make_ballot(*fields) == Ballot(*fields) == ballot
            assert repr(make_ballot(*fields)) == repr(Ballot(*fields))
            ballots += 1
    assert ballots > 50


def _recent_long_way(recent: tuple[Event, ...], events: tuple[Event, ...]) -> tuple[Event, ...]:
    return (recent + events)[-RECENT:]


def _turn_log_long_way(log: tuple[Event, ...], events: tuple[Event, ...]) -> tuple[Event, ...]:
    starts = [i for i, e in enumerate(events) if e.kind == "turn_start"]
    return events[starts[-1] :] if starts else log + events


@pytest.mark.parametrize("seed", [3, 8])
def test_recent_events_and_the_turns_log_kept_as_the_long_way_keeps_them(seed: int) -> None:
    turns = 0
    for before, after in _moves(seed):
        assert after.recent == _recent_long_way(before.recent, after.events)
        assert after.turn_log == _turn_log_long_way(before.turn_log, after.events)
        assert after.event_count == before.event_count + len(after.events)
        turns += any(e.kind == "turn_start" for e in after.events)
    assert turns > 20


def test_recent_events_at_every_length_around_the_limit() -> None:
    """Recent events and a move's events of every length about RECENT: the last RECENT of both."""
    pool = tuple(Told(f"e{n}", {"n": n}) for n in range(2 * RECENT + 5))
    for kept, told in itertools.product(range(RECENT + 1), range(0, 2 * RECENT + 3, 3)):
        recent, events = pool[:kept], pool[kept : kept + told]
        assert rules._recent(recent, events) == _recent_long_way(recent, events)


def _told_long_way(event: Event) -> Told:
    """The event made by the dataclass's own `__init__`."""
    return Told(event.kind, event.data, event.visible_to)


@pytest.mark.parametrize("seed", [3])
def test_events_told_as_the_dataclass_makes_them(seed: int) -> None:
    kinds = set()
    for _, after in _moves(seed):
        for event in after.events:
            made = _told_long_way(event)
            assert type(event) is Told
            assert event == made and repr(event) == repr(made)
            # (a view may have read the event already: its words are kept after its fields)
            assert list(vars(event).items())[:3] == list(vars(made).items())
            assert event.record == made.record
            kinds.add(event.kind)
    assert len(kinds) > 30


def _awaited_afresh(state: MerlinState) -> tuple[str | None, tuple[int, ...]]:
    rules._LAST_AWAITED[0] = (None, (None, ()))
    return rules._awaited(state)


@pytest.mark.parametrize("seed", [3])
def test_whose_move_is_remembered_only_for_the_last_state(seed: int) -> None:
    """States asked in turn, and again out of turn: each answer is the one reckoned afresh."""
    rng = random.Random(seed)
    states = [state for state, _ in _moves(seed, 800)]
    answers = [_awaited_afresh(state) for state in states]
    for _ in range(2000):
        at = rng.randrange(len(states))
        state = states[at]
        seats = GAME.actors(state)
        assert seats == answers[at][1]
        for seat in range(ALL_MODULES["players"]):  # type: ignore[call-overload]
            assert rules.step(state, seat) == (answers[at][0] if seat in seats else None)
