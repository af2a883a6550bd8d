"""What every action pays outside its own rule, as seeded games make it: the state's parts and the
action's log written by `records`' copies without a dict of changes, ballots made field by field,
the events told by `rulebook`, the recent events and the turn's log `apply` keeps, and the step a
state awaits remembered for the last state asked, each as the long way round makes it."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tradingfloor.core.game import Event
from tradingfloor.games.merlin import rulebook, rules
from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.magic import votes
from tradingfloor.games.merlin.magic.actions import Vote
from tradingfloor.games.merlin.magic.state import Ballot
from tradingfloor.games.merlin.records import (
    logged,
    with_ballot,
    with_parts,
    with_sealed,
)
from tradingfloor.games.merlin.rulebook import Told, table_for
from tradingfloor.games.merlin.state import RECENT, Core, EventRun, MerlinState, event_run

from .helpers import ALL_MODULES, GAME, MODULE_SETS, seeded_states


def _moves(seed: int, limit: int = 1500) -> Iterator[tuple[MerlinState, MerlinState]]:
    """(before, after) of each move of a seeded random game with every module on."""
    states = itertools.islice(seeded_states(seed), limit)
    yield from itertools.pairwise(states)


def _parts(state: MerlinState, number: int) -> dict[str, Any]:
    """The parts of `state`, each made the long way with a number no other state holds (the
    states that the copies under test made may all share a part that they failed to write)."""
    core, economy, magic, finance = state.core, state.economy, state.magic, state.finance
    return {
        "core": dataclasses.replace(core, turn_no=core.turn_no + 1000 * number),
        "economy": dataclasses.replace(economy, next_order=economy.next_order + 1000 * number),
        "magic": dataclasses.replace(magic, golems_played=magic.golems_played + 1000 * number),
        "finance": dataclasses.replace(finance, next_id=finance.next_id + 1000 * number),
    }


def _told(state: MerlinState, number: int) -> dict[str, Any]:
    """What `state` told, each part distinct from the others and from any state's."""
    extra = Told("test", {"number": number})
    return {
        "events": (*state.events, extra),
        "turn_log": (*state.turn_log, extra, extra),
        "recent": event_run((extra, *state.recent.whole()[::-1]), RECENT),
        "event_count": state.event_count + 1000 * number,
    }


def _ballot_fields(ballot: Ballot, number: int) -> list[Any]:
    """The fields of `ballot`, each changed to a value no other field holds."""
    return [
        f"{ballot.kind}#{number}",
        ballot.caller + 10 * number,
        ballot.voters[::-1],
        (*ballot.sealed, f"sealed#{number}"),
        (*ballot.choices, f"choice#{number}"),
        f"card#{number}",
    ]


@pytest.mark.parametrize("seed", [3, 8])
def test_parts_and_log_written_as_dataclasses_replace_writes_them(seed: int) -> None:
    ballots = 0
    for number, (before, after) in enumerate(_moves(seed), 1):
        parts = _parts(after, number)
        made = with_parts(before, **parts)
        long_way = dataclasses.replace(before, **parts)
        assert made == long_way and repr(made) == repr(long_way) and made is not before
        assert all(getattr(made, name) is part for name, part in parts.items())
        told = _told(after, number)
        made = logged(before, **told)
        long_way = dataclasses.replace(before, **told)
        assert made == long_way and repr(made) == repr(long_way)
        ballot = after.magic.ballot
        if ballot is not None:
            fields = _ballot_fields(ballot, number)
            made_ballot = Ballot(*fields)
            sealed = made_ballot.sealed[::-1]
            assert with_sealed(ballot, sealed) == dataclasses.replace(ballot, sealed=sealed)
            magic = parts["magic"]
            made_magic = with_ballot(magic, made_ballot)
            assert made_magic == dataclasses.replace(magic, ballot=made_ballot)
            assert made_magic.ballot is made_ballot and with_ballot(magic, None).ballot is None
            ballots += 1
    assert ballots > 50


def _recent_long_way(recent: tuple[Event, ...], events: tuple[Event, ...]) -> tuple[Event, ...]:
    return (recent + events)[-RECENT:]


def _turn_log_long_way(log: tuple[Event, ...], events: tuple[Event, ...]) -> tuple[Event, ...]:
    starts = [i for i, e in enumerate(events) if e.kind == "turn_start"]
    return events[starts[-1] :] if starts else log + events


def _assert_reads_as(run: EventRun, events: tuple[Event, ...]) -> None:
    """`run` reads as the tuple `events` does, whichever way it is read."""
    assert run.whole() == events and tuple(run) == events and len(run) == len(events)
    assert run == events and events == run and run == event_run(events, run.keep)
    assert repr(run) == repr(events) and bool(run) == bool(events)
    assert [run[at] for at in range(-len(events), len(events))] == [*events, *events]
    assert run[1:-1] == events[1:-1] and run[::-1] == events[::-1]
    assert run.size < 2 * RECENT  # the chain lets go of the links past its latest events


@pytest.mark.parametrize("seed", [3, 8])
def test_recent_events_and_the_turns_log_kept_as_the_long_way_keeps_them(seed: int) -> None:
    turns = 0
    for before, after in _moves(seed):
        _assert_reads_as(after.recent, _recent_long_way(before.recent.whole(), after.events))
        assert after.turn_log == _turn_log_long_way(before.turn_log, after.events)
        assert after.event_count == before.event_count + len(after.events)
        turns += any(e.kind == "turn_start" for e in after.events)
    assert turns > 20


