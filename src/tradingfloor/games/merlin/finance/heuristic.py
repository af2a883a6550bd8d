"""The heuristic bot's finance: where each contract pays, read from the seat's view.

It settles the futures it is short (delivering, offsetting or in gold), pays its debts, writes
futures on what its lands will grow and takes futures priced under what a bushel will fetch, buys
insurance against the 7 that would take its investments and writes insurance from a Chauffeur at a
premium above the odds, lends from a Chauffeur to players who produce, issues bonds and stock when
short of gold and notes from a full store, buys and sells positions, securities and spells on the
custom tables by their worth, proposes trades for what it must deliver, auctions a property rather
than liquidating it, and answers offers and auctions by their worth against the road roll's odds.
Every wish is checked against the legal moves by the caller, so a wish the rules refuse is skipped.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin.appraisal import View

Wanted = list[dict[str, Any]]

FORWARD_MARKUP = 1.0
"""A future is written at this many times what its bushel is expected to fetch."""
TAKE_DISCOUNT = 1.1
"""A future is taken up to this share of the bushel's worth (a price fixed now is worth a
little)."""
RISK_LOADING = 1.3
"""Insurance is written at this many times its fair premium; bought up to 1.1 times."""
LOAN_INTEREST = 1.3
"""A loan is repaid with this much more than its principal."""
LOAN_ORBITS = 3
ROAD_SAFE = (5 / 6) ** 2
"""The chance that a trade's road roll (one die each, void on a 1) lets it through."""
BID_SHARE = 0.8
"""A property is bid for up to this share of its worth."""
SEVEN = 6 / 36


def turn(view: View, seat: int, me: Mapping[str, Any], reserve: int) -> Wanted:
    """The finance moves worth making this turn, best first."""
    finance = view.get("finance")
    if not finance:
        return []
    spare = int(me["gold"]) - reserve
    out: Wanted = _settlements(view, seat, me)
    out += _repayments(finance, seat, spare)
    out += _notes(finance, seat)
    out += _futures(view, seat, me, spare)
    out += _insurance(view, seat, me, spare)
    out += _custom_tables(view, seat, me, spare)
    out += _raise(view, seat, me, spare)
    out += _lending(view, seat, me)
    return out


# --- futures -------------------------------------------------------------------------------------


def bushel_worth(view: View, name: str) -> float:
    return float(view["finance"]["bushel"]) * worth.unit_worth(view, name)


