"""Catalogue actions of the types with amounts and prices: each key's action at its level.

A grader turns the legal space's field ranges (`ActionRule.fields`) and the view into candidates,
at most one per key: (key, action type, its fields), so that the menu builds only the actions
whose fields lie in the space's ranges, and keeps those the space accepts. Levels outside
what the space allows give no candidate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from tradingfloor.games.merlin import actions as economy
from tradingfloor.games.merlin.finance import actions as finance
from tradingfloor.games.merlin.finance.items import holdings
from tradingfloor.rl.merlin.catalogue import (
    AHEAD,
    BOND_COUNTS,
    BOND_DISCOUNTS,
    BOND_FACE_STEPS,
    BOND_ORBITS,
    FEW_FRACTIONS,
    FEW_PRICE_STEPS,
    FRACTIONS,
    INSURED,
    INSURED_ROLLS,
    ITEM_CLASSES,
    LOAN_MARKUPS,
    LOAN_ORBITS,
    LOAN_STEPS,
    NOTE_COUNTS,
    NOTE_PRICES,
    OFFER_FRACTIONS,
    PAYOUT_STEPS,
    PREMIUM_SHARES,
    PRICE_STEPS,
    QUOTE_SLOTS,
    SEATS,
    STOCK_COUNTS,
    STOCK_PRICE_STEPS,
    TRADE_DIRECTIONS,
    TRADE_STEPS,
    TRADE_UNITS,
    WANTED_CLASSES,
    Key,
)
from tradingfloor.rl.merlin.context import ViewDigest

Fields = dict[str, Any]
Candidates = Iterator[tuple[Key, type[Any], dict[str, Any]]]
Grader = Callable[[Fields, ViewDigest], Candidates]


def level(values: Any, fraction: float) -> Any:
    """The value `fraction` of the way through `values` (a range or a list), or None if empty."""
    if not values:
        return None
    return values[round(fraction * (len(values) - 1))]


def priced(step: float, unit: int) -> int:
    """`step` x `unit` gold, rounded, at least 1."""
    return max(1, round(step * unit))


def prices(steps: tuple[float, ...], unit: int, allowed: Any) -> list[tuple[float, int]]:
    """Each step with its price (`priced`), where the space's range of prices holds it."""
    out = [(step, priced(step, unit)) for step in steps]
    return [(step, price) for step, price in out if inside(price, allowed)]


def inside(value: Any, values: Any) -> bool:
    """Whether a field's range or list of choices holds `value`."""
    return values is not None and value in values


def _amount(kind: type[Any]) -> Grader:
    """One gold amount (a turn bid, a sealed bid): `FRACTIONS` of its range."""

    def grade(fields: Fields, digest: ViewDigest) -> Candidates:
        for fraction in FRACTIONS:
            amount = level(fields.get("amount"), fraction)
            if amount is not None:
                yield (fraction,), kind, {"amount": amount}

    return grade


