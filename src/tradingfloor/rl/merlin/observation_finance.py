"""The finance module's part of Merlin's observation: futures, insurance, custom tables, offers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from tradingfloor.games.merlin.finance.state import Listing, Wanted
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.rl.merlin.catalogue import COMMODITY_SLOTS, ITEMS, SECURITIES, TABLE_SLOTS
from tradingfloor.rl.merlin.features import (
    EVENTS,
    FINANCE,
    FUTURES,
    OFFERS,
    QUOTE,
    TABLE,
    WANTED,
)
from tradingfloor.rl.merlin.writing import (
    ITEM_INDEX,
    KeptRows,
    Writer,
    squash,
    squashed_count,
    squashed_counts,
)


def futures(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(COMMODITY_SLOTS), len(FUTURES))
    finance = view.get("finance")
    if not finance:
        return
    records, commodities = finance["futures"], tuple(view["commodities"])
    rows[:] = _FUTURES.rows(records, (me, commodities), _futures_told, records, commodities, me)


def futures_of_state(parts: Writer, state: MerlinState, me: int | None) -> None:
    """`futures` of the seat's view, read from the state as finance/view.py tells it."""
    rows = parts.take(len(COMMODITY_SLOTS), len(FUTURES))
    names, table = state.config.content.commodities, state.finance
    # (a contract's commodity by its name, as view_contracts.py's commodity_name gives it)
    named = [names[f.commodity] if 0 <= f.commodity < len(names) else "" for f in table.futures]
    futures = [
        (name, f.long, f.expired, f.price, f.short)
        for name, f in zip(named, table.futures, strict=True)
    ]
    _futures(rows, futures, tuple(names), me)


FUTURES_FROM = ("config", "finance.futures")


_FUTURES = KeptRows((len(COMMODITY_SLOTS), len(FUTURES)))


def _futures_told(
    rows: np.ndarray, records: list[Any], commodities: tuple[str, ...], me: int | None
) -> None:
    futures = [(f["commodity"], f["long"], f["expired"], f["price"], f["short"]) for f in records]
    _futures(rows, futures, commodities, me)


Future = tuple[str, "int | None", bool, int, int]
"""A contract as the observation reads it: its commodity, long, whether expired, price, short."""


def _futures(
    rows: np.ndarray, futures: list[Future], commodities: tuple[str, ...], me: int | None
) -> None:
    """Per commodity: the open futures and the cheapest, and the seat's shorts, longs and
    expired shorts (counted in Python, then written: the same float32 figures)."""
    slots = {name: slot for slot, name in enumerate(commodities) if slot < len(COMMODITY_SLOTS)}
    counts = [[0, 0.0, 0, 0, 0] for _ in COMMODITY_SLOTS]
    for commodity, long, expired, price, short in futures:
        slot = slots.get(commodity)
        if slot is None:
            continue
        row = counts[slot]
        if long is None and not expired:
            row[0] += 1
            cheapest = squash(price, 10)
            # (rounding to float32 keeps order: the least of the rounded is the rounded least)
            row[1] = cheapest if row[1] == 0 else min(row[1], cheapest)
        mine = short == me
        row[2] += mine
        row[3] += long == me
        row[4] += mine and expired
    rows[:] = [
        [squashed_count(n, 3), cheapest, *squashed_counts((short, long, expired), 3)]
        for n, cheapest, short, long, expired in counts
    ]


def quotes(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(TABLE_SLOTS), len(QUOTE))
    finance = view.get("finance")
    for slot, quote in enumerate((finance["quotes"] if finance else [])[: len(TABLE_SLOTS)]):
        rows[slot, :5] = [
            1,
            quote["writer"] == me,
            squash(quote["payout"], 10),
            squash(quote["premium"], 10),
            squash(quote["rolls"], 4),
        ]
        if quote["event"] in EVENTS:
            rows[slot, 5 + EVENTS.index(quote["event"])] = 1


QUOTES_FROM = ("config", "finance.quotes")


