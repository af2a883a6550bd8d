"""The terminal with the finance module: the finance table drawn in words, sealed bids kept secret,
forms' choices in words (MERLIN-MODULES.md §3; RULINGS Merlin 8: "contracts, debts and every
action taken are public")."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest

from tests.games.merlin.finance.helpers import arrange_finance
from tests.web.finance_table import blind_auction, finance_table, open_bidding, trade_offer
from tradingfloor.games.merlin import terminal
from tradingfloor.games.merlin.finance.state import BANK, Debt

from . import consoles
from .consoles import menu_number, scripted
from .helpers import GAME

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.\d\b|\{seat:")  # cash_settle, pickpocket.1
drawn = partial(consoles.drawn, width=220)  # the finance table's widest rows


def test_the_finance_table_is_drawn_in_words() -> None:
    """Futures as the draft's notes (Futures: "The bushel type, forward price, expiry date", "e.g
    Start of summer, Year 3"), insurance ("If the next roll is a 2,3, or 5. Pays 3:1"), loans,
    bonds, shares and notes, the custom tables and debts, with seats named."""
    text = drawn(finance_table(), 1)
    assert "Futures on the field" in text
    assert "│ 1      │ Seat 1 │ 3 Souls         │ 9 gold        │ start of summer, year 2" in text
    assert "Long: you; expires in 12 months of the wheel" in text
    assert "Open to take: pay 12 gold to become the long" in text
    assert "start of winter, year 1" in text
    assert "Due: you must deliver the bushel, offset it with a long of the same expiry" in text
    assert "In gold it settles for 6 gold: 3 × 2 (the cost of the living, as it was" in text
    assert "the next roll is a 2, 3 or 5" in text
    assert "one of the next 3 rolls is a 7" in text and "bought by Seat 3" in text
    assert "Loan 7 from Seat 1 to Seat 4: lent 6 gold from the Chauffeur on 4♣, 8 gold" in text
    assert "Seat 1's bonds (3), each pays 5 gold after orbit 6: held by you (1), Seat 3 (1)" in text
    assert "10% of the gold Seat 1's properties yield" in text
    assert "The long of future 1 (3 Souls at 9 gold, start of summer, year 2)" in text
    assert "The long of a Souls future expiring at the start of summer, year 2" in text
    assert "│ Seat 3  │ Seat 1 │ 9    │ an insurance payout │" in text
    assert "is owed 13" in text and "owes 9 on contracts" in text
    assert not IDENTIFIER.search(text), IDENTIFIER.search(text)


def test_a_table_without_contracts_says_where_they_will_appear() -> None:
    state = finance_table()
    empty = arrange_finance(
        state, futures=(), quotes=(), policies=(), loans=(), securities=(), listings=()
    )
    empty = arrange_finance(empty, wanted=(), debts=())
    empty = replace(empty, core=replace(empty.core, bankrupt_since=(None,) * 4))
    assert "No contracts open" in drawn(empty, 0)


def test_a_sealed_bid_stays_secret_until_the_auction_resolves() -> None:
    """Auctioning, Blind Auction: bids are revealed only when every fist opens. Others see who
    has sealed, never how much; the bidder sees their own."""
    state = finance_table(sale=blind_auction())  # seat 0 sealed 7, seat 3 sealed 6
    mine = drawn(state, 0)
    assert "Seat 3's 10♣ for sale by blind auction" in mine
    assert "You: sealed a bid, Seat 2: deciding, Seat 4: sealed a bid" in mine
    assert "your sealed bid: 7 gold" in mine
    for seat in (1, 2, None):
        sale = GAME.view(state, seat)["finance"]["sale"]
        assert sale["sealed"] == [0, 3] and sale["mine"] is None
        assert sale["high"] is None and sale["leader"] is None
        assert not {7, 6} & set(_numbers(sale)), sale
        assert "7 gold" not in drawn(state, seat)
    assert GAME.view(state, 3)["finance"]["sale"]["mine"] == 6


def _numbers(section: object) -> list[int]:
    """Every number in a view section, its texts included."""
    return [int(n) for n in re.findall(r"\d+", json.dumps(section))]


def test_open_bidding_shows_the_standing_bid_and_who_has_raised() -> None:
    """Bid Auctioning: "increasing the amount of gold bid every iteration": the standing bid and
    its bidder are public; this round's sealed raises are not."""
    state = finance_table(sale=open_bidding())  # seat 0 sealed a raise of 5
    text = drawn(state, 1)
    assert "Standing bid: 4 gold by Seat 4" in text
    assert "Seat 1: raised or passed, Seat 4: holds the standing bid" in text
    assert "5 gold" not in text.split("for sale by open bidding")[1]
    assert "your sealed bid: 5 gold" in drawn(state, 0)


def test_an_offer_under_way_says_what_and_who_answers() -> None:
    """RULINGS Merlin 2: the offer is answered by accept or decline; the trade's road roll is
    explained (Trading Between Players: "If either player rolls a one the trade is void")."""
    state = trade_offer()
    theirs = drawn(state, 1)
    assert "Seat 1's offer to you: 5 gold and 1 Souls for 2 Essence Grain" in theirs
    assert "Yours to answer: Accept or Decline" in theirs
    others = drawn(state, 2)
    assert "Waiting for Seat 2 to accept or decline" in others
    assert "Your offer to Seat 2" in drawn(state, 0)
    assert "a 1 (or a 2, between players who have cast spells at each other)" in others
    spectator = drawn(state, None)
    assert "Seat 1's offer to Seat 2" in spectator and "Futures on the field" in spectator


