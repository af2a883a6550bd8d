"""Merlin's heuristic bot: values everything by its odds and plays the whole economy.

It buys permits worth more than their price and places them, makes a Chauffeur where storing
its spare gold pays more than the two properties produce, invests when the odds favour it (or when
a gamble is its only way to the top at the end), keeps its commodities on the market as asks, sells
into good bids, buys cheap asks, bids for what it can resell, sells or liquidates properties when it
needs gold, answers offers by their worth, and votes on the tax rate for its own good.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from tradingfloor.core.agent import Decision
from tradingfloor.core.game import Game
from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin.actions import EndTurn
from tradingfloor.games.merlin.appraisal import View
from tradingfloor.games.merlin.finance import heuristic as finance
from tradingfloor.games.merlin.finance import heuristic_answers as finance_answers
from tradingfloor.games.merlin.finance.heuristic_worth import owes as finance_owes
from tradingfloor.games.merlin.magic import heuristic as magic
from tradingfloor.games.merlin.memo import ByIdentity, kept

Wanted = list[dict[str, Any]]
Wishes = Iterable[dict[str, Any]]
"""Moves wanted, best first: `act` plays the first the rules allow, so a lazy sequence spares the
sums behind the wishes after it."""
END = EndTurn()

KEEP = 1
"""Gold kept in hand beyond the next tax and the holding fee: permits early are worth far more."""
ASK_MARKUP = 1.25
"""An ask is set this much above what a unit is expected to fetch."""
BARGAIN = 0.6
"""An ask is bought when it costs at most this share of what the unit is expected to fetch."""
BID_SHARE = 0.5
"""A bid offers this share of what a unit is expected to fetch (the resale is uncertain)."""
CHAUFFEUR_MARGIN = 1.2
"""A Chauffeur is made when storing pays this many times what the two properties produce."""
LAST_ORBITS = 2
"""In the last orbits before the cap, a player behind gambles on investments."""
MOVES_A_TURN = 300
"""More moves than this in one turn (never seen in play) and the bot ends its turn."""
CHOOSERS = {
    "auction_blind": "_blind",
    "auction_rank": "_rank",
    "auction_barter": "_place_extras",
    "auction_sale": "_place_extras",
    "vote": "_vote",
    "offer": "_answer",
    "turn": "_turn",
    "buying": "_buying",
}
"""The method that weighs each step's moves (by name: the bot's own bound method is taken)."""
ANSWER = "_magic_answer"
"""The method for any other step: a module's step under way."""


