"""The moves Merlin's rules make without validating them (`core.unvalidated.drawn`) are valid
actions of exactly the types validation gives: at every step of seeded games with random and
heuristic play, every move that a sample draws, that a bot chooses and that a rule lists is the
action that validating its JSON, and its fields given, makes, in every way a caller can tell."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.core.test_unvalidated import assert_same
from tests.games.merlin.helpers import GAME, random_moves, sampled
from tradingfloor.agents import make_agent
from tradingfloor.core.actions import Action
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin.rulebook import table_for
from tradingfloor.games.merlin.state import MerlinState

MODULE_SETS = {
    "all modules": {"players": 4, "modules": ["economy", "magic", "finance"]},
    "magic": {"players": 5, "modules": ["economy", "magic"]},
    "finance": {"players": 6, "modules": ["economy", "finance"]},
}
LISTED = 300
"""Rules with more moves than this now are not listed (their moves are sampled all the same)."""
STEPS = 350


def assert_valid(action: Action) -> None:
    """`action` is the action validation makes of its JSON, and of the fields it was given."""
    model = type(action)
    validated = model.model_validate(action.to_json())
    assert action == validated and hash(action) == hash(validated)
    assert repr(action) == repr(validated) and action.to_json() == validated.to_json()
    given = {name: value for name, value in action if name in action.model_fields_set}
    assert_same(action, model(**given))


def _listed(state: MerlinState, seat: int) -> list[Action]:
    """Every move the step's rules list for `seat`, where a rule has few enough to list."""
    rules = table_for(state).actions.get(GAME.legal(state, seat).step, {})
    return [
        action
        for rule in rules.values()
        if rule.count(state, seat) <= LISTED
        for action in rule.choices(state, seat)
    ]


def _heuristic(seats: int) -> Any:
    agents = [make_agent(GAME, "heuristic") for _ in range(seats)]

    def choose(state: MerlinState, seat: int, rng: random.Random) -> Any:
        return agents[seat].act(decision_for(GAME, state, seat), rng)

    return choose


@pytest.mark.parametrize("modules", list(MODULE_SETS), ids=str)
@pytest.mark.parametrize("play", ["random", "heuristic"])
def test_drawn_and_listed_moves_are_the_validated_moves(modules: str, play: str) -> None:
    options = MODULE_SETS[modules]
    kinds: set[str] = set()
    for seed in (3, 4) if play == "random" else (3,):
        state = GAME.new(options, seed)
        choose = sampled if play == "random" else _heuristic(options["players"])
        for before, seat, action, _ in random_moves(state, seed, STEPS, choose):
            assert_valid(action)
            kinds.add(action.type)
            for listed in _listed(before, seat):
                assert_valid(listed)
                kinds.add(listed.type)
    assert len(kinds) > 15  # the games reach many kinds of move
