"""The finance view's tables (RULINGS Merlin 8: "contracts, debts and every action taken are
public"): the asks and bids of the custom tables, the property auction under way and the last road
roll, each record with its figures and its words (`text`).

Bid/Ask Table: "any player can use them to create their own markets for spells, potions, contracts,
or their own product as in a stock in that player's profits." Auctioning: a blind auction's bids
stay sealed until all are in, so a seat sees only its own sealed bid; Bid Auctioning: "every player
bid regardless of turn order, increasing the amount of gold bid every iteration".
"""

from __future__ import annotations

from typing import Any

from tradingfloor.games.merlin import cards, words
from tradingfloor.games.merlin.finance.phrases import (
    KINDS,
    card_title,
    commodity,
    expiry,
    security_terms,
    who,
    whose,
)
from tradingfloor.games.merlin.finance.state import Finance, Future, Listing, Sale, Security, Wanted
from tradingfloor.games.merlin.finance.table import figures_of
from tradingfloor.games.merlin.memo import ByIdentity
from tradingfloor.games.merlin.state import Config, MerlinState

# --- the custom bid/ask tables --------------------------------------------------------------------


def item_words(state: MerlinState, finance: Finance, item: str, ref: str) -> str:
    """The item of an ask: "the long of future 4 (3 Souls at 9 gold, start of summer, year
    3)", "one of {seat:1}'s bonds (pays 5 gold at orbit 6)", "Pickpocket (a spell)", "a crown"."""
    if item == "future":
        found = _find(finance.futures, ref)
        if isinstance(found, Future):
            bushel = figures_of(state).futures.bushel
            goods = commodity(state, found.commodity)
            return (
                f"the long of future {found.id} ({bushel} {goods} at "
                f"{words.gold(found.price)}, {expiry(state, found.year, found.portion)})"
            )
        return "the long of a future"
    if item in KINDS:
        security = _find(finance.securities, ref)
        if isinstance(security, Security):
            terms = security_terms(state, security)
            return f"one of {whose(security.issuer)} {KINDS[item][1]} ({terms})"
        return f"a {item}"
    if item in ("spell", "recipe"):
        kind = "a spell" if item == "spell" else "a potion recipe"
        return f"{card_title(state, ref)} ({kind})" if ref else kind
    if item == "crown":
        return "a crown"
    return item.replace("_", " ")


def _find(records: tuple[Any, ...], ref: str) -> Any:
    if not ref.isdigit():
        return None
    return next((r for r in records if r.id == int(ref)), None)


def wanted_words(state: MerlinState, item: str, ref: str) -> str:
    """What a bid on a custom table is for: "a bond of {seat:2}'s", "a Souls future", "a crown"."""
    if item in KINDS:
        one = KINDS[item][0]
        if ref.lstrip("-").isdigit():
            return f"one of {whose(int(ref))} {KINDS[item][1]}"
        return f"a {one}"
    if item == "future":
        return _future_ref_words(state, ref)
    if item in ("spell", "recipe"):
        kind = "a spell" if item == "spell" else "a potion recipe"
        return f"{card_title(state, ref)} ({kind})" if ref else kind
    if item == "crown":
        return "a crown"
    return item.replace("_", " ")


def _future_ref_words(state: MerlinState, ref: str) -> str:
    """A bid's future: "the long of a Souls future expiring at the start of summer, year 3",
    from a reference naming the commodity and the expiry (commodity, year, portion)."""
    parts = [p for p in ref.replace("@", ":").replace("/", ":").split(":") if p]
    if not parts:
        return "the long of a future"
    names = state.config.content.commodities
    name = parts[0]
    goods = words.goods(name) if name in names else commodity(state, _int(name))
    if len(parts) >= 3 and _int(parts[1]) is not None and _int(parts[2]) is not None:
        when = expiry(state, int(parts[1]), int(parts[2]))
        return f"the long of a {goods} future expiring at the {when}"
    return f"the long of a {goods} future"


def _int(text: str) -> int | None:
    return int(text) if text.lstrip("-").isdigit() else None


def listing_record(state: MerlinState, finance: Finance, listing: Listing) -> dict[str, Any]:
    what = item_words(state, finance, listing.item, listing.ref)
    return {
        "id": listing.id,
        "seller": listing.seller,
        "item": listing.item,
        "ref": listing.ref,
        "price": listing.price,
        "what": what,
        "text": f"{whose(listing.seller)} ask: {what} for {words.gold(listing.price)}",
    }


