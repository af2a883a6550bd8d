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
    assert lines[0] == "Seat 2 ended the turn"
    assert "what happened" in text_of(terminal.render_events(before, GAME.view(state, 0)))
    assert terminal.render_events(GAME.view(state, 0), GAME.view(state, 0)) is None
    lines = terminal.event_lines(None, before)
    assert "Seat 2 rolled 2 and 3: 5" in lines
    assert "Your 5♦ produced 1 Elixir Oil" in lines
    assert "You ended the turn" in lines


def test_the_market_is_a_ladder_with_your_orders_marked() -> None:
    state = arrange(after_auction(), goods=[[3, 0, 0], [2, 0, 0], [0, 0, 0], [0, 0, 0]])
    for price in (4, 4, 5):
        state = act(state, 0, {"type": "ask", "commodity": "souls", "price": price})
    state = end_turn_rolling(state, (1, 2))
    state = act(state, 1, {"type": "ask", "commodity": "souls", "price": 3})
    text = text_of(terminal.render(GAME.view(state, 0)))
    assert "asks 3 4×2* 5*" in text


def scripted(*answers: str) -> Console:
    """A console whose person types `answers`, one per prompt."""
    replies = iter(answers)
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.input = lambda prompt="": next(replies)  # type: ignore[method-assign]
    return console


def printed(console: Console) -> str:
    return console.file.getvalue()  # type: ignore[attr-defined]


def menu_number(legal: object, kind: str) -> str:
    entries = legal.describe()["actions"]  # type: ignore[attr-defined]
    return str(next(i for i, e in enumerate(entries, 1) if e["type"] == kind))


def test_prompt_reads_a_menu_number_and_a_form() -> None:
    state = arrange(after_auction(), hands=[["5C"], [], [], []], gold=[9, 9, 9, 9])
    legal = GAME.legal(state, 0)
    console = scripted("99", menu_number(legal, "place"))
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    assert action.to_json() == {"type": "place", "card": "5C", "on": None}
    assert "Place 5♣ as a property (yields 2 gold on a 5)" in printed(console)
    assert "type a number from 1 to" in printed(console)
    bid = menu_number(legal, "bid")
    console = scripted(bid, "1", "12", bid, "1", "4")
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    assert action.to_json() == {"type": "bid", "commodity": "souls", "price": 4}
    assert "1) Souls" in printed(console) and "covered" in printed(console)
    assert "bid" not in printed(console).split("Bid for 1 unit")[0].lower().split()


def test_a_tied_auction_settled_through_the_rank_prompt() -> None:
    # Turn Order: "If there is a tie for last ... all unplaced players will participate in a blind
    # rank auction". Seats 2 and 3 both bid 0: the rank auction for places 3 and 4.
    state = GAME.new({"players": 4}, 3)
    for seat, amount in enumerate([3, 2, 0, 0]):
        state = act(state, seat, {"type": "turn_bid", "amount": amount})
    legal = GAME.legal(state, 2)
    entries = legal.describe()["actions"]
    assert [e["type"] for e in entries] == ["rank_bid"]
    console = scripted("1", "three one", "1", "1 5 2", "1", "3 1")
    action = terminal.prompt(console, GAME.view(state, 2), legal, GAME.parse_action)
    assert action.to_json() == {"type": "rank_bid", "stacks": [3, 1]}
    shown = printed(console)
    assert "Seal a stack of gold for each place: places 3 to 4 ... (2 numbers)" in shown
    assert "At least 1 gold a place" in shown
    assert "type 2 whole numbers of gold, e.g. 1 1" in shown
    assert "Make one stack for each of the 2 places" in shown
    state = act(state, 2, action.to_json())
    legal = GAME.legal(state, 3)
    action = terminal.prompt(scripted("1", "1 4"), GAME.view(state, 3), legal, GAME.parse_action)
    state = act(state, 3, action.to_json())
    assert state.core.order == (0, 1, 2, 3)  # seat 2's 3 beat seat 3's 1 for the third place


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
    assert "Essence Grain" in outcome.output and "orbit cap (2 orbits)" in outcome.output
