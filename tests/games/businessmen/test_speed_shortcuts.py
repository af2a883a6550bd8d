"""The rules' shortcuts for speed, held to the slow way at every step of seeded random games."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from operator import eq, ne
from typing import Any

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Event
from tradingfloor.core.spaces import NoActions
from tradingfloor.games.businessmen import flow, menus, rules
from tradingfloor.games.businessmen.draft import LogEntry
from tradingfloor.games.businessmen.explain import refusal
from tradingfloor.games.businessmen.names import CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.spaces import ACTIVE, Menu
from tradingfloor.games.businessmen.state import WAREHOUSE_TYPES, BusinessmenState
from tradingfloor.games.businessmen.table import (
    CLOCKWISE,
    added,
    clockwise,
    over_room,
    put,
    room_for_types,
    some,
    total,
    types_held,
)
from tradingfloor.games.businessmen.words import label

from .helpers import GAME

OPTIONS = [{"players": 2}, {"players": 3}, {"players": 4, "goal": 8, "max_rounds": 30}]


def _steps(options: dict[str, Any], seed: int) -> Iterator[tuple[BusinessmenState, int, Menu]]:
    """Every decision of a seeded random game: the state, the seat and its menu."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    while actors := GAME.actors(state):
        for seat in actors:
            menu = GAME.legal(state, seat)
            assert type(menu) is Menu
            yield state, seat, menu
            state = GAME.apply(state, seat, menu.sample(rng))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_menu_knows_its_active_actions_and_lists_them_first(options: dict[str, Any]) -> None:
    # Random play draws among the first `active` actions: they must be exactly the active ones.
    for seed in range(3):
        for _, _, menu in _steps(options, seed):
            flags = [type(action) in ACTIVE for action in menu.actions]
            assert flags == [True] * menu.active + [False] * (len(flags) - menu.active)


def test_a_menu_made_without_its_count_counts_its_active_actions() -> None:
    state = GAME.new({"players": 3}, 0)
    assert state.turn is not None
    listed = GAME.legal(state, state.turn)
    assert isinstance(listed, Menu)
    assert [action.type for action in listed.actions] == ["play", "skip"]
    assert Menu(listed.actions, state, 0).active == 1
    with pytest.raises(ValueError, match="active actions before passing"):
        Menu(listed.actions[::-1], state, 0)


def _rounds(
    options: dict[str, Any], seed: int
) -> Iterator[tuple[BusinessmenState, BusinessmenState]]:
    """Each step of a seeded random game that reached the prices' move: the states around it."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    while actors := GAME.actors(state):
        for seat in actors:
            after = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
            if any(e.kind == "prices" for e in after.log[-20:] if e.data["n"] > after.news_from):
                yield state, after
            state = after


def _news(state: BusinessmenState) -> dict[str, dict[str, Any]]:
    """The latest step's log entries by kind (the last one of each kind), as a view reads them."""
    return {e.kind: e.data for e in state.log if e.data["n"] > state.news_from}


@pytest.mark.parametrize("options", OPTIONS)
def test_entries_told_when_read_say_what_the_table_shows(options: dict[str, Any]) -> None:
    # The cards', the price wheel's and the prices' entries are told from figures kept as they
    # were logged: what they say must be what the table shows after the step.
    for seed in range(3):
        for before, after in _rounds(options, seed):
            news = _news(after)
            wheel, prices = news["price-wheel"], news["prices"]
            assert prices["prices"] == dict(zip(GOODS, after.prices, strict=True))
            sector = after.decks.price_wheel[wheel["sector"]]
            assert {k: wheel[k] for k in wheel if k in ("up", "down", "embargo")} == (
                sector.describe()
            )
            for good in GOODS:
                assert prices["moved"][good] == prices["prices"][good] - wheel["prices"][good]
            if "cards" in news:  # the round began in this very step
                # The round's export card, or the last one turned where the round ended too.
                turned = after.export_used[-1] if after.export_card is None else after.export_card
                card = after.decks.export_cards[turned]
                assert news["cards"]["export"] == [GOODS[g] for g in card]
                assert sum(news["cards"]["market"].values()) <= sum(before.supply)


