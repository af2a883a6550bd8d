"""Random play's move, held to the long way at every step of seeded games: end_turn by
END_CHANCE, else the step's other types asked in a uniformly random order (Fisher-Yates from the
end, one place drawn as each is asked), the first that has a move giving it, end_turn last."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tradingfloor.games.merlin.actions import EndTurn
from tradingfloor.games.merlin.spaces import END_CHANCE, StepSpace

from .helpers import GAME, MODULE_SET_IDS, MODULE_SETS, random_moves


def _long_way(space: StepSpace, rng: random.Random) -> Any:
    """The move the long way draws: the types placed one at a time, each asked when placed."""
    end_turn = space.rules.get("end_turn")
    if end_turn is not None and rng.random() < END_CHANCE:
        return EndTurn()  # (the one end_turn move, given without a draw)
    others = [rule for name, rule in space.rules.items() if name != "end_turn"]
    for place in reversed(range(len(others))):
        if place > 0:
            partner = rng.randrange(place + 1)
            others[place], others[partner] = others[partner], others[place]
        move = others[place].sample(space.state, space.seat, rng)
        if move is not None:
            return move
    assert end_turn is not None, "a step with no move and no end_turn"
    return end_turn.sample(space.state, space.seat, rng)


class _Other(random.Random):
    """A generator of another class than random.Random's own (the space shuffles its types by
    core.draws.shuffled_lazily for it, not by the plain generator's written-out draws)."""


@pytest.mark.parametrize("generator", [random.Random, _Other], ids=["plain", "other class"])
@pytest.mark.parametrize("options", MODULE_SETS, ids=MODULE_SET_IDS)
def test_a_sampled_move_is_the_long_ways_draw_with_its_draws(
    options: Any, generator: type[random.Random]
) -> None:
    asked = 0
    for seed in (5, 6):
        for state, _, _, _ in random_moves(GAME.new(options, seed), seed, 300):
            for seat in GAME.actors(state):
                space = GAME.legal(state, seat)
                assert isinstance(space, StepSpace)
                ours, theirs = generator(asked), random.Random(asked)
                assert space.sample(ours) == _long_way(space, theirs)
                assert ours.getstate() == theirs.getstate()
                asked += 1
    assert asked > 300
