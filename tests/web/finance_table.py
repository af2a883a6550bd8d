"""A Merlin table with every module on and every part of the finance table filled: futures open,
held and due, insurance quotes and a policy, a loan, bonds, shares and notes, asks and bids on the
custom tables, debts, and (optionally) a trade offer or a property auction under way.

For the terminal and browser tests of the finance interface, and for screenshots of it."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from tests.games.merlin.finance.helpers import after_finance, arrange, arrange_finance
from tests.games.merlin.helpers import arrange_dealt
from tradingfloor.games.merlin.finance.state import (
    Bundle,
    Debt,
    Future,
    Listing,
    Loan,
    Policy,
    Proposal,
    Quote,
    Sale,
    Security,
    Wanted,
)
from tradingfloor.games.merlin.state import MerlinState, Stack

TABLEAUX = [
    [Stack("4C", top="8C", stored=10), Stack("3C", top="5D"), Stack("6C")],
    [Stack("9C", top="2D"), Stack("5C")],
    [Stack("2C"), Stack("10C", top="3D")],
    [Stack("JC")],
]
HANDS: list[list[str]] = [["9D"], [], ["4D"], []]
FUTURES = (
    # Seat 1 is short a bushel of Souls for 9 gold, taken by seat 2, expiring at the start of
    # summer, year 2.
    Future(1, short=0, commodity=0, price=9, year=2, portion=0, long=1),
    # Seat 3's Essence Grain at 12, expiring at the start of winter, year 1, not yet taken.
    Future(2, short=2, commodity=2, price=12, year=1, portion=6),
    # Seat 2's Elixir Oil at 6, expired: seat 2 must settle it this turn.
    Future(3, short=1, commodity=1, price=6, year=1, portion=0, long=3, expired=True, due=1),
)
QUOTES = (
    # Insurance: "If the next roll is a 2,3, or 5. Pays 3:1".
    Quote(4, writer=0, numbers=(2, 3, 5), rolls=1, payout=9, premium=3, priced=0),
    Quote(5, writer=0, numbers=(7,), rolls=3, payout=12, premium=4, priced=0),
)
POLICIES = (
    Policy(6, quote=4, writer=0, buyer=2, numbers=(2, 3, 5), rolls_left=1, payout=9, premium=3),
)
LOANS = (Loan(7, lender=0, borrower=3, repay=8, due_orbit=3, principal=6, card="4C"),)
SECURITIES = (
    Security(8, "bond", issuer=0, holder=1, face=5, maturity=6),
    Security(9, "bond", issuer=0, holder=2, face=5, maturity=6),
    Security(10, "bond", issuer=0, holder=0, face=5, maturity=6),
    Security(11, "share", issuer=0, holder=3),
    Security(12, "share", issuer=0, holder=0),
    Security(13, "note", issuer=0, holder=1),
)
LISTINGS = (
    Listing(14, seller=1, item="future", ref="1", price=11),
    Listing(15, seller=0, item="bond", ref="10", price=4),
    Listing(16, seller=3, item="share", ref="11", price=6),
)
WANTED = (
    Wanted(17, buyer=2, item="bond", ref="0", price=4),
    Wanted(18, buyer=3, item="future", ref="souls:2:0", price=10),
)
DEBTS = (Debt(3, 0, 4, "loan"), Debt(2, 0, 9, "insurance"))
TRADE = Proposal(
    19,
    kind="trade",
    author=0,
    to=1,
    give=Bundle(gold=5, goods=(1, 0, 0)),
    get=Bundle(goods=(0, 0, 2)),
)


def open_bidding() -> Sale:
    """Seat 3 sells 10♣ (with its land) by open bidding: seat 4 stands at 4 gold; seat 1 has
    sealed a raise of 5 (secret), seat 2 passed."""
    return Sale(
        seller=2,
        card="10C",
        style="open",
        start=3,
        bidders=(0, 3),
        sealed=(5, None, None, None),
        high=4,
        leader=3,
        rounds=1,
    )


def blind_auction() -> Sale:
    """Seat 3 sells 10♣ by blind auction: seat 1 sealed 7 and seat 4 sealed 6 (both secret)."""
    return Sale(
        seller=2, card="10C", style="blind", start=3, bidders=(0, 1, 3), sealed=(7, None, None, 6)
    )


def finance_table(
    offer: Proposal | None = None, sale: Sale | None = None, seed: int = 1
) -> MerlinState:
    """Seat 0 to play, with every part of the finance table in view."""
    state = after_finance(seed=seed)
    used = Counter([c for row in TABLEAUX for s in row for c in (s.base, s.top) if c])
    used.update(c for hand in HANDS for c in hand)
    state = arrange_dealt(
        state,
        used,
        tableaux=TABLEAUX,
        hands=HANDS,
        gold=[14, 9, 6, 5],
        goods=[[2, 1, 3], [1, 0, 2], [0, 2, 0], [1, 1, 1]],
    )
    state = arrange_finance(
        state,
        futures=FUTURES,
        quotes=QUOTES,
        policies=POLICIES,
        loans=LOANS,
        securities=SECURITIES,
        listings=LISTINGS,
        wanted=WANTED,
        debts=DEBTS,
        offer=offer,
        offers_made=1 if offer is not None else 0,
        sale=sale,
        next_id=20,
    )
    since = tuple(0 if any(d.debtor == s for d in DEBTS) else None for s in range(state.players))
    return replace(state, core=replace(state.core, bankrupt_since=since))


def trade_offer() -> MerlinState:
    """The same table with seat 0's trade offer to seat 1 awaiting its answer."""
    return finance_table(offer=TRADE)


def market_day(seed: int = 1) -> MerlinState:
    """Seat 0 to play (already rolled), no contracts yet: seat 0 holds 6 Souls to write a future on
    and deliver, seat 1 the gold to take it; the next roll is no double (1 and 2), so that the
    wheel waits while the future is taken."""
    from tests.games.merlin.helpers import rig

    state = after_finance(seed=seed)
    state = arrange(
        state, gold=[20, 20, 12, 12], goods=[[6, 0, 0], [0, 1, 1], [1, 1, 1], [1, 1, 1]]
    )
    return rig(state, (1, 2))