class MerlinHeuristic:
    """Plays every economy action where its sums say it pays (see the module docstring)."""

    name = "heuristic"
    title = "Shrewd"
    strength = "Plays the whole economy by the odds; wins about 4 games in 10 against beginners"

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.legal: Any = None  # the legal moves of the decision under way
        self.turn_seen: Any = None
        self.moves_this_turn = 0

    def act(self, decision: Decision, rng: random.Random) -> Any:
        self.rng, self.legal = rng, decision.legal
        view, seat = decision.bot_view, decision.seat
        if view.get("turn") != self.turn_seen:
            self.turn_seen, self.moves_this_turn = view.get("turn"), 0
        self.moves_this_turn += 1
        if self.moves_this_turn > MOVES_A_TURN and decision.legal.contains(END):
            return END  # a guard: wishes that undo each other must not hold the game up
        choose: Callable[[View, int], Wishes] = getattr(self, CHOOSERS.get(view["step"], ANSWER))
        for wanted in choose(view, seat):
            action = parsed(decision.game, wanted)
            if decision.legal.contains(action):
                return action
        for safe in ({"type": "end_turn"}, {"type": "decline"}):
            action = parsed(decision.game, safe)
            if decision.legal.contains(action):
                return action
        return decision.legal.sample(rng)

    # --- sealed steps -----------------------------------------------------------------------------

    def _blind(self, view: View, seat: int) -> Wanted:
        # Gold bid is gold not spent on permits, and the last place takes back half the pot: bid
        # low (measured: higher bids win less often), varied to avoid ties.
        return [{"type": "turn_bid", "amount": self.rng.randint(0, 1)}]

    def _rank(self, view: View, seat: int) -> Wanted:
        places = len(view["auction"]["contest"]["seats"])
        least = 1 if view["players"][seat]["gold"] >= places else 0
        return [{"type": "rank_bid", "stacks": [least] * places}]

    def _vote(self, view: View, seat: int) -> Wanted:
        """Taxes: a lower rate saves (1 + properties) a year, a higher one makes permits cheaper."""
        me = view["players"][seat]
        saved_by_down = worth.properties_owned(me, view) + int(view["rules"]["tax_base_units"])
        permits_left = sum(
            1 for c in view["deck_contents"] if view["catalogue"][c]["kind"] in ("property", "land")
        )
        purchases = min(permits_left / max(worth.players_in(view), 1), 4.0)
        if saved_by_down > purchases + 1:
            choice = "down"
        elif purchases > saved_by_down + 1:
            choice = "up"
        else:
            choice = "keep"
        return [{"type": "tax_vote", "choice": choice}, {"type": "tax_vote", "choice": "keep"}]

    def _place_extras(self, view: View, seat: int) -> Wanted:
        """The turn order's extras (finance): see finance/heuristic.py `place_extras`."""
        return finance_answers.place_extras(view, seat)

    def _magic_answer(self, view: View, seat: int) -> Wanted:
        """A module's step under way: an offer or a property auction (finance), a decree's
        proposals and votes or a table vote (magic)."""
        if view.get("finance") and (view["finance"]["offer"] or view["finance"]["sale"]):
            return finance_answers.answer(view, seat)
        return magic.answer(view, seat)

    def _answer(self, view: View, seat: int) -> Wanted:
        """Buy an offered property when it is worth its price and the gold can be spared."""
        offer = view["offer"]
        seller = view["players"][offer["seller"]]
        stack = next(s for s in seller["tableau"] if s["card"] == offer["card"])
        me = view["players"][seat]
        value = worth.stack_worth(view, stack) + land_waiting(view, me, stack)
        spare = me["gold"] - worth.tax_due(view, me) - KEEP - offer["price"]
        if offer["price"] <= value and spare >= 0:
            return [{"type": "accept"}]
        return [{"type": "decline"}]

    # --- a turn -----------------------------------------------------------------------------------

    def _turn(self, view: View, seat: int) -> Iterator[dict[str, Any]]:
        """The turn's wishes, best first; each part is reckoned only when every wish before it
        was refused."""
        me = view["players"][seat]
        reserve = self._reserve(view, me)
        owed = debt(view, seat)
        need = reserve + owed - me["gold"]
        if need > 0:
            yield from finance.raise_gold(view, seat, me)  # auctions and issues before liquidating
            yield from self._raise_gold(view, seat, me, need, owed)
        if _can_pay(me, owed):
            yield {"type": "pay_debt"}
        yield from magic.turn(view, seat, me, reserve, self._may)
        yield from finance.turn(view, seat, me, reserve)
        yield from self._market(view, seat, me, reserve)
        yield from self._placements(view, me)
        yield from self._offers(view, seat, me)
        yield from self._investments(view, seat, me, reserve)
        yield from self._store(view, me, reserve)
        yield from self._permits(view, me, reserve)
        yield {"type": "end_turn"}

    def _buying(self, view: View, seat: int) -> Iterator[dict[str, Any]]:
        """The buying step (Core Loop: "Permits are bought at the end"): `_turn`'s wishes for the
        moves this step offers (a debt paid, a stake reclaimed, a loan repaid, a permit), in
        `_turn`'s order. Its other wishes would all be refused, so their sums are not made."""
        me = view["players"][seat]
        reserve = self._reserve(view, me)
        if _can_pay(me, debt(view, seat)):
            yield {"type": "pay_debt"}
        yield from magic.buying(view, me, self._may)
        yield from finance.buying(view, seat, me, reserve)
        yield from self._permits(view, me, reserve)
        yield {"type": "end_turn"}

    def _may(self, kind: str) -> bool:
        """False when the rules refuse every move of type `kind` now: its wishes are not made
        (each would be refused, so the move chosen is the same). True where unsure."""
        offers = getattr(self.legal, "offers", None)
        return offers is None or bool(offers(kind))

    def _permits(self, view: View, me: Mapping[str, Any], reserve: int) -> Wanted:
        """Buy while the top card is worth its price; a good one is worth the Chauffeur's gold."""
        if not view["deck"]:
            return []
        price = int(view["counters"]["cost_of_living"])
        short = reserve + price - me["gold"]
        if short <= 0:
            return [{"type": "buy_permit"}] if deck_worth(view) > price else []
        stored = [s for s in me["tableau"] if s["kind"] == "chauffeur" and s["stored"] >= short]
        # (the draw's worth is reckoned only where gold could pay for it; the cost of the
        # living is never below 0, so twice the price is at least the price)
        if stored and deck_worth(view) > 2 * price:
            return [{"type": "take_back", "card": stored[0]["card"], "amount": short}]
        return []

    def _reserve(self, view: View, me: Mapping[str, Any]) -> int:
        """Gold to keep in hand: the holding fee on what it holds, a little more, and the taxes
        when spring is one turn of the wheel away (unpaid taxes are a debt to pay next turn)."""
        taxes = worth.tax_due(view, me) if months_to_taxes(view) <= 1 else 0
        return taxes + KEEP + int(sum(me["goods"].values()))

    def _raise_gold(
        self, view: View, seat: int, me: Mapping[str, Any], need: int, owed: int
    ) -> Wanted:
        """Short of gold (`need`): the Chauffeur's store first; in debt (`owed`, all it owes),
        commodities and a property too."""
        out: Wanted = []
        for stack in me["tableau"]:
            if stack["kind"] == "chauffeur" and stack["stored"]:
                amount = min(stack["stored"], need)
                out.append({"type": "take_back", "card": stack["card"], "amount": amount})
        if out or not owed:
            return out
        for name in view["commodities"]:
            bid = worth.best_bid(view, name, seat)
            if bid is not None and me["goods"][name]:
                out.append({"type": "sell_to", "order": bid["order"]})
        if me["tableau"]:
            out += self._sell_property(view, seat, me)
        return out

    def _sell_property(self, view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
        """The property worth least: to the central bank, or offered to the richest player."""
        cheapest = min(me["tableau"], key=lambda s: worth.permit_worth(view, s["card"]))
        out: Wanted = [{"type": "liquidate", "card": cheapest["card"]}]
        buyer = self._richest(view, seat)
        if buyer is not None and view["offers_left"] > 0:
            fair = int(worth.permit_worth(view, cheapest["card"]) * 0.8)
            price = min(max(int(cheapest["value"]), fair), int(view["players"][buyer]["gold"]))
            out.append(
                {"type": "offer_sale", "card": cheapest["card"], "to": buyer, "price": price}
            )
        return out

    def _richest(self, view: View, seat: int) -> int | None:
        others = [p for p in view["players"] if p["seat"] != seat and not p["out"]]
        return max(others, key=lambda p: p["gold"])["seat"] if others else None

    # --- the Grand Market -------------------------------------------------------------------------

    def _market(
        self, view: View, seat: int, me: Mapping[str, Any], reserve: int
    ) -> Iterator[dict[str, Any]]:
        """Each commodity's sales and purchases in turn (a commodity is weighed only when every
        wish for the ones before it was refused)."""
        kept = magic.goods_kept(view, seat)
        uses = magic.use_values(view, seat, kept)
        for name in view["commodities"]:
            value = max(worth.commodity_value(view, name, seat), uses.get(name, 0.0))
            read = worth.reading(view, name, seat)
            yield from self._sell(view, me, name, value, read, kept)
            yield from self._buy(view, seat, me, name, value, reserve, read)

    def _sell(
        self,
        view: View,
        me: Mapping[str, Any],
        name: str,
        value: float,
        read: worth.Reading,
        kept: Mapping[str, int],
    ) -> Wanted:
        """Sell into a good bid; otherwise keep the units on the market as asks (no holding fee)."""
        out: Wanted = []
        bid = read.best_bid
        good_bid = bid is not None and bid["price"] >= max(value, 1)
        spare = me["goods"][name] - kept.get(name, 0)
        if bid is not None and good_bid and spare > 0:
            out.append({"type": "sell_to", "order": bid["order"]})
        if not read.own_asks and (good_bid or spare <= 0):
            return out  # (no ask to tend or to set: its price need not be reckoned)
        target = max(1, round(value * ASK_MARKUP), int(view["counters"]["cost_of_living"]))
        target = min(target, int(view["rules"]["max_ask"]))
        for ask in read.own_asks:
            # back into hand to sell into a good bid, or to set a price that can sell again
            if good_bid or ask["price"] > 2 * target:
                out.append({"type": "withdraw_ask", "order": ask["order"]})
        if spare > 0 and not good_bid:
            out.append({"type": "ask", "commodity": name, "price": target})
        return out

    def _buy(
        self,
        view: View,
        seat: int,
        me: Mapping[str, Any],
        name: str,
        value: float,
        reserve: int,
        read: worth.Reading,
    ) -> Wanted:
        """Buy cheap asks, keep a bid for sellers who need gold, and tend own bids."""
        out: Wanted = []
        spare = me["gold"] - reserve
        ask = read.best_ask
        if ask is not None and ask["price"] <= BARGAIN * value and ask["price"] <= spare:
            out.append({"type": "buy_from", "order": ask["order"]})
        mine = [b for b in read.own_bids if not b["escrow"]]
        target = int(BID_SHARE * value)
        rival = read.best_bid
        for bid in mine:
            if target < 1 or spare < 0:
                out.append({"type": "exit_bid", "order": bid["order"]})
            elif bid["price"] > target + 1:
                out.append(
                    {"type": "lower_bid", "order": bid["order"], "amount": bid["price"] - target}
                )
            elif rival is not None and bid["price"] <= rival["price"] < target and spare > 1:
                step = rival["price"] + 1 - bid["price"]
                out.append({"type": "raise_bid", "order": bid["order"], "amount": step})
        if mine or target < 1 or spare < target:
            return out  # (no new bid: the sums below need not be made)
        holders = any(p["goods"][name] for p in view["players"] if p["seat"] != seat)
        # a bid where none lies would stop the R.O.W.'s stimulus ("If the market has no bids")
        blocks_row = not view["market"][name]["bids"] and worth.row_demand(view) > 0
        if holders and not blocks_row:
            out.append({"type": "bid", "commodity": name, "price": target})
        return out

    # --- the tableau ------------------------------------------------------------------------------

    def _placements(self, view: View, me: Mapping[str, Any]) -> Wanted:
        """Lands on free properties; a property across another where a Chauffeur pays more."""
        fresh, catalogue = me["fresh"], view["catalogue"]
        placed = [
            c for c in me["hand"] if c not in fresh and catalogue[c]["kind"] not in NEVER_PLACED
        ]
        if not placed:
            return []
        free = sorted(
            (s for s in me["tableau"] if s["top"] is None and not s["invested"]),
            key=lambda s: s["value"],
        )
        out: Wanted = []
        for card in placed:
            if catalogue[card]["kind"] == "land":
                if free:
                    out.append({"type": "place", "card": card, "on": free[0]["card"]})
                continue
            partner = self._chauffeur_partner(view, me, card, free)
            out.append({"type": "place", "card": card, "on": partner})
        return out

    def _offers(self, view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
        """Offer a free property to a player whose land waits for one, sharing what it adds."""
        if view["offers_left"] < 1:
            return []
        free = [s for s in me["tableau"] if s["top"] is None and not s["invested"]]
        if not free:
            return []
        # what a free property adds is the same whichever it is: the buyers come first, and the
        # stacks' worths are reckoned only for a buyer whose land waits
        buyers = [
            (buyer, extra)
            for buyer in view["players"]
            if buyer["seat"] != seat
            and not buyer["out"]
            and (extra := land_wanted(view, buyer)) >= 2
        ]
        if not buyers:
            return []
        stack = min(free, key=lambda s: worth.stack_worth(view, s))
        for buyer, extra in buyers:
            price = int(worth.stack_worth(view, stack) + extra / 2)
            if price <= buyer["gold"]:
                return [
                    {
                        "type": "offer_sale",
                        "card": stack["card"],
                        "to": buyer["seat"],
                        "price": price,
                    }
                ]
        return []

    def _chauffeur_partner(
        self, view: View, me: Mapping[str, Any], card: str, free: list[Mapping[str, Any]]
    ) -> str | None:
        """The free property to turn `card` across into a Chauffeur, if storing pays more."""
        if any(s["kind"] == "chauffeur" for s in me["tableau"]):
            return None  # one Chauffeur holds all the gold a player can spare
        storable = max(me["gold"] - worth.tax_due(view, me) - KEEP, 0)
        number = view["catalogue"][card]["number"]
        best, best_gain = None, 0.0
        for stack in free:
            stored = worth.chauffeur_return(view, (number, stack["number"]), storable)
            produced = worth.production(view, (card, stack["card"]))
            stored += finance.chauffeur_bonus(view)  # insurance to write, loans to make
            if stored > CHAUFFEUR_MARGIN * produced and stored - produced > best_gain:
                best, best_gain = stack["card"], stored - produced
        return best

    def _investments(self, view: View, seat: int, me: Mapping[str, Any], reserve: int) -> Wanted:
        """Invest where the odds favour it, or gamble near the cap when behind the leader."""
        spare = me["gold"] - reserve
        targets = [s for s in me["tableau"] if s["kind"] != "chauffeur"]
        if spare < 1 or not targets:
            return []
        best = max(targets, key=lambda s: worth.doubling_odds(view, s["number"]))
        if worth.investment_edge(view, best["number"], spare) > 0:
            return [{"type": "invest", "card": best["card"], "amount": spare}]
        if any(s["invested"] for s in targets):
            return []  # one gamble at a time
        if view["max_orbits"] - view["orbit"] >= LAST_ORBITS:
            return []  # (not near the end: no gamble)
        gap = worth.score_gap(view, seat)
        if 0 < gap <= 2 * spare:
            return [{"type": "invest", "card": best["card"], "amount": min(spare, int(gap) + 1)}]
        return []

    def _store(self, view: View, me: Mapping[str, Any], reserve: int) -> Wanted:
        """Spare gold into the Chauffeur in whole steps; back out when short of gold."""
        chauffeurs = [s for s in me["tableau"] if s["kind"] == "chauffeur"]
        if not chauffeurs:
            return []
        step = int(view["rules"]["chauffeur_step"])
        spare = me["gold"] - reserve - int(view["counters"]["cost_of_living"])
        if spare >= step:
            return [
                {"type": "store", "card": chauffeurs[0]["card"], "amount": spare - spare % step}
            ]
        return []


_parsed: dict[Any, Any] = kept({})
PARSED_KEPT = 4096
"""Wishes whose actions are kept (then all are forgotten at once)."""


def parsed(game: Game, wanted: dict[str, Any]) -> Any:
    """The action a wish names. Parsing is dear and the same wishes come back move after move,
    so each is parsed once (actions are immutable); a wish holding a list is parsed each time."""
    values = tuple(wanted.values())
    key = (game, tuple(wanted), values, tuple(map(type, values)))  # True and 1 differ here
    try:
        action = _parsed.get(key)
    except TypeError:  # unhashable: a list in the wish
        return game.parse_action(wanted)
    if action is None:
        if len(_parsed) >= PARSED_KEPT:
            _parsed.clear()
        action = _parsed[key] = game.parse_action(wanted)
    return action


def land_waiting(view: View, player: Mapping[str, Any], stack: Mapping[str, Any]) -> float:
    """What a free property adds for a player holding a land with no free property to put it on."""
    if stack["top"] is not None or stack["invested"]:
        return 0.0
    return land_wanted(view, player)


def land_wanted(view: View, player: Mapping[str, Any]) -> float:
    """What any free property adds for a player (`land_waiting`): its best land in hand's
    worth, where none of its own properties is free for it."""
    if any(s["top"] is None and not s["invested"] for s in player["tableau"]):
        return 0.0
    lands = [c for c in player["hand"] if view["catalogue"][c]["kind"] == "land"]
    return max((worth.permit_worth(view, c) for c in lands), default=0.0)


MAGIC_KINDS = ("lab", "golem", "decree")
NEVER_PLACED = ("golem", "decree", "joker", "other")
"""Cards the rules never place (view.py's catalogue: neither a property, a land nor a lab)."""


def card_worth(view: View, card: str) -> float:
    """A card's worth to its buyer: a permit's yield, or a magic card's rough worth."""
    if view["catalogue"][card]["kind"] in MAGIC_KINDS:
        return magic.magic_worth(view, card)
    return worth.permit_worth(view, card)


def deck_worth(view: View) -> float:
    """The top card's worth to this bot, by `card_worth`: the same for every view of a match with
    the same cards left, figures (appraisal.Figures) and cost of the living, so reckoned once."""
    cost = view["counters"]["cost_of_living"]
    key = ("deck_worth", tuple(view["deck_contents"]), worth.figures(view), cost)
    kept = (*worth.KEPT, *MAGIC_KINDS)
    return worth.sums(view).cards.keep(key, lambda: worth.draw_worth(view, card_worth, kept))


_months: ByIdentity[tuple[Any, int]] = ByIdentity(limit=256)
"""By the counters' identity (a view's are shared while they stay the same): the tax season and
the turns of the wheel to it."""


def months_to_taxes(view: View) -> int:
    """appraisal.months_to_taxes, reckoned once for the same counters (they change a few times
    an orbit, and every turn asks)."""
    counters, spring = view["counters"], view["rules"]["tax_season"]
    found = _months.find(counters)
    if found is None or found[0] != spring:
        found = _months.keep(counters, (spring, worth.months_to_taxes(view)))
    return found[1]


def _can_pay(me: Mapping[str, Any], owed: int) -> bool:
    """Whether a player owing `owed` (`debt`) pays it all now: the rules refuse a payment of
    nothing, or of more than the gold in hand (bankruptcy.py `_why_pay`)."""
    return 0 < owed <= int(me["gold"])


def debt(view: View, seat: int) -> int:
    """All a player owes: unpaid taxes, with magic the maintenance owed to the central bank, with
    finance the debts to other players."""
    magic_part = view.get("magic")
    owed_bank = int(magic_part["bank_debt"][seat]) if magic_part else 0
    return int(view["players"][seat]["debt"]) + owed_bank + finance_owes(view, seat)
