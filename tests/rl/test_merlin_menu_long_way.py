"""Merlin's menu takes shortcuts (a type whose fields leave no value, or whose entries need
what the view lacks (`graded.NEEDS`), is not graded; candidates are kept and sifted by the
ranges; groups are checked once; ...): at every step of seeded play, of every module and of the
AEC loop's own play (a random entry of the mask), the menu holds the entries, and the actions,
that the long way round gives: every catalogue candidate of every action type of the step made
and checked one by one, and every listed action of the rules keyed."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from pydantic import ValidationError

import tradingfloor
from tests.games.merlin.helpers import ALL_MODULES, MODULE_SET_IDS, MODULE_SETS, random_moves
from tradingfloor.games.merlin.magic.state import Held
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.view import bot_view
from tradingfloor.rl.merlin import MerlinEncoder
from tradingfloor.rl.merlin.catalogue import FAMILY, INDEX
from tradingfloor.rl.merlin.context import ViewDigest
from tradingfloor.rl.merlin.graded import GRADERS, NEEDS, READS, STATE_ONLY
from tradingfloor.rl.merlin.listed import LISTERS
from tradingfloor.rl.merlin.menu import TESTED

GAME = tradingfloor.make("merlin")
ENCODER = MerlinEncoder()
MAGIC_SETS = [options for options in MODULE_SETS if options and "magic" in options["modules"]]
MAGIC_SET_IDS = [name for name in MODULE_SET_IDS if "magic" in name or name == "all modules"]


def long_way(state: MerlinState, seat: int) -> dict[int, Any]:
    """The legal catalogue entries with their actions, each candidate made and checked."""
    legal = GAME.legal(state, seat)
    if not isinstance(legal, StepSpace):
        return {}
    digest = ViewDigest(bot_view(state, seat))
    found: dict[int, Any] = {}
    for name, rule in legal.rules.items():
        if name not in FAMILY:
            continue
        if FAMILY[name].graded:
            fields = {} if name == "rank_bid" else rule.fields(state, seat)
            if fields or name == "rank_bid":
                found.update(_checked(name, fields, digest, legal))
        else:
            found.update(_keyed(name, rule.choices(state, seat), digest))
    return found


def _checked(name: str, fields: Any, digest: ViewDigest, legal: StepSpace) -> dict[int, Any]:
    """Each candidate of the type that the space accepts, under its first entry."""
    found: dict[int, Any] = {}
    taken: list[Any] = []
    for key, kind, terms in GRADERS[name](fields, digest):
        index = INDEX.get((name, key))
        try:
            action = kind(**terms)
        except ValidationError:
            continue  # (a value no action may hold: refused in any case)
        if index is not None and action not in taken and legal.check(action) is None:
            taken.append(action)
            found[index] = action
    return found


def _keyed(name: str, actions: list[Any], digest: ViewDigest) -> dict[int, Any]:
    """Each listed action under its key's entry, the lowest-ranked (the first of equals)."""
    best: dict[int, tuple[float, Any]] = {}
    for action in actions:
        ranked = LISTERS[name](action, digest)
        if ranked is None:
            continue
        index = INDEX.get((name, ranked[0]))
        if index is not None and (index not in best or ranked[1] < best[index][0]):
            best[index] = (ranked[1], action)
    return {index: action for index, (_, action) in best.items()}


def _menu_entries(state: MerlinState, seat: int) -> dict[int, Any]:
    menu = ENCODER.menu(bot_view(state, seat), GAME.legal(state, seat), random.Random(0))
    return {index: menu.action(index) for index in np.flatnonzero(menu.mask).tolist()}


def _rules_play(options: Mapping[str, Any] | None, seed: int, moves: int) -> Iterator[Any]:
    """(state, seat) for every seat to act, at each step of a seeded game of the rules' random
    moves."""
    for state, _, _, _ in random_moves(GAME.new(options, seed), seed, moves):
        for seat in GAME.actors(state):
            yield state, seat


def _mask_play(options: Mapping[str, Any] | None, seed: int, moves: int) -> Iterator[Any]:
    """The same where each move is a random entry of the menu's mask (as the AEC benchmark
    plays)."""
    for state, _, _, _ in random_moves(GAME.new(options, seed), seed, moves, _masked_move):
        for seat in GAME.actors(state):
            yield state, seat


