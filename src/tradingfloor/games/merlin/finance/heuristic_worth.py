"""What finance holdings are worth to the heuristic bot, by the odds: a bushel, a security, an
item on a custom table, one side of a trade, and whether a player can repay a loan."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin.appraisal import View

ROAD_SAFE = (5 / 6) ** 2
"""The chance that a trade's road roll (one die each, void on a 1) lets it through."""


def bushel_worth(view: View, name: str) -> float:
    return float(view["finance"]["bushel"]) * worth.unit_worth(view, name)


def chance(numbers: list[int], rolls: int) -> float:
    """The chance that one of `numbers` comes up in `rolls` rolls of two dice."""
    each = sum(worth.roll_odds(n) for n in set(numbers))
    return 1.0 - (1.0 - min(each, 1.0)) ** rolls


def exposure(view: View, me: Mapping[str, Any]) -> int:
    """What a 7 would cost it: the investments it takes and the holding fee on its units."""
    invested = sum(int(s["invested"]) for s in me["tableau"])
    return invested + int(sum(me["goods"].values()))


def owes(view: View, seat: int) -> int:
    finance = view.get("finance")
    return int(finance["owed"][seat]["owes"]) if finance else 0


def share_value(view: View, me: Mapping[str, Any]) -> float:
    """A share's worth by this bot's reckoning: its part of the clubs' gold over the rolls to
    come (discounted by half for the risk)."""
    clubs = sum(
        worth.yield_per_roll(view, s["card"])
        for s in me["tableau"]
        if view["catalogue"][s["card"]]["kind"] == "property"
    )
    return 0.1 * clubs * min(worth.rolls_left(view), 20 * worth.players_in(view)) * 0.5


def item_worth(view: View, seat: int, item: str, ref: str) -> float:
    """What an item on a custom table is worth to this player."""
    finance = view["finance"]
    price = float(view["counters"]["cost_of_living"])
    if item == "future":
        future = next((f for f in finance["futures"] if str(f["id"]) == str(ref)), None)
        return bushel_worth(view, future["commodity"]) if future else 0.0
    if item in ("bond", "share", "note"):
        return security_worth(view, item, ref)
    if item == "crown":
        return 2.0 * price
    return price if item in ("spell", "recipe") else 0.0


def security_worth(view: View, item: str, ref: str) -> float:
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


def bundle_value(view: View, seat: int, bundle: Mapping[str, Any]) -> float:
    price = float(view["counters"]["cost_of_living"])
    value = float(bundle.get("gold", 0))
    for name, units in dict(bundle.get("goods", {})).items():
        value += units * worth.unit_worth(view, name)
    value += price * (len(bundle.get("spells", [])) + len(bundle.get("recipes", [])))
    return value + 2.0 * price * int(bundle.get("crowns", 0))


def can_repay(view: View, player: Mapping[str, Any], repay: int, orbits: int) -> bool:
    """Whether a player's properties produce `repay` over `orbits` orbits, by the odds."""
    per_roll = sum(worth.yield_per_roll(view, s["card"]) for s in player["tableau"])
    return per_roll * orbits * worth.players_in(view) >= repay
