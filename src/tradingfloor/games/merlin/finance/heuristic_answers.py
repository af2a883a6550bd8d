"""The heuristic bot's answers in finance: offers (trades, loans, places) by their worth against
the road roll's odds, property auctions up to a share of a stack's worth, and the turn order's
extras."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin.appraisal import View
from tradingfloor.games.merlin.finance.heuristic_worth import (
    ROAD_SAFE,
    bundle_value,
    can_repay,
    owes,
)

Wanted = list[dict[str, Any]]

BID_SHARE = 0.8
"""A property is bid for up to this share of its worth."""


def place_extras(view: View, seat: int) -> Wanted:
    """The turn order's extras: a gold for the first place when tied for it (the first player
    buys permits first), nothing for later places (the re-bid is cheap); an offer for a place
    answered by its worth; no bid for a place tied for last (the last place takes half the pot)."""
    finance = view["finance"]
    if view["step"] == "auction_sale":
        return [{"type": "bid_for_place", "amount": 0}]
    if finance["offer"] is not None:
        return answer(view, seat)
    contest = (view.get("auction") or {}).get("contest") or {}
    if contest.get("first_place") == 0 and int(view["players"][seat]["gold"]) >= 4:
        return [{"type": "offer_for_place", "amount": 1}, {"type": "bid_again"}]
    return [{"type": "bid_again"}]


def answer(view: View, seat: int) -> Wanted:
    """An offer to answer, or a property auction to bid in."""
    finance = view["finance"]
    if finance.get("sale") and view["step"] == "property_auction":
        return _bid(view, seat, finance["sale"])
    offer = finance.get("offer")
    if offer is None:
        return []
    if offer["kind"] == "trade":
        return _answer_trade(view, seat, offer)
    if offer["kind"] == "loan":
        return _answer_loan(view, seat, offer)
    if offer["kind"] == "place":
        gold = int(offer["give"]["gold"]) if isinstance(offer.get("give"), dict) else 0
        return [{"type": "accept" if gold >= 1 else "decline"}]
    return [{"type": "decline"}]


def _answer_trade(view: View, seat: int, offer: Mapping[str, Any]) -> Wanted:
    """Accept when what comes, through the road's odds, outweighs what goes."""
    comes = bundle_value(view, seat, offer.get("give", {}))
    goes = bundle_value(view, seat, offer.get("get", {}))
    gain = ROAD_SAFE * comes - goes
    return [{"type": "accept" if gain > 0 else "decline"}]


def _answer_loan(view: View, seat: int, offer: Mapping[str, Any]) -> Wanted:
    """Borrow when short of gold and its properties can repay in time."""
    me = view["players"][seat]
    short = owes(view, seat) + int(me["debt"]) + 2 - int(me["gold"])
    orbits = max(1, int(offer.get("due_orbit", 0)) - int(view["orbit"]))
    fits = can_repay(view, me, int(offer.get("repay", 0)), orbits)
    return [{"type": "accept" if short > 0 and fits else "decline"}]


def _bid(view: View, seat: int, sale: Mapping[str, Any]) -> Wanted:
    """Bid for a property up to a share of its worth, as far as the gold goes."""
    me = view["players"][seat]
    seller = view["players"][sale["seller"]]
    stack = next((s for s in seller["tableau"] if s["card"] == sale["card"]), None)
    if stack is None:
        return [{"type": "seal_bid", "amount": 0}]
    most = min(int(BID_SHARE * worth.stack_worth(view, stack)), int(me["gold"]) - 1)
    floor = int(sale["start"])
    if sale["style"] == "open" and sale.get("leader") is not None:
        floor = int(sale["high"]) + 1
        if sale["leader"] == seat:
            return [{"type": "seal_bid", "amount": 0}]
    if most < max(floor, 1):
        return [{"type": "seal_bid", "amount": 0}]
    return [{"type": "seal_bid", "amount": floor if sale["style"] == "open" else most}]