def wanted_record(state: MerlinState, wanted: Wanted) -> dict[str, Any]:
    """A bid's record: the one last told of it in this match while the wheel in use (the words
    of an expiry) is the same; every view shares it (memo.py: nobody may change it)."""
    wheel = state.core.counters.wheel
    found = _WANTED.find(wanted)
    if found is not None and found[0] is state.config and found[1] == wheel:
        return found[2]
    record = _wanted_told(state, wanted)
    _WANTED.keep(wanted, (state.config, wheel, record))
    return record


_WANTED: ByIdentity[tuple[Config, int, dict[str, Any]]] = ByIdentity()
"""Each bid's last record, with its match's configuration and wheel (by the bid's identity)."""


def _wanted_told(state: MerlinState, wanted: Wanted) -> dict[str, Any]:
    what = wanted_words(state, wanted.item, wanted.ref)
    return {
        "id": wanted.id,
        "buyer": wanted.buyer,
        "item": wanted.item,
        "ref": wanted.ref,
        "price": wanted.price,
        "what": what,
        "text": f"{whose(wanted.buyer)} bid: {words.gold(wanted.price)} for {what}",
    }


# --- the property auction under way ---------------------------------------------------------------

SALE_RULES = {
    # Auctioning, Blind Auction: every bid is revealed at once.
    "blind": "Every other player seals one bid (or none); the highest wins. A tie bids again "
    "once; a second tie goes to the earliest in turn order. Bids stay sealed until all are in.",
    # Bid Auctioning: "every player bid regardless of turn order, increasing the amount of gold
    # bid every iteration".
    "open": "Each round every bidder seals a raise or passes; a pass is final. The round's "
    "highest raise stands; the auction ends after a round without a raise.",
}


def sale_record(state: MerlinState, sale: Sale | None, seat: int | None) -> dict[str, Any] | None:
    """Who still bids and who has sealed, the standing bid of open bidding, and this seat's own
    sealed bid; never another's sealed amount."""
    if sale is None:
        return None
    config = state.config
    value = cards.property_value(config, sale.card) if sale.card in config.content.card_rank else 0
    sealed = [s for s in sale.bidders if s < len(sale.sealed) and sale.sealed[s] is not None]
    mine = (
        sale.sealed[seat]
        if seat is not None and seat in sale.bidders and seat < len(sale.sealed)
        else None
    )
    style = "blind auction" if sale.style == "blind" else "open bidding"
    standing = None
    if sale.style == "open" and sale.leader is not None:
        standing = f"Standing bid: {words.gold(sale.high)} by {who(sale.leader)}"
    return {
        "seller": sale.seller,
        "card": sale.card,
        "card_title": words.card(sale.card),
        "value": value,
        "style": sale.style,
        "start": sale.start,
        "bidders": list(sale.bidders),
        "sealed": sealed,
        "mine": mine,
        "high": sale.high if sale.style == "open" else None,
        "leader": sale.leader if sale.style == "open" else None,
        "rounds": sale.rounds,
        "tie": sale.tie,
        "title": f"{whose(sale.seller)} {words.card(sale.card)} for sale by {style}",
        "text": (
            f"{whose(sale.seller)} property {_stack_words(state, sale.seller, sale.card)} "
            f"(yields {words.gold(value)} on its number), bidding from {words.gold(sale.start)}; "
            "the winner pays the seller and takes the stack with all on it"
        ),
        "standing": standing,
        "tie_text": "A tie: the tied players bid again" if sale.tie else None,
        "rule": SALE_RULES.get(sale.style, ""),
    }


def _stack_words(state: MerlinState, seller: int, card: str) -> str:
    """ "10♣", "10♣ with 3♦ on it" (a land, a Chauffeur's second property, a lab)."""
    for stack in state.economy.tableaux[seller] if 0 <= seller < state.players else ():
        if stack.base == card and stack.top:
            return f"{words.card(card)} with {words.card(stack.top)} on it"
    return words.card(card)


# --- the last road roll ---------------------------------------------------------------------------


def road_record(finance: Finance) -> dict[str, Any] | None:
    """The last trade's road roll (Trading Between Players: "a D6 is rolled by both players")."""
    if not finance.rolls:
        return None
    rolls = [{"seat": s, "die": d} for s, d in finance.rolls]
    said = ", ".join(f"{who(s)} {d}" for s, d in finance.rolls)
    return {"rolls": rolls, "text": f"The last road roll: {said}"}