def _settlements(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """Futures it is short and must settle: deliver, offset with a long, or pay in gold."""
    futures = view["finance"]["futures"]
    out: Wanted = []
    for due in (
        f for f in futures if f["short"] == seat and f["expired"] and f["long"] is not None
    ):
        out.append({"type": "deliver", "future": due["id"]})
        for mine in futures:
            same = (mine["commodity"], mine["year"], mine["portion"])
            if mine["long"] == seat and same == (due["commodity"], due["year"], due["portion"]):
                out.append({"type": "offset", "future": due["id"], "long": mine["id"]})
        out.append({"type": "cash_settle", "future": due["id"]})
        out += _buy_for_delivery(view, seat, due)
    return out


def _buy_for_delivery(view: View, seat: int, due: Mapping[str, Any]) -> Wanted:
    """Short of the bushel: buy the cheapest asks of it, or offer a holder gold for it."""
    name = due["commodity"]
    ask = worth.best_ask(view, name, seat)
    if ask is not None:
        return [{"type": "buy_from", "order": ask["order"]}]
    units = int(due["units"])
    holders = [
        p
        for p in view["players"]
        if p["seat"] != seat and not p["out"] and p["goods"][name] >= units
    ]
    if not holders:
        return []
    price = math.ceil(bushel_worth(view, name) / ROAD_SAFE) + 1
    return [
        {
            "type": "propose_trade",
            "to": p["seat"],
            "give_gold": price,
            "get_commodity": name,
            "get_units": units,
        }
        for p in holders[:1]
    ]


def _futures(view: View, seat: int, me: Mapping[str, Any], spare: int) -> Wanted:
    out: Wanted = []
    futures = view["finance"]["futures"]
    for future in futures:
        if future["long"] is None and future["short"] != seat and not future["expired"]:
            value = bushel_worth(view, future["commodity"])
            if future["price"] <= TAKE_DISCOUNT * value and future["price"] <= spare:
                out.append({"type": "take_future", "future": future["id"]})
    written = {f["commodity"] for f in futures if f["short"] == seat and not f["expired"]}
    for name, months in _grown(view, me).items():
        value = bushel_worth(view, name)
        if name in written or value < 1:
            continue
        year, portion = _months_on(view, months)
        price = max(1, math.ceil(FORWARD_MARKUP * value))
        out.append(
            {
                "type": "write_future",
                "commodity": name,
                "price": price,
                "year": year,
                "portion": portion,
            }
        )
    return out


ROLLS_A_MONTH = 6
"""The wheel turns on a double: one roll in six, so a month lasts about six rolls."""


def _grown(view: View, me: Mapping[str, Any]) -> dict[str, int]:
    """The commodities its lands grow, with the months (one more for safety) a bushel takes,
    by the odds; only those a bushel of grows within a year."""
    monthly: dict[str, float] = {}
    for stack in me["tableau"]:
        for card in (stack["card"], stack.get("top")):
            entry = view["catalogue"].get(card) if card else None
            if entry and entry["kind"] == "land":
                odds = worth.roll_odds(int(entry["number"]))
                units = odds * float(entry["yield"]) * worth.season_average(view) * ROLLS_A_MONTH
                monthly[entry["commodity"]] = monthly.get(entry["commodity"], 0.0) + units
    bushel = float(view["finance"]["bushel"])
    length = int(view["counters"]["portions"]) or 12
    months = {name: math.ceil(bushel / rate) + 1 for name, rate in monthly.items() if rate > 0}
    return {name: m for name, m in months.items() if m <= length}


def _months_on(view: View, months: int) -> tuple[int, int]:
    """The expiry `months` turns of the wheel on: (year, portion)."""
    counters = view["counters"]
    length = int(counters["portions"]) or 1
    ahead = int(counters["portion"]) + months
    return int(counters["year"]) + ahead // length, ahead % length


# --- insurance -----------------------------------------------------------------------------------


def chance(numbers: list[int], rolls: int) -> float:
    """The chance that one of `numbers` comes up in `rolls` rolls of two dice."""
    each = sum(worth.roll_odds(n) for n in set(numbers))
    return 1.0 - (1.0 - min(each, 1.0)) ** rolls


def _insurance(view: View, seat: int, me: Mapping[str, Any], spare: int) -> Wanted:
    finance = view["finance"]
    out: Wanted = []
    at_stake = sum(int(s["invested"]) for s in me["tableau"])
    covered = any(p["buyer"] == seat for p in finance["policies"])
    for quote in finance["quotes"]:
        if quote["writer"] == seat or covered or quote["premium"] > spare:
            continue
        numbers = list(quote["numbers"]) or ([7] if quote["event"] == "seven" else [])
        fair = chance(numbers, int(quote["rolls"])) * float(quote["payout"])
        hedges = 7 in numbers and at_stake >= quote["payout"]
        if hedges and quote["premium"] <= 1.1 * fair + 1:
            out.append({"type": "buy_insurance", "quote": quote["id"]})
    out += _write_insurance(view, seat, me)
    return out


def _write_insurance(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """From a Chauffeur: one quote against a 7 over an orbit, priced above the odds; repriced
    with the season, withdrawn when the gold in hand could not pay it out."""
    mine = [q for q in view["finance"]["quotes"] if q["writer"] == seat]
    rolls = worth.players_in(view)
    payout = 6
    premium = max(1, math.ceil(RISK_LOADING * chance([7], rolls) * payout))
    out: Wanted = []
    for quote in mine:
        if int(me["gold"]) < quote["payout"]:
            out.append({"type": "withdraw_quote", "quote": quote["id"]})
        elif quote["premium"] != premium:
            out.append({"type": "reprice", "quote": quote["id"], "premium": premium})
    has_chauffeur = any(s["kind"] == "chauffeur" for s in me["tableau"])
    if has_chauffeur and not mine and int(me["gold"]) >= 2 * payout:
        out.append(
            {
                "type": "write_insurance",
                "numbers": [7],
                "rolls": rolls,
                "payout": payout,
                "premium": premium,
            }
        )
    return out


# --- debts, notes, raising gold and lending ------------------------------------------------------


def owes(view: View, seat: int) -> int:
    finance = view.get("finance")
    return int(finance["owed"][seat]["owes"]) if finance else 0


def _repayments(finance: Mapping[str, Any], seat: int, spare: int) -> Wanted:
    out: Wanted = []
    for debt in (d for d in finance["debts"] if d["debtor"] == seat):
        amount = min(int(debt["amount"]), spare)
        if amount > 0:
            out.append({"type": "repay", "creditor": debt["creditor"], "amount": amount})
            spare -= amount
    return out


def _notes(finance: Mapping[str, Any], seat: int) -> Wanted:
    """Notes it holds are gold at their issuer's Chauffeur: redeem them."""
    issuers = {
        g["issuer"]
        for g in finance["securities"]
        if g["kind"] == "note"
        and any(h["holder"] == seat for h in g["holders"])
        and g["issuer"] != seat
    }
    return [{"type": "redeem_note", "issuer": i} for i in sorted(issuers)]


def _raise(view: View, seat: int, me: Mapping[str, Any], spare: int) -> Wanted:
    """Short of gold with debts to pay: auction a property (better than the bank's price when
    others are rich), then borrow on bonds and sell stock in its clubs."""
    need = owes(view, seat) + int(me["debt"]) - int(me["gold"])
    if need <= 0:
        return []
    out: Wanted = []
    if len(me["tableau"]) >= 2:
        cheapest = min(me["tableau"], key=lambda s: worth.permit_worth(view, s["card"]))
        style = "open" if _richest_gold(view, seat) > 2 * int(cheapest["value"]) else "blind"
        start = int(cheapest["value"]) // 2
        out.append(
            {"type": "auction_property", "card": cheapest["card"], "style": style, "start": start}
        )
    if me["tableau"]:
        face = max(2, need)
        out.append(
            {
                "type": "issue_bonds",
                "count": 2,
                "face": face,
                "orbits": 4,
                "price": max(1, face - 1),
            }
        )
        out.append({"type": "issue_stock", "count": 2, "price": max(1, need)})
    return out


def _richest_gold(view: View, seat: int) -> int:
    others = [int(p["gold"]) for p in view["players"] if p["seat"] != seat and not p["out"]]
    return max(others, default=0)


def _lending(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """From a Chauffeur's store: a loan at interest to a producing player short of gold, and a
    few notes at par when the store is full."""
    stores = [s for s in me["tableau"] if s["kind"] == "chauffeur" and int(s["stored"]) >= 4]
    if not stores or view["finance"]["offers_left"] <= 0:
        return []
    store = max(stores, key=lambda s: int(s["stored"]))
    out: Wanted = []
    for other in view["players"]:
        if other["seat"] == seat or other["out"] or not other["tableau"]:
            continue
        if int(other["gold"]) < 3:
            principal = min(int(store["stored"]) // 2, 8)
            repay = math.ceil(principal * LOAN_INTEREST)
            out.append(
                {
                    "type": "offer_loan",
                    "to": other["seat"],
                    "card": store["card"],
                    "principal": principal,
                    "repay": repay,
                    "orbits": LOAN_ORBITS,
                }
            )
            break
    mine = [g for g in view["finance"]["securities"] if g["issuer"] == seat and g["kind"] == "note"]
    if not mine and int(store["stored"]) >= 8:
        out.append({"type": "issue_notes", "count": 2, "price": 1})
    return out


# --- the custom bid/ask tables -------------------------------------------------------------------


def item_worth(view: View, seat: int, item: str, ref: str) -> float:
    """What an item on a custom table is worth to this player."""
    finance = view["finance"]
    price = float(view["counters"]["cost_of_living"])
    if item == "future":
        future = next((f for f in finance["futures"] if str(f["id"]) == str(ref)), None)
        return bushel_worth(view, future["commodity"]) if future else 0.0
    if item in ("bond", "share", "note"):
        return _security_worth(view, item, ref)
    if item == "crown":
        return 2.0 * price
    return price if item in ("spell", "recipe") else 0.0


def _security_worth(view: View, item: str, ref: str) -> float:
    group = next(
        (
            g
            for g in view["finance"]["securities"]
            if g["kind"] == item and str(ref) in {str(i) for i in g["ids"]}
        ),
        None,
    )
    if group is None:
        return 0.0
    issuer = view["players"][group["issuer"]]
    if issuer["out"]:
        return 0.0
    if item == "note":
        return 1.0
    if item == "bond":
        sound = int(issuer["gold"]) + sum(int(s["stored"]) for s in issuer["tableau"])
        return float(group["face"]) * (0.9 if sound >= group["face"] * group["count"] else 0.5)
    clubs = sum(
        worth.yield_per_roll(view, s["card"])
        for s in issuer["tableau"]
        if view["catalogue"][s["card"]]["kind"] == "property"
    )
    return 0.1 * clubs * min(worth.rolls_left(view), 20 * worth.players_in(view)) * 0.5


def _custom_tables(view: View, seat: int, me: Mapping[str, Any], spare: int) -> Wanted:
    finance = view["finance"]
    out: Wanted = []
    for listing in finance["listings"]:
        value = item_worth(view, seat, listing["item"], listing["ref"])
        if listing["seller"] == seat:
            if value > 1.25 * listing["price"] + 1:
                out.append({"type": "delist", "listing": listing["id"]})
        elif listing["price"] <= min(value, spare):
            out.append({"type": "buy_listing", "listing": listing["id"]})
            spare -= listing["price"]
    for bid in finance["wanted"]:
        if bid["buyer"] == seat:
            if spare < 0:
                out.append({"type": "drop_wanted", "wanted": bid["id"]})
        else:
            out += _fill(view, seat, me, bid)
    out += _list_spare(view, seat, me)
    out += _want_shares(view, seat, spare)
    return out


def _fill(view: View, seat: int, me: Mapping[str, Any], bid: Mapping[str, Any]) -> Wanted:
    """Sell a bid what it asks for when the price beats the item's worth to this player."""
    if bid["item"] not in ("share", "bond", "note"):
        return []
    for group in view["finance"]["securities"]:
        mine = [h for h in group["holders"] if h["holder"] == seat]
        if group["kind"] != bid["item"] or not mine or str(group["issuer"]) != str(bid["ref"]):
            continue
        ref = str(group["ids"][0])
        if bid["price"] >= _security_worth(view, bid["item"], ref):
            return [{"type": "fill_wanted", "wanted": bid["id"], "ref": ""}]
    return []


def _list_spare(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """A long position on a bushel it has no use for is sold on its table a little above its
    worth; so are spells beyond the ones it keeps."""
    out: Wanted = []
    listed = {(x["item"], str(x["ref"])) for x in view["finance"]["listings"]}
    for future in view["finance"]["futures"]:
        ref = str(future["id"])
        if future["long"] == seat and ("future", ref) not in listed and future["months_away"] > 1:
            price = max(1, math.ceil(1.1 * bushel_worth(view, future["commodity"])))
            out.append({"type": "list_item", "item": "future", "ref": ref, "price": price})
    return out


def _want_shares(view: View, seat: int, spare: int) -> Wanted:
    """With gold to spare, a low bid for a share of the richest producer."""
    if spare < 6 or any(w["buyer"] == seat for w in view["finance"]["wanted"]):
        return []
    for group in view["finance"]["securities"]:
        if group["kind"] == "share" and group["issuer"] != seat:
            value = _security_worth(view, "share", str(group["ids"][0]))
            if value >= 2:
                price = max(1, int(0.7 * value))
                return [
                    {"type": "want", "item": "share", "ref": str(group["issuer"]), "price": price}
                ]
    return []


# --- answers -------------------------------------------------------------------------------------


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
        return [{"type": "accept" if gold >= 2 else "decline"}]
    return [{"type": "decline"}]


def bundle_value(view: View, seat: int, bundle: Mapping[str, Any]) -> float:
    price = float(view["counters"]["cost_of_living"])
    value = float(bundle.get("gold", 0))
    for name, units in dict(bundle.get("goods", {})).items():
        value += units * worth.unit_worth(view, name)
    value += price * (len(bundle.get("spells", [])) + len(bundle.get("recipes", [])))
    return value + 2.0 * price * int(bundle.get("crowns", 0))


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
    income = (
        sum(worth.yield_per_roll(view, s["card"]) for s in me["tableau"])
        * orbits
        * worth.players_in(view)
    )
    repay = int(offer.get("repay", 0))
    return [{"type": "accept" if short > 0 and income >= repay else "decline"}]


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