def test_recent_events_at_every_length_around_the_limit() -> None:
    """Runs of moves' events of every length about RECENT: each reads as the last RECENT."""
    pool = tuple(Told(f"e{n}", {"n": n}) for n in range(6 * RECENT))
    rng = random.Random(5)
    for most in (1, 3, RECENT // 2, RECENT + 2, 2 * RECENT + 1):
        run, told = event_run((), RECENT), 0
        while told < 5 * RECENT:
            events = pool[told : told + rng.randint(0, most)]
            before = run.whole() if rng.random() < 0.5 else None  # (reckoned, or not yet)
            run = run.then(events)
            told += len(events)
            _assert_reads_as(run, pool[max(0, told - RECENT) : told])
            if before is not None and not events:
                assert run.whole() is before
    for kept in range(2 * RECENT + 2):
        _assert_reads_as(event_run(pool[:kept], RECENT), pool[max(0, kept - RECENT) : kept])


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
            data = {**event.data, "test": len(kinds)}
            told, hidden = (
                rulebook.event(event.kind, **data),
                rulebook.private(event.kind, [1, 3], **data),
            )
            assert told == Told(event.kind, data) and vars(told) == vars(Told(event.kind, data))
            seen_by = frozenset({1, 3})
            assert hidden == Told(event.kind, data, seen_by)
            assert vars(hidden) == vars(Told(event.kind, data, seen_by))
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


SEALS = {"magic_vote": "vote", "propose": "regulation proposal"}


@pytest.mark.parametrize("seed", [3, 11])
def test_a_seal_tells_who_sealed_what_kind_as_an_event_made_afresh(seed: int) -> None:
    """Seals tell shared events: each says the seat that sealed and what, as one made now."""
    rng = random.Random(seed)
    state, seals = GAME.new(ALL_MODULES, seed), 0
    for _ in range(3000):
        actors = GAME.actors(state)
        if not actors:
            break
        seat = actors[-1]
        action = GAME.legal(state, seat).sample(rng)
        ballot = state.magic.ballot
        state = GAME.apply(state, seat, action)
        what = SEALS.get(action.type)  # type: ignore[attr-defined]
        if what is None:  # (a turn-order bid's seal is told by turn_order.py)
            continue
        sealed = [e for e in state.events if e.kind == "sealed"]
        assert len(sealed) == 1
        _assert_open_while_awaited(ballot, seat, state.magic.ballot)
        for told in sealed:
            afresh = Told("sealed", {"seat": seat, "what": what})
            assert told == afresh and repr(told) == repr(afresh) and told.text == afresh.text
            seals += 1
    assert seals > 100


def _assert_open_while_awaited(ballot: Ballot, seat: int, after: Ballot | None) -> None:
    """After `seat` seals on `ballot`: it is open, with that seal, while a voter has not sealed;
    else it resolved (closed, or the next ballot of a decree opened, nobody sealed)."""
    sealed = put(ballot.sealed, seat, "?")
    if any(sealed[voter] is None for voter in ballot.voters):
        assert after is not None and after.kind == ballot.kind and after.voters == ballot.voters
        assert [s is None for s in after.sealed] == [s is None for s in sealed]
    else:
        assert after is None or all(s is None for s in after.sealed)


def test_put_writes_one_place_as_slices_joined_write_it() -> None:
    values = tuple(range(5))
    for index in range(-7, 8):
        long_way = (*values[:index], "x", *values[index + 1 :])
        assert put(values, index, "x") == long_way


def _from_roller_long_way(core: Core) -> list[int]:
    n = len(core.order)
    if not n:
        return core.in_game()
    start = core.turn % n
    return [s for s in (*core.order[start:], *core.order[:start]) if not core.out[s]]


@pytest.mark.parametrize("seed", [3, 8])
def test_players_from_the_roller_as_the_order_turned_round(seed: int) -> None:
    outs = 0
    for before, _ in _moves(seed):
        core = before.core
        assert core.from_roller() == _from_roller_long_way(core)
        for turn in range(len(core.order) + 2):  # every roller, and past the order's end
            turned = dataclasses.replace(core, turn=turn)
            assert turned.from_roller() == _from_roller_long_way(turned)
        outs += any(core.out)
    assert outs > 0
    assert dataclasses.replace(core, order=()).from_roller() == core.in_game()


@pytest.mark.parametrize("seed", [3])
def test_the_votes_offered_are_votes_for_each_choice(seed: int) -> None:
    offered = 0
    for state, _ in _moves(seed):
        ballot = state.magic.ballot
        if ballot is None or ballot.kind == "propose":
            continue
        rule = table_for(state).actions["ballot"]["magic_vote"]
        for seat in GAME.actors(state):
            menu = rule.choices(state, seat)
            assert menu == [Vote(choice=c) for c in votes.vote_choices(state, ballot)]
            assert all(a is b for a, b in zip(menu, rule.choices(state, seat), strict=True))
            offered += 1
    assert offered > 50


def test_each_match_gets_its_own_modules_table_asked_in_turn() -> None:
    """Matches of different modules asked in turn: each its own table, built once, as merged."""
    states = [GAME.new(options, 1) for options in MODULE_SETS if options is not None]
    states.append(GAME.new({"players": 4}, 1))
    first = [table_for(state) for state in states]
    for _ in range(3):
        for state, table in zip(states, first, strict=True):
            assert table_for(state) is table
            modules = state.config.modules
            assert ("ballot" in table.actions) == ("magic" in modules)
            assert ("finance_offer" in table.actions) == ("finance" in modules)
            assert len(table.pending) == ("magic" in modules) + 2 * ("finance" in modules)