def _masked_move(state: MerlinState, seat: int, rng: random.Random) -> Any:
    menu = ENCODER.menu(bot_view(state, seat), GAME.legal(state, seat), rng)
    legal = np.flatnonzero(menu.mask)
    return menu.action(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("options", MODULE_SETS, ids=MODULE_SET_IDS)
@pytest.mark.parametrize("play", [_rules_play, _mask_play], ids=["rules' moves", "mask moves"])
def test_the_menu_is_the_long_way_rounds_at_every_step(options: Any, play: Any) -> None:
    types: set[str] = set()
    for seed in (11, 12):
        for state, seat in play(options, seed, 250):
            entries = _menu_entries(state, seat)
            assert entries == long_way(state, seat)
            types.update(action.type for action in entries.values())
    assert len(types) >= 8  # the sweep reaches many types' legal actions


def test_the_sifted_types_are_kept_types_and_the_needs_catalogued_ones() -> None:
    # (`menu.TESTED` is read only where the candidates are kept: `graded.READS`)
    assert set(TESTED) <= set(READS)
    assert set(NEEDS) <= set(FAMILY)
    assert set(NEEDS) >= STATE_ONLY


@pytest.mark.parametrize("play", [_rules_play, _mask_play], ids=["rules' moves", "mask moves"])
def test_the_needs_read_from_the_state_are_the_views(play: Any) -> None:
    # (a view made from a state answers `graded.NEEDS` from the state, as the view tells it)
    answers: set[tuple[str, bool]] = set()
    for options in MODULE_SETS:
        for state, seat in play(options, 14, 250):
            kept, told = ViewDigest(bot_view(state, seat)), ViewDigest(GAME.view(state, seat))
            assert kept.state is not None and told.state is None
            for name, need in NEEDS.items():
                answer = need(kept)
                # (a need of `STATE_ONLY` cannot tell from a view alone: the rules are asked)
                assert need(told) if name in STATE_ONLY else answer == need(told), name
                answers.add((name, answer))
    if play is _rules_play:  # (the rules' moves reach every need's both answers)
        assert answers == {(name, answer) for name in NEEDS for answer in (True, False)}


def _dealt(state: MerlinState, seat: int) -> MerlinState:
    """The state with the seat dealt the decks' top spell and recipe, and holding a potion of
    that recipe brewed (random play seldom gets a magic card into a hand)."""
    magic = state.magic
    spell, recipe = magic.spell_deck[0], magic.recipe_deck[0]

    def held(hands: tuple[tuple[Held, ...], ...], card: str) -> tuple[tuple[Held, ...], ...]:
        return tuple((*hand, Held(card)) if s == seat else hand for s, hand in enumerate(hands))

    magic = replace(
        magic,
        spell_deck=magic.spell_deck[1:],
        recipe_deck=magic.recipe_deck[1:],
        spells=held(magic.spells, spell),
        recipes=held(magic.recipes, recipe),
        potions=held(magic.potions, recipe),
    )
    return replace(state, magic=magic)


@pytest.mark.parametrize("options", MAGIC_SETS, ids=MAGIC_SET_IDS)
def test_the_menu_is_the_long_way_rounds_with_magic_cards_in_hand(options: Any) -> None:
    # (`graded.NEEDS`: a potion is set from the hand; random play seldom gets one there)
    types: set[str] = set()
    for state, seat in _rules_play(options, 14, 250):
        if state.magic.spell_deck and state.magic.recipe_deck:
            dealt = _dealt(state, seat)
            entries = _menu_entries(dealt, seat)
            assert entries == long_way(dealt, seat)
            types.update(action.type for action in entries.values())
    assert "set_potion" in types


def test_the_menu_is_the_long_way_rounds_where_futures_are_due() -> None:
    # (`graded.NEEDS`: only the short of an expired future settles it; random play reaches
    # one in a few hundred moves)
    due = 0
    for seed in (11, 12, 13):
        for state, seat in _rules_play(ALL_MODULES, seed, 1500):
            if any(f.short == seat and f.expired for f in state.finance.futures):
                due += 1
                assert _menu_entries(state, seat) == long_way(state, seat)
    assert due > 0