@pytest.mark.parametrize("options", OPTIONS)
def test_an_event_hit_leaves_its_level_and_warning_marker_as_said(options: dict[str, Any]) -> None:
    # A hit at level 1 with the marker on already changes no seat; every other hit lowers the
    # level (not below 1) and puts the marker on.
    for seed in range(3):
        for _, after in _rounds(options, seed):
            for entry in after.log:
                data = entry.data
                if entry.kind != "event" or data["n"] <= after.news_from or not data["hit"]:
                    continue
                if data.get("insured"):
                    continue
                hit = CHARACTERISTICS.index(data["hit"])
                me = after.seats[data["seat"]]
                assert me.markers[hit] and me.levels[hit] == data["level"]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_seat_is_told_its_menu_or_why_it_has_none(options: dict[str, Any]) -> None:
    # The seat to move gets its listed menu at once; every other seat is told why it has none.
    rng = random.Random(0)
    state = GAME.new(options, 0)
    while GAME.actors(state):
        (seat,) = GAME.actors(state)
        menu = GAME.legal(state, seat)
        assert isinstance(menu, Menu)
        assert list(menu.actions) == menus.menu(state, seat)
        assert (menu.state, menu.seat) == (state, seat)
        for other in range(state.players):
            if other != seat:
                told = GAME.legal(state, other).check(menu.actions[0])
                assert told == f"it is {{seat:{seat}}}'s move, not yours"
        assert type(GAME.legal(state, state.players)) is NoActions
        state = GAME.apply(state, seat, menu.sample(rng))
    for seat in range(state.players):
        assert GAME.legal(state, seat).check(menus.PASS) == "the game is over"


def test_a_menu_says_its_moves_and_refusals_as_the_rules_do() -> None:
    state = GAME.new({"players": 3}, 0)
    menu = GAME.legal(state, 0)
    assert isinstance(menu, Menu)
    wrong = menus.PASS  # no passing in the declaring phase
    assert menu.check(wrong) == refusal(state, 0, wrong)
    assert [entry["label"] for entry in menu.describe()["actions"]] == [
        label(state, 0, action) for action in menu.actions
    ]


def _entries_of_a_game() -> list[LogEntry]:
    """Every entry of the log of a seeded random game as it ends (the last two rounds)."""
    rng = random.Random(2)
    state = GAME.new({"players": 3}, 2)
    while actors := GAME.actors(state):
        state = GAME.apply(state, actors[0], GAME.legal(state, actors[0]).sample(rng))
    assert all(type(entry) is LogEntry for entry in state.log)
    return list(state.log)  # type: ignore[arg-type]


def test_a_log_entry_is_an_event_of_its_kind_and_data() -> None:
    for entry in _entries_of_a_game():
        assert isinstance(entry, Event) and entry.visible(0) and entry.visible(None)
        assert entry.to_json() == {"kind": entry.kind, **entry.data}
        assert entry.data["n"] == entry.n and entry.data["round"] == entry.round
        assert repr(entry) == f"LogEntry(kind={entry.kind!r}, data={entry.data!r}, visible_to=None)"
        again = pickle.loads(pickle.dumps(entry))
        assert type(again) is LogEntry and eq(again, entry) and not ne(again, entry)
        assert again.json == entry.json


def test_log_entries_are_equal_by_kind_and_data_as_events_are() -> None:
    entries = _entries_of_a_game()
    told = next(entry for entry in entries if entry.kind == "prices")  # told when read
    said = tuple.__new__(
        LogEntry, (told.kind, told.n, told.round, told.data, None, (), told.figures)
    )
    assert eq(said, told) and not ne(said, told) and said is not told
    assert ne(said, entries[0]) and not eq(said, entries[0])
    assert said != Event(told.kind, told.data)  # an Event of another class, as before
    with pytest.raises(TypeError):
        hash(said)  # its data is a dict, as every Event's with data


