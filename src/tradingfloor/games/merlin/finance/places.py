"""The turn order's extras: bartering for a tied place, selling a place tied for last
(MERLIN-MODULES.md §3.7).

Turn Order: "If there is a tie for a position that is not last, it is determined by bartering from
earliest in turn order to last. Players in the tie will negotiate over the position from the
other(s) through gold or other means." Two players tied for a place that is not last: the earlier
of them at the table may offer the other gold for the earlier place; the other accepts (each takes
their place, the gold changes hands) or declines, and then, as without an offer, the two seal bids
again (the economy's re-bid, RULINGS Merlin 2).

"If there is recursive tie for last in the blind rank auction, the player going first receives the
position to sell." When every player left in a rank auction that decides the last place ties for
the place at stake, the player already placed first sells it by a blind auction among the tied:
the highest bid takes it and pays the seller; the others follow in the order of their bids (a tie:
the lower seat, as in the rank auction).

Both happen in the turn-order auction: turn_order.py queues these contests ("barter", "sale") only
when a module plays their steps, so that a game without the finance module runs as before.
"""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.actions import Accept, Decline
from tradingfloor.games.merlin.finance.actions import BidAgain, BidForPlace, OfferForPlace
from tradingfloor.games.merlin.finance.offers import ANSWERS, Answer, make_offer
from tradingfloor.games.merlin.finance.state import Bundle, Proposal
from tradingfloor.games.merlin.finance.table import finance_of, with_finance
from tradingfloor.games.merlin.ledger import add_gold, put
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Module,
    Picker,
    event,
    pick_in,
)
from tradingfloor.games.merlin.state import Contest, MerlinState
from tradingfloor.games.merlin.turn_order import BARTER, SALE, contest, settle
from tradingfloor.games.merlin.words import gold, seat

# The moves have no fields: one action of each serves every menu (actions are immutable).
ACCEPT_MOVE = drawn(Accept)
DECLINE_MOVE = drawn(Decline)
BID_AGAIN_MOVE = drawn(BidAgain)


def _contest(state: MerlinState, kind: str) -> Contest | None:
    now = contest(state) if state.core.phase == "auction" else None
    return now if now is not None and now.kind == kind else None


def _pair(state: MerlinState) -> tuple[int, int] | None:
    """The two tied players of the barter under way: (the one offering, the other)."""
    now = _contest(state, "barter")
    auction = state.core.auction
    if now is None or auction is None or len(auction.queue) < 2:
        return None
    first, second = auction.queue[1].seats
    return first, second


def _offer(state: MerlinState) -> Proposal | None:
    offer = finance_of(state).offer if state.finance is not None else None
    return offer if offer is not None and offer.kind == "place" else None


def place_words(position: int) -> str:
    """A place in the turn order, as players say it: "the 2nd place"."""
    n = position + 1
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"the {n}{suffix} place"


# --- bartering: the earlier tied player offers gold ----------------------------------------------


def _why_offerer(state: MerlinState, me: int) -> str | None:
    pair = _pair(state)
    if pair is None or _offer(state) is not None or me != pair[0]:
        return "there is no tied place for you to barter for"
    return None


def _why_offer(state: MerlinState, me: int, a: OfferForPlace) -> str | None:
    why = _why_offerer(state, me)
    if why:
        return why
    if a.amount > state.core.gold[me]:
        return f"you hold only {gold(state.core.gold[me])}; offer less, or bid again"
    return None


def _offer_fields(state: MerlinState, me: int) -> Fields:
    return {} if _why_offerer(state, me) else {"amount": range(state.core.gold[me] + 1)}


def _offers(state: MerlinState, me: int) -> list[Action]:
    fields = _offer_fields(state, me)
    return [drawn(OfferForPlace, amount=n) for n in fields.get("amount", ())]