def tables(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    asks = parts.take(len(ITEMS), len(TABLE))
    bids = parts.take(len(ITEMS), len(WANTED))
    finance = view.get("finance")
    if not finance:
        return
    for rows, records, who, better, kept in (
        (asks, finance["listings"], "seller", min, _ASKS),
        (bids, finance["wanted"], "buyer", max, _BIDS),
    ):
        rows[:] = kept.rows(records, me, _table_told, records, who, better, me)


def tables_of_state(parts: Writer, state: MerlinState, me: int | None) -> None:
    """`tables` of the seat's view, read from the state as finance/view.py tells it."""
    asks = parts.take(len(ITEMS), len(TABLE))
    bids = parts.take(len(ITEMS), len(WANTED))
    table = state.finance
    # (each side kept while its orders are the same: most moves change neither, or one)
    asks[:] = _ASKS_OF_STATE.rows(table.listings, me, _asks_of_state, table.listings, me)
    bids[:] = _BIDS_OF_STATE.rows(table.wanted, me, _bids_of_state, table.wanted, me)


def _asks_of_state(rows: np.ndarray, listings: tuple[Listing, ...], me: int | None) -> None:
    _table(rows, [(ask.item, ask.price, ask.seller) for ask in listings], min, me)


def _bids_of_state(rows: np.ndarray, wanted: tuple[Wanted, ...], me: int | None) -> None:
    _table(rows, [(bid.item, bid.price, bid.buyer) for bid in wanted], max, me)


_ASKS_OF_STATE = KeptRows((len(ITEMS), len(TABLE)))
_BIDS_OF_STATE = KeptRows((len(ITEMS), len(WANTED)))


TABLES_FROM = ("config", "finance.listings", "finance.wanted")


_ASKS = KeptRows((len(ITEMS), len(TABLE)))
_BIDS = KeptRows((len(ITEMS), len(WANTED)))


def _table_told(
    rows: np.ndarray,
    records: list[Any],
    who: str,
    better: Callable[[Any, Any], Any],
    me: int | None,
) -> None:
    _table(rows, [(r["item"], r["price"], r[who]) for r in records], better, me)


def _table(
    rows: np.ndarray,
    orders: list[tuple[str, int, int]],
    better: Callable[[Any, Any], Any],
    me: int | None,
) -> None:
    """Per kind of item on a custom table: how many asks (bids), the best price, the seat's
    (counted in Python, then written: the same float32 figures)."""
    counts = [[0, 0.0, 0] for _ in ITEMS]
    for item, price, owner in orders:
        i = ITEM_INDEX.get(item)
        if i is None:
            continue
        row = counts[i]
        squashed = squash(price, 10)
        row[1] = squashed if row[0] == 0 else better(row[1], squashed)
        row[0] += 1
        row[2] += owner == me
    rows[:] = [[squashed_count(n, 3), best, squashed_count(mine, 3)] for n, best, mine in counts]


def finance(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(FINANCE))
    finance = view.get("finance")
    if not finance:
        return
    policies = [p for p in finance["policies"] if p["buyer"] == me]
    loans = finance["loans"]
    part[0:5] = [
        1,
        squash(len(policies), 3),
        squash(sum(p["payout"] for p in policies), 20),
        squash(sum(loan["repay"] for loan in loans if loan["lender"] == me), 20),
        squash(sum(loan["repay"] for loan in loans if loan["borrower"] == me), 20),
    ]
    kinds = SECURITIES
    counts = [0] * 21  # per issuer and kind, how many are issued; then per kind, the seat's
    for issue in finance["securities"]:
        if issue["kind"] in kinds and 0 <= issue["issuer"] < 6:
            k = kinds.index(issue["kind"])
            counts[3 * issue["issuer"] + k] += issue["count"]
            held = sum(h["count"] for h in issue["holders"] if h["holder"] == me)
            held += issue["unsold"] if issue["issuer"] == me else 0
            counts[18 + k] += held
    part[5:26] = squashed_counts(counts, 5)
    _offer(part[26:], finance.get("offer"), me)
    _sale(part[26 + 5 + len(OFFERS) :], finance.get("sale"), me)


FINANCE_FROM = (
    *("config", "finance.policies", "finance.loans", "finance.securities"),
    *("finance.offer", "finance.sale"),
)
"""The seat's policies and loans, the securities, the offer and the sale under way."""


def _offer(part: np.ndarray, offer: Mapping[str, Any] | None, me: int | None) -> None:
    if not offer:
        return
    part[0:3] = [1, offer["to"] == me, offer["author"] == me]
    if offer["kind"] in OFFERS:
        part[3 + OFFERS.index(offer["kind"])] = 1
    at = 3 + len(OFFERS)
    part[at : at + 2] = [squash(offer["give"]["gold"], 20), squash(offer["get"]["gold"], 20)]


def _sale(part: np.ndarray, sale: Mapping[str, Any] | None, me: int | None) -> None:
    if not sale:
        return
    part[0:8] = [
        1,
        sale["style"] == "open",
        squash(sale["value"], 5),
        squash(sale["start"], 10),
        squash(sale["high"] or 0, 10),
        sale["leader"] == me,
        me in sale["bidders"],
        sale["seller"] == me,
    ]
