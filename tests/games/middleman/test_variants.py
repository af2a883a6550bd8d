"""Middleman's research variants: fewer rounds, smaller rows, a lower top price."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import tradingfloor
from tradingfloor.agents import make_agent
from tradingfloor.core import conformance
from tradingfloor.core.agent import decision_for
from tradingfloor.core.errors import BadOptions, IllegalAction
from tradingfloor.games.middleman import fast, terminal
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.options import MiddlemanOptions

GAME = tradingfloor.make("middleman")
SMALLEST = {"players": 2, "rounds": 1, "digits": 2, "top_price": 1}
VARIANTS = [SMALLEST, {"players": 3, "rounds": 2, "digits": 3, "top_price": 4}, {"rounds": 6}]


def test_the_printed_game_is_the_default_and_its_options_read_as_before() -> None:
    assert GAME.options({}) == {"players": 3, "guarded": False}
    assert GAME.options({"rounds": 10, "digits": 10, "top_price": 10}) == GAME.options({})
    state = GAME.new({}, seed=3)
    assert "variant" not in GAME.view(state, 0)


def test_variant_options_are_marked_for_the_lobby() -> None:
    schema = MiddlemanOptions.model_json_schema()["properties"]
    for name in ("rounds", "digits", "top_price"):
        assert schema[name]["variant"] is True and schema[name]["designer"] is True
        assert "(research variant)" in schema[name]["title"]
    assert "variant" not in schema["players"]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"rounds": 4, "digits": 3}, "a row of 3 digits has only 3 columns"),
        ({"digits": 1}, "Digits in a row (research variant) must be a whole number, 2 or more"),
        ({"top_price": 11}, "Top price (research variant) must be at most 10"),
        ({"rounds": 0}, "Rounds (research variant) must be a whole number, 1 or more"),
    ],
)
def test_bad_variant_options_are_refused_in_words(options: dict[str, int], words: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(words)):
        GAME.options(options)


def test_the_smallest_variant_plays_one_round_with_rows_of_two_digits() -> None:
    state = GAME.new(SMALLEST, seed=1)
    with pytest.raises(IllegalAction, match="it needs 2, each digit 0-1 exactly once"):
        GAME.apply(state, 0, Rows(a=(0, 1, 2), d=(2, 1, 0)))
    state = GAME.apply(state, 0, Rows(a=(0, 1), d=(1, 0)))
    state = GAME.apply(state, 1, Rows(a=(1, 0), d=(0, 1)))
    assert GAME.legal(state, 0).describe()["actions"][0]["fields"]["tins"]["max"] == 2
    state = GAME.apply(state, 0, Buy(tins=1, price=1))
    state = GAME.apply(state, 1, Buy(tins=2, price=0))
    view = GAME.view(state, 0)
    assert view["status"] == "Round 1 of 1 · selling"
    assert view["variant"] == {"digits": 2, "top_price": 1}
    assert [p["tins"] for p in view["players"]] == [1, 0]  # supply 0 + 1: the offer of 1 first
    with pytest.raises(IllegalAction, match="never pays more than 1 per tin"):
        GAME.apply(state, 0, Sell(tins=1, price=2))
    state = GAME.apply(state, 0, Sell(tins=1, price=1))
    state = GAME.apply(state, 1, Sell(tins=0, price=0))
    result = GAME.result(state)
    assert result is not None and result.reason == "after round 1, the most cash wins"
    assert result.scores == (20, 20)  # paid 1, sold for 1 (demand 1 + 0)


@pytest.mark.parametrize("options", VARIANTS, ids=str)
@pytest.mark.parametrize("check", list(conformance.CHECKS))
def test_variants_pass_the_conformance_suite(options: dict[str, int], check: str) -> None:
    for index in range(2):
        trajectory = conformance.random_trajectory(GAME, options, conformance.secret_seed(index))
        conformance.CHECKS[check](GAME, trajectory)


@pytest.mark.parametrize("options", VARIANTS, ids=str)
@pytest.mark.parametrize("kind", ["beginner", "heuristic"])
def test_the_bots_play_variants_to_the_end(options: dict[str, int], kind: str) -> None:
    agent, rng = make_agent(GAME, kind), random.Random(5)
    state = GAME.new(options, seed=5)
    while GAME.result(state) is None:
        seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, agent.act(decision_for(GAME, state, seat), rng))
    assert max(GAME.view(state, None)["round"], 1) == options.get("rounds", 10)


def test_the_batch_engine_refuses_a_variant_in_words() -> None:
    assert fast.plays({"players": 4}) and not fast.plays(SMALLEST)
    with pytest.raises(BadOptions, match="the batch engine plays only the printed game"):
        next(fast.stream(SMALLEST, [], games=1, seed=0))


def test_the_terminal_asks_a_variant_for_its_shorter_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    console = Console(file=io.StringIO(), width=100)
    answers = iter(["0123456789", "210", "012"])
    monkeypatch.setattr(console, "input", lambda prompt="": next(answers))
    state = GAME.new({"players": 2, "rounds": 2, "digits": 3}, seed=0)
    action = terminal._ask_rows(console, GAME.legal(state, 0), GAME.parse_action)
    assert action == Rows(a=(2, 1, 0), d=(0, 1, 2))
    assert "Row A needs exactly 3 digits, e.g. 012." in console.file.getvalue()