def _pick_offer(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    if _why_offerer(state, me):
        return None
    return drawn(OfferForPlace, amount=rng.randint(0, state.core.gold[me]))


def _apply_offer(state: MerlinState, me: int, a: OfferForPlace, log: Log) -> MerlinState:
    pair = _pair(state)
    now = contest(state)
    assert pair is not None and now is not None
    other = pair[1]
    log.append(event("place_offered", seat=me, to=other, amount=a.amount, place=now.first_place))
    proposal = Proposal(id=0, kind="place", author=me, to=other, give=Bundle(gold=a.amount))
    state = make_offer(state, proposal, log)
    auction = state.core.auction
    assert auction is not None
    answer = Contest("barter", (other,), now.first_place, now.depth)  # the other answers now
    auction = replace(auction, queue=(answer, *auction.queue[1:]))
    return replace(state, core=replace(state.core, auction=auction))


def _why_bid_again(state: MerlinState, me: int, a: BidAgain) -> str | None:
    return _why_offerer(state, me)


def _bids_again(state: MerlinState, me: int) -> list[Action]:
    return [] if _why_offerer(state, me) else [BID_AGAIN_MOVE]


def _apply_bid_again(state: MerlinState, me: int, a: BidAgain, log: Log) -> MerlinState:
    pair = _pair(state)
    now = contest(state)
    assert pair is not None and now is not None
    log.append(event("place_rebid", seats=list(pair), place=now.first_place, offered=False))
    return settle(state, {}, log)


# --- the other's answer --------------------------------------------------------------------------


def _why_answer(state: MerlinState, me: int, a: Accept | Decline) -> str | None:
    offer = _offer(state)
    if offer is None or offer.to != me or _contest(state, "barter") is None:
        return "nothing is offered to you"
    if isinstance(a, Accept):
        return _why_accept(state, offer)
    return None


def _why_accept(state: MerlinState, offer: Proposal) -> str | None:
    if offer.give.gold > state.core.gold[offer.author]:
        return f"{seat(offer.author)} no longer holds the gold offered; decline"
    return None


def _accepts(state: MerlinState, me: int) -> list[Action]:
    return [] if _why_answer(state, me, ACCEPT_MOVE) else [ACCEPT_MOVE]


def _declines(state: MerlinState, me: int) -> list[Action]:
    return [] if _why_answer(state, me, DECLINE_MOVE) else [DECLINE_MOVE]


def _accept(state: MerlinState, offer: Proposal, log: Log) -> MerlinState:
    """The offer accepted: the offering player takes the earlier place and pays the other."""
    now = contest(state)
    assert now is not None
    amount = offer.give.gold
    state = add_gold(add_gold(state, offer.author, -amount), offer.to, amount)
    log.append(
        event(
            "place_bought",
            seat=offer.author,
            to=offer.to,
            amount=amount,
            place=now.first_place,
        )
    )
    placed = {now.first_place: offer.author, now.first_place + 1: offer.to}
    return settle(state, placed, log, contests=2)  # the re-bid is not needed


def _apply_accept(state: MerlinState, me: int, a: Accept, log: Log) -> MerlinState:
    offer = _offer(state)
    assert offer is not None
    state = with_finance(state, offer=None)
    log.append(event("offer_accepted", id=offer.id, author=offer.author, to=me))
    return _accept(state, offer, log)


def _apply_decline(state: MerlinState, me: int, a: Decline, log: Log) -> MerlinState:
    offer = _offer(state)
    now = contest(state)
    assert offer is not None and now is not None
    state = with_finance(state, offer=None)
    log.append(event("offer_declined", id=offer.id, author=offer.author, to=me))
    log.append(event("place_rebid", seats=[offer.author, me], place=now.first_place, offered=True))
    return settle(state, {}, log)


def _offer_words(state: MerlinState, offer: Proposal) -> str:
    now = contest(state) if state.core.phase == "auction" else None
    where = place_words(now.first_place) if now is not None else "the earlier place"
    return (
        f"{seat(offer.author)} pays you {gold(offer.give.gold)} to take {where}, you the one after"
    )


ANSWERS["place"] = Answer(_why_accept, _accept, _offer_words)


# --- the sale of a place tied for last -----------------------------------------------------------


def _why_bidder(state: MerlinState, me: int) -> str | None:
    now = _contest(state, "sale")
    auction = state.core.auction
    if now is None or auction is None or me not in now.seats:
        return "there is no place on sale for you to bid for"
    if auction.sealed[me] is not None:
        return "you have already sealed your bid; wait for the others"
    return None


def _why_bid(state: MerlinState, me: int, a: BidForPlace) -> str | None:
    why = _why_bidder(state, me)
    if why:
        return why
    if a.amount > state.core.gold[me]:
        return f"you hold only {gold(state.core.gold[me])}; bid less, or 0 for no bid"
    return None


def _bid_fields(state: MerlinState, me: int) -> Fields:
    return {} if _why_bidder(state, me) else {"amount": range(state.core.gold[me] + 1)}


def _bids(state: MerlinState, me: int) -> list[Action]:
    return [drawn(BidForPlace, amount=n) for n in _bid_fields(state, me).get("amount", ())]


def _pick_bid(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    if _why_bidder(state, me):
        return None
    return drawn(BidForPlace, amount=rng.randint(0, state.core.gold[me]))


def _apply_bid(state: MerlinState, me: int, a: BidForPlace, log: Log) -> MerlinState:
    auction = state.core.auction
    now = contest(state)
    assert auction is not None and now is not None
    auction = replace(auction, sealed=put(auction.sealed, me, (a.amount,)))
    state = replace(state, core=replace(state.core, auction=auction))
    log.append(event("sealed", seat=me, what="bid for a place"))
    if any(auction.sealed[s] is None for s in now.seats):
        return state
    return _sell(state, now, log)


def _sell(state: MerlinState, now: Contest, log: Log) -> MerlinState:
    """The highest bid takes the place and pays the first-placed player; the rest follow by
    their bids (ties: the lower seat)."""
    auction = state.core.auction
    assert auction is not None
    seller = auction.places[0]
    assert seller is not None
    bids = {s: (auction.sealed[s] or (0,))[0] for s in now.seats}
    ranked = sorted(now.seats, key=lambda s: (-bids[s], s))
    winner, price = ranked[0], bids[ranked[0]]
    state = add_gold(add_gold(state, winner, -price), seller, price)
    log.append(
        event(
            "place_sold",
            seller=seller,
            buyer=winner,
            price=price,
            place=now.first_place,
            bids={str(s): b for s, b in bids.items()},
        )
    )
    placed = {now.first_place + i: s for i, s in enumerate(ranked)}
    return settle(state, placed, log)


def resample(state: MerlinState, me: int, rng: random.Random) -> MerlinState:
    """Others' sealed bids for a place on sale, drawn afresh (`me` knows only who sealed)."""
    now = _contest(state, "sale")
    auction = state.core.auction
    if now is None or auction is None:
        return state
    sealed = list(auction.sealed)
    for other in now.seats:
        if other != me and sealed[other] is not None:
            picked = pick_in(rng, [(None, state.core.gold[other] + 1)])
            sealed[other] = (picked[1] if picked is not None else 0,)
    auction = replace(auction, sealed=tuple(sealed))
    return replace(state, core=replace(state.core, auction=auction))


# --- words ---------------------------------------------------------------------------------------


def _label_offer(state: MerlinState, me: int, a: OfferForPlace) -> str:
    pair, now = _pair(state), contest(state)
    if pair is None or now is None:
        return f"Offer {gold(a.amount)} for the earlier tied place"
    return (
        f"Offer {seat(pair[1])} {gold(a.amount)} to take {place_words(now.first_place)}, "
        f"{seat(pair[1])} the one after"
    )


def _label_again(state: MerlinState, me: int, a: BidAgain) -> str:
    now = contest(state)
    where = place_words(now.first_place) if now is not None else "the tied places"
    return f"Make no offer: both of you seal bids again for {where} and the one after"


def _label_bid(state: MerlinState, me: int, a: BidForPlace) -> str:
    now, auction = contest(state), state.core.auction
    seller = auction.places[0] if auction is not None else None
    where = place_words(now.first_place) if now is not None else "the place"
    if a.amount == 0:
        return f"Make no bid for {where}"
    to = f", paid to {seat(seller)} if you win" if seller is not None else ""
    return f"Bid {gold(a.amount)} for {where}{to}"


def _sold_words(e: dict[str, Any]) -> str:
    said = ", ".join(f"{seat(s)} {gold(b)}" for s, b in e["bids"].items())
    return (
        f"{seat(e['seller'])}, going first, sold {place_words(e['place'])} (tied for last): bids "
        f"{said}; {seat(e['buyer'])} takes it for {gold(e['price'])}"
    )


def _rebid_words(e: dict[str, Any]) -> str:
    who = " and ".join(seat(s) for s in e["seats"])
    why = "the offer declined" if e["offered"] else "no offer made"
    return f"{who} bid again for {place_words(e['place'])} and the one after ({why})"


LABELS: dict[str, Any] = {
    "offer_for_place": _label_offer,
    "bid_again": _label_again,
    "bid_for_place": _label_bid,
}
FORM_TITLES = {
    "offer_for_place": "Offer the player tied with you gold for the earlier place",
    "bid_for_place": "Seal a bid for the place tied for last (the highest bid takes it)",
}
NOTES = {
    "offer_for_place": "Accepted, you take the earlier place and they the next; declined, you "
    "both seal bids again.",
    "bid_for_place": "Sealed. The highest bid takes the place and pays the player going first; "
    "the others follow by their bids. 0 is no bid.",
}
EVENTS: dict[str, Any] = {
    "place_offered": lambda e: (
        f"{seat(e['seat'])} offers {seat(e['to'])} {gold(e['amount'])} to take "
        f"{place_words(e['place'])}"
    ),
    "place_bought": lambda e: (
        f"{seat(e['to'])} accepts: {seat(e['seat'])} pays {gold(e['amount'])} and takes "
        f"{place_words(e['place'])}, {seat(e['to'])} the one after"
    ),
    "place_rebid": _rebid_words,
    "place_sold": _sold_words,
}

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickOffer(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_offer(state, seat, rng)


class _BidsAgainListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _bids_again(state, seat)


class _AcceptsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _accepts(state, seat)


class _DeclinesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _declines(state, seat)


class _PickBid(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_bid(state, seat, rng)


BARTERING = (
    ActionRule("offer_for_place", _why_offer, _offers, _apply_offer, _PickOffer(), _offer_fields),
    ActionRule("bid_again", _why_bid_again, _BidsAgainListed(), _apply_bid_again),
    ActionRule("accept", _why_answer, _AcceptsListed(), _apply_accept),
    ActionRule("decline", _why_answer, _DeclinesListed(), _apply_decline),
)
SELLING = (ActionRule("bid_for_place", _why_bid, _bids, _apply_bid, _PickBid(), _bid_fields),)

PART = Module(
    name="finance.places",
    actions={BARTER: BARTERING, SALE: SELLING},
    redetermine=(resample,),
)
