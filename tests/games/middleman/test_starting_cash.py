"""Middleman's starting cash as a research variant: the same orders, another start, another game."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

from tests.games.middleman.helpers import GAME, buy_step, figures, rows
from tradingfloor.agents import make_agent
from tradingfloor.core import conformance
from tradingfloor.core.agent import decision_for
from tradingfloor.core.errors import BadOptions, IllegalAction
from tradingfloor.games.middleman import fast, terminal
from tradingfloor.games.middleman.actions import Buy
from tradingfloor.games.middleman.options import MiddlemanOptions
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.vectorized import vectorized_engine

SHEETS = [rows("4012356789", "9876543210"), rows("2013456789", "0123456789")]


def started(options: dict[str, Any]) -> Any:
    """A two-seat game of `options`, both seats' rows written (A digits of round 1: 4 and 2)."""
    state = GAME.new({"players": 2, **options}, seed=11)
    for seat, written in enumerate(SHEETS):
        state = GAME.apply(state, seat, written)
    return state


def test_every_seat_starts_with_the_variants_cash() -> None:
    state = started({"starting_cash": 7})
    assert figures(state) == ((7, 7), (0, 0), (False, False))
    news = GAME.view(GAME.new({"players": 2, "starting_cash": 7}, seed=1), 0)["news"]
    assert news == ["The game begins: every trader holds 7 in cash and no tins."]
    assert figures(started({}))[0] == (20, 20)  # Middleman §2: ten times the two players


def test_the_same_orders_put_a_poorer_buyer_out() -> None:
    # Supply 4 + 2 = 6. Seat 0 offers 2 a tin for 4 tins (8), seat 1 offers 1 for 2 tins.
    printed = buy_step(started({}), [(4, 2), (2, 1)])
    assert figures(printed) == ((12, 18), (4, 2), (False, False))
    poorer = buy_step(started({"starting_cash": 7}), [(4, 2), (2, 1)])
    # Seat 0 cannot pay 8 out of 7: it is out and its fill is void (RULINGS Middleman 6).
    assert figures(poorer) == ((7, 5), (0, 2), (True, False))
    said = GAME.view(poorer, None)["history"][-1]["text"]
    assert said[-1] == (
        "{seat:0} owed 8 with 7 in hand: out of the game, and those tins go to nobody."
    )
    result = GAME.result(poorer)  # two seats: the one left wins at once
    assert result is not None and result.scores == (0.0, 5.0) and result.winners == (1,)


def test_careful_mode_refuses_an_order_beyond_the_starting_cash() -> None:
    state = started({"starting_cash": 7, "guarded": True})
    with pytest.raises(IllegalAction, match="cash"):
        GAME.apply(state, 0, Buy(tins=4, price=2))
    assert figures(GAME.apply(state, 0, Buy(tins=3, price=2)))[0] == (7, 7)


def test_the_offers_bound_grows_with_the_starting_cash() -> None:
    def most(options: dict[str, Any]) -> int:
        fields = GAME.legal(started(options), 0).describe()["actions"][0]["fields"]
        return int(fields["price"]["max"])

    # The most cash anyone can hold: the start plus 45 tins a D row x 2 rows x 10 a tin.
    assert most({}) == 20 + 900
    assert most({"starting_cash": 100}) == 100 + 900


def test_the_printed_figure_is_the_printed_game() -> None:
    assert GAME.options({"players": 4, "starting_cash": 40}) == {"players": 4, "guarded": False}
    assert GAME.options({"players": 4, "starting_cash": 41})["starting_cash"] == 41
    assert "variant" not in GAME.view(GAME.new({"starting_cash": 30}, seed=2), 0)
    view = GAME.view(GAME.new({"starting_cash": 45}, seed=2), 0)
    assert view["variant"] == {"digits": 10, "top_price": 10, "starting_cash": 45}


def test_the_option_is_a_research_variant_bounded_in_words() -> None:
    schema = MiddlemanOptions.model_json_schema()["properties"]["starting_cash"]
    assert schema["variant"] is True and schema["designer"] is True
    assert schema["title"] == "Starting cash (research variant)"
    assert schema["default_words"] == "10 × players"
    for value, words in ((-1, "must be 0 or more"), (1001, "must be at most 1000"), (2.5, "whole")):
        with pytest.raises(BadOptions, match=re.escape(words)):
            GAME.options({"starting_cash": value})


def test_the_batch_engine_refuses_it_and_the_lab_plays_the_rules_engine() -> None:
    assert fast.plays({"players": 3}) and not fast.plays({"starting_cash": 45})
    with pytest.raises(BadOptions, match="top price or starting cash"):
        next(fast.stream({"starting_cash": 45}, [], games=1, seed=0))
    seats = ("heuristic",) * 3
    printed = RunSpec("middleman", seats, games=3, options={"players": 3}).tasks()
    variant = RunSpec("middleman", seats, games=3, options={"starting_cash": 45}).tasks()
    assert vectorized_engine("middleman", printed) is not None
    assert vectorized_engine("middleman", variant) is None


def test_the_terminal_names_the_variant_and_heads_the_sheet_with_its_cash() -> None:
    view = GAME.view(GAME.new({"players": 2, "starting_cash": 7}, seed=1), 0)
    assert terminal.variant_line(view) == (
        "A research variant, not the printed game: every trader starts with 7 instead of 20."
    )
    console = Console(file=io.StringIO(), width=120)
    console.print(terminal.render(view))
    assert re.search(r"Cash Held\s*│\s*7\b", console.file.getvalue())


@pytest.mark.parametrize("check", list(conformance.CHECKS))
def test_the_variant_passes_the_conformance_suite(check: str) -> None:
    for index in range(2):
        seed = conformance.secret_seed(index)
        trajectory = conformance.random_trajectory(GAME, {"starting_cash": 12}, seed)
        conformance.CHECKS[check](GAME, trajectory)


def test_the_heuristic_plays_a_rich_start_to_the_end() -> None:
    agent, rng = make_agent(GAME, "heuristic"), random.Random(5)
    state = GAME.new({"starting_cash": 200}, seed=5)
    while GAME.result(state) is None:
        seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, agent.act(decision_for(GAME, state, seat), rng))
    result = GAME.result(state)
    assert result is not None and min(result.scores) >= 0
