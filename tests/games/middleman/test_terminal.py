"""Middleman at the terminal: the game sheet, prompts and reveal tables, figure for figure."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import tradingfloor
from tradingfloor.games.middleman import terminal
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

GAME = tradingfloor.make("middleman")
# Rows whose first columns give the rule text's examples: Jane, Fred and Mary call A = 8, 0, 2
# in round 1 (Buying Example) and D = 6, 1, 3 (Selling Example).
ROWS = [
    Rows(a=(8, 0, 1, 2, 3, 4, 5, 6, 7, 9), d=(6, 0, 1, 2, 3, 4, 5, 7, 8, 9)),
    Rows(a=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), d=(1, 0, 2, 3, 4, 5, 6, 7, 8, 9)),
    Rows(a=(2, 0, 1, 3, 4, 5, 6, 7, 8, 9), d=(3, 0, 1, 2, 4, 5, 6, 7, 8, 9)),
]


def text_of(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def row(text: str, label: str) -> list[str]:
    """The cells of the table row starting with `label`."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.replace("┃", "│").strip()[1:-1].split("│")]
        if cells and cells[0] == label:
            return cells[1:]
    raise AssertionError(f"no row {label!r} in\n{text}")


def step(state: Any, orders: list[Any]) -> Any:
    for seat, order in enumerate(orders):
        state = GAME.apply(state, seat, order)
    return state


@pytest.fixture
def written() -> Any:
    return step(GAME.new({"players": 3}, seed=1), ROWS)


def test_the_reveal_table_is_the_rule_texts_buying_example(written: Any) -> None:
    before = GAME.view(written, 0)
    bought = step(written, [Buy(tins=6, price=5), Buy(tins=5, price=4), Buy(tins=9, price=2)])
    table = text_of(terminal.render_events(before, GAME.view(bought, 0)))
    assert "Round 1, buying: the A digits are called out" in table
    assert row(table, "Tins Wanted") == ["6", "5", "9"]
    assert row(table, "Offer/Tin") == ["5", "4", "2"]
    assert row(table, "A") == ["8", "0", "2"]
    assert row(table, "Available Tins") == ["10", "10", "10"]
    assert row(table, "Tins Bought") == ["6", "4", "0"]
    assert "Seat 1 (you)" in table and "Seat 0" not in table


def test_the_sheet_after_a_round_and_the_selling_reveal(written: Any) -> None:
    bought = step(written, [Buy(tins=6, price=5), Buy(tins=5, price=4), Buy(tins=9, price=2)])
    before = GAME.view(bought, 0)
    # The Selling Example's orders as far as these holdings allow: Jane 3 at 5, Fred 4 at 9.
    sold = step(bought, [Sell(tins=3, price=5), Sell(tins=4, price=9), Sell(tins=0, price=0)])
    reveal = text_of(terminal.render_events(before, GAME.view(sold, 0)))
    assert row(reveal, "For Sale") == ["3", "4", "0"]
    assert row(reveal, "D") == ["6", "1", "3"]
    assert row(reveal, "Demand") == ["10", "10", "10"]
    assert row(reveal, "Tins Sold") == ["3", "4", "0"]

    sheet = text_of(terminal.render(GAME.view(sold, 0)))
    assert "Your game sheet (Seat 1)" in sheet
    assert row(sheet, "")[:11] == [str(c) for c in range(1, 12)]
    blank = [""] * 9
    assert row(sheet, "Cash Held") == ["30", "15", *blank]  # 30 - 6 x 5 + 3 x 5
    assert row(sheet, "Tins Held") == ["0", "3", *blank]
    assert row(sheet, "A") == [*map(str, ROWS[0].a), ""]
    assert row(sheet, "D") == [*map(str, ROWS[0].d), ""]
    for label, figure in [
        ("Tins Wanted", "6"),
        ("Offer/Tin", "5"),
        ("Available", "10"),
        ("Tins Bought", "6"),
        ("For Sale", "3"),
        ("Price/Tin", "5"),
        ("Demand", "10"),
        ("Tins Sold", "3"),
    ]:
        assert row(sheet, label) == [figure, *[""] * 10], label
    assert "Seat 1 (you) · Round 2 of 10 · buying · cash 15 · 3 tins" in sheet


def test_a_seat_sees_only_its_own_rows_and_its_own_sealed_order(written: Any) -> None:
    state = GAME.apply(written, 0, Buy(tins=2, price=3))
    mine = text_of(terminal.render(GAME.view(state, 0)))
    assert row(mine, "Tins Wanted")[0] == "2" and row(mine, "Available")[0] == "?"
    theirs = text_of(terminal.render(GAME.view(state, 1)))
    assert row(theirs, "A") == [*map(str, ROWS[1].a), ""]
    assert row(theirs, "Tins Wanted")[0] == ""
    assert re.search(r"Seat 1\s+│\s+30 │\s+0 │ committed", theirs)
    assert "Seat 2 (you)" in theirs


def test_going_out_and_the_end_are_said_to_you_in_words(written: Any) -> None:
    before = GAME.view(written, 1)
    # Seat 2 (index 1) asks for 10 tins at 4 (40) with 30 in hand and gets them all: out.
    bought = step(written, [Buy(tins=0, price=0), Buy(tins=10, price=4), Buy(tins=0, price=0)])
    said = " ".join(text_of(terminal.render_events(before, GAME.view(bought, 1))).split())
    assert "Seat 1 did not buy; you got all 10 at 4 a tin but could not pay" in said
    assert "You owed 40 with 30 in hand: out of the game, and those tins go to nobody." in said
    sold = step_actors(bought)
    state = sold
    while GAME.actors(state):
        state = step_actors(state)
    end = " ".join(text_of(terminal.render_events(GAME.view(sold, 1), GAME.view(state, 1))).split())
    assert "The game is over. Shared win: Seat 1 and Seat 3, with 30 each." in end
    assert "You went out in round 1: served 10 tins at 4 a tin, 40 to pay with 30 in cash." in end
    assert "you plays" not in end.lower() and "you was" not in end.lower()


