"""Property auctions, blind or by open bidding (MERLIN-MODULES.md §3.3).

Clubs: "The property owner may also auction their property, starting the bid at or below the
property value." Auctioning: "Many of them are used by players to sell properties and businesses."

Blind Auction: every other player still in seals a bid at once ("put the amount they would like to
bid in their dominant hand"); 0 is no bid. The highest bid wins; a tie bids again once among the
tied (at least their tied bid), and a second tie goes to the earliest of them in turn order.

Bid Auctioning: "every player bid regardless of turn order, increasing the amount of gold bid every
iteration": rounds of sealed raises. In each round every bidder but the one holding the standing
bid seals a raise over it or passes (0); a pass is final. The round's highest raise stands (a tie:
the earliest in turn order); the bidding ends in a round without a raise, or when only the standing
bidder is left.

The winner pays the owner and takes the stack with everything on it (a land, a Chauffeur's second
property or a lab, investments, stored gold), as an accepted sale does; no bid leaves it unsold.
Sealed bids are secret until their round resolves.
"""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import AuctionProperty, SealBid
from tradingfloor.games.merlin.finance.offers import why_no_offer
from tradingfloor.games.merlin.finance.state import Finance, Sale
from tradingfloor.games.merlin.finance.table import finance_of, with_finance
from tradingfloor.games.merlin.ledger import add_gold, earn, put
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Log,
    Module,
    Picker,
    event,
    pick_in,
)
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.tableau import liquidation_value, stack_of
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

STEP = "property_auction"
"""The pending step of the players sealing bids in a property auction."""


def sale_of(state: MerlinState) -> Sale | None:
    finance = state.finance
    return None if finance is None else finance.sale


def sealers(sale: Sale) -> tuple[int, ...]:
    """Who seals in this round: every bidder left, but the standing bidder of open bidding."""
    return tuple(s for s in sale.bidders if s != sale.leader)


def awaited(sale: Sale) -> tuple[int, ...]:
    return tuple(s for s in sealers(sale) if sale.sealed[s] is None)


def pending(state: MerlinState) -> tuple[str, tuple[int, ...]] | None:
    """An auction under way blocks the turn: the bidders still to seal."""
    # (typed: compiled, the sale is read from the record itself, not looked up by name)
    finance: Finance | None = state.finance
    sale = None if finance is None else finance.sale
    if sale is None or not awaited(sale):
        return None
    return STEP, awaited(sale)


# --- auction_property --------------------------------------------------------------------------


def _value(state: MerlinState, me: int, card: str) -> int | None:
    found = stack_of(state, me, card)
    return None if found is None else liquidation_value(state, found[1])


def _bidders(state: MerlinState, me: int) -> list[int]:
    """Every other player still in, in turn order from the seller."""
    return [s for s in state.core.from_roller() if s != me]


def _why_auction(state: MerlinState, me: int, a: AuctionProperty) -> str | None:
    why = why_no_offer(state)
    if why:
        return f"{why} (an auction counts as one); auction on your next turn"
    value = _value(state, me, a.card)
    if value is None:
        return f"you have no property {card_words(a.card)} on the table"
    if a.start > value:
        # Clubs: "starting the bid at or below the property value"
        return (
            f"start the bidding at or below {card_words(a.card)}'s property value of {gold(value)}"
        )
    if not _bidders(state, me):
        return "nobody is left to bid"
    return None


def _may_auction(state: MerlinState, me: int) -> bool:
    """Whether the player may put a property up now: an offer left, a property, a bidder."""
    # (the cheapest test first)
    return (
        bool(state.economy.tableaux[me]) and not why_no_offer(state) and bool(_bidders(state, me))
    )


def _auction_fields(state: MerlinState, me: int) -> Fields:
    if not _may_auction(state, me):
        return {}
    stacks = state.economy.tableaux[me]
    most = max(liquidation_value(state, s) for s in stacks)
    return {
        "card": [s.base for s in stacks],
        "style": ["blind", "open"],
        "start": range(most + 1),
    }


def _auctions(state: MerlinState, me: int) -> list[Action]:
    if not _may_auction(state, me):
        return []
    return [
        drawn(AuctionProperty, card=s.base, style=style, start=start)
        for s in state.economy.tableaux[me]
        for style in ("blind", "open")
        for start in range(liquidation_value(state, s) + 1)
    ]


