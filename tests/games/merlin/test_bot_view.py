"""The view Merlin's bots read (`bot_view`, sections.py) is the view, made as it is read: equal to
`view` for every seat at every step, never making the words the bots do not read, and the bots
play the same moves reading it as reading the whole view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import Decision, decision_for
from tradingfloor.games.merlin.sections import Sections, nested, whole

from .helpers import GAME

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
WORDS = ("status", "chapter", "news", "events", "turn_log", "recent")


def _made(view: Sections) -> set[str]:
    """The entries a bot's view has made so far (its dict's own storage)."""
    return set(dict.keys(view))


def _states(options: dict[str, Any], seed: int, every: int) -> list[Any]:
    """Every `every`-th state of a seeded heuristic game, and its last."""
    state = GAME.new(options, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(options["players"])]
    rng = random.Random(seed)
    states = []
    while actors := GAME.actors(state):
        for seat in actors:
            state = GAME.apply(state, seat, agents[seat].act(decision_for(GAME, state, seat), rng))
        states.append(state)
    return [*states[::every], state]


@pytest.mark.parametrize(
    "options",
    [
        ALL_MODULES,
        {"players": 5, "modules": ["economy", "finance"]},
        {"players": 4, "modules": ["economy", "magic"], "jokers": True},
    ],
)
def test_a_bots_view_is_the_view_for_every_seat(options: dict[str, Any]) -> None:
    states = _states(options, seed=3, every=12)
    assert GAME.result(states[-1]) is not None  # the finished game's result and recap too
    for state in states:
        for seat in (None, *range(options["players"])):
            made_as_read = GAME.bot_view(state, seat)
            assert made_as_read == GAME.view(state, seat)
            assert json.dumps(made_as_read) == json.dumps(GAME.view(state, seat))


def test_reading_an_entry_makes_that_entry_only() -> None:
    state = _states(ALL_MODULES, seed=1, every=40)[2]
    view = GAME.bot_view(state, 0)
    assert view["turn"] == state.core.turn_no
    assert _made(view) == {"turn"}
    assert view["magic"]["bank_debt"] == GAME.view(state, 0)["magic"]["bank_debt"]
    assert _made(view) == {"turn", "magic"}
    assert _made(view["magic"]) == {"bank_debt"}
    assert "events" in view and view.get("nothing such") is None and len(view) > 30
    assert _made(view) == {"turn", "magic"}
    with pytest.raises(KeyError):
        view["nothing such"]


def test_the_heuristic_never_makes_the_words_and_plays_as_with_the_whole_view() -> None:
    """The same seeded game, move for move, whether the heuristic reads its own view or is
    given the whole view."""
    state = GAME.new(ALL_MODULES, 5)
    lazy_bots = [make_agent(GAME, "heuristic") for _ in range(4)]
    whole_bots = [make_agent(GAME, "heuristic") for _ in range(4)]
    lazy_rng, whole_rng = random.Random(5), random.Random(5)
    moves = 0
    while actors := GAME.actors(state):
        for seat in actors:
            lazy = decision_for(GAME, state, seat)
            given = Decision(GAME, seat, GAME.view(state, seat), lazy.legal, lazy.determinize)
            action = lazy_bots[seat].act(lazy, lazy_rng)
            assert whole_bots[seat].act(given, whole_rng) == action
            assert isinstance(lazy.bot_view, Sections)
            assert not _made(lazy.bot_view) & set(WORDS)
            state = GAME.apply(state, seat, action)
            moves += 1
    assert GAME.result(state) is not None and moves > 200


def test_a_table_of_entries_is_made_whole_or_as_read() -> None:
    state = GAME.new(ALL_MODULES, 2)
    parts: Any = {
        "seat": lambda state, seat: seat,
        "inner": nested({"players": lambda state, seat: state.players}),
        "list": lambda state, seat: [seat, seat],
    }
    assert whole(parts, state, 1) == {"seat": 1, "inner": {"players": 4}, "list": [1, 1]}
    as_read = Sections(parts, state, 1)
    assert list(as_read) == ["seat", "inner", "list"] and "list" in as_read
    assert as_read == whole(parts, state, 1)
    assert dict(Sections(parts, state, 1)) == {"seat": 1, "inner": {"players": 4}, "list": [1, 1]}
    assert Sections(parts, state, 1) != Sections(parts, state, 2)
    assert repr(as_read) == "{'seat': 1, 'inner': {'players': 4}, 'list': [1, 1]}"