def step_actors(state: Any) -> Any:
    """Every seat still in orders nothing."""
    kind = Buy if GAME.view(state, None)["phase"] == "buy" else Sell
    for seat in GAME.actors(state):
        state = GAME.apply(state, seat, kind(tins=0, price=0))
    return state


def test_nothing_new_renders_nothing(written: Any) -> None:
    view = GAME.view(written, 0)
    assert terminal.render_events(view, view) is None


class Keyboard:
    """Scripted answers for `Console.input`, which reads with the builtin `input()`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
        self.answers = list(answers)
        monkeypatch.setattr("builtins.input", self.next)

    def next(self) -> str:
        return self.answers.pop(0)


def ask(
    state: Any, seat: int, monkeypatch: pytest.MonkeyPatch, answers: list[str]
) -> tuple[Any, str]:
    Keyboard(monkeypatch, answers)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    view = GAME.view(state, seat)
    action = terminal.prompt(console, view, GAME.legal(state, seat), GAME.parse_action)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return action, out


def test_rows_dealt_at_random_are_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    state = GAME.new({"players": 2}, seed=3)
    action, out = ask(state, 0, monkeypatch, ["r"])
    assert isinstance(action, Rows) and GAME.legal(state, 0).contains(action)
    assert "Dealt at random: A " in out


def test_the_same_seed_deals_the_same_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    deals = [
        ask(GAME.new({"players": 2}, seed=seed), seat, monkeypatch, ["r"])[0]
        for seed, seat in ((3, 0), (3, 0), (3, 1), (4, 0))
    ]
    assert deals[0] == deals[1], "the same --seed gives the same deal"
    assert deals[0] != deals[2], "each seat has its own deal"
    assert deals[0] != deals[3], "another seed deals other rows"
    described = repr(GAME.legal(GAME.new({"players": 2}, seed=3), 0).describe())
    assert "".join(map(str, deals[0].a)) not in described  # the deal never goes to a client


def test_rows_are_asked_again_until_they_are_two_different_permutations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = GAME.new({"players": 2}, seed=3)
    answers = ["0 1 2 3 4 5 6 7 8 8", "0123456789", "0,1,2,3,4,5,6,7,8,9", "9876543210"]
    action, out = ask(state, 0, monkeypatch, answers)
    assert action == Rows(a=tuple(range(10)), d=tuple(range(9, -1, -1)))
    assert "Row A must hold each digit 0-9 exactly once." in out
    assert "Refused: row D must be in a different order from row A." in out
    # After a refused row D, only row D is asked again.
    assert out.count("Row A: type the digits") == 2
    assert out.count("Row D: the digits") == 2


def test_orders_are_asked_again_after_bad_input(
    written: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = ["-1", "4", "x", "2"]
    action, out = ask(written, 0, monkeypatch, answers)
    assert action == Buy(tins=4, price=2)
    assert out.count("Type a whole number, 0 or more.") == 2
    assert "Buying, round 1: you hold 30 in cash." in out


def test_an_order_the_cash_cannot_cover_needs_a_yes(
    written: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    action, out = ask(written, 0, monkeypatch, ["8", "5", "", "8", "5", "y"])
    assert action == Buy(tins=8, price=5)
    warning = (
        "If this order is filled you pay 40 and hold 30: you would be out of the game "
        "(you can pay for at most 6 tins at 5 a tin). Send anyway? [y/N]"
    )
    assert out.count(warning) == 2


def test_an_offer_above_all_your_cash_is_sent_after_a_warning_rulings_4(
    written: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    action, out = ask(written, 0, monkeypatch, ["1", "31", "yes"])
    assert action == Buy(tins=1, price=31)
    assert "(you can pay for not even one tin at 31 a tin)" in out


def test_guarded_play_refuses_an_unpayable_order(monkeypatch: pytest.MonkeyPatch) -> None:
    state = step(GAME.new({"players": 3, "guarded": True}, seed=1), ROWS)
    action, out = ask(state, 0, monkeypatch, ["8", "5", "6", "5"])
    assert action == Buy(tins=6, price=5)
    assert "Refused: guarded play: 8 tins at 5 cost 40, more than your cash of 30." in out


def test_selling_all_and_the_ask_limit(written: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    bought = step(written, [Buy(tins=6, price=5), Buy(tins=5, price=4), Buy(tins=9, price=2)])
    action, out = ask(bought, 0, monkeypatch, ["7", "5", "all", "12", "all", "10"])
    assert action == Sell(tins=6, price=10)
    assert "Selling, round 1: you hold 6 tins." in out
    assert "Refused: you hold only 6 tins" in out
    assert "Refused: the market never pays more than 10 per tin" in out


def test_the_forecast_fits_a_terminal_and_the_prompt_says_this_rounds(
    written: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(terminal.render(GAME.view(written, 0)))
    sheet = console.file.getvalue()
    assert "…" not in sheet, "nothing is cut short at 80 columns"
    # Round 1: my A is 8, each other's unknown digit averages 4.5 (0-9): 17 expected, 8-26.
    assert row(sheet, "supply")[0] == "17"
    assert row(sheet, "best for")[0] in ("buy", "sell")
    _, out = ask(written, 0, monkeypatch, ["0", "0"])
    assert "Forecast for this round: about 17 (8-26)." in out
