"""The players a view shows, kept seat by seat while what each seat's record is told from is the
same, are exactly the players told afresh: every view of every seat and the spectator, at every
step of seeded games with every module on (random play and the heuristic's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

from tradingfloor.games.merlin import memo
from tradingfloor.games.merlin.state import MerlinState, Order

from .helpers import ALL_MODULES, GAME, after_auction, arrange, empty_books, seeded_states


def _views(state: MerlinState) -> list[dict[str, Any]]:
    """The view of every seat and of the spectator (None)."""
    return [GAME.view(state, seat) for seat in [*range(state.players), None]]


def _kept_and_afresh(seed: int, bots: bool) -> tuple[list[Any], list[Any]]:
    """Every step's views as a game makes them one after another (from what was kept), and the
    same views each made with nothing kept."""
    memo.forget()
    states, kept = [], []
    for state in seeded_states(seed, bots):
        states.append(state)
        kept.append(_views(state))
    afresh = []
    for state in states:
        memo.forget()
        afresh.append(_views(state))
    return kept, afresh


@pytest.mark.parametrize(("seed", "bots"), [(3, False), (8, False), (1, True), (2, True)])
def test_players_kept_are_the_players_afresh(seed: int, bots: bool) -> None:
    kept, afresh = _kept_and_afresh(seed, bots)
    assert len(kept) > 100, "a whole game"
    for step, (views, views_afresh) in enumerate(zip(kept, afresh, strict=True)):
        for view, view_afresh in zip(views, views_afresh, strict=True):
            assert view["players"] == view_afresh["players"], (step, view["seat"])
            assert view == view_afresh, (step, view["seat"])


def _fields_changed(views: list[list[dict[str, Any]]]) -> set[str]:
    """The fields of a seat's record that differ from that seat's record one step before."""
    changed: set[str] = set()
    for before, after in pairwise(views):
        for was, now in zip(before[-1]["players"], after[-1]["players"], strict=True):
            changed |= {field for field in now if now[field] != was[field]}
    return changed


def test_the_games_change_every_part_of_a_seat_record() -> None:
    """(Else the test above could not tell a seat's key that misses one part.)"""
    changed = _fields_changed(_kept_and_afresh(3, bots=False)[0])
    changed |= _fields_changed(_kept_and_afresh(2, bots=True)[0])
    assert changed == set(GAME.view(GAME.new(ALL_MODULES, 1), None)["players"][0]) - {"seat"}


def _with(parts: tuple[Any, ...], seat: int, part: Any) -> tuple[Any, ...]:
    """`parts` with `seat`'s replaced by `part`."""
    return (*parts[:seat], part, *parts[seat + 1 :])


def _core(state: MerlinState, field: str, seat: int, change: Callable[[Any], Any]) -> MerlinState:
    parts = getattr(state.core, field)
    core = replace(state.core, **{field: _with(parts, seat, change(parts[seat]))})
    return replace(state, core=core)


def _economy(
    state: MerlinState, field: str, seat: int, change: Callable[[Any], Any]
) -> MerlinState:
    parts = getattr(state.economy, field)
    economy = replace(state.economy, **{field: _with(parts, seat, change(parts[seat]))})
    return replace(state, economy=economy)


def _fresh(state: MerlinState, seat: int) -> MerlinState:
    """The seat's whole hand fresh (bought this turn), and the turn its own."""
    core = replace(state.core, order=(seat,), turn=0)
    return replace(
        state, core=core, economy=replace(state.economy, fresh=state.economy.hands[seat])
    )


CHANGES: dict[str, Callable[[MerlinState, int], MerlinState]] = {
    "gold": lambda state, seat: _core(state, "gold", seat, lambda gold: gold + 1),
    "out": lambda state, seat: _core(state, "out", seat, lambda out: not out),
    "debt": lambda state, seat: _core(state, "debt", seat, lambda debt: debt + 1),
    "bankrupt": lambda state, seat: _core(
        state, "bankrupt_since", seat, lambda since: 0 if since is None else None
    ),
    # the same cards, stacks and units in another order: the same score
    "hand": lambda state, seat: _economy(state, "hands", seat, lambda hand: hand[::-1]),
    "tableau": lambda state, seat: _economy(state, "tableaux", seat, lambda t: t[::-1]),
    "goods": lambda state, seat: _economy(state, "goods", seat, lambda goods: goods[::-1]),
    "fresh": _fresh,
}
"""Per field of a seat's record, a table that differs from another in that part of one seat."""


TABLE = arrange(
    after_auction(data={"setup.buyback.commodity": 2}),
    hands=[["5C", "2D", "9C"]] * 4,
    tableaux=[["3C", "5C"]] * 4,
    goods=[(1, 2, 0)] * 4,
    books=empty_books(),
)
"""A table where each seat holds several cards, stacks and commodities (each unit scoring 2)."""
EMPTY = arrange(after_auction(), gold=[0] * 4, hands=[[]] * 4)
"""A table where no seat holds anything: each scores 0 whether out or not (only `out` tells)."""


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_a_change_to_one_part_of_one_seat_is_shown(field: str) -> None:
    """A view made just after one of a table that differs in one part of one seat shows the
    change, as the view made afresh does."""
    table = EMPTY if field == "out" else TABLE
    for seat in range(table.players):
        memo.forget()
        before = GAME.view(table, None)["players"]
        changed = CHANGES[field](table, seat)
        kept = GAME.view(changed, None)["players"]
        assert kept[seat][field] != before[seat][field], "the change should show"
        memo.forget()
        assert kept == GAME.view(changed, None)["players"]


def _bid(state: MerlinState, seat: int) -> MerlinState:
    """A bid of `seat` in the first book (its gold counts in the seat's score)."""
    first, *others = state.economy.books
    book = replace(first, bids=(*first.bids, Order(999, seat, 5, 0)))
    return replace(state, economy=replace(state.economy, books=(book, *others)))


SCORED: dict[str, Callable[[MerlinState, int], MerlinState]] = {
    "gold": CHANGES["gold"],
    "out": CHANGES["out"],
    "market": _bid,
    "hand": lambda state, seat: _economy(state, "hands", seat, lambda hand: (*hand, "9C")),
    "tableau": lambda state, seat: _economy(
        state, "tableaux", seat, lambda t: (replace(t[0], invested=t[0].invested + 1), *t[1:])
    ),
    "goods": lambda state, seat: _economy(state, "goods", seat, lambda g: (g[0] + 1, *g[1:])),
}
"""Per part of what a seat scores, a table that differs from another in that part of one seat."""


@pytest.mark.parametrize("part", sorted(SCORED))
def test_a_change_to_what_a_seat_scores_is_counted(part: str) -> None:
    """A view made just after one of a table that differs in what one seat scores counts the
    change, as the view made afresh does."""
    for seat in range(TABLE.players):
        memo.forget()
        before = GAME.view(TABLE, None)["players"]
        changed = SCORED[part](TABLE, seat)
        kept = GAME.view(changed, None)["players"]
        assert kept[seat]["score"] != before[seat]["score"], "the score should change"
        memo.forget()
        assert kept == GAME.view(changed, None)["players"]