def _pick_auction(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    if not _may_auction(state, me):
        return None
    stack = rng.choice(state.economy.tableaux[me])
    start = rng.randint(0, liquidation_value(state, stack))
    style = rng.choice(("blind", "open"))
    return drawn(AuctionProperty, card=stack.base, style=style, start=start)


def _apply_auction(state: MerlinState, me: int, a: AuctionProperty, log: Log) -> MerlinState:
    bidders = tuple(_bidders(state, me))
    sale = Sale(
        seller=me,
        card=a.card,
        style=a.style,
        start=a.start,
        bidders=bidders,
        sealed=(None,) * state.players,
    )
    made = finance_of(state).offers_made + 1
    log.append(
        event(
            "auction_opened",
            seller=me,
            card=a.card,
            style=a.style,
            start=a.start,
            value=_value(state, me, a.card),
        )
    )
    return with_finance(state, sale=sale, offers_made=made)


# --- seal_bid ----------------------------------------------------------------------------------


def least_bid(sale: Sale) -> int:
    """The smallest bid other than 0 this round: the start (at least 1), the tied bid in a blind
    re-bid, or one more than the standing bid."""
    if sale.style == "blind":
        return sale.high if sale.tie else max(sale.start, 1)
    return max(sale.start, 1) if sale.leader is None else sale.high + 1


def _may_pass(sale: Sale) -> bool:
    """A blind re-bid holds the tied bid: no passing then."""
    return not (sale.style == "blind" and sale.tie)


def _why_seal(state: MerlinState, me: int, a: SealBid) -> str | None:
    sale = sale_of(state)
    if sale is None or me not in sealers(sale):
        return "there is no property auction for you to bid in"
    if sale.sealed[me] is not None:
        return "you have already sealed your bid; wait for the others"
    least, held = least_bid(sale), state.core.gold[me]
    if a.amount == 0:
        if not _may_pass(sale):
            return f"the tied players bid again, at least their tied bid of {gold(least)}"
        return None
    if a.amount > held:
        return f"you hold only {gold(held)}; bid less, or 0 for no bid"
    if a.amount < least:
        if sale.style == "open":
            return f"raise to at least {gold(least)}, or seal 0 to pass (a pass is final)"
        return f"bid at least {gold(least)}, or 0 for no bid"
    return None


def _bid_runs(state: MerlinState, me: int) -> list[tuple[Any, int]]:
    """The legal bids as runs: 0 (where passing is allowed), then least..gold."""
    sale = sale_of(state)
    if sale is None or me not in sealers(sale) or sale.sealed[me] is not None:
        return []
    least, held = least_bid(sale), state.core.gold[me]
    runs: list[tuple[Any, int]] = [(0, 1)] if _may_pass(sale) else []
    if held >= least:
        runs.append((least, held - least + 1))
    if not runs:  # a tied bidder who cannot hold the tied bid seals all they hold
        runs.append((held, 1))
    return runs


def _seals(state: MerlinState, me: int) -> list[Action]:
    return [drawn(SealBid, amount=start + i) for start, n in _bid_runs(state, me) for i in range(n)]


def _seal_fields(state: MerlinState, me: int) -> Fields:
    runs = _bid_runs(state, me)
    if not runs:
        return {}
    return {"amount": range(runs[0][0], runs[-1][0] + runs[-1][1])}


def _pick_seal(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    picked = pick_in(rng, _bid_runs(state, me))
    return None if picked is None else drawn(SealBid, amount=picked[0] + picked[1])


def _apply_seal(state: MerlinState, me: int, a: SealBid, log: Log) -> MerlinState:
    sale = sale_of(state)
    assert sale is not None
    sale = replace(sale, sealed=put(sale.sealed, me, a.amount))
    log.append(event("sealed", seat=me, what="bid for a property"))
    state = with_finance(state, sale=sale)
    return state if awaited(sale) else resolve(state, log)


# --- resolution ---------------------------------------------------------------------------------


def resolve(state: MerlinState, log: Log) -> MerlinState:
    """Every bidder of the round has sealed: the bids are revealed and the round is settled."""
    sale = sale_of(state)
    assert sale is not None
    bids = {s: sale.sealed[s] or 0 for s in sealers(sale)}
    log.append(
        event(
            "auction_bids",
            seller=sale.seller,
            card=sale.card,
            style=sale.style,
            bids={str(s): b for s, b in bids.items()},
        )
    )
    if sale.style == "blind":
        return _settle_blind(state, sale, bids, log)
    return _settle_open(state, sale, bids, log)


def _settle_blind(state: MerlinState, sale: Sale, bids: dict[int, int], log: Log) -> MerlinState:
    top = max(bids.values(), default=0)
    if top == 0:
        return _unsold(state, sale, log)
    tied = tuple(s for s in sale.bidders if bids.get(s) == top)  # in turn order
    if len(tied) > 1 and not sale.tie:
        # [R] a tie bids again once among the tied, at least at the tied bid
        log.append(event("auction_tie", card=sale.card, seats=list(tied), bid=top))
        again = replace(
            sale,
            bidders=tied,
            sealed=(None,) * state.players,
            high=top,
            tie=True,
            rounds=sale.rounds + 1,
        )
        return with_finance(state, sale=again)
    # [R] a second tie goes to the earliest of the tied in turn order
    return _sold(state, sale, tied[0], top, log)


def _settle_open(state: MerlinState, sale: Sale, bids: dict[int, int], log: Log) -> MerlinState:
    raises = {s: b for s, b in bids.items() if b}
    if not raises:
        if sale.leader is None:
            return _unsold(state, sale, log)
        return _sold(state, sale, sale.leader, sale.high, log)
    top = max(raises.values())
    leader = next(s for s in sale.bidders if raises.get(s) == top)  # ties: the earliest
    left = tuple(s for s in sale.bidders if s == sale.leader or s in raises)  # a pass is final
    sale = replace(
        sale,
        bidders=left,
        sealed=(None,) * state.players,
        high=top,
        leader=leader,
        rounds=sale.rounds + 1,
    )
    log.append(event("auction_standing", card=sale.card, leader=leader, high=top))
    state = with_finance(state, sale=sale)
    if not sealers(sale):
        return _sold(state, sale, leader, top, log)
    return state


def move_stack(state: MerlinState, seller: int, buyer: int, card: str, log: Log) -> MerlinState:
    """`seller`'s stack `card` goes to `buyer` with all on it, as an accepted sale moves it (the
    magic module's golems follow or leave at once)."""
    found = stack_of(state, seller, card)
    assert found is not None
    index, stack = found
    eco = state.economy
    tableaux = put(
        eco.tableaux, seller, eco.tableaux[seller][:index] + eco.tableaux[seller][index + 1 :]
    )
    tableaux = put(tableaux, buyer, (*tableaux[buyer], stack))
    state = replace(state, economy=replace(eco, tableaux=tableaux))
    if state.magic is not None:
        from tradingfloor.games.merlin.magic.golem_fights import tidy

        state = tidy(state, log)
    return state


def _sold(state: MerlinState, sale: Sale, winner: int, price: int, log: Log) -> MerlinState:
    state = with_finance(state, sale=None)
    price = min(price, state.core.gold[winner])
    state = earn(add_gold(state, winner, -price), sale.seller, price, "sales")
    state = move_stack(state, sale.seller, winner, sale.card, log)
    log.append(
        event("property_auctioned", seller=sale.seller, buyer=winner, card=sale.card, price=price)
    )
    return state


def _unsold(state: MerlinState, sale: Sale, log: Log) -> MerlinState:
    log.append(event("auction_unsold", seller=sale.seller, card=sale.card))
    return with_finance(state, sale=None)


# --- players leaving, secrets --------------------------------------------------------------------


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """[R] The seller leaving ends their auction unsold; a bidder leaving drops out (a standing
    bid of theirs with them), and the round resolves if everyone else has sealed."""
    sale = sale_of(state)
    if sale is None:
        return state
    if who == sale.seller:
        log.append(event("auction_unsold", seller=sale.seller, card=sale.card))
        return with_finance(state, sale=None)
    if who not in sale.bidders:
        return state
    left = tuple(s for s in sale.bidders if s != who)
    sale = replace(
        sale,
        bidders=left,
        sealed=put(sale.sealed, who, None),
        leader=None if sale.leader == who else sale.leader,
    )
    state = with_finance(state, sale=sale)
    if not left or (sale.leader is not None and not sealers(sale)):
        if sale.leader is not None:
            return _sold(state, sale, sale.leader, sale.high, log)
        return _unsold(state, sale, log)
    return state if awaited(sale) else resolve(state, log)


def resample(state: MerlinState, me: int, rng: random.Random) -> MerlinState:
    """Others' sealed bids drawn afresh among their legal bids (`me` knows only who sealed)."""
    sale = sale_of(state)
    if sale is None:
        return state
    sealed = list(sale.sealed)
    for other, mine in enumerate(sale.sealed):
        if other == me or mine is None:
            continue
        blank = with_finance(state, sale=replace(sale, sealed=put(sale.sealed, other, None)))
        picked = pick_in(rng, _bid_runs(blank, other))
        if picked is not None:
            sealed[other] = picked[0] + picked[1]
    return with_finance(state, sale=replace(sale, sealed=tuple(sealed)))


# --- words ----------------------------------------------------------------------------------------

STYLES = {"blind": "a blind auction", "open": "open bidding"}


def _label_auction(state: MerlinState, me: int, a: AuctionProperty) -> str:
    return f"Auction {card_words(a.card)} by {STYLES[a.style]}, bidding from {gold(a.start)}"


def _label_seal(state: MerlinState, me: int, a: SealBid) -> str:
    sale = sale_of(state)
    what = card_words(sale.card) if sale is not None else "the property"
    if a.amount == 0:
        if sale is not None and sale.style == "open":
            return f"Pass on {what} (a pass is final)"
        return f"Make no bid for {what}"
    return f"Bid {gold(a.amount)} for {what}"


def _opened(e: dict[str, Any]) -> str:
    return (
        f"{seat(e['seller'])} auctions {card_words(e['card'])} (property value "
        f"{gold(e['value'])}) by {STYLES[e['style']]}, bidding from {gold(e['start'])}"
    )


def _bids(e: dict[str, Any]) -> str:
    said = ", ".join(f"{seat(s)} {'no bid' if not b else gold(b)}" for s, b in e["bids"].items())
    kind = "Sealed bids" if e["style"] == "blind" else "Raises"
    return f"{kind} for {card_words(e['card'])} revealed: {said}"


def _tie(e: dict[str, Any]) -> str:
    who = " and ".join(seat(s) for s in e["seats"])
    return (
        f"A tie at {gold(e['bid'])} for {card_words(e['card'])}: {who} bid again, at least "
        f"{gold(e['bid'])}"
    )


LABELS: dict[str, Any] = {"auction_property": _label_auction, "seal_bid": _label_seal}
FORM_TITLES = {
    "auction_property": "Auction one of your properties, from a starting bid at or below its "
    "property value",
    "seal_bid": "Seal a bid for the property on auction",
}
FIELD_LABELS = {"style": "auction", "start": "starting bid"}
NOTES = {
    "auction_property": "Blind: everyone seals one bid, the highest wins (a tie bids again once). "
    "Open bidding: rounds of sealed raises over the standing bid; a pass is final. The winner "
    "pays you and takes the stack with all on it. Counts as one of your offers this turn.",
    "seal_bid": "Sealed: the others see only that you have bid. 0 is no bid (in open bidding, a "
    "final pass).",
}
EVENTS: dict[str, Any] = {
    "auction_opened": _opened,
    "auction_bids": _bids,
    "auction_tie": _tie,
    "auction_standing": lambda e: (
        f"Standing bid for {card_words(e['card'])}: {gold(e['high'])} by {seat(e['leader'])}"
    ),
    "property_auctioned": lambda e: (
        f"{seat(e['buyer'])} won the auction of {card_words(e['card'])} for {gold(e['price'])}, "
        f"paid to {seat(e['seller'])}, and takes it with all on it"
    ),
    "auction_unsold": lambda e: (
        f"No bid for {seat(e['seller'])}'s {card_words(e['card'])}: it stays unsold"
    ),
}

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickAuction(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_auction(state, seat, rng)


class _PickSeal(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_seal(state, seat, rng)


PART = Module(
    name="finance.auctions",
    actions={
        "turn": (
            ActionRule(
                "auction_property",
                _why_auction,
                _auctions,
                _apply_auction,
                _PickAuction(),
                _auction_fields,
            ),
        ),
        STEP: (ActionRule("seal_bid", _why_seal, _seals, _apply_seal, _PickSeal(), _seal_fields),),
    },
    pending=(pending,),
    on_exit=(on_exit,),
    redetermine=(resample,),
)
