"""The heuristic bot on the custom bid/ask tables: buys what is priced under its worth, sells
long positions it has no use for, bids for shares of producers and fills bids for what it holds."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from tradingfloor.games.merlin.appraisal import View
from tradingfloor.games.merlin.finance.heuristic_worth import (
    bushel_worth,
    item_worth,
    security_worth,
    share_value,
)

Wanted = list[dict[str, Any]]


def custom_tables(view: View, seat: int, me: Mapping[str, Any], spare: int) -> Wanted:
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
    out += _want_crown(view, seat, spare)
    return out


def _fill(view: View, seat: int, me: Mapping[str, Any], bid: Mapping[str, Any]) -> Wanted:
    """Sell a bid what it asks for when the price beats the item's worth to this player."""
    if bid["item"] == "crown":
        return _sell_crown(view, seat, bid)
    if bid["item"] not in ("share", "bond", "note"):
        return []
    for group in view["finance"]["securities"]:
        mine = [h for h in group["holders"] if h["holder"] == seat]
        if group["kind"] != bid["item"] or not mine or str(group["issuer"]) != str(bid["ref"]):
            continue
        ref = str(group["ids"][0])
        own = group["issuer"] == seat  # its own unsold units earn it nothing: capital raised
        value = 0.5 * share_value(view, me) if own else security_worth(view, bid["item"], ref)
        if bid["price"] >= value:  # one of the units it holds (the rules refuse the others)
            return [
                {"type": "fill_wanted", "wanted": bid["id"], "ref": str(i)} for i in group["ids"]
            ]
    return []


def _list_spare(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """A long position on a bushel it has no use for is sold on its table a little above its
    worth; so are spells beyond the ones it keeps."""
    out: Wanted = []
    held = [f for f in view["finance"]["futures"] if f["long"] == seat and f["months_away"] > 1]
    if not held:
        return out
    listed = {(x["item"], str(x["ref"])) for x in view["finance"]["listings"]}
    for future in held:
        ref = str(future["id"])
        if ("future", ref) not in listed:
            price = max(1, math.ceil(1.1 * bushel_worth(view, future["commodity"])))
            out.append({"type": "list_item", "item": "future", "ref": ref, "price": price})
    return out


def _want_shares(view: View, seat: int, spare: int) -> Wanted:
    """With gold to spare, a low bid for a share of the richest producer."""
    if spare < 6 or any(w["buyer"] == seat for w in view["finance"]["wanted"]):
        return []
    for group in view["finance"]["securities"]:
        if group["kind"] == "share" and group["issuer"] != seat:
            value = security_worth(view, "share", str(group["ids"][0]))
            if value >= 1:
                price = max(1, int(0.7 * value))
                return [
                    {"type": "want", "item": "share", "ref": str(group["issuer"]), "price": price}
                ]
    return []


def crowns(view: View) -> tuple[list[int], int]:
    """Each seat's crowns and how many make a monarchy (no crowns without magic)."""
    magic = view.get("magic")
    if not magic:
        return [], 0
    return [int(c) for c in magic["crowns"]], int(magic["monarchy_crowns"])


def crown_worth(view: View, seat: int) -> float:
    """A crown skips a spring's taxes (about two permits' price); within two of a monarchy it is
    a step to winning outright and worth twice that."""
    held, needed = crowns(view)
    price = float(view["counters"]["cost_of_living"])
    near = bool(held) and held[seat] >= needed - 2
    return (4.0 if near else 2.0) * price


def _want_crown(view: View, seat: int, spare: int) -> Wanted:
    """Within two crowns of a monarchy: a bid for one more, up to three permits' price."""
    magic = view.get("magic")
    if not magic:
        return []  # (no crowns without magic)
    needed = int(magic["monarchy_crowns"])
    if not needed - 2 <= int(magic["crowns"][seat]) < needed:
        return []
    if any(w["buyer"] == seat for w in view["finance"]["wanted"]):
        return []
    price = min(spare, int(3 * float(view["counters"]["cost_of_living"])))
    return [{"type": "want", "item": "crown", "ref": "", "price": price}] if price >= 1 else []


def _sell_crown(view: View, seat: int, bid: Mapping[str, Any]) -> Wanted:
    """A crown sold to a bid that pays more than it is worth to this player, never to one whom it
    would crown (a monarchy wins the game at once)."""
    held, needed = crowns(view)
    if not held or not held[seat] or held[int(bid["buyer"])] + 1 >= needed:
        return []
    if bid["price"] < crown_worth(view, seat):
        return []
    return [{"type": "fill_wanted", "wanted": bid["id"], "ref": ""}]
