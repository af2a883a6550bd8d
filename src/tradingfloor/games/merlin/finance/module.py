"""The `finance` module: its parts combined into one module (MERLIN-MODULES.md §3).

Offers come first (an offer under way blocks the turn), debts last (a player leaving pays their
creditors from what the other parts turned into debts as they left).
"""

from __future__ import annotations

from tradingfloor.games.merlin.finance import (
    auctions,
    bids,
    debts,
    futures,
    insurance,
    loans,
    markets,
    offers,
    payouts,
    places,
    securities,
    settlement,
    trades,
    view,
)
from tradingfloor.games.merlin.magic.module import combine

PARTS = (
    offers.PART,
    trades.PART,
    auctions.PART,
    places.PART,
    futures.PART,
    settlement.PART,
    markets.PART,
    bids.PART,
    insurance.PART,
    payouts.PART,
    loans.PART,
    securities.PART,
    debts.PART,
    view.PART,
)

MODULE = combine("finance", PARTS)

WORDS = (
    offers,
    debts,
    trades,
    futures,
    settlement,
    markets,
    bids,
    insurance,
    payouts,
    loans,
    securities,
    auctions,
    places,
)
"""The parts whose LABELS, FORM_TITLES, FIELD_LABELS, NOTES and EVENTS finance/words.py gathers."""
