"""The heuristic bot's finance: where each contract pays, read from the seat's view.

It settles the futures it is short (delivering, offsetting or in gold), pays its debts, writes
futures on what its lands will grow and takes futures priced under what a bushel will fetch, buys
insurance against the 7 that would take its investments and writes insurance from a Chauffeur at a
premium above the odds, lends from a Chauffeur to players who produce, issues bonds and stock when
short of gold and notes from a full store, buys and sells positions, securities and spells on the
custom tables by their worth (heuristic_tables.py), proposes trades for what it must deliver, and
auctions a property rather than liquidating it. Its answers to offers and auctions are in
heuristic_answers.py, what things are worth to it in heuristic_worth.py.
Every wish is checked against the legal moves by the caller, so a wish the rules refuse is skipped.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin.appraisal import View
from tradingfloor.games.merlin.finance.heuristic_tables import custom_tables
from tradingfloor.games.merlin.finance.heuristic_worth import (
    ROAD_SAFE,
    bushel_worth,
    can_repay,
    chance,
    exposure,
    owes,
    share_value,
)
from tradingfloor.games.merlin.memo import ByIdentity

Wanted = list[dict[str, Any]]

FORWARD_MARKUP = 1.0
"""A future is written at this many times what its bushel is expected to fetch."""
TAKE_DISCOUNT = 1.1
"""A future is taken up to this share of the bushel's worth (a price fixed now is worth a
little)."""
RISK_LOADING = 1.1
"""Insurance is written at this many times its fair premium, and bought up to this many times
(and a gold) over it."""
LOAN_INTEREST = 1.3
"""A loan is repaid with this much more than its principal."""
LOAN_ORBITS = 3


def turn(view: View, seat: int, me: Mapping[str, Any], reserve: int) -> Iterator[dict[str, Any]]:
    """The finance moves worth making this turn, best first (each part reckoned only when the
    wishes before it were all refused)."""
    finance = view.get("finance")
    if not finance:
        return
    spare = int(me["gold"]) - reserve
    yield from _settlements(view, seat, me)
    yield from _repayments(finance, seat, spare)
    yield from _notes(finance, seat, spare)
    yield from _notes_for_change(finance, seat, me)
    yield from _futures(view, seat, me, spare)
    yield from _insurance(view, seat, me, spare)
    yield from custom_tables(view, seat, me, spare)
    yield from _lending(view, seat, me)


def buying(view: View, seat: int, me: Mapping[str, Any], reserve: int) -> Wanted:
    """`turn`'s wishes for the buying step, where of its moves only repayments are offered."""
    finance = view.get("finance")
    if not finance:
        return []
    return _repayments(finance, seat, int(me["gold"]) - reserve)


def chauffeur_bonus(view: View) -> float:
    """What a Chauffeur adds with finance on, in gold a roll: insurance to write and loans to make
    to the other players (about a tenth of a gold a roll each, at this bot's prices)."""
    return 0.1 * max(worth.players_in(view) - 1, 0) if view.get("finance") else 0.0


# --- futures -------------------------------------------------------------------------------------


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


def _withdraw_asks(view: View, seat: int, name: str) -> Wanted:
    asks = view["market"][name]["asks"]
    return [{"type": "withdraw_ask", "order": a["order"]} for a in asks if a["owner"] == seat]


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
        year, portion = _hedge(view, seat, name) or _months_on(view, months)
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
    lands = _lands(view["catalogue"], me["tableau"])
    if not lands:
        return {}
    monthly: dict[str, float] = {}
    for name, per_roll in lands:
        units = per_roll * worth.season_average(view) * ROLLS_A_MONTH
        monthly[name] = monthly.get(name, 0.0) + units
    bushel = float(view["finance"]["bushel"])
    length = int(view["counters"]["portions"]) or 12
    months = {name: math.ceil(bushel / rate) + 1 for name, rate in monthly.items() if rate > 0}
    return {name: m for name, m in months.items() if m <= length}


Lands = list[tuple[str, float]]
_LANDS: ByIdentity[tuple[Any, Lands]] = ByIdentity(limit=1024)
"""By a tableau's identity (a view's is shared while it stays the same): its lands."""


