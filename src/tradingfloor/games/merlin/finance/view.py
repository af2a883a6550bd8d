"""What a seat may know of the finance table: every offer, contract, position, policy, loan,
security, custom-table order, debt and auction under way (RULINGS Merlin 8: "contracts, debts and
every action taken are public"), never the sealed bids of a property auction until it resolves.

Beside the figures each record carries its words (`text`, seats as {seat:N}), so that every
interface reads the table in the draft's terms: the short and the long, the bushel, the forward
price, the expiry on the season wheel ("the start of summer, year 3").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tradingfloor.games.merlin import cards, words
from tradingfloor.games.merlin.finance.state import (
    BANK,
    Bundle,
    Debt,
    Finance,
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
from tradingfloor.games.merlin.finance.table import figures_of, finance_of
from tradingfloor.games.merlin.rulebook import Module
from tradingfloor.games.merlin.state import ROW, MerlinState

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def finance_view(state: MerlinState, seat: int | None) -> dict[str, Any]:
    """The `finance` section of a seat's view (None: a spectator)."""
    finance = finance_of(state)
    names = _names(state, finance)
    return {
        "offer": _offer(state, finance.offer),
        "offers_left": _offers_left(state, finance),
        "bushel": figures_of(state).futures.bushel,
        "futures": [_future(state, f) for f in finance.futures],
        "quotes": [_quote(state, q) for q in finance.quotes],
        "policies": [_policy(state, p) for p in finance.policies],
        "loans": [_loan(state, loan) for loan in finance.loans],
        "securities": _securities(state, finance.securities),
        "listings": [_listing(state, finance, item) for item in finance.listings],
        "wanted": [_wanted(state, item) for item in finance.wanted],
        "debts": [_debt(d) for d in finance.debts],
        "owed": [_owed(finance, s) for s in range(state.players)],
        "sale": _sale(state, finance.sale, seat),
        "road": _road(finance),
        "names": names,
        "bid_refs": _bid_refs(state, finance),
    }


PART = Module(name="finance.view", view=(("finance", finance_view),))
"""The finance section of the view, registered with the module's parts (module.py)."""


# --- words shared by the records ------------------------------------------------------------------


def who(number: int) -> str:
    """A party in a text: a seat ({seat:N}), the R.O.W. or the central bank."""
    if number == BANK:
        return "the central bank"
    if number == ROW:
        return "the R.O.W."
    return words.seat(number)


def whose(number: int) -> str:
    """A party's, in a text: "{seat:2}'s", "the R.O.W.'s", "the central bank's"."""
    return f"{who(number)}'s"


def commodity(state: MerlinState, index: int | None) -> str:
    """A commodity by its index, as the draft writes it: Essence Grain."""
    names = state.config.content.commodities
    if index is None or not 0 <= index < len(names):
        return "a commodity"
    return words.goods(names[index])


def numbers_said(numbers: tuple[int, ...] | list[int]) -> str:
    """ "5", "2 or 3", "2, 3 or 5"."""
    texts = [str(n) for n in numbers]
    if not texts:
        return "nothing"
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def expiry(state: MerlinState, year: int, portion: int) -> str:
    """An expiry as the draft writes it (Futures: "Expiry date in number of years. (e.g Start of
    summer, Year 3)"): the start of the season's month on the wheel in use now."""
    wheel = state.config.content.wheels[state.core.counters.wheel].portions
    if not wheel:
        return f"year {year}"
    portion %= len(wheel)
    name = wheel[portion]
    first = portion
    while first > 0 and wheel[first - 1] == name:
        first -= 1
    month = portion - first + 1
    where = f"start of {name}" if month == 1 else f"start of {name}'s {_ordinal(month)} month"
    return f"{where}, year {year}"


def _ordinal(n: int) -> str:
    return ORDINALS[min(n, len(ORDINALS)) - 1]


def months_away(state: MerlinState, year: int, portion: int) -> int:
    """How many turns of the season wheel (months) until (year, portion); 0 or less: reached."""
    counters = state.core.counters
    length = len(state.config.content.wheels[counters.wheel].portions) or 1
    return (year - counters.year) * length + (portion - counters.portion)


