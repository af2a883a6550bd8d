"""A beginner at Businessmen: plays a real game with the mistakes of a first one.

It plays every round (skipping only when broke), buys the goods the market has most of, as many
as it can, without asking whether a car could take them; loads the biggest load it can, without
watching who else is in the car or whether it will fill; keeps the goods it has most of; exports
whatever it can; improves as soon as it has the coins, even its last ones; and rarely insures.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tradingfloor.core.agent import Decision
from tradingfloor.games.businessmen.view import seen_by_bots

INSURE_ODDS = 0.15  # how seldom it thinks of insurance
BUY_TYPES = 2  # goods types it buys in a round before it feels it has enough
IMPROVE_FIRST = ("manager", "loader", "warehouse")  # "buy more" sounds best to a beginner


class BeginnerAgent:
    """Buys what is plentiful, loads without watching car sizes, spends all, rarely insures."""

    name = "beginner"
    title = "Beginner"
    strength = "Makes a first game's mistakes: buys what is plentiful, loads with no plan"

    def act(self, decision: Decision, rng: random.Random) -> Any:
        actions = decision.legal.enumerate()
        if not actions:
            return decision.legal.sample(rng)
        view = seen_by_bots(decision)
        me = view["players"][decision.seat]
        pick = CHOOSERS.get(view["phase"], _first)
        return pick(view, me, actions, rng)


# The choosers read the listed actions' fields and return one of them (the menu's own objects:
# turning each into JSON at every decision cost more than the choosing).
Menu = Sequence[Any]


def _of(menu: Menu, kind: str) -> list[Any]:
    return [a for a in menu if a.type == kind]


def _pass(menu: Menu) -> Any:
    return next((a for a in menu if a.type == "pass"), menu[0])


def _first(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    return menu[0]


def _declare(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    wanted = "skip" if me["coins"] == 0 else "play"
    return next(a for a in menu if a.type == wanted)


def _buy(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    """The good the market has most of, as many units as the manager and the purse allow."""
    buys = _of(menu, "buy")
    if not buys or len(me["bought"]) >= BUY_TYPES:
        return _pass(menu)
    market = view["market"]
    most = max(market[a.good] for a in buys)
    goods = sorted({a.good for a in buys if market[a.good] == most})
    good = rng.choice(goods)
    return max((a for a in buys if a.good == good), key=lambda a: a.units)


def _load(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    """The load of the good it holds most of, into any car that takes it."""
    loads = _of(menu, "load")
    if not loads:
        return _pass(menu)
    held = {**me["temp"]}
    for good, units in me["main"].items():
        held[good] = held.get(good, 0) + units
    most = max(held.get(a.good, 0) for a in loads)
    return rng.choice([a for a in loads if held.get(a.good, 0) == most])


def _store(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    """Keep the goods it has most units of, whatever they sell for."""
    return max(menu, key=lambda a: sum(me["main"].get(g, 0) for g in a.keep))


def _export(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    exports = _of(menu, "export")
    return max(exports, key=lambda a: a.units) if exports else _pass(menu)


def _improve(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    """Improve while the coins last, the manager first: no reserve for the next round's buying."""
    improves = _of(menu, "improve")
    if not improves:
        return _pass(menu)
    return min(improves, key=lambda a: IMPROVE_FIRST.index(a.characteristic))


def _insure(view: Mapping[str, Any], me: Mapping[str, Any], menu: Menu, rng: random.Random) -> Any:
    """Now and then, insure whatever comes to mind."""
    insures = _of(menu, "insure")
    if not insures or any(me["insured"].values()) or rng.random() >= INSURE_ODDS:
        return _pass(menu)
    return rng.choice(insures)


CHOOSERS = {
    "declare": _declare,
    "buy": _buy,
    "load": _load,
    "store": _store,
    "discard": _store,
    "export": _export,
    "improve": _improve,
    "insure": _insure,
}
