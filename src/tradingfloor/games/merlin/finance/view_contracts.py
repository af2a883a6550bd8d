"""The finance view's contracts (RULINGS Merlin 8: "contracts, debts and every action taken are
public"): the offer under way, futures, insurance quotes and policies, loans, securities and debts,
each record with its figures and its words (`text`).

Futures: "Expiry date in number of years. (e.g Start of summer, Year 3)"; a contract's status says
what the short must do (Futures: the short "has an obligation to fulfill all contracts, on their
first turn after expiry").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.finance.debts import WHY
from tradingfloor.games.merlin.finance.phrases import (
    KINDS,
    bundle_words,
    card_title,
    commodity,
    commodity_name,
    covers,
    expiry,
    months_away,
    offer_words,
    plural,
    security_terms,
    who,
    whose,
)
from tradingfloor.games.merlin.finance.state import (
    Bundle,
    Debt,
    Finance,
    Future,
    Loan,
    Policy,
    Proposal,
    Quote,
    Security,
)
from tradingfloor.games.merlin.finance.table import figures_of
from tradingfloor.games.merlin.memo import ByIdentity
from tradingfloor.games.merlin.state import Config, MerlinState

# --- the offer under way --------------------------------------------------------------------------


def offer_record(state: MerlinState, offer: Proposal | None) -> dict[str, Any] | None:
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
        "spells": [card_title(state, c) for c in bundle.spells],
        "recipes": [card_title(state, c) for c in bundle.recipes],
        "crowns": bundle.crowns,
        "text": bundle_words(state, bundle),
    }


def offers_left(state: MerlinState, finance: Finance) -> int:
    return max(0, figures_of(state).offers.per_turn - finance.offers_made)


# --- futures --------------------------------------------------------------------------------------


def future_record(state: MerlinState, future: Future) -> dict[str, Any]:
    """A contract's record: the one last told of it while what its words are told from is the
    same (its months to expiry, the wheel in use, what a bushel settles for), which most moves
    leave be; every view shares it (memo.py: nobody may change it)."""
    away = months_away(state, future.year, future.portion)
    settles = _settling_price(state, future.commodity)
    told_from = (away, state.core.counters.wheel, settles)
    found = _FUTURES.find(future)
    if found is not None and found[0] is state.config and found[1] == told_from:
        return found[2]
    record = _future_told(state, future, away)
    _FUTURES.keep(future, (state.config, told_from, record))
    return record


_FUTURES: ByIdentity[tuple[Config, tuple[Any, ...], dict[str, Any]]] = ByIdentity()
"""Each contract's last record, with its match's configuration and what else it was told from
(by the contract's identity)."""


def _future_told(state: MerlinState, future: Future, away: int) -> dict[str, Any]:
    bushel = figures_of(state).futures.bushel
    goods = commodity(state, future.commodity)
    when = expiry(state, future.year, future.portion)
    status, status_text = _future_status(state, future, away)
    worth, worth_text = _bushel_worth(state, future.commodity)
    return {
        "id": future.id,
        "short": future.short,
        "long": future.long,
        "commodity": commodity_name(state, future.commodity),
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
    """A bushel settled in gold now and why."""
    figures = figures_of(state).futures
    last, why = _settling_price(state, index)
    amount = figures.bushel * last
    return amount, f"in gold it settles for {words.gold(amount)}: {figures.bushel} × {last} ({why})"


def _settling_price(state: MerlinState, index: int) -> tuple[int, str]:
    """What a unit of a bushel settles for in gold now, and why (Futures: "settled by the last
    sold price of the commodity"; never sold: the cost of the living [R], or the data's other
    rule)."""
    books = state.economy.books
    last = books[index].last_sold if 0 <= index < len(books) else None
    if last is not None:
        return last, "the last sold price"
    if figures_of(state).futures.settle_default_price == "cost_of_living":
        return state.core.counters.cost_of_living, "the cost of the living, as it was never sold"
    return (
        state.config.content.buyback_commodity,
        "the central bank's buy-back price, as it was never sold",
    )


# --- insurance ------------------------------------------------------------------------------------


def quote_record(state: MerlinState, quote: Quote) -> dict[str, Any]:
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


def policy_record(state: MerlinState, policy: Policy) -> dict[str, Any]:
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


def loan_record(state: MerlinState, loan: Loan) -> dict[str, Any]:
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


def security_issues(state: MerlinState, securities: tuple[Security, ...]) -> list[dict[str, Any]]:
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


# --- debts ----------------------------------------------------------------------------------------


def debt_record(debt: Debt) -> dict[str, Any]:
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


def owed_totals(finance: Finance, seat: int) -> dict[str, int]:
    return {
        "owes": sum(d.amount for d in finance.debts if d.debtor == seat),
        "is_owed": sum(d.amount for d in finance.debts if d.creditor == seat),
    }
