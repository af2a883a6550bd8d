"""The Chauffeur's instruments (MERLIN-MODULES.md §3.6; Clubs: a Chauffeur "allowed for the player
to loan money, create margin on derivatives, insurance, issue bonds, stock, or its own currency"):
loans repaid or owed, bonds maturing, stock dividends, notes redeemed, margin, and what a player
leaving leaves behind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.games.merlin.finance.helpers import act, arrange, arrange_finance, conserved
from tests.games.merlin.finance.test_insurance import finance, refused, table, text
from tests.games.merlin.helpers import end_turn_rolling
from tradingfloor.games.merlin.bankruptcy import exit_player
from tradingfloor.games.merlin.finance.content import load
from tradingfloor.games.merlin.finance.state import Debt, Listing, Loan, Security
from tradingfloor.games.merlin.state import MerlinState, Stack
from tradingfloor.games.merlin.words import label

BLAND = (2, 6)
"""A roll of 8: nothing on these tables yields on it."""


def lender(stored: int = 10) -> list[list[str | Stack]]:
    return [[Stack("4C", top="6C", stored=stored)], [], [], []]


def orbit(state: MerlinState, turns: int = 4) -> MerlinState:
    """`turns` turns pass, each roll an 8."""
    for _ in range(turns):
        state = end_turn_rolling(state, BLAND)
    return state


def loan(to: int = 1, principal: int = 6, repay: int = 8, orbits: int = 1) -> dict[str, Any]:
    return {
        "type": "offer_loan",
        "to": to,
        "card": "4C",
        "principal": principal,
        "repay": repay,
        "orbits": orbits,
    }


def units(state: MerlinState, kind: str, holders: Sequence[int], issuer: int = 0) -> MerlinState:
    """Securities of `issuer` held by `holders` (one unit each), laid on the table directly."""
    start = finance(state).next_id
    made = tuple(
        Security(start + i, kind, issuer, holder)  # type: ignore[arg-type]
        for i, holder in enumerate(holders)
    )
    return arrange_finance(
        state,
        securities=(*finance(state).securities, *made),
        next_id=start + len(made),
    )


# --- loans ---------------------------------------------------------------------------------------


def test_a_loan_from_the_chauffeur_is_repaid_after_its_orbit() -> None:
    """Clubs: a Chauffeur "allowed for the player to loan money": the principal leaves the
    Chauffeur's store when the borrower accepts; the repayment is taken on the borrower's first
    turn after the due orbit."""
    state = table(tableaux=lender(10))
    state = act(state, 0, loan())
    assert state.finance.offer is not None
    assert label(state, 1, _accept()) == (
        "Accept: borrow 6 gold from {seat:0}'s Chauffeur on 4♣, repaying 8 gold on your first "
        "turn after orbit 1"
    )
    state = act(state, 1, {"type": "accept"})
    assert state.economy.tableaux[0][0].stored == 4 and state.core.gold[:2] == (20, 26)
    assert finance(state).loans == (Loan(2, 0, 1, 8, 1, principal=6, card="4C"),)
    assert text(state, "loan_made") == (
        "{seat:0} lent {seat:1} 6 gold from the Chauffeur on 4♣; 8 gold to repay after orbit 1"
    )
    state = orbit(state, 1)  # seat 1's turn in the first orbit: not yet due
    assert finance(state).loans and state.core.gold[1] == 26
    state = orbit(state, 4)  # seat 1's first turn of the second orbit
    assert state.core.current == 1 and state.core.orbit == 1
    assert state.core.gold[:2] == (28, 18) and finance(state).loans == ()
    assert text(state, "loan_repaid") == "{seat:1} repaid {seat:0}'s loan: 8 gold of 8 gold"
    assert conserved(state)


def _accept() -> Any:
    from tradingfloor.games.merlin.actions import Accept

    return Accept()


def test_a_loan_not_repaid_in_full_becomes_a_debt_to_the_lender() -> None:
    """MERLIN-MODULES.md §3.6: "the shortfall is debt to the lender": the borrower pays what they
    hold and owes the rest, bankrupt until they pay it (Bankruptcy: "paying off any debts they owe
    to other players")."""
    state = act(table(tableaux=lender(10)), 0, loan())
    state = act(state, 1, {"type": "accept"})
    state = arrange(state, gold=[20, 3, 20, 20])
    state = orbit(state, 5)
    assert state.core.gold[:2] == (23, 0)
    assert finance(state).debts == (Debt(1, 0, 5, "loan"),)
    assert state.core.bankrupt_since[1] is not None
    assert text(state, "loan_repaid") == (
        "{seat:1} repaid {seat:0}'s loan: 3 gold of 8 gold, 5 gold owed"
    )
    state = act(state, 1, {"type": "end_turn"})
    assert conserved(state)


def test_there_are_no_reserve_limits() -> None:
    """Clubs: "There are no capital requirements, or reserve limits": margin_fraction is 0, and a
    Chauffeur may lend out all it stores; the figure cannot be set otherwise."""
    assert load(None).instruments.margin_fraction == 0
    state = act(table(tableaux=lender(10)), 0, loan(principal=10, repay=10))
    state = act(state, 1, {"type": "accept"})
    assert state.economy.tableaux[0][0].stored == 0 and state.core.gold[1] == 30


def test_loan_refusals_say_what_to_do() -> None:
    """Only a Chauffeur's store lends, as much as it stores, repaid with at least the principal."""
    state = table(tableaux=[[Stack("4C", top="6C", stored=5), "5C"], [], [], []])
    assert refused(state, 0, loan(principal=6)) == (
        "the Chauffeur on 4♣ stores 5 gold; store more in it first, or lend at most 5 gold"
    )
    assert refused(state, 0, loan(principal=4, repay=3)) == (
        "a loan is repaid with at least its principal: ask 4 gold or more"
    )
    assert refused(state, 0, {**loan(principal=1), "card": "5C"}) == (
        "you have no Chauffeur on 5♣: a loan comes from a Chauffeur's store (place a property "
        "across another of yours to make one)"
    )
    assert refused(state, 0, loan(to=0, principal=1)) == (
        "a loan is made to another player still in the game"
    )


# --- bonds ---------------------------------------------------------------------------------------


def test_bonds_go_on_the_issuers_ask_table_and_mature_with_a_shortfall() -> None:
    """MERLIN-MODULES.md §3.6: "bond units go to the issuer's ask table; at maturity the issuer
    pays face to each holder; shortfall → debts". Three bonds of face 5 at 4; seat 1 buys two;
    when they mature the issuer holds 3 gold and stores 4: 7 paid, 3 owed; the unsold bond
    closes."""
    state = table(tableaux=lender(4))
    state = act(state, 0, {"type": "issue_bonds", "count": 3, "face": 5, "orbits": 1, "price": 4})
    fin = finance(state)
    assert fin.securities == tuple(Security(i, "bond", 0, 0, face=5, maturity=1) for i in (1, 3, 5))
    assert fin.listings == tuple(Listing(i + 1, 0, "bond", str(i), 4) for i in (1, 3, 5))
    assert text(state, "issued") == (
        "{seat:0} issued 3 bonds of face value 5 gold, maturing after orbit 1, on their ask table "
        "at 4 gold each"
    )
    state = orbit(state, 1)
    state = act(state, 1, {"type": "buy_listing", "listing": 2})
    state = act(state, 1, {"type": "buy_listing", "listing": 4})
    assert state.core.gold[:2] == (28, 12)
    assert [s.holder for s in finance(state).securities] == [1, 1, 0]
    state = orbit(state, 2)
    state = arrange(state, gold=[3, 12, 20, 20])
    state = orbit(state, 1)  # seat 0's first turn of the second orbit
    assert state.core.current == 0 and state.core.orbit == 1
    assert state.core.gold[:2] == (0, 19) and state.economy.tableaux[0][0].stored == 0
    assert finance(state).debts == (Debt(0, 1, 3, "bond"),)
    assert finance(state).securities == () and finance(state).listings == ()
    assert text(state, "bonds_matured") == (
        "{seat:0}'s 2 bonds held by {seat:1} matured: 7 gold of 10 gold paid, 3 gold owed"
    )
    assert text(state, "bonds_closed") == "{seat:0}'s 1 bond still unsold matured and closed"
    assert conserved(state)


def test_issues_are_bounded() -> None:
    """Only a Chauffeur's owner issues (Clubs); at most `max_shares` shares outstanding."""
    state = table(tableaux=lender(4))
    stock = {"type": "issue_stock", "count": 11, "price": 2}
    assert refused(state, 0, stock) == (
        "you have 0 shares out and may have at most 10: issue at most 10"
    )
    state = act(state, 0, {**stock, "count": 10})
    assert refused(state, 0, {**stock, "count": 1}) == "you have 10 shares out, the most allowed"
    state = end_turn_rolling(state, BLAND)
    assert refused(state, 1, {"type": "issue_notes", "count": 1, "price": 1}) == (
        "notes are issued by a Chauffeur's owner: place a property across another of yours to "
        "make one"
    )


# --- stock ---------------------------------------------------------------------------------------


def test_each_share_held_takes_its_percent_of_the_issuers_club_gold() -> None:
    """MERLIN-MODULES.md §3.6: "each share pays 10% (floor, per payout) of the issuer's club
    gold": a Spell Shop on 2♣ yields 10 gold (Clubs: "Specialized properties … generate double
    property value of gold"): 1 a share, two shares to seat 1, one to seat 2; seat 0's own unsold
    share takes nothing."""
    state = table(tableaux=[[Stack("4C", top="6C"), Stack("2C", top="9S")], [], [], []])
    state = units(state, "share", [1, 1, 2, 0])
    state = end_turn_rolling(state, (1, 1))
    assert state.core.gold[:3] == (20 + 7, 20 + 2, 20 + 1)
    assert text(state, "dividend") == (
        "{seat:0}'s 2♣ yielded 10 gold: {seat:1} takes 2 gold, {seat:2} takes 1 gold (1 gold a "
        "share)"
    )
    assert conserved(state)


def test_a_dividend_is_rounded_down_per_payout() -> None:
    """[R] 10% of a plain 2♣'s 5 gold rounds down to nothing: the issuer keeps all of it."""
    state = table(tableaux=[[Stack("4C", top="6C"), "2C"], [], [], []])
    state = units(state, "share", [1, 2])
    state = end_turn_rolling(state, (1, 1))
    assert state.core.gold[:3] == (25, 20, 20)
    assert not [e for e in state.events if e.kind == "dividend"]


# --- notes ---------------------------------------------------------------------------------------


def test_a_note_redeems_for_a_gold_from_the_chauffeur_else_a_debt() -> None:
    """Clubs: a Chauffeur may issue "its own currency": a holder redeems a note for 1 gold from the
    issuer's Chauffeur stores; when they are empty the issuer owes it."""
    state = table(tableaux=lender(1))
    state = act(state, 0, {"type": "issue_notes", "count": 2, "price": 1})
    assert len(finance(state).listings) == 2
    state = end_turn_rolling(state, BLAND)
    state = act(state, 1, {"type": "buy_listing", "listing": 2})
    state = act(state, 1, {"type": "buy_listing", "listing": 4})
    assert state.core.gold[:2] == (22, 18)
    state = act(state, 1, {"type": "redeem_note", "issuer": 0})
    assert state.economy.tableaux[0][0].stored == 0 and state.core.gold[:2] == (22, 19)
    assert text(state, "note_redeemed") == (
        "{seat:1} redeemed a note of {seat:0}: 1 gold from their Chauffeurs"
    )
    state = act(state, 1, {"type": "redeem_note", "issuer": 0})
    assert state.core.gold[:2] == (22, 19) and finance(state).debts == (Debt(0, 1, 1, "note"),)
    assert finance(state).securities == ()
    assert refused(state, 1, {"type": "redeem_note", "issuer": 0}) == (
        "you hold no note of {seat:0}: notes are bought on their issuer's ask table"
    )
    assert conserved(state)


# --- a player leaving ----------------------------------------------------------------------------


def test_a_player_leaving_closes_their_instruments() -> None:
    """MERLIN-MODULES.md §3.8: on exit "their loans to others are written off, their shares and
    notes become worthless"; §3.6: bonds they issued are owed to the holders, paid pro rata from
    what they leave (debts.py); what they borrowed is owed to the lender; what they held of
    others' is gone."""
    state = table(tableaux=lender(0))
    state = arrange_finance(
        state,
        loans=(Loan(1, 0, 1, 8, 5), Loan(2, 3, 0, 4, 5)),
        next_id=3,
    )
    state = units(state, "share", [1, 1])
    state = units(state, "note", [2])
    bonds = tuple(
        Security(10 + i, "bond", 0, holder, face=6, maturity=5) for i, holder in enumerate((2, 2))
    )
    theirs = Security(20, "share", 3, 0)
    state = arrange_finance(
        state,
        securities=(*finance(state).securities, *bonds, theirs),
        listings=(Listing(30, 2, "bond", "10", 7),),
        next_id=31,
    )
    state = arrange(state, gold=[8, 20, 20, 20])
    log: list[Any] = []
    state = exit_player(state, 0, log)
    fin = finance(state)
    assert fin.loans == () and fin.securities == () and fin.listings == () and fin.debts == ()
    # Owed: 12 to seat 2 (bonds), 4 to seat 3 (the loan); 8 gold shared pro rata: 6 and 2.
    assert state.core.gold == (0, 20, 26, 22)
    (closed,) = [e for e in log if e.kind == "instruments_closed"]
    assert closed.text == (
        "{seat:0} leaves: 8 gold of loans they made written off; 4 gold they borrowed owed to the "
        "lenders; 2 bonds they issued owed to the holders; 2 shares and 1 note they issued "
        "worthless; 1 bond(s), share(s) or note(s) they held gone"
    )
    assert conserved(state)


def test_random_play_with_every_instrument_keeps_gold_conserved() -> None:
    """Random play with Chauffeurs at every seat: loans, bonds, stock and notes issued, bought and
    settled, gold conserved at every step; every menu along the way describes its moves in words
    (a move's label, a form's title and its field labels)."""
    from tests.games.merlin.helpers import GAME, random_walk
    from tests.games.merlin.test_words import readable

    pairs = (("2C", "3C"), ("4C", "5C"), ("8C", "9C"), ("10C", "6C"))
    rows = [[Stack(base, top=top, stored=8)] for base, top in pairs]
    state = table(tableaux=rows, gold=[30, 30, 30, 30])
    kinds: set[str] = set()
    for number, step in enumerate(random_walk(state, seed=12, steps=800)):
        kinds.update(e.kind for e in step.events)
        assert conserved(step)
        assert all(readable(e.text) for e in step.events), [e.text for e in step.events]
        if number % 10 == 0:
            for seat in GAME.actors(step):
                for entry in GAME.legal(step, seat).describe()["actions"]:
                    assert readable(entry["label"]), entry
                    for spec in entry.get("fields", {}).values():
                        assert readable(spec["label"]), entry
    assert {"issued", "offered", "loan_made", "insurance_written", "note_redeemed"} <= kinds
