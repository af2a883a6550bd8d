"""The rules' random picks draw as `random.Random.randrange` draws (they call core.draws.below):
the same move and the same generator after, for `pick_in` over any runs and for every listed rule
at every step of a seeded game with every module on."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice
from typing import Any

import pytest

from tradingfloor.games.merlin.rulebook import pick_in
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.games.merlin.state import MerlinState

from .helpers import ALL_MODULES, GAME, arrange, random_moves, seeded_states

STEPS = 400


def _pick_in_listed(rng: random.Random, runs: list[tuple[Any, int]]) -> tuple[Any, int] | None:
    """The long way: the runs listed one after another, one drawn by randrange."""
    menu = [(key, offset) for key, length in runs for offset in range(max(length, 0))]
    return menu[rng.randrange(len(menu))] if menu else None


@pytest.mark.parametrize("seed", range(40))
def test_pick_in_draws_as_randrange_over_the_listed_runs(seed: int) -> None:
    maker = random.Random(seed)
    runs = [(f"run {i}", maker.randrange(-2, 40)) for i in range(maker.randrange(0, 6))]
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(20):
        assert pick_in(ours, runs) == _pick_in_listed(theirs, runs)
    assert ours.getstate() == theirs.getstate()


def test_a_listed_rule_samples_as_randrange_at_every_step() -> None:
    for number, state in enumerate(islice(seeded_states(5), STEPS)):
        for seat in GAME.actors(state):
            space = GAME.legal(state, seat)
            assert isinstance(space, StepSpace)
            for rule in space.rules.values():
                if rule.pick is not None:  # (picks of their own: pick_in, above)
                    continue
                ours, theirs = random.Random(number), random.Random(number)
                menu = rule.choices(state, seat)
                listed = menu[theirs.randrange(len(menu))] if menu else None
                assert rule.sample(state, seat, ours) == listed
                assert ours.getstate() == theirs.getstate()


PICKED_FROM_MENUS = ("play_decree",)
"""Types whose menus are small but whose pick draws without making the menu's moves."""
KINGS = ("KS", "KH", "KC", "KD")


def _kings_dealt(seed: int) -> MerlinState:
    """A seeded all-module game where seats 0 and 1 also hold two Kings each, dealt before play
    (a menu of several Kings: by King, then by move)."""
    state = GAME.new(ALL_MODULES, seed)
    hands = [list(hand) for hand in state.economy.hands]
    hands[0] += KINGS[:2]
    hands[1] += KINGS[2:]
    return arrange(state, hands=hands, deck=[c for c in state.economy.deck if c not in KINGS])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_pick_over_a_small_menu_draws_as_randrange_over_it_at_every_step(seed: int) -> None:
    sampled = Counter[bool]()
    for number, (state, _, _, _) in enumerate(random_moves(_kings_dealt(seed), seed, 600)):
        for seat in GAME.actors(state):
            rules = GAME.legal(state, seat).rules  # type: ignore[attr-defined]
            for name in PICKED_FROM_MENUS:
                rule = rules.get(name)
                if rule is None:
                    continue
                ours, theirs = random.Random(number), random.Random(number)
                menu = rule.choices(state, seat)
                listed = menu[theirs.randrange(len(menu))] if menu else None
                assert rule.sample(state, seat, ours) == listed, name
                assert ours.getstate() == theirs.getstate(), name
                sampled[listed is not None] += 1
    assert sampled[True] > 10 and sampled[False] > 20
