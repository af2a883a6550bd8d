"""The finance module's part of Merlin's observation: futures, insurance, custom tables, offers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

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
    rows[:] = _FUTURES.rows(records, (me, commodities), _futures, records, commodities, me)


_FUTURES = KeptRows((len(COMMODITY_SLOTS), len(FUTURES)))


def _futures(
    rows: np.ndarray, records: list[Any], commodities: tuple[str, ...], me: int | None
) -> None:
    """Per commodity: the open futures and the cheapest, and the seat's shorts, longs and
    expired shorts (counted in Python, then written: the same float32 figures)."""
    slots = {name: slot for slot, name in enumerate(commodities) if slot < len(COMMODITY_SLOTS)}
    counts = [[0, 0.0, 0, 0, 0] for _ in COMMODITY_SLOTS]
    for future in records:
        slot = slots.get(future["commodity"])
        if slot is None:
            continue
        row = counts[slot]
        if future["long"] is None and not future["expired"]:
            row[0] += 1
            cheapest = squash(future["price"], 10)
            # (rounding to float32 keeps order: the least of the rounded is the rounded least)
            row[1] = cheapest if row[1] == 0 else min(row[1], cheapest)
        mine = future["short"] == me
        row[2] += mine
        row[3] += future["long"] == me
        row[4] += mine and future["expired"]
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
        rows[:] = kept.rows(records, me, _table, records, who, better, me)


_ASKS = KeptRows((len(ITEMS), len(TABLE)))
_BIDS = KeptRows((len(ITEMS), len(WANTED)))


def _table(
    rows: np.ndarray,
    records: list[Any],
    who: str,
    better: Callable[[Any, Any], Any],
    me: int | None,
) -> None:
    """Per kind of item on a custom table: how many asks (bids), the best price, the seat's
    (counted in Python, then written: the same float32 figures)."""
    counts = [[0, 0.0, 0] for _ in ITEMS]
    for record in records:
        i = ITEM_INDEX.get(record["item"])
        if i is None:
            continue
        row = counts[i]
        price = squash(record["price"], 10)
        row[1] = price if row[0] == 0 else better(row[1], price)
        row[0] += 1
        row[2] += record[who] == me
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