def _lands(catalogue: Mapping[str, Any], tableau: list[Mapping[str, Any]]) -> Lands:
    """Each land on a tableau, in order: its commodity and the units a roll grows of it by the
    odds, before the season's multiplier."""
    found = _LANDS.find(tableau)
    if found is None or found[0] is not catalogue:
        lands = [
            (entry["commodity"], worth.roll_odds(int(entry["number"])) * float(entry["yield"]))
            for stack in tableau
            for card in (stack["card"], stack.get("top"))
            if card and (entry := catalogue.get(card)) and entry["kind"] == "land"
        ]
        found = _LANDS.keep(tableau, (catalogue, lands))
    return found[1]


def _hedge(view: View, seat: int, name: str) -> tuple[int, int] | None:
    """The expiry of a long it holds on the commodity, still to come: a future written for the
    same expiry can be offset by that long if the harvest fails."""
    for future in view["finance"]["futures"]:
        if future["long"] == seat and future["commodity"] == name and future["months_away"] > 0:
            return int(future["year"]), int(future["portion"])
    return None


def _months_on(view: View, months: int) -> tuple[int, int]:
    """The expiry `months` turns of the wheel on: (year, portion)."""
    counters = view["counters"]
    length = int(counters["portions"]) or 1
    ahead = int(counters["portion"]) + months
    return int(counters["year"]) + ahead // length, ahead % length


# --- insurance -----------------------------------------------------------------------------------


def _insurance(view: View, seat: int, me: Mapping[str, Any], spare: int) -> Wanted:
    """Insure its costliest risk, the 7, when a quote covers it at close to the odds."""
    finance = view["finance"]
    out: Wanted = []
    others = [q for q in finance["quotes"] if q["writer"] != seat and q["premium"] <= spare]
    if others and not any(p["buyer"] == seat for p in finance["policies"]):
        at_stake = exposure(view, me)
        for quote in others:
            numbers = list(quote["numbers"]) or ([7] if quote["event"] == "seven" else [])
            fair = chance(numbers, int(quote["rolls"])) * float(quote["payout"])
            hedges = 7 in numbers and 2 * at_stake >= quote["payout"]
            if hedges and quote["premium"] <= RISK_LOADING * fair + 1:
                out.append({"type": "buy_insurance", "quote": quote["id"]})
    out += _write_insurance(view, seat, me)
    return out


INSURED_PAYOUT = 6
"""The payout of the insurance it writes against a 7."""


def premium(view: View, seat: int) -> int:
    """Its price for a 7 within an orbit: the odds loaded, a gold more while its insurance sells
    (it reprices as the seasons change)."""
    fair = chance([7], worth.players_in(view)) * INSURED_PAYOUT
    selling = any(p["writer"] == seat for p in view["finance"]["policies"])
    return max(1, math.ceil(RISK_LOADING * fair)) + (1 if selling else 0)


