"""Merlin Economics' own agents: the heuristic (heuristic.py) and a beginner, who values permits by
their yield and leaves the rest of the economy alone."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from tradingfloor.core.agent import Agent, Decision, RandomAgent
from tradingfloor.games.merlin import appraisal
from tradingfloor.games.merlin.appraisal import roll_odds
from tradingfloor.games.merlin.heuristic import MerlinHeuristic

HORIZON_ROLLS = 60
"""How many rolls ahead the beginner counts a permit's yield."""
RESERVE = 2
"""Gold the beginner keeps in hand for taxes and the holding fee."""


def commodity_worth(view: Mapping[str, Any], name: str) -> float:
    """A unit's worth to the beginner: its spot price, or half the cost of the living."""
    spot = view["market"][name]["spot"]
    return float(spot) if spot else float(view["counters"]["cost_of_living"]) / 2


def yield_per_roll(view: Mapping[str, Any], card: str) -> float:
    """A permit's expected gold per roll, by 2d6 odds, as the beginner sees it."""
    entry = view["catalogue"][card]
    odds = roll_odds(entry["number"])
    if entry["kind"] == "land":
        return odds * float(entry["yield"]) * commodity_worth(view, entry["commodity"])
    return appraisal.yield_per_roll(view, card)


def permit_worth(view: Mapping[str, Any], card: str) -> float:
    """What holding a permit is worth over the rolls the beginner looks ahead."""
    left = int(view["max_orbits"] - view["orbit"] + 1) * len(view["order"] or [0])
    return yield_per_roll(view, card) * min(HORIZON_ROLLS, max(left, 0))


def draw_worth(view: Mapping[str, Any]) -> float:
    """The expected worth of the top card of the deck to the beginner."""
    return appraisal.draw_worth(view, permit_worth)


class MerlinBeginner:
    """Buys permits worth more than their price and places them, sells commodities into any bid
    or asks the cost of the living, stores spare gold in a Chauffeur it happens to have."""

    name = "beginner"
    title = "Beginner"
    strength = "Buys and places permits; leaves the market, the bank and other players alone"

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def act(self, decision: Decision, rng: random.Random) -> Any:
        self.rng = rng
        view, seat = decision.bot_view, decision.seat
        step = view["step"]
        chooser = {
            "auction_blind": self._blind,
            "auction_rank": self._rank,
            "vote": self._vote,
            "offer": self._offer,
        }.get(step, self._turn)
        for wanted in chooser(view, seat):
            action = decision.game.parse_action(wanted)
            if decision.legal.contains(action):
                return action
        return decision.legal.sample(rng)

    def _blind(self, view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        # the last place takes half the pot: a low bid is cheap and may be paid back; a varied one
        # avoids ties, whose rank auction costs a gold a place
        return [
            {"type": "turn_bid", "amount": self.rng.randint(0, 3)},
            {"type": "turn_bid", "amount": 0},
        ]

    def _rank(self, view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        places = len(view["auction"]["contest"]["seats"])
        least = 1 if view["players"][seat]["gold"] >= places else 0
        return [{"type": "rank_bid", "stacks": [least] * places}]

    def _vote(self, view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        return [{"type": "tax_vote", "choice": "keep"}]

    def _offer(self, view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        offer = view["offer"]
        seller = view["players"][offer["seller"]]
        stack = next(s for s in seller["tableau"] if s["card"] == offer["card"])
        worth = permit_worth(view, stack["card"]) + stack["invested"] + stack["stored"]
        if stack["top"]:
            worth += permit_worth(view, stack["top"])
        if offer["price"] <= worth and view["players"][seat]["gold"] - offer["price"] >= RESERVE:
            return [{"type": "accept"}]
        return [{"type": "decline"}]

    def _turn(self, view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        me = view["players"][seat]
        wanted: list[dict[str, Any]] = []
        if me["debt"]:
            wanted.append({"type": "pay_debt"})
        wanted += self._placements(view, me)
        wanted += self._sales(view, seat, me)
        wanted += self._chauffeur(view, me)
        price = view["counters"]["cost_of_living"]
        if me["gold"] - price >= RESERVE and view["deck"] and draw_worth(view) > price:
            wanted.append({"type": "buy_permit"})
        wanted.append({"type": "end_turn"})
        return wanted

    def _placements(self, view: Mapping[str, Any], me: Mapping[str, Any]) -> list[dict[str, Any]]:
        fresh = set(me["fresh"])
        catalogue = view["catalogue"]
        free = sorted(
            (s for s in me["tableau"] if s["top"] is None and not s["invested"]),
            key=lambda s: s["value"],
        )
        out: list[dict[str, Any]] = []
        for card in me["hand"]:
            if card in fresh:
                continue
            if catalogue[card]["kind"] == "property":
                out.append({"type": "place", "card": card})
            elif free:
                out.append({"type": "place", "card": card, "on": free[0]["card"]})
        return out

    def _sales(
        self, view: Mapping[str, Any], seat: int, me: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for name, held in me["goods"].items():
            if not held:
                continue
            bids = [b for b in view["market"][name]["bids"] if b["owner"] != seat]
            if bids:
                best = max(bids, key=lambda b: b["price"])
                out.append({"type": "sell_to", "order": best["order"]})
            else:  # an ask avoids the holding fee on a 7
                price = max(1, view["counters"]["cost_of_living"])
                out.append({"type": "ask", "commodity": name, "price": price})
        return out

    def _chauffeur(self, view: Mapping[str, Any], me: Mapping[str, Any]) -> list[dict[str, Any]]:
        spare = me["gold"] - RESERVE - view["counters"]["cost_of_living"]
        chauffeurs = [s for s in me["tableau"] if s["kind"] == "chauffeur"]
        if spare < 5 or not chauffeurs:
            return []
        # a Chauffeur pays per 5 stored, safe from sevens: store whole fives
        return [{"type": "store", "card": chauffeurs[0]["card"], "amount": spare - spare % 5}]


BOTS: dict[str, Callable[[], Agent]] = {
    "heuristic": MerlinHeuristic,
    "beginner": MerlinBeginner,
    "random": RandomAgent,
}
