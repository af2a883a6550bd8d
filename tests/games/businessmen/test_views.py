"""Views are made from parts cached per value (tablets, cars, goods, the wheels): each view gets
its own copies, so that what one holder of a view changes shows in no other view."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tests.games.businessmen.helpers import GAME


def containers(value: Any, skip_events: bool = True) -> Iterator[Any]:
    """Every dict and list in a view, the view itself included; each log entry's dict but not
    the figures inside it (an entry's own parts are made once, with the entry)."""
    if isinstance(value, dict):
        yield value
        for key, part in value.items():
            if skip_events and key == "events":
                yield part
                yield from part
            else:
                yield from containers(part)
    elif isinstance(value, list):
        yield value
        for part in value:
            yield from containers(part)


def scribble(value: Any) -> None:
    """Change every dict and list of a view in place, as a careless holder of it might."""
    for held in list(containers(value)):
        if isinstance(held, dict):
            held["scribbled"] = True
        else:
            held.append("scribbled")


def test_two_views_share_no_dict_or_list_and_scribbling_on_one_changes_no_other() -> None:
    rng = random.Random(5)
    state = GAME.new({"players": 3, "max_rounds": 4}, 5)
    steps = 0
    while actors := GAME.actors(state):
        seat = actors[0]
        for who in (seat, None):
            first, second = GAME.view(state, who), GAME.view(state, who)
            assert first == second
            mine = {id(held) for held in containers(first)}
            assert not mine & {id(held) for held in containers(second)}
            scribble(first)
            assert GAME.view(state, who) == second
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
        steps += 1
    assert steps > 20