def _write_insurance(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """From a Chauffeur: one quote against a 7 over an orbit, priced above the odds; repriced
    with the season, withdrawn when the gold in hand could not pay it out."""
    mine = [q for q in view["finance"]["quotes"] if q["writer"] == seat]
    gold = int(me["gold"])
    may_write = not mine and gold >= 2 * INSURED_PAYOUT
    if may_write:
        may_write = any(s["kind"] == "chauffeur" for s in me["tableau"])
    if not mine and not may_write:
        return []  # (its price is reckoned only for a quote to write or reprice)
    price = premium(view, seat)
    out: Wanted = []
    for quote in mine:
        if gold < quote["payout"]:
            out.append({"type": "withdraw_quote", "quote": quote["id"]})
        elif quote["premium"] != price:
            out.append({"type": "reprice", "quote": quote["id"], "premium": price})
    if may_write:
        out.append(
            {
                "type": "write_insurance",
                "numbers": [7],
                "rolls": worth.players_in(view),
                "payout": INSURED_PAYOUT,
                "premium": price,
            }
        )
    return out


# --- debts, notes, raising gold and lending ------------------------------------------------------


def _repayments(finance: Mapping[str, Any], seat: int, spare: int) -> Wanted:
    out: Wanted = []
    for debt in (d for d in finance["debts"] if d["debtor"] == seat):
        amount = min(int(debt["amount"]), spare)
        if amount > 0:
            out.append({"type": "repay", "creditor": debt["creditor"], "amount": amount})
            spare -= amount
    return out


def _notes(finance: Mapping[str, Any], seat: int, spare: int) -> Wanted:
    """Notes it holds are gold at their issuer's Chauffeur: money to hold, redeemed when its own
    gold runs thin."""
    if spare >= 2:
        return []
    issuers = {
        g["issuer"]
        for g in finance["securities"]
        if g["kind"] == "note"
        and any(h["holder"] == seat for h in g["holders"])
        and g["issuer"] != seat
    }
    return [{"type": "redeem_note", "issuer": i} for i in sorted(issuers)]


def raise_gold(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """Short of gold for what it owes: auction a property (others may pay more than the bank),
    sell commodities to a rich player at a discount that covers the road's risk, borrow on bonds
    and sell stock in its clubs."""
    if not view.get("finance"):
        return []
    need = owes(view, seat) + int(me["debt"]) - int(me["gold"])
    if need <= 0:
        return []
    out: Wanted = _distress_trade(view, seat, me)
    if len(me["tableau"]) >= 2:
        cheapest = min(me["tableau"], key=lambda s: worth.permit_worth(view, s["card"]))
        style = "open" if _richest_gold(view, seat) > 2 * int(cheapest["value"]) else "blind"
        out.append(
            {
                "type": "auction_property",
                "card": cheapest["card"],
                "style": style,
                "start": int(cheapest["value"]) // 2,
            }
        )
    out += _distress_trade(view, seat, me)
    if me["tableau"]:
        face = max(2, need)
        out.append(
            {
                "type": "issue_bonds",
                "count": 2,
                "face": face,
                "orbits": 4,
                "price": max(1, face // 2),
            }
        )
        share = share_value(view, me)
        if share >= 1:
            out.append({"type": "issue_stock", "count": 2, "price": max(1, int(share))})
    return out


def _distress_trade(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """Its largest holding of a commodity nobody bids for, offered to the richest player for a
    share of its worth low enough that they gain through the road roll's odds."""
    held = [(n, int(u)) for n, u in me["goods"].items() if u and not worth.best_bid(view, n, seat)]
    buyer = max(
        (p for p in view["players"] if p["seat"] != seat and not p["out"]),
        key=lambda p: int(p["gold"]),
        default=None,
    )
    if not held or buyer is None or view["finance"]["offers_left"] <= 0:
        return []
    name, units = max(held, key=lambda h: h[1])
    price = int(0.6 * units * worth.unit_worth(view, name))
    if price < 1 or price > int(buyer["gold"]):
        return []
    return [
        {
            "type": "propose_trade",
            "to": buyer["seat"],
            "give_commodity": name,
            "give_units": units,
            "get_gold": price,
        }
    ]


def _richest_gold(view: View, seat: int) -> int:
    others = [int(p["gold"]) for p in view["players"] if p["seat"] != seat and not p["out"]]
    return max(others, default=0)


def _lending(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """From a Chauffeur's store: a loan at interest to a producing player short of gold."""
    stores = [s for s in me["tableau"] if s["kind"] == "chauffeur" and int(s["stored"]) >= 4]
    if not stores or view["finance"]["offers_left"] <= 0:
        return []
    store = max(stores, key=lambda s: int(s["stored"]))
    out: Wanted = []
    for other in view["players"]:
        if other["seat"] == seat or other["out"] or not other["tableau"]:
            continue
        principal = min(int(store["stored"]) // 2, 8)
        repay = math.ceil(principal * LOAN_INTEREST)
        if int(other["gold"]) < 3 and can_repay(view, other, repay, LOAN_ORBITS):
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
    return out


def _notes_for_change(finance: Mapping[str, Any], seat: int, me: Mapping[str, Any]) -> Wanted:
    """Short of gold in hand with gold working in a Chauffeur: two of its own notes at par, so
    the store keeps earning its return while others hold the notes as money."""
    if int(me["gold"]) >= 3:
        return []
    stored = sum(int(s["stored"]) for s in me["tableau"] if s["kind"] == "chauffeur")
    issued = any(g["issuer"] == seat and g["kind"] == "note" for g in finance["securities"])
    if stored >= 5 and not issued:
        return [{"type": "issue_notes", "count": 2, "price": 1}]
    return []


def _notes_for_gold(me: Mapping[str, Any], need: int) -> Wanted:
    """Its own notes at par, as many as its Chauffeurs can redeem: gold now from players who
    hold gold idle, paid back from the store when they redeem."""
    stored = sum(int(s["stored"]) for s in me["tableau"] if s["kind"] == "chauffeur")
    count = min(stored, need, 10)
    return [{"type": "issue_notes", "count": count, "price": 1}] if count >= 1 else []
