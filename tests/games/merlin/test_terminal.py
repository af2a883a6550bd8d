"""The terminal interface: the table drawn, events in words, a move read from a menu."""

from __future__ import annotations

import io

from rich.console import Console

from tradingfloor.games.merlin import terminal
from tradingfloor.games.merlin.state import Stack

from .helpers import GAME, act, after_auction, arrange, end_turn_rolling


def text_of(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_the_table_shows_tableaux_counters_dice_and_accounts() -> None:
    state = arrange(
        after_auction(),
        tableaux=[[Stack("4C", top="5D"), Stack("3C", top="9C", stored=5)], [], [], []],
        bank=7,
        row=3,
    )
    state = end_turn_rolling(state, (2, 3))
    text = text_of(terminal.render(GAME.view(state, 0)))
    assert "4♣(3)+5♦" in text and "3♣(4)×9♣ chauffeur [5]" in text
    assert "cost of the living 2" in text and "tax rate 1" in text and "climate 1" in text
    assert "central bank 7" in text and "R.O.W. 3" in text
    assert "= 5" in text and "summer" in text
    before = GAME.view(state, 0)
    state = end_turn_rolling(state, (2, 3))
    lines = terminal.event_lines(before, GAME.view(state, 0))
    assert lines[0] == "seat 1 ended the turn"
    assert "2+3" not in " ".join(lines[:1])
    assert "what happened" in text_of(terminal.render_events(before, GAME.view(state, 0)))
    assert terminal.render_events(GAME.view(state, 0), GAME.view(state, 0)) is None
    lines = terminal.event_lines(None, before)
    assert "seat 1 rolled 2+3 = 5" in lines
    assert "your 5♦ produced 1 elixir oil" in lines
    assert "you ended the turn" in lines


def test_prompt_reads_a_menu_number_and_a_form() -> None:
    state = arrange(after_auction(), hands=[["5C"], [], [], []], gold=[9, 9, 9, 9])
    legal = GAME.legal(state, 0)
    entries = legal.describe()["actions"]
    place = next(i for i, e in enumerate(entries, 1) if e["type"] == "place")
    bid = next(i for i, e in enumerate(entries, 1) if e["type"] == "bid")
    answers = iter(["99", str(place)])
    console = Console(file=io.StringIO())
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign]
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    assert action.to_json() == {"type": "place", "card": "5C", "on": None}
    answers = iter([str(bid), "souls", "12", str(bid), "souls", "4"])
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    assert action.to_json() == {"type": "bid", "commodity": "souls", "price": 4}
    assert "covered" in console.file.getvalue()  # type: ignore[attr-defined]
    state = act(state, 0, action.to_json())
    assert state.core.gold[0] == 5


def test_a_game_of_bots_through_tradingfloor_play() -> None:
    from typer.testing import CliRunner

    from tradingfloor.cli.main import app

    outcome = CliRunner().invoke(
        app,
        [
            "play",
            "merlin",
            "--seats",
            "heuristic,random",
            "--seed",
            "3",
            "-o",
            "max_orbits=2",
            "-o",
            "few_players=true",
        ],
    )
    assert outcome.exit_code == 0, outcome.output
    assert "Grand" not in outcome.output  # the terminal draws the market per commodity
    assert "essence grain" in outcome.output and "orbit cap (2 orbits)" in outcome.output
