"""The shortcuts of a turn's start give what the long way round gives, at every step of seeded
games with every module on: the records a turn's start copies, built by their constructors (the
turn's core, the roll, the wheel's counters, the readings' part, the magic part's reset); the
card table's count; the R.O.W.'s payments in one rebuild; the futures that expire, or leave with
a player, in one rebuild of the field; the readings' figures read once per match; a leaving
player's credits sorted against spell ids made once."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

import tradingfloor
from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin import production, records, seasons, turns
from tradingfloor.games.merlin.finance import futures
from tradingfloor.games.merlin.finance.table import finance_of
from tradingfloor.games.merlin.ledger import earn, to_row
from tradingfloor.games.merlin.magic import exits, reading_effects, readings
from tradingfloor.games.merlin.magic.content import kind_of
from tradingfloor.games.merlin.magic.state import Magic, Reading
from tradingfloor.games.merlin.magic.table import content_of, counted_in
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import Core, Counters, Economy, Ledger, MerlinState

from .helpers import seeded_states

SOURCES = Path(tradingfloor.__file__).parent / "games" / "merlin"


def _states(seed: int, step: int = 1) -> Iterator[MerlinState]:
    """Every `step`th state of a seeded random game with every module on, while it is played."""
    for index, state in enumerate(seeded_states(seed)):
        if index % step == 0 and state.core.phase != "over":
            yield state


# --- every field of a record copied by its constructor -------------------------------------------

COPIES = [
    ("records.py", "core_with", Core),
    ("records.py", "state_with", MerlinState),
    ("seasons.py", "_turned", Counters),
    ("market_upkeep.py", "_collected", Economy),
    ("records.py", "magic_with", Magic),
    ("magic/reading_effects.py", "_row_paid", Ledger),
]


def _keywords(path: str, function: str, record: type) -> set[str]:
    """The keywords of the call of `record` in `function` of the source file `path`."""
    tree = ast.parse((SOURCES / path).read_text())
    found = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == function
    )
    calls = [
        node
        for node in ast.walk(found)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == record.__name__
    ]
    assert len(calls) == 1, f"{function} builds one {record.__name__}"
    assert not calls[0].args, "every field by its name"
    return {keyword.arg for keyword in calls[0].keywords if keyword.arg is not None}


@pytest.mark.parametrize(("path", "function", "record"), COPIES)
def test_each_copy_by_a_constructor_names_every_field_of_its_record(
    path: str, function: str, record: type
) -> None:
    """A field added to a record and not copied here would take its default in every copy."""
    fields = {field.name for field in dataclasses.fields(record)}
    assert _keywords(path, function, record) == fields


# --- the copies give what `replace` gives ---------------------------------------------------------


def test_the_turns_records_built_by_their_constructors_are_what_replace_gives() -> None:
    checked = 0
    for state in _states(2):
        core = state.core
        for turn, orbit in ((0, core.orbit), (len(core.order) - 1, core.orbit + 1)):
            begun = replace(core, turn=turn, orbit=orbit, turn_no=core.turn_no + 1)
            assert turns._turn_begun(core, turn, orbit) == begun
        rng = Rng(state.rng.seed, state.rng.counter + 2)
        rolled = replace(state, rng=rng, core=replace(core, dice=(6, 1)))
        assert turns._rolled(state, rng, (6, 1)) == rolled
        counters = core.counters
        turned = replace(counters, clock=counters.clock + 1, portion=3, year=counters.year + 1)
        assert seasons._turned(counters, 3, counters.year + 1) == turned
        assert seasons._set_counters(state, turned) == replace(
            state, core=replace(core, counters=turned)
        )
        checked += 1
    assert checked > 500


def test_a_core_and_a_state_with_some_fields_given_are_what_replace_gives() -> None:
    """`core_with` and `state_with` keep each field not given, and write each given one."""
    checked = 0
    for state in _states(1):
        core, rng = state.core, Rng(state.rng.seed, state.rng.counter + 1)
        assert records.core_with(core) == core
        assert records.state_with(state) == state
        given = {"turn": 0, "turn_no": core.turn_no + 1, "orbit": core.orbit + 1}
        given |= {"gold": tuple(g + 1 for g in core.gold), "dice": (2, 5)}
        given |= {"counters": replace(core.counters, year=9), "ledger": replace(core.ledger, row=3)}
        for name, value in given.items():
            assert records.core_with(core, **{name: value}) == replace(core, **{name: value})
        assert records.core_with(core, **given) == replace(core, **given)
        parts = {"rng": rng, "core": records.core_with(core, dice=(1, 1)), "magic": state.magic}
        assert records.state_with(state, **parts) == replace(state, **parts)
        checked += 1
    assert checked > 200


def test_the_magic_parts_built_by_its_constructor_are_what_replace_gives() -> None:
    checked = 0
    for state in _states(3):
        magic = state.magic
        assert isinstance(magic, Magic)
        changes = {
            "reading_deck": magic.reading_deck[1:],
            "field": magic.field[1:],
            "card_counts": counted_in(magic.card_counts, "smog"),
            "reclaim": not magic.reclaim,
            "played": (*magic.played, "decree"),
        }
        assert records.magic_with(magic) == magic
        for name, value in changes.items():
            assert records.magic_with(magic, **{name: value}) == replace(magic, **{name: value})
        assert records.magic_with(magic, **changes) == replace(magic, **changes)
        rng = Rng(state.rng.seed, state.rng.counter + 1)
        assert readings._with_magic_at(state, rng, magic) == replace(state, rng=rng, magic=magic)
        checked += 1
    assert checked > 500


def _counted_by_order(
    counts: tuple[tuple[str, int], ...], name: str
) -> tuple[tuple[str, int], ...]:
    """table.counted_in as it was: the name's place searched by the order of the names."""
    low, high = 0, len(counts)
    while low < high:
        middle = (low + high) // 2
        if counts[middle][0] < name:
            low = middle + 1
        else:
            high = middle
    kept = list(counts)
    if low < len(counts) and counts[low][0] == name:
        kept[low] = (name, counts[low][1] + 1)
    else:
        kept.insert(low, (name, 1))
    return tuple(kept)


