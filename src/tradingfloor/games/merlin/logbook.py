"""Merlin Economics' log entries in words, with their figures (seats as in words.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tradingfloor.games.merlin.words import card, gold, goods, modules_words, seat


def event_text(e: Mapping[str, Any]) -> str:
    """One log entry in words, with its figures."""
    kind = str(e.get("kind"))
    make = EVENTS.get(kind) or modules_words().events.get(kind)
    if make is not None:
        return make(e)
    who = f"{seat(e['seat'])}: " if "seat" in e else ""
    return who + str(e.get("kind", "")).replace("_", " ")


def _produced(e: Mapping[str, Any]) -> str:
    what = gold(e["gold"]) if "gold" in e else f"{e['amount']} {goods(e['commodity'])}"
    if e.get("why") == "ace":
        return f"{seat(e['seat'])} got {what} from {card(e['card'])}, the Ace's free permit"
    if "owner" in e:  # a golem took the yield
        return f"{seat(e['owner'])}'s {card(e['card'])} produced {what} for {seat(e['seat'])}"
    return f"{seat(e['seat'])}'s {card(e['card'])} produced {what}"


def _investment(e: Mapping[str, Any]) -> str:
    text = (
        f"{seat(e['seat'])}'s investment of {e['stake']} on {card(e['card'])} came off the card; "
        f"the central bank paid {gold(e['paid'])}"
    )
    if e["paid"] < e["due"]:
        text += f" of the {e['due']} due (it holds no more)"
    return text


def _chauffeur(e: Mapping[str, Any]) -> str:
    text = f"the central bank paid {seat(e['seat'])}'s Chauffeur on {card(e['card'])} "
    text += gold(e["paid"])
    if e["paid"] < e["due"]:
        text += f" of the {e['due']} due (it holds no more)"
    return text


def _holding(e: Mapping[str, Any]) -> str:
    lost = sum(e["lost"])
    who = seat(e["seat"])
    text = f"{who} paid {gold(e['paid'])} to keep {who}'s commodities"
    return text + (f" and lost {lost} they could not pay for" if lost else "")


def _auction_round(e: Mapping[str, Any]) -> str:
    kind = "rank auction" if e["contest"] == "rank" else "blind bids"
    bids = ", ".join(f"{seat(s)} {'/'.join(map(str, b))}" for s, b in e["bids"].items())
    return f"Turn order {kind} revealed: {bids}"


def _turn_order(e: Mapping[str, Any]) -> str:
    order = ", ".join(seat(s) for s in e["order"])
    shares = ", ".join(f"{seat(s)} {v}" for s, v in e["shares"].items())
    return (
        f"Turn order: {order}. The pot of {gold(e['pot'])}: {shares}, "
        f"the central bank {e.get('bank', 0)}"
    )


def _liquidated(e: Mapping[str, Any]) -> str:
    sold = " and ".join(card(c) for c in e["cards"])
    text = f"{seat(e['seat'])} sold {sold} to the central bank for {gold(e['paid'])}"
    if e.get("stored"):
        text += f" and took back {gold(e['stored'])} stored"
    if e.get("land"):
        text += f"; {card(e['land'])} went back to {seat(e['seat'])}'s hand"
    return text


def _trade(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seller'])} sold 1 {goods(e['commodity'])} to {seat(e['buyer'])} at {e['price']}"
    )


def _tax_result(e: Mapping[str, Any]) -> str:
    votes = ", ".join(f"{seat(s)} {v}" for s, v in e["votes"].items())
    return (
        f"Tax vote: {votes}. Tax rate {e['tax_rate']}, cost of the living "
        f"{e.get('cost_of_living', '?')}, research cost {e.get('research_cost', '?')}"
    )


def _windfall(e: Mapping[str, Any]) -> str:
    if e["card"] is None:
        return f"{seat(e['seat'])} played {card(e['ace'])}: the deck holds no permit, nothing given"
    return f"{seat(e['seat'])} played {card(e['ace'])} and drew {card(e['card'])} for free"


def _out(e: Mapping[str, Any]) -> str:
    who = seat(e["seat"])
    return (
        f"{who} is out of the game: {who}'s cards go back into the deck and "
        f"{gold(e['gold_to_bank'])} to the central bank"
    )


WHY_OVER = {"last": "one player is left", "cap": "the orbit cap", "nobody": "nobody is left"}

EVENTS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "roll": lambda e: f"{seat(e['seat'])} rolled {e['dice'][0]} and {e['dice'][1]}: {e['total']}",
    "turn_start": lambda e: f"Turn {e['turn']} (orbit {e['orbit']}): {seat(e['seat'])} to play",
    "turn_end": lambda e: f"{seat(e['seat'])} ended the turn",
    "tax_skipped": lambda e: f"{seat(e['seat'])} paid no taxes this spring: a crown was used",
    "produced": _produced,
    "investment_paid": _investment,
    "chauffeur_paid": _chauffeur,
    "seven": lambda e: (
        f"A 7: research cost up to {e.get('research_cost', '?')}; the central bank took "
        f"{gold(e['investments_taken'])} of investments"
    ),
    "holding_fee": _holding,
    "season": lambda e: f"The season wheel turned: {e['season']}, year {e['year']}",
    "climate": lambda e: f"Climate {e['climate']}: the {e['wheel']} season wheel is used now",
    "tax": lambda e: f"{seat(e['seat'])} paid {gold(e['paid'])} in taxes to the R.O.W.",
    "bankrupt": lambda e: f"{seat(e['seat'])} could not pay taxes: bankrupt, owing {e['owes']}",
    "debt_paid": lambda e: (
        f"{seat(e['seat'])} paid a debt of {gold(e['paid'])}, no longer bankrupt"
    ),
    "out": _out,
    "sealed": lambda e: f"{seat(e['seat'])} sealed a {e['what']}",
    "auction_round": _auction_round,
    "turn_order": _turn_order,
    "tax_vote": _tax_result,
    "buy_permit": lambda e: f"{seat(e['seat'])} bought {card(e['card'])} for {gold(e['price'])}",
    "inflation": lambda e: (
        f"{card(e['card'])} was played at once: the cost of the living is {e['cost_of_living']}"
    ),
    "windfall": _windfall,
    "place": lambda e: (
        f"{seat(e['seat'])} placed {card(e['card'])}"
        + (f" on {card(e['on'])}" if e.get("on") else "")
    ),
    "invest": lambda e: f"{seat(e['seat'])} invested {gold(e['amount'])} on {card(e['card'])}",
    "store": lambda e: (
        f"{seat(e['seat'])} stored {gold(e['amount'])} in the Chauffeur on {card(e['card'])}"
    ),
    "take_back": lambda e: (
        f"{seat(e['seat'])} took {gold(e['amount'])} from the Chauffeur on {card(e['card'])}"
    ),
    "liquidate": _liquidated,
    "offer": lambda e: (
        f"{seat(e['seller'])} offered {card(e['card'])} to {seat(e['buyer'])} for "
        f"{gold(e['price'])}"
    ),
    "sale": lambda e: (
        f"{seat(e['seller'])} sold {card(e['card'])} to {seat(e['buyer'])} for {gold(e['price'])}"
    ),
    "declined": lambda e: f"{seat(e['buyer'])} declined {card(e['card'])}",
    "bid": lambda e: f"{seat(e['seat'])} bid {e['price']} for 1 {goods(e['commodity'])}",
    "ask": lambda e: f"{seat(e['seat'])} asked {e['price']} for 1 {goods(e['commodity'])}",
    "raise_bid": lambda e: (
        f"{seat(e['seat'])} raised a bid for {goods(e['commodity'])} from {e['was']} to "
        f"{e['price']}"
    ),
    "lower_bid": lambda e: (
        f"{seat(e['seat'])} lowered a bid for {goods(e['commodity'])} from {e['was']} to "
        f"{e['price']}"
    ),
    "exit_bid": lambda e: (
        f"{seat(e['seat'])} moved a bid of {e['price']} for {goods(e['commodity'])} to escrow"
    ),
    "withdraw_ask": lambda e: (
        f"{seat(e['seat'])} took an ask of {e['price']} for {goods(e['commodity'])} off the market"
    ),
    "trade": _trade,
    "escrow_collected": lambda e: (
        f"{seat(e['seat'])} collected {gold(e['gold'])} from escrow ({goods(e['commodity'])})"
    ),
    "stimulus": lambda e: (
        f"No bids for {goods(e['commodity'])} for two months: the R.O.W. placed {e['bids']} bids "
        f"at {e['price']}"
    ),
    "game_over": lambda e: f"The game is over: {WHY_OVER.get(e['why'], e['why'])}",
}
