"""What `apply` reads of an action without the long way round: its type, looked up by its class
where the class allows one type, as the action itself says it at every move of seeded games; and
an object that is no action refused as before."""

from __future__ import annotations

import random
from typing import Literal

import pytest

from tradingfloor.core.actions import Action
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin import rules

from .helpers import ALL_MODULES, GAME


class _AnyType(Action):
    """An action whose type is any word (no Literal): its class may not stand for its type."""

    type: str


class _TwoTypes(Action):
    """An action of either of two types."""

    type: Literal["one", "two"] = "one"


@pytest.mark.parametrize("seed", [2, 9])
def test_an_actions_type_is_what_the_action_says(seed: int) -> None:
    rng = random.Random(seed)
    state, kinds = GAME.new(ALL_MODULES, seed), set()
    for _ in range(2500):
        actors = GAME.actors(state)
        if not actors:
            break
        seat = actors[0]
        action = GAME.legal(state, seat).sample(rng)
        assert rules._type_of(action) == action.type  # type: ignore[attr-defined]
        kinds.add(action.type)  # type: ignore[attr-defined]
        state = GAME.apply(state, seat, action)
    assert len(kinds) > 20


def test_a_class_of_many_types_is_read_from_each_action() -> None:
    for kind in ("a", "b", "a", "c"):
        assert rules._type_of(_AnyType(type=kind)) == kind
    for kind in ("two", "one", "two"):
        assert rules._type_of(_TwoTypes(type=kind)) == kind  # type: ignore[arg-type]
    assert _AnyType not in rules._TYPE_OF and _TwoTypes not in rules._TYPE_OF
    assert rules._type_of(object()) is None and rules._type_of({"type": "ally"}) is None


def test_an_object_that_is_no_action_is_refused() -> None:
    state = GAME.new(ALL_MODULES, 1)
    seat = GAME.actors(state)[0]
    for thing in ({"type": "end_turn"}, "end_turn", None, 3):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, thing)
        assert refused.value.why == f"not a Merlin Economics action: {thing!r}"
        assert refused.value.seat == seat and refused.value.action is thing
