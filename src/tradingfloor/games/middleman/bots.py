"""Middleman's own agents: "random" plays any legal order; "beginner" (`beginner.py`) makes a first
game's mistakes; "heuristic" trades the forecast market.

The heuristic bot plays the way the rule text says skilled players do: from its own rows and the
digits each opponent still has to call (`forecast`), it predicts every coming round's supply and
demand, buys cheap when tins will be plentiful and sells dear when they will be scarce. It sees only
its seat's view and its legal actions, and it never offers more than its cash can pay for.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tradingfloor.core.agent import Agent, Decision, RandomAgent
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.allocation import allocate
from tradingfloor.games.middleman.beginner import BeginnerBot
from tradingfloor.games.middleman.forecast import (
    Side,
    digits_of_view,
    market_of_view,
    remaining_total_of_view,
    revealed_of_view,
    scenarios,
    top_price_of_view,
)

Order = tuple[int, int]

PRIOR_BID = 3  # the offer assumed of a player not yet seen buying
PRIOR_ASK = 7  # the ask assumed of a player not yet seen selling
HOLD_DISCOUNT = 0.85  # a tin kept for later is worth less than its forecast price: it may not sell
MIN_MARGIN = 1  # buy only where the tin should resell for at least this much more


class RandomTrader(RandomAgent):
    """Any legal order, drawn at random (the generic random agent, in Middleman's words)."""

    title = "Random"
    strength = (
        "Sends any legal order, however reckless: out of the game in round 1 of most games "
        "(a baseline, not an opponent)"
    )


class HeuristicBot:
    """Forecasts each round's market from the digits left in every row, and trades against it."""

    name = "heuristic"
    title = "Forecaster"
    strength = (
        "Steady: forecasts every round's supply and demand from the digits left, never risks "
        "going out; asks for leftovers at 0 when tins look plentiful"
    )

    def act(self, decision: Decision, rng: random.Random) -> Any:
        view = decision.view
        seat = int(decision.seat)
        if view["phase"] == "rows":
            action: Rows | Buy | Sell = plan_rows(rng, digits_of_view(view))
        elif view["phase"] == "buy":
            action = plan_buy(view, seat)
        else:
            action = plan_sell(view, seat)
        if decision.legal.check(action) is not None:
            # A standing-still order is always legal and can never cost anything.
            action = Buy(tins=0, price=0) if view["phase"] == "buy" else Sell(tins=0, price=0)
        return action


def plan_rows(rng: random.Random, digits: int = 10) -> Rows:
    """Low A digits early and high A late; high D digits early and low D late.

    Supply is scarce while everyone is cash-rich and plentiful when this seat knows it can bid
    low; demand is strongest early. Measured against other designs (random rows, high A early
    with high D late, alternating buyer's and seller's rounds), this one won the most games among
    heuristic bots. Neighbours are swapped at random so that opponents reading the called-out
    digits cannot be sure of the next one.
    """
    a = _jitter(list(range(digits)), rng)
    d = _jitter(list(range(digits - 1, -1, -1)), rng)
    if d == a:  # two digits jittered into the same order: D must differ (Middleman §2)
        d.reverse()
    return Rows(a=tuple(a), d=tuple(d))


def _jitter(row: list[int], rng: random.Random) -> list[int]:
    """The row with some neighbouring pairs swapped."""
    for i in range(0, len(row) - 1, 2):
        if rng.random() < 0.5:
            row[i], row[i + 1] = row[i + 1], row[i]
    return row


def plan_buy(view: Mapping[str, Any], seat: int) -> Buy:
    """The order with the best expected margin in this round's auction, within the cash held."""
    me = view["players"][seat]
    cash, held = int(me["cash"]), int(me["tins"])
    round_ = int(view["round"])
    active = _active_seats(view)
    # Aim to hold my share of all the demand still to come (each D row sums to 45, so it is exact).
    target = math.ceil(remaining_total_of_view(view, "sell") / len(active))
    # No round's A digits can add up to more: 9 x players in the printed game.
    most = (digits_of_view(view) - 1) * len(view["players"])
    want = min(most, max(0, target - held))
    supplies = scenarios(market_of_view(view, round_, "buy"))
    if want == 0 or max(supplies) == 0:
        return Buy(tins=0, price=0)
    value = resale_value(view, seat, held + want, round_)
    others = _modelled_bids(view, seat, _prior_bid(supplies, len(active)))
    best, best_gain = Buy(tins=0, price=0), 0.0
    for price in range(min(cash, top_price_of_view(view)) + 1):
        if price > value - MIN_MARGIN:
            break
        # Never offer more than the cash can pay for: tins x price <= cash, so I cannot go out.
        tins = want if price == 0 else min(want, cash // price)
        got = _expected_fill(others, (tins, price), supplies, "buy")
        gain = got * (value - price)
        if gain > best_gain:
            best, best_gain = Buy(tins=tins, price=price), gain
    return best


def plan_sell(view: Mapping[str, Any], seat: int) -> Sell:
    """The ask (and how many tins) that earns most now plus the forecast worth of the rest."""
    held = int(view["players"][seat]["tins"])
    if held == 0:
        return Sell(tins=0, price=0)
    round_ = int(view["round"])
    demands = scenarios(market_of_view(view, round_, "sell"))
    others = _modelled_asks(view, seat)
    keep = _keep_value(view, seat, held, round_)
    best, best_worth = Sell(tins=0, price=0), -1.0
    for tins in sorted({held, math.ceil(held * 3 / 4), math.ceil(held / 2), math.ceil(held / 4)}):
        for price in range(1, top_price_of_view(view) + 1):
            sold = _expected_fill(others, (tins, price), demands, "sell")
            worth = sold * price + (held - sold) * keep
            if worth > best_worth:
                best, best_worth = Sell(tins=tins, price=price), worth
    return best


def _keep_value(view: Mapping[str, Any], seat: int, held: int, round_: int) -> float:
    """What a tin not sold this round is worth: nothing after the last round (Middleman §5)."""
    if round_ >= int(view["rounds"]):
        return 0.0
    return HOLD_DISCOUNT * resale_value(view, seat, held, round_ + 1)


def resale_value(view: Mapping[str, Any], seat: int, stock: int, first_round: int) -> float:
    """Forecast revenue per tin of `stock` tins offered evenly over the sell steps to come.

    In each coming round the other sellers are modelled as offering all they hold at their last
    ask; the round's demand is forecast from the D digits left; the best ask for my share is found.
    """
    rounds = range(first_round, int(view["rounds"]) + 1)
    if stock <= 0 or not rounds:
        return 0.0
    per_round = max(1, math.ceil(stock / len(rounds)))
    others = _modelled_asks(view, seat)
    called = revealed_of_view(view, "sell")
    revenue = 0.0
    for r in rounds:
        demands = scenarios(market_of_view(view, r, "sell", called), (0.25, 0.5, 0.75))
        revenue += max(
            price * _expected_fill(others, (per_round, price), demands, "sell")
            for price in range(1, top_price_of_view(view) + 1)
        )
    return revenue / (per_round * len(rounds))


def _expected_fill(
    others: Sequence[Order], mine: Order, markets: Sequence[int], side: Side
) -> float:
    """My average fill over the market scenarios, against the others' modelled orders."""
    return _total_fill((*others, mine), tuple(markets), side) / len(markets)


@functools.lru_cache(maxsize=1 << 14)
def _total_fill(orders: tuple[Order, ...], markets: tuple[int, ...], side: Side) -> int:
    """The last order's fills summed over the markets; cached, since the same auctions are
    weighed again and again."""
    return sum(_my_fill(orders, market, side) for market in markets)


@functools.lru_cache(maxsize=1 << 14)
def _my_fill(orders: tuple[Order, ...], market: int, side: Side) -> int:
    """The last order's fill in one market; cached, since the scenarios of neighbouring rounds
    share most of their markets."""
    return allocate(orders, market, side)[-1]


def _active_seats(view: Mapping[str, Any]) -> list[int]:
    return [p["seat"] for p in view["players"] if not p["out"]]


def _prior_bid(supplies: Sequence[int], active: int) -> Order:
    """The order assumed of a player not yet seen buying: a fair share of the supply, cheaply."""
    return (round(supplies[len(supplies) // 2] / max(1, active)), PRIOR_BID)


def _modelled_bids(view: Mapping[str, Any], seat: int, prior: Order) -> list[Order]:
    """Each other active seat's buying order, assumed to repeat its last one (or `prior`)."""
    last = _last_orders(view, "buy")
    return [last.get(other, prior) for other in _active_seats(view) if other != seat]


def _modelled_asks(view: Mapping[str, Any], seat: int) -> list[Order]:
    """Each other active seat's selling order: every tin it holds (public) at its last ask."""
    last = _last_orders(view, "sell")
    return [
        (int(player["tins"]), last[player["seat"]][1] if player["seat"] in last else PRIOR_ASK)
        for player in view["players"]
        if player["seat"] != seat and not player["out"] and player["tins"] > 0
    ]


def _last_orders(view: Mapping[str, Any], side: Side) -> dict[int, Order]:
    """Each seat's most recent order on `side` that asked for at least one tin (public history)."""
    last: dict[int, Order] = {}
    for step in view["history"]:
        if step["side"] != side:
            continue
        for column in step["seats"]:
            if column["tins"]:
                last[column["seat"]] = (int(column["tins"]), int(column["price"]))
    return last


# The lobby's first own bot is a new player's default opponent: the beginner.
BOTS: dict[str, Callable[[], Agent]] = {
    "random": RandomTrader,
    "beginner": BeginnerBot,
    "heuristic": HeuristicBot,
}
