"""The terminal interface: the board and tablets drawn, events in words, the numbered menu."""

from __future__ import annotations

import io

from rich.console import Console

from tests.games.businessmen.helpers import ANTON, GAME, OLYA, OPTION_1, act
from tests.games.businessmen.test_worked_examples import loading_table
from tradingfloor.games.businessmen import terminal


def drawn(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return text


class Scripted(Console):
    """A console that answers prompts from a script and records what it printed."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__(file=io.StringIO(), width=160, color_system=None)
        self.answers = answers

    def input(self, *args: object, **kwargs: object) -> str:
        return self.answers.pop(0)


def test_the_board_and_the_tablets_are_drawn() -> None:
    state = loading_table(OPTION_1)
    text = drawn(terminal.render(GAME.view(state, OLYA)))
    assert "Round 1 · Phase 2, loading the cars" in text and "to move: Seat 2" in text
    assert "yellow (5)" in text and "■■■■□" in text and "Seat 4: 4" in text  # Anton's 4 fish
    assert "export: oil, wood, grain" in text
    assert "W2 L1 M2" in text and "4 wood" in text
    assert "●" in text


def test_events_between_two_views_in_words() -> None:
    state = loading_table(OPTION_1)
    before = GAME.view(state, ANTON)
    state = act(state, 1, {"type": "load", "car": "green", "good": "metal"})
    after = GAME.view(state, ANTON)
    assert terminal.event_lines(before, after) == [
        "Seat 2 loaded 4 metal into the green car (4 of 7)"
    ]
    assert "Seat 2 loaded 4 metal" in drawn(terminal.render_events(before, after))
    mine = GAME.view(state, 1)
    assert terminal.event_lines(before, mine) == ["You loaded 4 metal into the green car (4 of 7)"]
    assert terminal.render_events(after, after) is None


def test_the_menu_takes_a_number_or_json_and_refuses_bad_answers() -> None:
    state = loading_table(OPTION_1)
    view = GAME.view(state, 1)
    legal = GAME.legal(state, 1)
    console = Scripted(["0", "seven", '{"type": "load", "car": "yellow", "good": "oil"}', "1"])
    action = terminal.prompt(console, view, legal, GAME.parse_action)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Choose a number from 1 to 5" in printed and "The yellow car carries fish" in printed
    assert "Load 4 oil into the blue car (4 of 6)" in printed  # the menu in the game's words
    assert action == GAME.legal(state, 1).enumerate()[0]  # type: ignore[index]


def test_a_whole_game_at_the_terminal_against_heuristic_bots() -> None:
    from typer.testing import CliRunner

    from tradingfloor.cli.main import app

    seats = "you,heuristic,heuristic"
    answers = "1\n" * 3000  # always the first entry of the menu
    outcome = CliRunner().invoke(
        app, ["play", "businessmen", "--seats", seats, "--seed", "3"], input=answers
    )
    assert outcome.exit_code == 0, outcome.output
    assert "Tablets" in outcome.output and "yellow (5)" in outcome.output
    assert "You bought" in outcome.output and "Final standings" in outcome.output
    # Seats from 1 as on the web, "you" with its own verbs, a coin in the singular.
    for wrong in ("you buys", "you plays", "You buys", "(1 coins)", "seat 0", "Seat 0"):
        assert wrong not in outcome.output, wrong
    assert "Seat 2" in outcome.output