@pytest.mark.parametrize("options", OPTIONS)
def test_a_warehouse_is_over_its_room_as_its_types_and_level_say(options: dict[str, Any]) -> None:
    # over_room reads the level only for two types or more: every level holds one at least.
    assert min(WAREHOUSE_TYPES) >= 1
    for seed in range(3):
        for state, _, _ in _steps(options, seed):
            for me in state.seats:
                assert over_room(me) == (len(types_held(me)) > room_for_types(me))
    for level in (1, 2, 3):
        for held in range(7):
            me = (
                GAME.new({"players": 2}, 0)
                .seats[0]
                ._replace(levels=(level, 1, 1), main=(1,) * held + (0,) * (6 - held))
            )
            assert over_room(me) == (held > WAREHOUSE_TYPES[level - 1])


def test_the_table_of_clockwise_orders_is_every_clockwise_order() -> None:
    for players in range(1, len(CLOCKWISE)):
        for start in range(2 * players):
            assert CLOCKWISE[players][start % players] == clockwise(players, start)
    assert clockwise(3, 2) == (2, 0, 1)


@pytest.mark.parametrize("options", OPTIONS)
def test_a_seat_can_act_exactly_when_its_phase_lists_something(options: dict[str, Any]) -> None:
    # The turn's search asks can_act, which lists nothing: it must say what the listers say.
    for seed in range(3):
        for state, _, _ in _steps(options, seed):
            for seat in range(state.players):
                listed = menus.options(state, seat)
                assert menus.can_act(state, state.phase, seat) == bool(listed), (state.phase, seat)


@pytest.mark.parametrize("options", OPTIONS)
def test_the_helpers_over_figures_are_the_builtins(options: dict[str, Any]) -> None:
    for seed in range(2):
        for state, _, _ in _steps(options, seed):
            for figures in (
                state.market,
                state.supply,
                state.prices,
                *(c.units for c in state.cars),
            ):
                assert some(figures) == any(figures) and total(figures) == sum(figures)
                assert added(figures, figures) == tuple(2 * units for units in figures)
                for place in range(len(figures)):
                    assert put(figures, place, -1) == (*figures[:place], -1, *figures[place + 1 :])
            for me in state.seats:
                for flags in (me.bought, me.exported, me.insured, me.markers):
                    assert some(flags) == any(flags)
                assert all(car.load == sum(car.units) for car in state.cars)


def _said_afresh() -> tuple[object, ...]:
    """The log's shared words, made again as the rules first made them."""
    forced = {
        phase: tuple({"seat": seat, "phase": phase, "forced": True} for seat in range(8))
        for phase in ("buy", "load")
    }
    declared = tuple(
        tuple({"seat": seat, "skip": skip} for seat in range(8)) for skip in (False, True)
    )
    return forced, declared, tuple({"first": seat} for seat in range(8))


def test_the_shared_words_of_the_log_are_never_changed() -> None:
    # Entries that say the same share one dict of words: reading the entries of whole games
    # (views, JSON, data), even changing what was read, leaves those dicts as they were made.
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.new({"players": 4, "max_rounds": 12}, seed)
        while actors := GAME.actors(state):
            state = GAME.apply(state, actors[0], GAME.legal(state, actors[0]).sample(rng))
            GAME.view(state, None)
            for entry in state.log:
                entry.data["changed"] = True  # the entry's own dict, made from its words
    shared = (flow.FORCED_PASSES, rules.DECLARED, flow.ROUNDS_FIRST)
    assert shared == _said_afresh()


def test_random_play_draws_as_random_randrange_draws() -> None:
    # Menu.sample draws its index by core.draws.below: the very draws of rng.randrange.
    for seed in range(2):
        for _, _, menu in _steps({"players": 3}, seed):
            drawn, long_way = random.Random(seed), random.Random(seed)
            action = menu.sample(drawn)
            actions, active = menu.actions, menu.active
            if 0 < active < len(actions) and long_way.random() >= 0.1:
                expected = actions[long_way.randrange(active)]
            else:
                expected = actions[long_way.randrange(len(actions))]
            assert action is expected and drawn.getstate() == long_way.getstate()


def test_a_foreign_action_is_refused_by_the_rules_entry() -> None:
    state = GAME.new({"players": 3}, 0)
    with pytest.raises(IllegalAction, match="not a Businessmen action"):
        GAME.apply(state, 0, {"type": "play"})