def owing() -> object:
    """Seat 0 owes the central bank 3 (a note) and seat 2 2 (a loan)."""
    state = arrange_finance(
        finance_table(), debts=(Debt(0, BANK, 3, "note"), Debt(0, 1, 2, "loan"))
    )
    return replace(state, core=replace(state.core, bankrupt_since=(0, None, None, None)))


def test_repaying_a_debt_names_each_creditor() -> None:
    """Bankruptcy: "paying off any debts they owe to other players": the creditors by name, in
    the moves listed and in the form's choices."""
    state = owing()
    view = GAME.view(state, 0)
    legal = GAME.legal(state, 0)
    menu = [terminal._label(view, e) for e in legal.describe()["actions"]]
    assert "Pay the central bank 3 gold of what you owe" in menu
    assert "Pay Seat 2 2 gold of what you owe" in menu
    spec = {"label": "To whom", "choices": [BANK, 1], "labels": ["-2", "{seat:1}"]}
    worded = terminal.terminal_finance.in_words(view, "repay", "creditor", spec)
    assert [terminal.words_for(view, t) for t in worded["labels"]] == ["The central bank", "Seat 2"]


def test_writing_a_future_asks_its_expiry_as_a_month_of_the_wheel() -> None:
    """Futures: "Expiry date in number of years. (e.g Start of summer, Year 3)": the form offers
    the months of the wheel by name, not portion numbers."""
    state = finance_table()
    legal = GAME.legal(state, 0)
    entry = next(e for e in legal.describe()["actions"] if e["type"] == "write_future")
    answers = {"commodity": "1", "price": "9", "year": "3", "portion": "4"}
    console = scripted(menu_number(legal, "write_future"), *(answers[n] for n in entry["fields"]))
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert "1) Start of summer" in printed
    assert "2) Start of summer's second month" in printed
    assert "4) Start of autumn" in printed
    assert action.to_json()["portion"] == 3 and action.to_json()["year"] == 3


def test_every_finance_move_reads_in_words() -> None:
    """The whole menu of a turn with every part of the finance table, each form's choices
    included: no identifier, no seat mark."""
    state = finance_table()
    view = GAME.view(state, 0)
    for entry in GAME.legal(state, 0).describe()["actions"]:
        text = terminal._label(view, entry)
        assert not IDENTIFIER.search(text), text
        assert not IDENTIFIER.search(entry.get("note", "")), (entry["type"], entry["note"])
        for name, spec in entry.get("fields", {}).items():
            worded = terminal.terminal_finance.words_field(entry["type"], name)
            module = terminal.terminal_finance if worded else terminal.terminal_magic
            spec = module.in_words(view, entry["type"], name, spec)
            for label in spec.get("labels", []):
                shown = terminal.words_for(view, label)
                assert not IDENTIFIER.search(shown), (entry["type"], name, shown)


def _screen(session: str) -> str:
    found = subprocess.run(
        ["tmux", "capture-pane", "-t", session, "-p", "-S", "-200"],
        capture_output=True,
        text=True,
        check=True,
    )
    return found.stdout


def _wait_for(session: str, text: str, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        screen = _screen(session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{_screen(session)}")


def _type(session: str, *keys: str) -> None:
    for key in keys:
        subprocess.run(["tmux", "send-keys", "-t", session, key, "Enter"], check=True)
        time.sleep(0.3)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_person_writes_a_future_at_the_terminal() -> None:
    """`tradingfloor play` in a real terminal (tmux) with every module: the empty finance panel,
    the form of write_future asked in words (the expiry as a month of the wheel), and the note on
    the field (Futures: "On a sticky note ... Resource being sold. The forward price. Expiry
    date")."""
    session = f"finance-{os.getpid()}"
    play = Path(sys.executable).parent / "tradingfloor"
    command = (
        f"COLUMNS=220 {play} play merlin --seats you,heuristic,heuristic,heuristic --seed 5 "
        '-o \'modules=["economy","magic","finance"]\''
    )
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "220", "-y", "60", command],
        check=True,
    )
    try:
        _wait_for(session, "Seal a bid for turn order")
        assert "No contracts open" in _screen(session)
        _type(session, "1", "5")
        screen = _wait_for(session, "Write a future as its short")
        menu = re.search(r"(\d+)  Write a future as its short", screen)
        assert menu is not None
        assert "expiry at the start of)" in screen
        _type(session, menu.group(1), "1", "9", "1")
        screen = _wait_for(session, "12) Start of spring's third month")
        assert "2) Start of summer's second month" in screen
        _type(session, "4")
        screen = _wait_for(session, "Futures on the field")
        assert (
            "│ You   │ 3 Souls │ 9 gold        │ start of autumn, year 1 │ Open to take" in screen
        )
        assert not IDENTIFIER.search(screen.split("Futures on the field")[1]), screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)