def _card_title(state: MerlinState, card: str) -> str:
    """A spell or recipe card by its title (Pickpocket, for pickpocket.2 or pickpocket), or a
    playing card as it reads."""
    if state.magic is not None and card not in state.config.content.card_rank:
        from tradingfloor.games.merlin.magic.labs import title_of

        return title_of(state, card)
    return words.card(card)


# --- the offer under way --------------------------------------------------------------------------


def bundle_words(state: MerlinState, bundle: Bundle) -> str:
    """One side of a trade: "5 gold, 2 Souls and Pickpocket (a spell)"; "nothing"."""
    parts = []
    if bundle.gold:
        parts.append(words.gold(bundle.gold))
    for index, units in enumerate(bundle.goods):
        if units:
            parts.append(f"{units} {commodity(state, index)}")
    parts += [f"{_card_title(state, c)} (a spell)" for c in bundle.spells]
    parts += [f"{_card_title(state, c)} (a potion recipe)" for c in bundle.recipes]
    if bundle.crowns:
        parts.append(plural(bundle.crowns, "crown"))
    return _listed(parts) or "nothing"


def _listed(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def offer_words(state: MerlinState, offer: Proposal) -> str:
    """What is offered, without who offers it: "5 gold for 3 Souls"."""
    if offer.kind == "trade":
        give, get = bundle_words(state, offer.give), bundle_words(state, offer.get)
        return f"{give} for {get}"
    if offer.kind == "loan":
        source = f" from the Chauffeur on {words.card(offer.card)}" if offer.card else ""
        return (
            f"a loan of {words.gold(offer.principal)}{source} now, {words.gold(offer.repay)} "
            f"repaid after orbit {offer.due_orbit}"
        )
    if offer.kind == "place":
        return (
            f"{bundle_words(state, offer.give)} to take {_place_at_stake(state)} in the turn "
            f"order, {who(offer.to)} taking the one after"
        )
    return bundle_words(state, offer.give)


def _place_at_stake(state: MerlinState) -> str:
    """The tied place a place offer is for: "the 2nd place" (turn order's contest under way)."""
    from tradingfloor.games.merlin.finance.places import place_words
    from tradingfloor.games.merlin.turn_order import contest

    now = contest(state) if state.core.phase == "auction" else None
    return place_words(now.first_place) if now is not None else "the earlier place"


def _offer(state: MerlinState, offer: Proposal | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    kinds = {"trade": "A trade", "loan": "A loan", "place": "Gold for a place in the turn order"}
    what = offer_words(state, offer)
    note = {
        "trade": "On acceptance each side rolls a die for the road between the kingdoms: a 1 "
        "(or a 2, between players who have cast spells at each other) voids the trade and "
        "both sides' items are lost.",
        "loan": "The borrower repays on their first turn after the due orbit; what they cannot "
        "pay becomes a debt to the lender.",
        "place": "Declined, the tied places are bid for again.",
    }.get(offer.kind, "")
    return {
        "id": offer.id,
        "kind": offer.kind,
        "title": kinds.get(offer.kind, "An offer"),
        "author": offer.author,
        "to": offer.to,
        "what": what,
        "text": f"{whose(offer.author)} offer to {who(offer.to)}: {what}",
        "answer": f"Waiting for {who(offer.to)} to accept or decline",
        "note": note,
        "give": _bundle(state, offer.give),
        "get": _bundle(state, offer.get),
        "principal": offer.principal,
        "repay": offer.repay,
        "due_orbit": offer.due_orbit,
        "card": offer.card,
    }


def _bundle(state: MerlinState, bundle: Bundle) -> dict[str, Any]:
    names = state.config.content.commodities
    return {
        "gold": bundle.gold,
        "goods": {names[i]: n for i, n in enumerate(bundle.goods) if n and i < len(names)},
        "spells": [_card_title(state, c) for c in bundle.spells],
        "recipes": [_card_title(state, c) for c in bundle.recipes],
        "crowns": bundle.crowns,
        "text": bundle_words(state, bundle),
    }


def _offers_left(state: MerlinState, finance: Finance) -> int:
    return max(0, figures_of(state).offers.per_turn - finance.offers_made)


# --- futures --------------------------------------------------------------------------------------


def _future(state: MerlinState, future: Future) -> dict[str, Any]:
    bushel = figures_of(state).futures.bushel
    goods = commodity(state, future.commodity)
    when = expiry(state, future.year, future.portion)
    away = months_away(state, future.year, future.portion)
    status, status_text = _future_status(state, future, away)
    worth, worth_text = _bushel_worth(state, future.commodity)
    return {
        "id": future.id,
        "short": future.short,
        "long": future.long,
        "commodity": _commodity_name(state, future.commodity),
        "commodity_title": goods,
        "units": bushel,
        "price": future.price,
        "year": future.year,
        "portion": future.portion,
        "expiry": when,
        "months_away": max(0, away),
        "expired": future.expired,
        "due": future.due,
        "status": status,
        "status_text": status_text,
        "worth": worth,
        "worth_text": worth_text,
        "title": f"Future {future.id}: one bushel ({bushel} {goods}) at {future.price} gold",
        "text": (
            f"{whose(future.short)} future {future.id}: {bushel} {goods} for "
            f"{words.gold(future.price)}, expiring at the {when}"
        ),
    }


def _commodity_name(state: MerlinState, index: int) -> str:
    names = state.config.content.commodities
    return names[index] if 0 <= index < len(names) else ""


def _future_status(state: MerlinState, future: Future, away: int) -> tuple[str, str]:
    """Where a contract stands, in words (Futures: the short "has an obligation to fulfill all
    contracts, on their first turn after expiry"; "The second turn after expiry, the player is
    considered bankrupt")."""
    if future.due >= 2:
        return "defaulted", f"Defaulted: {who(future.short)} did not settle it in time"
    if future.due == 1:
        return "due", (
            f"Due: {who(future.short)} must deliver the bushel, offset it with a long of the same "
            "expiry, or settle it in gold; unsettled when the short's next turn begins, it "
            "becomes a debt to the long"
        )
    if future.expired or away <= 0:
        if future.long is None:
            return "expired", "Expired untaken: it is withdrawn"
        return "expired", f"Expired: the short ({who(future.short)}) settles it on their next turn"
    when = f"expires in {plural(away, 'month')} of the wheel"
    if future.long is None:
        return "open", f"Open to take: pay {words.gold(future.price)} to become the long; {when}"
    return "held", f"Long: {who(future.long)}; {when}"


def _bushel_worth(state: MerlinState, index: int) -> tuple[int | None, str]:
    """A bushel settled in gold now and why (Futures: "settled by the last sold price of the
    commodity"; never sold: the cost of the living [R], or the data's other rule)."""
    figures = figures_of(state).futures
    books = state.economy.books
    last = books[index].last_sold if 0 <= index < len(books) else None
    if last is not None:
        why = "the last sold price"
    elif figures.settle_default_price == "cost_of_living":
        last = state.core.counters.cost_of_living
        why = "the cost of the living, as it was never sold"
    else:
        last = state.config.content.buyback_commodity
        why = "the central bank's buy-back price, as it was never sold"
    amount = figures.bushel * last
    return amount, f"in gold it settles for {words.gold(amount)}: {figures.bushel} × {last} ({why})"


# --- insurance ------------------------------------------------------------------------------------


def covers(
    state: MerlinState,
    numbers: tuple[int, ...],
    event: str | None,
    commodity_index: int | None,
    rolls: int,
) -> str:
    """What a quote or policy pays on, in the insurance part's words: "the next roll is a 2, 3 or
    5", "a spell is cast at the buyer this turn or in the next 3 turns"."""
    from tradingfloor.games.merlin.finance.insurance import cover_words

    name = _commodity_name(state, commodity_index) if commodity_index is not None else None
    return cover_words(numbers, event, name or None, rolls)


def _quote(state: MerlinState, quote: Quote) -> dict[str, Any]:
    cover = covers(state, quote.numbers, quote.event, quote.commodity, quote.rolls)
    return {
        "id": quote.id,
        "writer": quote.writer,
        "numbers": list(quote.numbers),
        "event": quote.event,
        "rolls": quote.rolls,
        "payout": quote.payout,
        "premium": quote.premium,
        "covers": cover,
        "odds": f"pays {quote.payout}:{quote.premium}",
        "text": (
            f"{whose(quote.writer)} insurance {quote.id}: pays {words.gold(quote.payout)} if "
            f"{cover}, for a premium of {words.gold(quote.premium)}"
        ),
    }


def _policy(state: MerlinState, policy: Policy) -> dict[str, Any]:
    cover = covers(state, policy.numbers, policy.event, policy.commodity, policy.rolls_left)
    bought = f", bought for {words.gold(policy.premium)}" if policy.premium else ""
    return {
        "id": policy.id,
        "writer": policy.writer,
        "buyer": policy.buyer,
        "numbers": list(policy.numbers),
        "event": policy.event,
        "rolls_left": policy.rolls_left,
        "payout": policy.payout,
        "premium": policy.premium,
        "covers": cover,
        "text": (
            f"Insurance {policy.id}, bought by {who(policy.buyer)} from "
            f"{who(policy.writer)}{bought}: pays {words.gold(policy.payout)} if {cover}"
        ),
    }


# --- loans and securities -------------------------------------------------------------------------


def _loan(state: MerlinState, loan: Loan) -> dict[str, Any]:
    lent = f"lent {words.gold(loan.principal)}" if loan.principal else "lent"
    source = f" from the Chauffeur on {words.card(loan.card)}" if loan.card else ""
    return {
        "id": loan.id,
        "lender": loan.lender,
        "borrower": loan.borrower,
        "repay": loan.repay,
        "due_orbit": loan.due_orbit,
        "principal": loan.principal,
        "card": loan.card or None,
        "text": (
            f"Loan {loan.id} from {who(loan.lender)} to {who(loan.borrower)}: {lent}{source}, "
            f"{words.gold(loan.repay)} to repay on the borrower's first turn after orbit "
            f"{loan.due_orbit}"
        ),
    }


KINDS = {"bond": ("bond", "bonds"), "share": ("share", "shares"), "note": ("note", "notes")}


def security_terms(state: MerlinState, security: Security) -> str:
    """What one unit pays (Chauffeurs: "issue bonds, stock, or its own currency")."""
    if security.kind == "bond":
        return f"pays {words.gold(security.face)} after orbit {security.maturity}"
    if security.kind == "share":
        percent = figures_of(state).instruments.share_percent
        return f"pays {percent}% of the gold {whose(security.issuer)} properties yield"
    return f"redeems for 1 gold from {whose(security.issuer)} Chauffeurs"


def _securities(state: MerlinState, securities: tuple[Security, ...]) -> list[dict[str, Any]]:
    """Each issue (issuer, kind, terms) with who holds how many; the issuer's own are unsold."""
    issues: dict[tuple[int, str, int, int], list[Security]] = {}
    for security in securities:
        key = (security.issuer, security.kind, security.face, security.maturity)
        issues.setdefault(key, []).append(security)
    return [_issue(state, units) for units in issues.values()]


def _issue(state: MerlinState, units: list[Security]) -> dict[str, Any]:
    first = units[0]
    one, many = KINDS.get(first.kind, (first.kind, f"{first.kind}s"))
    holders = Counter(s.holder for s in units)
    held = [
        {"holder": h, "count": n, "text": f"{who(h)} ({n})"}
        for h, n in sorted(holders.items())
        if h != first.issuer
    ]
    unsold = holders.get(first.issuer, 0)
    where = [f"held by {', '.join(str(h['text']) for h in held)}"] if held else []
    where += [f"{unsold} unsold"] if unsold else []
    return {
        "issuer": first.issuer,
        "kind": first.kind,
        "face": first.face,
        "maturity": first.maturity,
        "count": len(units),
        "unsold": unsold,
        "holders": held,
        "ids": [s.id for s in units],
        "title": f"{whose(first.issuer)} {many}",
        "terms": f"each {one} {security_terms(state, first)}",
        "text": (
            f"{whose(first.issuer)} {many} ({len(units)}), each {security_terms(state, first)}: "
            + "; ".join(where)
        ),
    }


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
        return f"{_card_title(state, ref)} ({kind})" if ref else kind
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
        return f"{_card_title(state, ref)} ({kind})" if ref else kind
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


def _listing(state: MerlinState, finance: Finance, listing: Listing) -> dict[str, Any]:
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


def _wanted(state: MerlinState, wanted: Wanted) -> dict[str, Any]:
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


# --- debts ----------------------------------------------------------------------------------------

WHY = {
    "future": "an unsettled future",
    "insurance": "an insurance payout",
    "loan": "a loan",
    "bond": "a bond at maturity",
    "note": "a note redeemed",
}


def _debt(debt: Debt) -> dict[str, Any]:
    why = WHY.get(debt.why, debt.why.replace("_", " "))
    return {
        "debtor": debt.debtor,
        "creditor": debt.creditor,
        "amount": debt.amount,
        "why": debt.why,
        "why_text": why,
        "text": (
            f"Owed by {who(debt.debtor)} to {who(debt.creditor)}: {words.gold(debt.amount)} ({why})"
        ),
    }


def _owed(finance: Finance, seat: int) -> dict[str, int]:
    return {
        "owes": sum(d.amount for d in finance.debts if d.debtor == seat),
        "is_owed": sum(d.amount for d in finance.debts if d.creditor == seat),
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


def _sale(state: MerlinState, sale: Sale | None, seat: int | None) -> dict[str, Any] | None:
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


def _road(finance: Finance) -> dict[str, Any] | None:
    """The last trade's road roll (Trading Between Players: "a D6 is rolled by both players")."""
    if not finance.rolls:
        return None
    rolls = [{"seat": s, "die": d} for s, d in finance.rolls]
    said = ", ".join(f"{who(s)} {d}" for s, d in finance.rolls)
    return {"rolls": rolls, "text": f"The last road roll: {said}"}


# --- words for the forms' choices -----------------------------------------------------------------


def _bid_refs(state: MerlinState, finance: Finance) -> dict[str, str]:
    """What a bid on a custom table may be for, in words, by the form's value: "" any item of the
    kind, a commodity's futures, a commodity and expiry, an issuer's securities, a card's name."""
    names = state.config.content.commodities
    out = {"": "any"}
    for name in names:
        out[name] = f"{words.goods(name)}, any expiry"
    for f in finance.futures:
        key = f"{_commodity_name(state, f.commodity)}:{f.year}:{f.portion}"
        out[key] = f"{commodity(state, f.commodity)}, {expiry(state, f.year, f.portion)}"
    for s in range(state.players):
        out[str(s)] = f"issued by {words.seat(s)}"
    if state.magic is not None:
        from tradingfloor.games.merlin.magic.table import content_of

        content = content_of(state)
        for group in (content.spells, content.potions):
            for name, card in group.items():
                out[name] = card.title
    return out


def _names(state: MerlinState, finance: Finance) -> dict[str, str]:
    """Every contract, quote, order and security by its number, in words, for the forms'
    choices (their fields hold numbers): "future 4: Seat 1's 3 Souls at 9 gold"."""
    bushel = figures_of(state).futures.bushel
    out: dict[str, str] = {}
    for f in finance.futures:
        out[str(f.id)] = (
            f"future {f.id}: {whose(f.short)} {bushel} {commodity(state, f.commodity)} at "
            f"{words.gold(f.price)}, {expiry(state, f.year, f.portion)}"
        )
    for q in finance.quotes:
        cover = covers(state, q.numbers, q.event, q.commodity, q.rolls)
        out[str(q.id)] = (
            f"{whose(q.writer)} insurance {q.id}: {words.gold(q.payout)} if {cover}, "
            f"premium {words.gold(q.premium)}"
        )
    for listing in finance.listings:
        what = item_words(state, finance, listing.item, listing.ref)
        out[str(listing.id)] = f"{whose(listing.seller)} ask: {what} for {listing.price} gold"
    for wanted in finance.wanted:
        what = wanted_words(state, wanted.item, wanted.ref)
        out[str(wanted.id)] = f"{whose(wanted.buyer)} bid: {wanted.price} gold for {what}"
    for s in finance.securities:
        one = KINDS.get(s.kind, (s.kind, s.kind))[0]
        out.setdefault(str(s.id), f"{whose(s.issuer)} {one} {s.id} ({security_terms(state, s)})")
    return out