def _rank_bid(fields: Fields, digest: ViewDigest) -> Candidates:
    """Equal stacks for every place of the rank auction, at levels of gold / places."""
    auction = digest.view.get("auction") or {}
    places = len((auction.get("contest") or {}).get("seats", ()))
    if places:
        for fraction in FRACTIONS:
            stack = round(fraction * (digest.gold // places))
            yield (fraction,), economy.RankBid, {"stacks": (stack,) * places}


def _on_card(kind: type[Any]) -> Grader:
    """Gold put on one of the seat's stacks (`take_back` no more than is stored there)."""

    def grade(fields: Fields, digest: ViewDigest) -> Candidates:
        amounts = fields.get("amount")
        for card in fields.get("card", ()):
            most = range(1, digest.stored.get(card, 0) + 1) if kind is economy.TakeBack else amounts
            for fraction in FRACTIONS:
                amount = level(most, fraction)
                if amount is not None:
                    yield (card, fraction), kind, {"card": card, "amount": amount}

    return grade


def _offer_sale(fields: Fields, digest: ViewDigest) -> Candidates:
    """A property offered to a player at levels of the price range (their gold)."""
    for card in fields.get("card", ()):
        for to in fields.get("to", ()):
            for fraction in OFFER_FRACTIONS:
                price = level(fields.get("price"), fraction)
                if price is not None:
                    yield (
                        (card, to, fraction),
                        economy.OfferSale,
                        {"card": card, "to": to, "price": price},
                    )


def _market(kind: type[Any]) -> Grader:
    """A bid or ask on the Grand Market at `PRICE_STEPS` x the cost of the living."""

    def grade(fields: Fields, digest: ViewDigest) -> Candidates:
        levels = prices(PRICE_STEPS, digest.cost, fields.get("price"))
        for name in fields.get("commodity", ()):
            slot = digest.slots.get(name)
            if slot is not None:
                for step, price in levels:
                    yield (slot, step), kind, {"commodity": name, "price": price}

    return grade


def _own_order(kind: type[Any]) -> Grader:
    """A raise or cut of the seat's oldest bid on each commodity."""

    def grade(fields: Fields, digest: ViewDigest) -> Candidates:
        done: set[int] = set()
        for order in sorted(fields.get("order", ())):
            slot = digest.orders.get(order, (None, 0))[0]
            if slot is None or slot in done:
                continue
            done.add(slot)
            for fraction in FEW_FRACTIONS:
                amount = level(fields.get("amount"), fraction)
                if amount is not None:
                    yield (slot, fraction), kind, {"order": order, "amount": amount}

    return grade


def _repay(fields: Fields, digest: ViewDigest) -> Candidates:
    """Levels of what one owes a creditor (at most the gold in hand)."""
    debts = digest.finance.get("debts", ())
    for creditor in fields.get("creditor", ()):
        owed = sum(
            d["amount"] for d in debts if d["debtor"] == digest.seat and d["creditor"] == creditor
        )
        most = range(1, min(owed, digest.gold) + 1) if owed else fields.get("amount")
        for fraction in FEW_FRACTIONS:
            amount = level(most, fraction)
            if amount is not None:
                yield (creditor, fraction), finance.Repay, {"creditor": creditor, "amount": amount}


def _trade(fields: Fields, digest: ViewDigest) -> Candidates:
    """Goods for gold each way, only where the space lets the goods and the gold move at all
    (a whole direction is skipped at once: most turns hold no goods to trade)."""
    for direction in TRADE_DIRECTIONS:
        gives, gets = ("give", "get") if direction == "sell" else ("get", "give")
        golds = fields.get(f"{gets}_gold")
        if not golds or golds[-1] < 1:
            continue
        lots: list[tuple[Any, dict[str, Any], int]] = [
            (slot, {f"{gives}_commodity": name, f"{gives}_units": units}, units)
            for slot, name in enumerate(digest.commodities)
            if name in fields.get(f"{gives}_commodity", ())
            for units in TRADE_UNITS
            if units in fields.get(f"{gives}_units", ())
        ]
        if 1 in fields.get(f"{gives}_crowns", ()):
            lots += [("crown", {f"{gives}_crowns": 1}, 3)]
        for to in fields.get("to", ()):
            for what, goods, units in lots:
                for step in TRADE_STEPS:
                    gold = units * priced(step, digest.cost)
                    terms = {"to": to, f"{gets}_gold": gold, **goods}
                    key = (direction, to, what, 1 if what == "crown" else units, step)
                    yield key, finance.ProposeTrade, terms


def _auction(fields: Fields, digest: ViewDigest) -> Candidates:
    """A property auctioned blind or open, from levels of its starting-bid range."""
    for card in fields.get("card", ()):
        for style in fields.get("style", ()):
            for fraction in FEW_FRACTIONS:
                start = level(fields.get("start"), fraction)
                if start is not None:
                    terms = {"card": card, "style": style, "start": start}
                    yield (card, style, fraction), finance.AuctionProperty, terms


def _write_future(fields: Fields, digest: ViewDigest) -> Candidates:
    """A bushel at a forward price per unit, expiring `AHEAD` portions of the wheel from now."""
    counters = digest.view["counters"]
    bushel = int(digest.finance.get("bushel", 3))
    portions = max(1, int(counters["portions"]))
    for name in fields.get("commodity", ()):
        slot = digest.slots.get(name)
        if slot is None:
            continue
        for step in FEW_PRICE_STEPS:
            price = bushel * priced(step, digest.cost)
            for ahead in AHEAD:
                years, portion = divmod(int(counters["portion"]) + ahead, portions)
                year = int(counters["year"]) + years
                if inside(year, fields.get("year")) and inside(portion, fields.get("portion")):
                    terms = {"commodity": name, "price": price, "year": year, "portion": portion}
                    yield (slot, step, ahead), finance.WriteFuture, terms


def _list_item(fields: Fields, digest: ViewDigest) -> Candidates:
    """The first held item of each class, asked for at `FEW_PRICE_STEPS`."""
    seen: set[Key] = set()
    levels = prices(FEW_PRICE_STEPS, digest.cost, fields.get("price"))
    for ref in fields.get("ref", ()):
        held = digest.held_item(ref)
        found = None if held is None else digest.item_class(*held)
        if held is None or found is None or found in seen or found not in _ITEM_CLASS_SET:
            continue
        seen.add(found)
        for step, price in levels:
            yield (
                (*found, step),
                finance.ListItem,
                {"item": held[0], "ref": ref, "price": price},
            )


_ITEM_CLASS_SET = frozenset(ITEM_CLASSES)


def _want(fields: Fields, digest: ViewDigest) -> Candidates:
    """A covered bid for any item of a kind, or of a class, at `FEW_PRICE_STEPS`."""
    items, refs = fields.get("item", ()), set(fields.get("ref", ()))
    levels = prices(FEW_PRICE_STEPS, digest.cost, fields.get("price"))
    for kind, detail in WANTED_CLASSES:
        ref: str | None
        if detail is None:
            ref = ""
        elif kind == "future":
            ref = digest.commodities[detail] if detail < len(digest.commodities) else None
        else:
            ref = str(detail)
        if ref is None or kind not in items or ref not in refs:
            continue
        for step, price in levels:
            yield (kind, detail, step), finance.Want, {"item": kind, "ref": ref, "price": price}


def _insurance(fields: Fields, digest: ViewDigest) -> Candidates:
    """A quote on one of `INSURED`, for some rolls, a payout and a share of it as premium."""
    for insured, (event, detail) in enumerate(INSURED):
        terms: dict[str, Any] = {"event": event}
        if event == "numbers":
            terms["numbers"] = detail
        elif event == "land_blocked":
            if detail >= len(digest.commodities):
                continue
            terms["commodity"] = digest.commodities[detail]
        if event not in fields.get("event", ()):
            continue
        for rolls in INSURED_ROLLS:
            for step in PAYOUT_STEPS:
                payout = priced(step, digest.cost)
                for share in PREMIUM_SHARES:
                    premium = priced(share, payout)
                    if not (
                        inside(rolls, fields.get("rolls"))
                        and inside(payout, fields.get("payout"))
                        and inside(premium, fields.get("premium"))
                    ):
                        continue
                    cover = {**terms, "rolls": rolls, "payout": payout, "premium": premium}
                    yield (insured, rolls, step, share), finance.WriteInsurance, cover


def _reprice(fields: Fields, digest: ViewDigest) -> Candidates:
    """A new premium for one of the seat's own quotes (by their order on the table)."""
    mine = digest.my_quotes
    for slot in QUOTE_SLOTS:
        if slot >= len(mine) or mine[slot] not in fields.get("quote", ()):
            continue
        for step in FEW_PRICE_STEPS:
            premium = priced(step, digest.cost)
            if inside(premium, fields.get("premium")):
                yield (slot, step), finance.Reprice, {"quote": mine[slot], "premium": premium}


def _loan(fields: Fields, digest: ViewDigest) -> Candidates:
    """A loan from the Chauffeur that stores the most (no more than it stores)."""
    cards = fields.get("card", ())
    if not cards:
        return
    card = max(cards, key=lambda c: digest.stored.get(c, 0))
    stored = digest.stored.get(card, 0)
    for to in SEATS:
        if to not in fields.get("to", ()):
            continue
        for step in LOAN_STEPS:
            principal = priced(step, digest.cost)
            if principal > stored:
                continue
            for markup in LOAN_MARKUPS:
                repay = math.ceil(principal * markup)
                for orbits in LOAN_ORBITS:
                    terms = {"to": to, "card": card, "principal": principal}
                    terms.update(repay=repay, orbits=orbits)
                    yield (to, step, markup, orbits), finance.OfferLoan, terms


def _bonds(fields: Fields, digest: ViewDigest) -> Candidates:
    """Bonds: counts, face values, terms, and a price at a discount to face."""
    for count in BOND_COUNTS:
        for step in BOND_FACE_STEPS:
            face = priced(step, digest.cost)
            for orbits in BOND_ORBITS:
                for discount in BOND_DISCOUNTS:
                    price = priced(discount, face)
                    terms = {"count": count, "face": face, "orbits": orbits, "price": price}
                    yield (count, step, orbits, discount), finance.IssueBonds, terms


def _stock(fields: Fields, digest: ViewDigest) -> Candidates:
    """Shares: counts and prices."""
    for count in STOCK_COUNTS:
        for step in STOCK_PRICE_STEPS:
            terms = {"count": count, "price": priced(step, digest.cost)}
            yield (count, step), finance.IssueStock, terms


def _notes(fields: Fields, digest: ViewDigest) -> Candidates:
    """Notes: counts and prices in gold."""
    for count in NOTE_COUNTS:
        for price in NOTE_PRICES:
            yield (count, price), finance.IssueNotes, {"count": count, "price": price}


GRADERS: dict[str, Grader] = {
    "turn_bid": _amount(economy.TurnBid),
    "rank_bid": _rank_bid,
    "invest": _on_card(economy.Invest),
    "store": _on_card(economy.Store),
    "take_back": _on_card(economy.TakeBack),
    "offer_sale": _offer_sale,
    "bid": _market(economy.Bid),
    "ask": _market(economy.Ask),
    "raise_bid": _own_order(economy.RaiseBid),
    "lower_bid": _own_order(economy.LowerBid),
    "repay": _repay,
    "propose_trade": _trade,
    "auction_property": _auction,
    "seal_bid": _amount(finance.SealBid),
    "offer_for_place": _amount(finance.OfferForPlace),
    "bid_for_place": _amount(finance.BidForPlace),
    "write_future": _write_future,
    "list_item": _list_item,
    "want": _want,
    "write_insurance": _insurance,
    "reprice": _reprice,
    "offer_loan": _loan,
    "issue_bonds": _bonds,
    "issue_stock": _stock,
    "issue_notes": _notes,
}
"""How each graded action type makes its candidates."""


def _nothing(fields: Fields, digest: ViewDigest) -> Hashable:
    return ()


def _prices(fields: Fields, digest: ViewDigest) -> Hashable:
    cost: int = digest.cost  # (`once` gives Any; compiled, the return is checked as an int)
    return cost


def _market_prices(fields: Fields, digest: ViewDigest) -> Hashable:
    return digest.cost, tuple(digest.commodities)


def _expiries(fields: Fields, digest: ViewDigest) -> Hashable:
    counters = digest.view["counters"]
    when = (counters["portion"], counters["portions"], counters["year"])
    return digest.cost, tuple(digest.commodities), digest.finance.get("bushel", 3), when


def _order_slots(fields: Fields, digest: ViewDigest) -> Hashable:
    return tuple(digest.orders.get(order, (None, 0))[0] for order in fields.get("order", ()))


def _stored(fields: Fields, digest: ViewDigest) -> Hashable:
    return tuple(digest.stored.get(card, 0) for card in fields.get("card", ()))


READS: dict[str, Callable[[Fields, ViewDigest], Hashable]] = {
    "turn_bid": _nothing,
    "invest": _nothing,
    "store": _nothing,
    "take_back": _stored,
    "offer_sale": _nothing,
    "bid": _market_prices,
    "ask": _market_prices,
    "raise_bid": _order_slots,
    "lower_bid": _order_slots,
    "propose_trade": _market_prices,
    "auction_property": _nothing,
    "seal_bid": _nothing,
    "offer_for_place": _nothing,
    "bid_for_place": _nothing,
    "write_future": _expiries,
    "want": _market_prices,
    "write_insurance": _market_prices,
    "issue_bonds": _prices,
    "issue_stock": _prices,
    "issue_notes": _nothing,
}
"""What each grader reads of the view beside the space's fields (the cost of the living, the
commodities, ...): the same fields and the same reads give the same candidates, so that a menu
makes a type's candidates once while they stay the same (`menu.candidates`). A type not named
here reads more of the view: its candidates are made for each menu."""


def _goods_or_crowns(digest: ViewDigest) -> bool:
    """Whether a player holds a commodity or a crown."""
    state = digest.state
    if state is not None:
        # (read from the state as the view tells them: the view's players cost a score each)
        if any(any(goods) for goods in state.economy.goods):
            return True
        return "magic" in digest.view and any(state.magic.crowns)
    if any(any(player["goods"].values()) for player in digest.view["players"]):
        return True
    magic = digest.view.get("magic")
    return magic is not None and any(magic["crowns"])


def _own_stack(digest: ViewDigest) -> bool:
    """Whether the seat has a property on the table."""
    if digest.state is not None:
        # (the view's tableau has a stack for each of the state's)
        return bool(digest.state.economy.tableaux[digest.seat])
    return bool(digest.view["players"][digest.seat]["tableau"])


def _own_hand(digest: ViewDigest) -> bool:
    """Whether the seat holds a permit card in hand."""
    if digest.state is not None:
        return bool(digest.state.economy.hands[digest.seat])
    return bool(digest.view["players"][digest.seat]["hand"])


def _own_goods(digest: ViewDigest) -> bool:
    """Whether the seat holds a commodity."""
    if digest.state is not None:
        return any(digest.state.economy.goods[digest.seat])
    return any(digest.view["players"][digest.seat]["goods"].values())


def _own_potions(digest: ViewDigest) -> bool:
    """Whether the seat holds a brewed potion (a view not made from a state: unknown, so True)."""
    magic = digest.state.magic if digest.state is not None else None
    return magic is None or bool(magic.potions[digest.seat])


def _short_due(digest: ViewDigest) -> bool:
    """Whether the seat is the short of an expired future (a view not made from a state:
    unknown, so True)."""
    finance = digest.state.finance if digest.state is not None else None
    if finance is None:
        return True
    seat = digest.seat
    return any(future.short == seat and future.expired for future in finance.futures)


def _holds_items(digest: ViewDigest) -> bool:
    """Whether the seat holds an item that the custom tables trade (a view not made from a
    state: unknown, so True)."""
    state = digest.state
    return state is None or state.finance is None or bool(holdings(state, digest.seat))


NEEDS: dict[str, Callable[[ViewDigest], bool]] = {
    "propose_trade": _goods_or_crowns,
    **dict.fromkeys(("invest", "store", "take_back", "offer_sale", "liquidate"), _own_stack),
    **dict.fromkeys(("auction_property", "offer_loan", "write_insurance"), _own_stack),
    **dict.fromkeys(("issue_bonds", "issue_stock", "issue_notes"), _own_stack),
    "place": _own_hand,
    "ask": _own_goods,
    "sell_to": _own_goods,
    "found_shop": _own_stack,
    "set_potion": _own_potions,
    **dict.fromkeys(("deliver", "offset", "cash_settle"), _short_due),
    **dict.fromkeys(("list_item", "fill_wanted", "redeem_note"), _holds_items),
}
"""What an action type's entries need of the view, asked before the rules are asked for its
fields or its actions: where it is missing, the type has no entry, so neither is made. A
property's moves name one of the seat's properties (a Chauffeur's, a property to auction, and
an issuer's or insurer's Chauffeur among them); a permit is placed from the hand; an ask and a
sale into a bid need the commodity; the catalogue's trades hand over a commodity or a crown
each way they go, and the fields list only what the players hold. A Spell Shop is founded on a
property of the seat's; only the short of an expired future settles it; an item is listed, sold
into a bid or (a note) redeemed only where the seat holds it; a potion is set from the hand. The
needs of `STATE_ONLY` read a view made from a state (`ViewDigest.state`) and answer True for any
other: the rules are asked."""

STATE_ONLY = frozenset(
    {"set_potion", "deliver", "offset", "cash_settle", "list_item", "fill_wanted", "redeem_note"}
)