def test_the_card_table_counts_a_play_as_searching_by_order_does() -> None:
    names = ["", "a", "bumper_oil", "decree", "smog", "zz"]
    counted = 0
    for state in _states(4, step=7):
        counts = state.magic.card_counts
        for name in [*names, *(n for n, _ in counts)]:
            assert counted_in(counts, name) == _counted_by_order(counts, name)
            counted += 1
    assert counted > 1000


# --- the readings ---------------------------------------------------------------------------------


def _row_pays_afresh(state: MerlinState, dues: dict[int, int], total: int) -> MerlinState:
    """The R.O.W.'s payments as they were made: `to_row`, then each player's `earn`."""
    state = to_row(state, -total)
    for player, amount in dues.items():
        if amount:
            state = earn(state, player, amount, reading_effects.INCOME_SOURCE)
    return state


def test_the_row_paying_in_one_rebuild_gives_what_paying_player_by_player_gives() -> None:
    paid = 0
    for state in _states(5, step=3):
        players = state.core.from_roller()
        for dues in (
            {player: 2 for player in players},
            {player: player % 2 * 3 for player in players},
            {player: 0 for player in players},
        ):
            total = sum(dues.values())
            assert reading_effects._row_paid(state, dues, total) == _row_pays_afresh(
                state, dues, total
            )
            paid += 1
    assert paid > 500


def _due_afresh(state: MerlinState, reading: Reading, told: readings.Foretold, total: int) -> bool:
    """readings._due as it was: the players still in listed and counted."""
    core = state.core
    if told.roll_any:
        return total in told.roll_any
    if told.after_turns is not None:
        return core.turn_no - reading.turn >= told.after_turns
    if told.after_orbits is not None:
        return core.turn_no - reading.turn >= told.after_orbits * len(core.in_game())
    return False


