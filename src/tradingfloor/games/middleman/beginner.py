"""A beginner at Middleman: plays from a rough reading of the market and makes a first game's
mistakes, without throwing the game away in round 1 as a random player does.

What it gets wrong, on purpose:
- it reads only its own digits and takes every other trader's digit as an average 4 or 5, so it
  never notices which digits the others have already called out (it misreads supply and demand);
- when tins look short it over-offers, and when demand looks strong it asks too much;
- it keeps part of its tins back in the early rounds, hoping for a better price (it holds too long);
- from round 2 on it sometimes forgets to check what an order could cost, and may go out.
It never offers more than 9 a tin (it knows the market pays at most 10), and in round 1 it checks
its order against its cash, as anyone reading the rules for the first time does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from tradingfloor.core.agent import Decision
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.forecast import digits_of_view, top_price_of_view
from tradingfloor.games.middleman.spaces import random_rows

AVERAGE_DIGIT = 4.5  # what the beginner takes every other trader's digit to be
CARELESS = 0.2  # how often, from round 2 on, it forgets to check what an order could cost


class BeginnerBot:
    """Rough guesses, human mistakes; a fair first opponent."""

    name = "beginner"
    title = "Beginner"
    strength = (
        "Plays like a first game: guesses the market from its own rows, overpays when tins look "
        "short, keeps tins too long, and now and then goes out"
    )

    def act(self, decision: Decision, rng: random.Random) -> Any:
        view, seat = decision.view, int(decision.seat)
        action: Rows | Buy | Sell
        if view["phase"] == "rows":
            action = random_rows(rng, digits_of_view(view))  # "deal them for me at random"
        elif view["phase"] == "buy":
            action = plan_buy(view, seat, rng)
        else:
            action = plan_sell(view, seat, rng)
        if decision.legal.check(action) is None:
            return action
        if isinstance(action, Buy) and action.price > 0:
            # Careful mode refused it: buy what the cash pays for, at the same offer.
            cash = int(view["players"][seat]["cash"])
            affordable = Buy(tins=min(action.tins, cash // action.price), price=action.price)
            if decision.legal.check(affordable) is None:
                return affordable
        return Buy(tins=0, price=0) if view["phase"] == "buy" else Sell(tins=0, price=0)


def guess(view: Mapping[str, Any], seat: int, side: str) -> float:
    """This round's supply ("buy") or demand ("sell") as a beginner reckons it: its own digit
    plus an average digit for everyone else (it takes no account of the digits called out)."""
    rows = view.get("rows") or {}
    own = rows.get("a" if side == "buy" else "d") or []
    round_ = int(view["round"])
    mine = own[round_ - 1] if len(own) >= round_ else AVERAGE_DIGIT
    return mine + AVERAGE_DIGIT * (len(view["players"]) - 1)


def plan_buy(view: Mapping[str, Any], seat: int, rng: random.Random) -> Buy:
    """A share of the supply it expects, at a price that rises when tins look short."""
    me = view["players"][seat]
    cash, held = int(me["cash"]), int(me["tins"])
    round_ = int(view["round"])
    active = sum(1 for p in view["players"] if not p["out"])
    supply, demand = guess(view, seat, "buy"), guess(view, seat, "sell")
    if round_ == int(view["rounds"]) and held > 0:
        return Buy(tins=0, price=0)  # it remembers that tins left at the end are worth nothing
    want = max(1, round(supply / max(1, active)) + rng.choice((-1, 0, 1, 2)))
    price = rng.choice((2, 3, 3, 4, 4, 5))
    if supply < demand:
        price += rng.choice((1, 2, 3))  # tins look short: it fears getting none, and overpays
    price = min(price, top_price_of_view(view) - 1)
    careless = round_ > 1 and rng.random() < CARELESS
    if not careless and price > 0:
        want = min(want, cash // price)
    return Buy(tins=max(0, want), price=price)


def plan_sell(view: Mapping[str, Any], seat: int, rng: random.Random) -> Sell:
    """Part of its tins early (it hopes for better prices later), all of them at the end; asks
    more when demand looks strong."""
    held = int(view["players"][seat]["tins"])
    if held == 0:
        return Sell(tins=0, price=0)
    round_ = int(view["round"])
    supply, demand = guess(view, seat, "buy"), guess(view, seat, "sell")
    last = int(view["rounds"])
    share = 1.0 if round_ >= last - 1 else rng.choice((0.5, 0.75, 1.0))
    tins = max(1, math.ceil(held * share))
    ask = (8 if demand > supply else 6) + rng.choice((-1, 0, 1, 2))
    if round_ == last:
        ask -= 2  # the last round: it knows unsold tins are lost, but not by how much to cut
    return Sell(tins=tins, price=max(1, min(top_price_of_view(view), ask)))
