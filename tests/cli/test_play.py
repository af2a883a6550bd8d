"""`tradingfloor play`: whole terminal games driven through their prompts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tradingfloor
from tradingfloor.cli.main import app
from tradingfloor.core.record import MatchRecord, replay

RUNNER = CliRunner()


def run(args: list[str], keys: list[str]) -> tuple[int, str]:
    keyboard = "".join(k + "\n" for k in keys)
    # A wide console, so that no message is wrapped in the middle.
    result = RUNNER.invoke(app, ["play", *args], input=keyboard, env={"COLUMNS": "160"})
    return result.exit_code, result.output


def lines_after(text: str, marker: str) -> str:
    return text[text.index(marker) + len(marker) :]


# One human's keys for a whole game against bots that never go out: bad rows first, then rows; in
# round 1 a word where a number belongs and an ask the market never pays; then one tin at 2 a
# round (never more than the cash) and everything held offered at 9.
ROUNDS = 10
SOLO_KEYS = [
    "12345",  # too short: re-asked
    "0123456789",
    "0123456789",  # row D in the same order as row A: refused, re-asked from row A
    "0123456789",
    "9876543210",
    "one",  # not a number: re-asked
    "1",
    "2",
    "all",
    "11",  # above 10: refused, the order is asked again
    "all",
    "9",
] + ["1", "2", "all", "9"] * (ROUNDS - 1)


def test_one_person_plays_a_whole_game_against_bots(tmp_path: Path) -> None:
    record_path = tmp_path / "match.json"
    code, out = run(
        [
            "middleman",
            "--seats",
            "you,heuristic,heuristic",
            "--seed",
            "11",
            "--record",
            str(record_path),
        ],
        SOLO_KEYS,
    )
    assert code == 0, out
    assert "Middleman · Seat 1: you, Seat 2: heuristic, Seat 3: heuristic" in out
    # The prompts, and the re-asks after each bad answer.
    assert "Row A needs exactly 10 digits" in out
    assert "Refused: row D must be in a different order from row A." in out
    assert "Type a whole number, 0 or more." in out
    assert "Refused: the market never pays more than 10 per tin" in out
    assert out.count("Tins wanted: ") == ROUNDS + 1
    assert out.count("Tins for sale (a number, or all): ") == ROUNDS + 1
    # The sheet, the reveal table of every step, the final standings.
    for label in ("Cash Held", "Tins Held", "Tins Wanted", "Offer/Tin", "Available", "Demand"):
        assert label in out
    for r in range(1, ROUNDS + 1):
        assert f"Round {r}, buying: the A digits are called out" in out
        assert f"Round {r}, selling: the D digits" in out
    for label in ("Available Tins", "Tins Bought", "For Sale", "Price/Tin", "Tins Sold"):
        assert label in lines_after(out, "Round 10, buying")
    assert "Game over: after round 10, the most cash wins." in out

    # The standings agree with the game the record replays to, figure for figure.
    record = MatchRecord.loads(record_path.read_text())
    final = replay(record)
    result = tradingfloor.make("middleman").result(final)
    assert result is not None
    assert [m.action for m in record.moves if m.seat == 0][:3] == [
        {"type": "rows", "a": list(range(10)), "d": list(range(9, -1, -1))},
        {"type": "buy", "tins": 1, "price": 2},
        {"type": "sell", "tins": 1 if final.history[0].fills[0] else 0, "price": 9},
    ]
    standings = lines_after(out, "Final standings")
    labels = {0: "you", 1: "heuristic", 2: "heuristic"}
    for seat in range(3):
        rank, score = result.ranks[seat], int(result.scores[seat])
        row = rf"│\s+{rank} │ {seat + 1}\s+│ {labels[seat]}\s+│\s+{score} │"
        assert re.search(row, standings), (row, standings)
    for winner in result.winners:
        assert re.search(rf"│ {winner + 1}\s+│ \w+\s+│\s+\d+ │ wins", standings)
    # The final sheet's column 11 holds the final cash.
    assert re.search(rf"Cash Held .*│\s+{final.cash[0]} │\n", out)


def test_two_people_play_hot_seat_without_seeing_each_other(tmp_path: Path) -> None:
    keys: list[str] = []
    keys += ["", "r"]  # seat 0 takes the keyboard and deals its rows at random
    keys += ["", "5555555555", "0123456789", "1032547698"]  # seat 1 mistypes, then writes
    # Each round: seat 0 buys, seat 1 buys, seat 0 sells, seat 1 sells, each after an Enter.
    keys += ["", "1", "2", "", "1", "1", "", "all", "9", "", "all", "8"] * ROUNDS
    code, out = run(["middleman", "--seats", "you,human,random", "--seed", "4"], keys)
    assert code == 0, out
    assert "Seat 1: human, Seat 2: human, Seat 3: random" in out
    turns = re.split(r"Pass the keyboard to Seat (\d), then press Enter\.", out)
    seats_in_turn = [int(s) - 1 for s in turns[1::2]]
    assert len(seats_in_turn) >= 2 * 2 + 1  # rows of both, and at least one order each
    for seat, shown in zip(seats_in_turn, turns[2::2], strict=True):
        other = 1 - seat
        turn_screen = shown.split("the screen is cleared")[0]
        # A turn shows that seat's own sheet, never the other person's, and ends cleared.
        assert f"Your game sheet (Seat {seat + 1})" in turn_screen
        assert f"game sheet (Seat {other + 1})" not in turn_screen
        assert "the screen is cleared" in shown
    assert "Row A must hold each digit 0-9 exactly once." in out
    assert "Final standings" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game 'chess'; the games are:"),
        (["middleman", "--seats", "you,wizard"], "unknown seat kind 'wizard' for middleman"),
        (["middleman", "--seats", "you,random", "-o", "guarded=maybe"], "must be yes or no"),
        (["middleman", "--seats", "you,random", "-o", "players=3"], "--seats names 2 seats"),
        (["middleman", "--seats", "you,random", "-o", "guarded"], "an option is key=value"),
        (["middleman", "--seats", "you"], "at least two seats"),
        (["middleman", "--seats", ",".join(["random"] * 9)], "Players must be at most 8"),
    ],
)
def test_bad_command_lines_are_refused_clearly(args: list[str], message: str) -> None:
    code, out = run(args, [])
    assert code == 2
    assert message in out


def test_help_describes_the_seats() -> None:
    code, out = run(["--help"], [])
    assert code == 0
    assert "--seats" in out and "--seed" in out and "--option" in out


def test_bots_alone_play_to_the_end_with_options() -> None:
    code, out = run(
        ["middleman", "--seats", "heuristic,random", "--seed", "2", "-o", "guarded=true"], []
    )
    assert code == 0, out
    assert "Final standings" in out


def test_input_running_out_abandons_the_game() -> None:
    code, out = run(["middleman", "--seats", "you,random", "--seed", "1"], ["r"])
    assert code == 1
    assert "Game abandoned." in out


def test_a_game_without_a_terminal_module_is_played_in_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tradingfloor.cli import play

    monkeypatch.setattr(play, "_terminal_module", lambda game_id: play.GenericTerminal)
    rows = '{"type": "rows", "a": [0,1,2,3,4,5,6,7,8,9], "d": [9,8,7,6,5,4,3,2,1,0]}'
    keys = ["{not json", '{"type": "sell", "tins": 0, "price": 0}', rows]
    keys += ['{"type": "buy", "tins": 0, "price": 0}', '{"type": "sell", "tins": 0, "price": 0}']
    keys += [
        '{"type": "buy", "tins": 0, "price": 0}',
        '{"type": "sell", "tins": 0, "price": 0}',
    ] * (ROUNDS - 1)
    code, out = run(["middleman", "--seats", "you,heuristic", "--seed", "8"], keys)
    assert code == 0, out
    assert "Your legal actions:" in out and "permutation of 0-9" in out
    assert "That is not JSON" in out
    assert "Refused: write your rows A and D first." in out
    assert out.count("Your action as JSON: ") == 2 + 1 + 2 * ROUNDS
    assert "'history'" in out  # the resolved steps, as the view holds them
    assert "Final standings" in out


def test_searching_bots_think_within_the_terminal_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from tradingfloor.cli import play

    limits: list[list[float | None]] = []

    class Recording(play.Match):
        def run(self) -> None:
            limits.append([getattr(s.agent, "time_limit", None) for s in self.table.seats])

    monkeypatch.setattr(play, "Match", Recording)
    code, out = run(["middleman", "--seats", "ismcts,heuristic,you", "--think", "0.5"], [])
    assert code == 0, out
    code, out = run(["middleman", "--seats", "ismcts,heuristic,you"], [])
    assert code == 0, out
    # Only the searching bot takes a budget: the game's own bots and people have none.
    assert limits == [[0.5, None, None], [play.THINK_S, None, None]]
    code, out = run(["middleman", "--seats", "ismcts,you", "--think", "0"], [])
    assert code == 2


def test_a_searching_bot_plays_a_whole_game_on_a_short_budget() -> None:
    code, out = run(
        ["middleman", "--seats", "ismcts,heuristic", "--seed", "3", "--think", "0.05"], []
    )
    assert code == 0, out
    assert "Final standings" in out