def test_the_readings_figures_read_once_are_the_contents_and_the_tables() -> None:
    checked = 0
    for state in _states(6, step=5):
        for later in range(9):  # (turns on: past each card's trigger, played or not)
            table = replace(state, core=replace(state.core, turn_no=state.core.turn_no + later))
            for reading in state.magic.field:
                told = readings.foretold(table, reading.card)
                for total in range(2, 13):
                    due = readings._due(table, reading, told, total)
                    assert due == _due_afresh(table, reading, told, total)
        config, known, per_turn = readings._read_out(state)
        assert config is state.config
        assert per_turn == content_of(state).figures.readings.per_turn
        assert all(told.kind == kind_of(card) for card, told in known.items())
        assert readings._players_in(state.core.out) == len(state.core.in_game())
        out = state.core.out
        for gone in range(len(out)):
            fewer = tuple(True if seat <= gone else was for seat, was in enumerate(out))
            assert readings._players_in(fewer) == fewer.count(False)
        checked += 1
    assert checked > 100


# --- the wheel's futures ------------------------------------------------------------------------


def _expire_afresh(state: MerlinState, log: Log) -> MerlinState:
    """futures.expire as it was: each due future dropped or set on its own."""
    if state.finance is None:
        return state
    year, portion = futures.now(state)
    for future in finance_of(state).futures:
        due_year = future.year
        if future.expired or due_year > year or (due_year == year and future.portion > portion):
            continue
        name = futures.name_of(state, future.commodity)
        if future.long is None:
            state = futures.drop_future(state, future.id)
            log.append(event("future_withdrawn", seat=future.short, id=future.id, commodity=name))
        else:
            state = futures.set_future(state, replace(future, expired=True))
            log.append(
                event(
                    "future_expired",
                    seat=future.short,
                    long=future.long,
                    id=future.id,
                    commodity=name,
                )
            )
    return state


def _on_exit_afresh(state: MerlinState, who: int, log: Log) -> MerlinState:
    """futures.on_exit as it was: each of the player's futures dropped on its own."""
    for future in finance_of(state).futures:
        name = futures.name_of(state, future.commodity)
        if future.short == who:
            state = futures.drop_future(state, future.id)
            if future.long is None:
                log.append(event("future_withdrawn", seat=who, id=future.id, commodity=name))
                continue
            log.append(
                event(
                    "future_refunded",
                    seat=who,
                    long=future.long,
                    id=future.id,
                    price=future.price,
                    commodity=name,
                )
            )
            state = futures.add_debt(state, who, future.long, future.price, "future", log)
        elif future.long == who:
            state = futures.drop_future(state, future.id)
            log.append(
                event("future_void", seat=who, short=future.short, id=future.id, commodity=name)
            )
    return state


def _later(state: MerlinState, years: int) -> MerlinState:
    """The table with the wheel `years` years on (futures written since come due)."""
    counters = state.core.counters
    return seasons._set_counters(state, replace(counters, year=counters.year + years))


@pytest.mark.parametrize("seed", [7, 8])
def test_futures_leaving_the_field_at_once_give_what_leaving_one_by_one_gives(seed: int) -> None:
    expired = left = 0
    for state in _states(seed, step=2):
        for table in (state, _later(state, 1), _later(state, 3)):
            log: Log = []
            afresh: Log = []
            after = futures.expire(table, log)
            assert after == _expire_afresh(table, afresh) and log == afresh
            expired += after is not table
        for seat in range(state.players):
            log = []
            afresh = []
            after = futures.on_exit(state, seat, log)
            assert after == _on_exit_afresh(state, seat, afresh) and log == afresh
            left += after is not state
    assert expired > 100 and left > 100  # (futures expired, and left with a player, often)


# --- a leaving player's credits -----------------------------------------------------------------


def test_the_spell_ids_made_once_are_the_contents_spell_deck() -> None:
    state = next(seeded_states(0))
    spells = set(state.config.magic.deck_of("spells"))
    assert exits._spell_ids(state) == spells
    assert exits._spell_ids(state) is exits._spell_ids(state)


# --- the 7's holding fee --------------------------------------------------------------------------


@pytest.mark.parametrize("held", [(), (0,), (0, 0, 0), (0, 2, 0), (1, 0, 0), (0, 0, 5)])
def test_goods_held_are_tested_as_any_tests_them(held: tuple[int, ...]) -> None:
    assert production._holds_any(held) == any(held)
