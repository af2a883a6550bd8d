"""Businessmen's own agents, each reading only its seat's view: a beginner that makes the mistakes
of a first game, a heuristic trader, and random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from tradingfloor.core.agent import Agent, Decision, RandomAgent
from tradingfloor.games.businessmen.beginner import BeginnerAgent

COINS_PER_VP = 10  # what improving charges for a victory point, the yardstick for every choice
RESERVE = 5  # coins kept back from improving and insuring, to buy goods next round
RESTORE = {1: 0, 2: 10, 3: 20}  # coins to win back a level lost at this level
EXPORT_VP = {4: 1, 6: 2, 8: 3}


class HeuristicAgent:
    """Buys what cars and exports reward, fills cars alone, insures its costliest risk."""

    name = "heuristic"
    title = "Trader"
    strength = "Strong: counts what cars and exports pay; beats a beginner 49 games in 50"

    def act(self, decision: Decision, rng: random.Random) -> Any:
        view = decision.view
        actions = list(decision.legal.enumerate() or ())
        if not actions:
            return decision.legal.sample(rng)
        me = view["players"][decision.seat]
        choose = CHOOSERS.get(view["phase"])
        menu = [a.to_json() for a in actions]
        picked = choose(view, me, menu) if choose else None
        if picked is None:
            return actions[0]
        return next(a for a, obj in zip(actions, menu, strict=True) if obj == picked)


def _held(me: Mapping[str, Any], good: str) -> int:
    return int(me["main"].get(good, 0) + me["temp"].get(good, 0))


def _export_bonus(view: Mapping[str, Any], good: str, before: int, after: int) -> float:
    """Coins' worth of the export VP that holding `after` instead of `before` units opens up."""
    if good not in (view["export_card"] or []) or good in view["embargo"]:
        return 0.0
    return float(_export_vp(after) - _export_vp(before)) * COINS_PER_VP


def _export_vp(units: int) -> int:
    return max((vp for n, vp in EXPORT_VP.items() if units >= n), default=0)


def _car_room(view: Mapping[str, Any], good: str) -> int:
    """Room in the cars that could take `good` (empty ones, or ones carrying it)."""
    return sum(car["capacity"] - car["load"] for car in view["cars"] if car["good"] in (None, good))


def _declare(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    # The rule text's own case for skipping: "no funds left, or there will be very few of them".
    return {"type": "skip"} if me["coins"] < 3 else {"type": "play"}


def _buy(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    """The purchase with the best worth over cost: sale in a car, or an export threshold."""
    best, best_gain = None, 0.0
    room: dict[str, int] = {}  # per good: the room in the cars beyond what is held
    for action in menu:
        if action["type"] != "buy":
            continue
        good, units = action["good"], action["units"]
        held = _held(me, good)
        if good not in room:
            room[good] = max(0, _car_room(view, good) - held)
        sellable = min(units, room[good])
        worth = sellable * view["prices"][good] + _export_bonus(view, good, held, held + units)
        gain = worth - units
        if gain > best_gain:
            best, best_gain = action, gain
    return best or {"type": "pass"}


def _load(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    """The load worth most: cars it fills (alone best), less any export it gives up."""
    cars = {car["name"]: car for car in view["cars"]}
    seat = me["seat"]
    best, best_score = None, 0.0
    for action in menu:
        if action["type"] != "load":
            continue
        car, good = cars[action["car"]], action["good"]
        held = _held(me, good)
        units = min(me["limits"]["load"], car["capacity"] - car["load"], held)
        score = units * view["prices"][good]
        if car["load"] + units == car["capacity"]:
            score += 5
            if car["units"][seat] + units == car["capacity"]:
                score += car["vp"] * COINS_PER_VP
        elif car["load"] == 0 and sum(car["units"]) == 0:
            # Starting a car alone pays when the rest of it can follow on a later circle.
            score += 2 if held >= car["capacity"] else -2
        score -= _export_bonus(view, good, held - units, held)
        if score > best_score:
            best, best_score = action, score
    return best or {"type": "pass"}


def _store(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    """Keep the types worth most at today's prices and on the export card."""

    def worth(keep: list[str]) -> float:
        return sum(  # type: ignore[no-any-return]
            me["main"].get(g, 0) * view["prices"][g] + _export_bonus(view, g, 0, me["main"][g])
            for g in keep
        )

    return max(menu, key=lambda action: worth(action["keep"]))


def _export(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    exports = [a for a in menu if a["type"] == "export"]
    return max(exports, key=lambda a: a["units"]) if exports else {"type": "pass"}


def _improve(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    """Improve while the coins last beyond a small reserve; the Manager and Loader first."""
    order = {"manager": 0, "loader": 1, "warehouse": 2}
    costs = {1: 10, 2: 20}
    # A level 3 is worth keeping insured, so keep the premium for each one back as well.
    at_top = sum(1 for level in me["levels"].values() if level == 3)
    options = [
        a
        for a in menu
        if a["type"] == "improve"
        and me["coins"] - costs[me["levels"][a["characteristic"]]]
        >= RESERVE + 10 * (at_top + (me["levels"][a["characteristic"]] == 2))
    ]
    if not options:
        return {"type": "pass"}
    return min(
        options, key=lambda a: (me["levels"][a["characteristic"]], order[a["characteristic"]])
    )


def _insure(view: Mapping[str, Any], me: Mapping[str, Any], menu: list[dict[str, Any]]) -> Any:
    """Insure the characteristic whose hit would cost most, when it costs more than the premium."""
    wheel = view["events_wheel"]

    def expected_loss(name: str) -> float:
        level = me["levels"][name]
        loss = (2 if level == 3 else 1) * COINS_PER_VP + RESTORE[level]
        return float(wheel.count(name) / len(wheel) * loss)

    options = [a for a in menu if a["type"] == "insure" and me["coins"] - 10 >= RESERVE]
    if not options:
        return {"type": "pass"}
    best = max(options, key=lambda a: expected_loss(a["characteristic"]))
    return best if expected_loss(best["characteristic"]) >= 10 else {"type": "pass"}


Chooser = Callable[[Mapping[str, Any], Mapping[str, Any], list[dict[str, Any]]], Any]
CHOOSERS: dict[str, Chooser] = {
    "declare": _declare,
    "buy": _buy,
    "load": _load,
    "store": _store,
    "discard": _store,
    "export": _export,
    "improve": _improve,
    "insure": _insure,
}


class RandomPlay(RandomAgent):
    """Any legal move, at random (passing and skipping seldom: see spaces.QUIET_ODDS)."""

    title = "Random"
    strength = "Plays any legal move at random: no plan, usually last"


# The order people see them in (the lobby offers the first after random as the opponent).
BOTS: dict[str, Callable[[], Agent]] = {
    "beginner": BeginnerAgent,
    "heuristic": HeuristicAgent,
    "random": RandomPlay,
}
