"""Businessmen's own agents, each reading only its seat's view: a beginner that makes the mistakes
of a first game, a heuristic trader, and random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tradingfloor.core.agent import Agent, Decision, RandomAgent
from tradingfloor.games.businessmen.beginner import BeginnerAgent
from tradingfloor.games.businessmen.view import seen_by_bots

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
        actions = decision.legal.enumerate()
        if not actions:
            return decision.legal.sample(rng)
        view = seen_by_bots(decision)
        choose = CHOOSERS.get(view["phase"])
        if choose is None:
            return actions[0]
        picked = choose(view, view["players"][decision.seat], actions)
        if picked is None:  # passing: the menu's own pass
            return next(a for a in actions if a.type == "pass")
        return picked


# Each chooser reads the view and the listed actions' fields, and returns one of the listed
# actions, or None to pass. (The menu's action objects are read directly: turning each into JSON
# at every decision was most of the bot's own cost.)
Actions = Sequence[Any]


def _held(me: Mapping[str, Any], good: str) -> int:
    return int(me["main"].get(good, 0) + me["temp"].get(good, 0))


def _export_bonus(view: Mapping[str, Any], good: str, before: int, after: int) -> float:
    """Coins' worth of the export VP that holding `after` instead of `before` units opens up."""
    if not _exportable(view, good):
        return 0.0
    return float(_export_vp(after) - _export_vp(before)) * COINS_PER_VP


def _exportable(view: Mapping[str, Any], good: str) -> bool:
    """Whether `good` is on this round's export card and not under embargo."""
    return good in (view["export_card"] or []) and good not in view["embargo"]


def _export_vp(units: int) -> int:
    """The VP of the largest export (EXPORT_VP) that `units` allow, 0 if none."""
    return 3 if units >= 8 else 2 if units >= 6 else 1 if units >= 4 else 0


def _car_room(view: Mapping[str, Any], good: str) -> int:
    """Room in the cars that could take `good` (empty ones, or ones carrying it)."""
    return sum(car["capacity"] - car["load"] for car in view["cars"] if car["good"] in (None, good))


def _declare(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    # The rule text's own case for skipping: "no funds left, or there will be very few of them".
    wanted = "skip" if me["coins"] < 3 else "play"
    return next(a for a in actions if a.type == wanted)


def _buy(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    """The purchase with the best worth over cost: sale in a car, or an export threshold."""
    best, best_gain = None, 0.0
    prices = view["prices"]
    # Per good, once: (units held, room in the cars beyond what is held, exportable this round).
    goods: dict[str, tuple[int, int, bool]] = {}
    for action in actions:
        if action.type != "buy":
            continue
        good, units = action.good, action.units
        if good not in goods:
            held = _held(me, good)
            goods[good] = (held, max(0, _car_room(view, good) - held), _exportable(view, good))
        held, room, exportable = goods[good]
        worth = min(units, room) * prices[good]
        if exportable:  # as _export_bonus(view, good, held, held + units)
            worth += (_export_vp(held + units) - _export_vp(held)) * COINS_PER_VP
        gain = worth - units
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _load(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    """The load worth most: cars it fills (alone best), less any export it gives up."""
    cars = {car["name"]: car for car in view["cars"]}
    seat = me["seat"]
    best, best_score = None, 0.0
    for action in actions:
        if action.type != "load":
            continue
        car, good = cars[action.car], action.good
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
    return best


def _store(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    """Keep the types worth most at today's prices and on the export card."""

    def worth(keep: Sequence[str]) -> float:
        return sum(  # type: ignore[no-any-return]
            me["main"].get(g, 0) * view["prices"][g] + _export_bonus(view, g, 0, me["main"][g])
            for g in keep
        )

    return max(actions, key=lambda action: worth(action.keep))


def _export(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    exports = [a for a in actions if a.type == "export"]
    return max(exports, key=lambda a: a.units) if exports else None


def _improve(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    """Improve while the coins last beyond a small reserve; the Manager and Loader first."""
    order = {"manager": 0, "loader": 1, "warehouse": 2}
    costs = {1: 10, 2: 20}
    levels = me["levels"]
    # A level 3 is worth keeping insured, so keep the premium for each one back as well.
    at_top = sum(1 for level in levels.values() if level == 3)
    options = [
        a
        for a in actions
        if a.type == "improve"
        and me["coins"] - costs[levels[a.characteristic]]
        >= RESERVE + 10 * (at_top + (levels[a.characteristic] == 2))
    ]
    if not options:
        return None
    return min(options, key=lambda a: (levels[a.characteristic], order[a.characteristic]))


def _insure(view: Mapping[str, Any], me: Mapping[str, Any], actions: Actions) -> Any:
    """Insure the characteristic whose hit would cost most, when it costs more than the premium."""
    wheel = view["events_wheel"]

    def expected_loss(name: str) -> float:
        level = me["levels"][name]
        loss = (2 if level == 3 else 1) * COINS_PER_VP + RESTORE[level]
        return float(wheel.count(name) / len(wheel) * loss)

    options = [a for a in actions if a.type == "insure" and me["coins"] - 10 >= RESERVE]
    if not options:
        return None
    best = max(options, key=lambda a: expected_loss(a.characteristic))
    return best if expected_loss(best.characteristic) >= 10 else None


Chooser = Callable[[Mapping[str, Any], Mapping[str, Any], Actions], Any]
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
