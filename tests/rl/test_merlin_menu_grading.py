"""Merlin's menu grades some action types a group at a time (`menu.RANGE_DECIDED`,
`menu.CATALOGUE_DECIDED`) and keeps their candidates while the fields and what they read of the
view are the same (`graded.READS`), and its observation keeps rows written from the same records
(`writing.KeptRows`): on seeded positions of every module, one after another, the menus are those
that making and checking each action one by one gives, and the observations those that a view
built afresh gives."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tests.games.merlin.helpers import random_moves
from tradingfloor.games.merlin import memo
from tradingfloor.games.merlin.view import bot_view
from tradingfloor.rl.merlin import MerlinEncoder
from tradingfloor.rl.merlin import menu as menu_module
from tradingfloor.rl.merlin.catalogue import FAMILY
from tradingfloor.rl.merlin.graded import READS
from tradingfloor.rl.merlin.menu import CATALOGUE_DECIDED, RANGE_DECIDED, MerlinMenu

GAME = tradingfloor.make("merlin")
ENCODER = MerlinEncoder()
OPTIONS: list[Mapping[str, Any] | None] = [
    None,
    {"players": 5},
    {"players": 4, "modules": ["economy", "magic"]},
    {"players": 4, "modules": ["economy", "finance"]},
    {"players": 4, "modules": ["economy", "magic", "finance"]},
    {"players": 6, "modules": ["economy", "magic", "finance"], "max_orbits": 30},
]
IDS = ["economy", "five players", "magic", "finance", "all modules", "six players"]


def _positions(options: Mapping[str, Any] | None, seed: int, moves: int) -> Iterator[Any]:
    """The states of a seeded game of random legal moves, `moves` of them at most."""
    for state, _, _, _ in random_moves(GAME.new(options, seed), seed, moves):
        yield state


def _entries(menu: MerlinMenu) -> dict[int, Any]:
    """Every legal entry of the menu with its action."""
    return {index: menu.action(index) for index in np.flatnonzero(menu.mask).tolist()}


def test_the_range_decided_and_kept_types_are_graded_types() -> None:
    graded = {name for name, family in FAMILY.items() if family.graded}
    assert set(RANGE_DECIDED) <= set(READS) <= graded
    assert set(CATALOGUE_DECIDED) <= graded


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
@pytest.mark.parametrize("seed", [3, 4])
def test_grading_by_groups_gives_the_menu_of_checking_each_action(
    options: Mapping[str, Any] | None, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    grouped = {*RANGE_DECIDED, *CATALOGUE_DECIDED}
    graded = 0
    for state in _positions(options, seed, 400):
        for seat in GAME.actors(state):
            view, legal = bot_view(state, seat), GAME.legal(state, seat)
            by_groups = _entries(ENCODER.menu(view, legal, random.Random(0)))
            with monkeypatch.context() as patched:
                patched.setattr(menu_module, "RANGE_DECIDED", {})
                patched.setattr(menu_module, "CATALOGUE_DECIDED", {})
                patched.setattr(menu_module, "READS", {})
                one_by_one = _entries(ENCODER.menu(view, legal, random.Random(0)))
            assert by_groups == one_by_one
            graded += sum(1 for action in by_groups.values() if action.type in grouped)
    assert graded > 0  # the sweep reaches positions where these types are legal


def _first_kept_action(options: Mapping[str, Any] | None, seed: int) -> tuple[Any, int, int]:
    """A position, seat and menu index whose action the menu keeps to make when taken."""
    for state in _positions(options, seed, 400):
        seat = GAME.actors(state)[0]
        menu = ENCODER.menu(bot_view(state, seat), GAME.legal(state, seat), random.Random(0))
        for index, found in menu.actions.items():
            if type(found) is menu_module.Later:
                return state, seat, index
    raise AssertionError("no position of the game offers two actions of a group")


def test_a_kept_action_is_made_when_taken_and_is_legal() -> None:
    state, seat, index = _first_kept_action(None, 5)
    menu = ENCODER.menu(bot_view(state, seat), GAME.legal(state, seat), random.Random(0))
    action = menu.action(index)
    assert menu.action(index) is action  # made once
    assert GAME.legal(state, seat).check(action) is None
    assert menu.actions[index] is action


@pytest.mark.parametrize("options", [None, OPTIONS[4]], ids=["economy", "all modules"])
def test_kept_rows_give_the_observation_of_a_view_built_afresh(
    options: Mapping[str, Any] | None,
) -> None:
    states = list(_positions(options, 9, 300))
    # As the environments observe: one state after another, the kept rows and records in use.
    kept = [
        ENCODER.observe(bot_view(state, seat)) for state in states for seat in GAME.actors(state)
    ]
    fresh = []
    for state in states:
        for seat in GAME.actors(state):
            memo.forget()  # every view record, list and kept row made anew
            fresh.append(ENCODER.observe(GAME.view(state, seat)))
    assert len(kept) == len(fresh) > 0
    for one, other in zip(kept, fresh, strict=True):
        assert np.array_equal(one, other)
