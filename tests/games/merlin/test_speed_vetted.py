"""What `apply` takes on trust, and what the scores keep, is what the full checks and sums give:
an action the bot's space found legal (`contains`) is applied without asking the rules again,
and gives at every step of seeded heuristic games the state a fresh space's check and apply give;
the scores kept per seat are the scores reckoned afresh at every step."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin import memo, rules
from tradingfloor.games.merlin.actions import EndTurn
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.games.merlin.state import MerlinState

from .helpers import GAME
from .test_speed_kept import _score_afresh

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


def _afresh(state: MerlinState, seat: int, action: object) -> MerlinState:
    """`apply` through a space made now, which has vetted nothing: the rules check the action."""
    rules._LAST_SPACE[0] = (None, -1, None)
    after: MerlinState = GAME.apply(state, seat, action)
    return after


def _heuristic_moves(seed: int) -> Iterator[tuple[MerlinState, int, object, MerlinState]]:
    """Each move of a seeded heuristic game with every module on: (before, seat, action, after),
    `after` made by `apply` from the space the bot asked."""
    rng = random.Random(seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    state = GAME.new(ALL_MODULES, seed)
    while actors := GAME.actors(state):
        for seat in actors:
            action = agents[seat].act(decision_for(GAME, state, seat), rng)
            after = GAME.apply(state, seat, action)
            yield state, seat, action, after
            state = after


@pytest.mark.parametrize("seed", [1, 2])
def test_an_action_vetted_by_the_bot_applies_as_a_checked_one(seed: int) -> None:
    vetted = moves = 0
    for before, seat, action, after in _heuristic_moves(seed):
        space = GAME.legal(before, seat)
        assert isinstance(space, StepSpace)
        vetted += space.vetted(action)
        moves += 1
        assert space.check(action) is None  # legal by the rules' own check
        assert _afresh(before, seat, action) == after
        memo.forget()
        assert list(rules.scores(after)) == [_score_afresh(after, s) for s in range(4)]
    assert vetted == moves, "the bot asks its space of each move it makes"


def test_a_space_vets_only_what_it_found_legal() -> None:
    state, rng = GAME.new(ALL_MODULES, 1), random.Random(1)
    while GAME.legal(state, seat := GAME.actors(state)[0]).check(EndTurn()) is not None:
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
    space = GAME.legal(state, seat)
    assert isinstance(space, StepSpace)
    refused = GAME.parse_action({"type": "pay_debt"})
    assert not space.contains(refused)
    assert not space.vetted(refused)
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, refused)
    assert space.contains(EndTurn()) and space.vetted(EndTurn()) is False  # another object
    end = EndTurn()
    assert space.contains(end) and space.vetted(end)
