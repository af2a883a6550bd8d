"""Merlin's observation: a seat's view as named, scaled numbers (most in [-1, 1]).

Counts are divided by a typical most; gold and prices, which have no ceiling, are squashed as
x / (|x| + s), s a typical size, so that they stay in (-1, 1) and keep their order. Categories are
one-hot. Seats are absolute (0-5), with the seat's own marked; cards by their deck id; a module
that is off leaves its entries 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from tradingfloor.rl.merlin.catalogue import (
    CARDS,
    COMMODITY_SLOTS,
    GOLEMS,
    ITEMS,
    LABS,
    POTIONS,
    READINGS,
    REGULATIONS,
    SEATS,
    SECURITIES,
    SPELLS,
    STACK_BASES,
    TABLE_SLOTS,
)
from tradingfloor.rl.merlin.context import kind_of

STEPS = (
    "auction_blind",
    "auction_rank",
    "auction_barter",
    "auction_sale",
    "vote",
    "offer",
    "turn",
    "buying",
    "ballot",
    "regulation_proposal",
    "finance_offer",
    "property_auction",
    "other",
)
SEASONS = ("summer", "autumn", "winter", "spring")
BALLOTS = (
    "propose",
    "regulate",
    "reshuffle",
    "jokers_in",
    "jokers_out",
    "volatility_up",
    "volatility_down",
)
OFFERS = ("trade", "loan", "place")
EVENTS = ("numbers", "seven", "spell_on_buyer", "golem_damage_on_buyer", "land_blocked")
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
BASE_INDEX = {card: i for i, card in enumerate(STACK_BASES)}
LAB_INDEX = {card: i for i, card in enumerate(LABS)}
GOLEM_INDEX = {card: i for i, card in enumerate(GOLEMS)}
ITEM_INDEX = {item: i for i, item in enumerate(ITEMS)}


def squash(x: float, size: float) -> float:
    """x / (|x| + size): gold of any amount in (-1, 1), `size` giving one half."""
    return x / (abs(x) + size)


def _squash_counts(counts: np.ndarray, size: float) -> None:
    """Counts (not negative) squashed in place: n / (n + size)."""
    counts /= counts + size


def _one_hot(names: Sequence[str], label: str) -> list[str]:
    return [f"{label} is {name}" for name in names]


GAME = [
    *_one_hot(STEPS, "step"),
    *(f"I am player {s}" for s in SEATS),
    "players / 6",
    *(f"my place in the turn order is {p + 1}" for p in range(6)),
    "I am to act now",
    "players to act now / 6",
    "orbit / most orbits",
    "orbit, squashed (size 10)",
    "turn, squashed (size 50)",
    "the game is over",
]
COUNTERS = [
    *_one_hot(SEASONS, "season"),
    "portion of the wheel / portions",
    "year, squashed (size 5)",
    "cost of the living, squashed (size 5)",
    "research cost, squashed (size 5)",
    "tax rate, squashed (size 3)",
    "climate, squashed (size 5)",
    "volatility, squashed (size 3)",
    "central bank gold, squashed (size 50)",
    "R.O.W. gold, squashed (size 20)",
    "pot, squashed (size 10)",
    "cards in the deck / 54",
    "die 1 / 6 (0 before a roll)",
    "die 2 / 6 (0 before a roll)",
    "offers left this turn, squashed (size 2)",
]
PLAYER = [
    "is seated",
    "is me",
    "is out",
    "is bankrupt",
    "gold, squashed (size 20)",
    "unpaid tax debt, squashed (size 10)",
    "permits in hand, squashed (size 5)",
    "permits bought this turn, squashed (size 2)",
    "stacks on the table, squashed (size 5)",
    *(f"commodity {slot} units, squashed (size 5)" for slot in COMMODITY_SLOTS),
    "score, squashed (size 50)",
    "spells in hand, squashed (size 3)",
    "recipes in hand, squashed (size 3)",
    "potions in hand, squashed (size 3)",
    "crowns / monarchy crowns (at most 1)",
    "debt to the central bank (magic), squashed (size 10)",
    "owes other players and banks (finance), squashed (size 20)",
    "is owed (finance), squashed (size 20)",
    "place in the turn order / 6 (0 if none)",
]
CARD = [
    "in the deck",
    "in my hand",
    "in my hand, bought this turn",
    "in another player's hand",
    *(f"on the table, player {s}'s" for s in SEATS),
]
STACK = [
    "investment, squashed (size 10)",
    "Chauffeur store, squashed (size 10)",
    "has a card on top",
    "is a Spell Shop",
    "is a Brewery",
    "Spell Shop fee / 10 (-0.1 closed)",
    "damaged",
    "hit points, squashed (size 2)",
    "attacking golems, squashed (size 1)",
    "defending golems, squashed (size 1)",
    "entrenched",
    "ruined",
    "yield held by an attacker",
]
LAB = ["research grant, squashed (size 5)", "credits / 3", "successful"]
GOLEM = ["in play", "attacks", "defends", "hit points, squashed (size 1)", "on my stack"]
MARKET = [
    "is in play",
    "spot price, squashed (size 5)",
    "last sold price, squashed (size 5)",
    "best bid, squashed (size 5)",
    "best ask, squashed (size 5)",
    "bids, squashed (size 3)",
    "asks, squashed (size 3)",
    "my bids, squashed (size 3)",
    "my asks, squashed (size 3)",
    "my escrows, squashed (size 3)",
]
MAGIC_HAND = [
    *(f"my spells: {name}, squashed (size 1)" for name in SPELLS),
    *(f"my recipes: {name}, squashed (size 1)" for name in POTIONS),
    *(f"my potions: {name}, squashed (size 1)" for name in POTIONS),
]
MAGIC_TABLE = [
    "magic is on",
    "maintenance, squashed (size 3)",
    "Jokers are in the deck",
    "magic volatility, squashed (size 3)",
    "spell deck / 20",
    "recipe deck / 16",
    "reading deck / 20",
    *(f"regulation {name} is active" for name in REGULATIONS),
    *(f"regulation {name} figure, squashed (size 3)" for name in REGULATIONS),
    *(f"readings on the field: {name}, squashed (size 1)" for name in READINGS),
    "effects in force, squashed (size 3)",
    *(f"potions set by player {s}, squashed (size 2)" for s in SEATS),
    *(f"player {a} lets player {b}'s golems guard" for a in SEATS for b in SEATS),
    *(f"player {a} has cast a spell at player {b}" for a in SEATS for b in SEATS),
    "a ballot is under way",
    *_one_hot(BALLOTS, "ballot"),
    "I vote in the ballot",
    "I have sealed my choice",
    "sealed choices / 6",
]
FUTURES = [
    "futures open to take, squashed (size 3)",
    "cheapest open forward price, squashed (size 10)",
    "my shorts, squashed (size 3)",
    "my longs, squashed (size 3)",
    "my expired shorts to settle, squashed (size 3)",
]
QUOTE = [
    "is on the table",
    "is mine",
    "payout, squashed (size 10)",
    "premium, squashed (size 10)",
    "rolls covered, squashed (size 4)",
    *_one_hot(EVENTS, "pays on"),
]
TABLE = [
    "asks, squashed (size 3)",
    "cheapest ask, squashed (size 10)",
    "my asks, squashed (size 3)",
]
WANTED = ["bids, squashed (size 3)", "best bid, squashed (size 10)", "my bids, squashed (size 3)"]
FINANCE = [
    "finance is on",
    "my insurance policies, squashed (size 3)",
    "insurance covering me, payouts squashed (size 20)",
    "loans I made, repayments squashed (size 20)",
    "loans I owe, repayments squashed (size 20)",
    *(f"player {s} {kind}s issued, squashed (size 5)" for s in SEATS for kind in SECURITIES),
    *(f"{kind}s I hold, squashed (size 5)" for kind in SECURITIES),
    "an offer is open",
    "the offer is to me",
    "the offer is mine",
    *_one_hot(OFFERS, "offer kind"),
    "offer gives gold, squashed (size 20)",
    "offer gets gold, squashed (size 20)",
    "a property auction is under way",
    "the auction is open bidding",
    "auctioned property value, squashed (size 5)",
    "starting bid, squashed (size 10)",
    "highest bid, squashed (size 10)",
    "I lead the auction",
    "I may bid",
    "the property is mine",
]
ECONOMY_OFFERS = [
    "a property sale is offered",
    "the sale is offered to me",
    "the sale is mine",
    "sale price, squashed (size 20)",
    "turn-order auction under way",
    "the turn-order auction is blind",
    "turn-order auction places / 6",
    "turn-order pot, squashed (size 10)",
    "tax vote under way",
    "I have voted on the tax",
]


def _names() -> list[str]:
    names = [f"game: {n}" for n in GAME]
    names += [f"counters: {n}" for n in COUNTERS]
    names += [f"player {s}: {n}" for s in SEATS for n in PLAYER]
    names += [f"card {c}: {n}" for c in CARDS for n in CARD]
    names += [f"stack on {c}: {n}" for c in STACK_BASES for n in STACK]
    names += [f"lab {c}: {n}" for c in LABS for n in LAB]
    names += [f"golem {c}: {n}" for c in GOLEMS for n in GOLEM]
    names += [f"market, commodity {k}: {n}" for k in COMMODITY_SLOTS for n in MARKET]
    names += [f"magic: {n}" for n in MAGIC_HAND + MAGIC_TABLE]
    names += [f"futures, commodity {k}: {n}" for k in COMMODITY_SLOTS for n in FUTURES]
    names += [f"insurance quote {q}: {n}" for q in TABLE_SLOTS for n in QUOTE]
    names += [f"custom asks, {item}: {n}" for item in ITEMS for n in TABLE]
    names += [f"custom bids, {item}: {n}" for item in ITEMS for n in WANTED]
    names += [f"finance: {n}" for n in FINANCE]
    names += [f"economy: {n}" for n in ECONOMY_OFFERS]
    return names


FEATURE_NAMES = tuple(_names())
FEATURES = len(FEATURE_NAMES)


class _Writer:
    """Consecutive parts of the observation vector, taken in the names' order."""

    def __init__(self) -> None:
        self.out: np.ndarray = np.zeros(FEATURES, dtype=np.float32)
        self.at = 0

    def take(self, rows: int, columns: int = 1) -> np.ndarray:
        part = self.out[self.at : self.at + rows * columns]
        self.at += rows * columns
        return part.reshape(rows, columns) if columns > 1 else part


def observe(view: Mapping[str, Any]) -> np.ndarray:
    """The seat's view as `FEATURES` float32 numbers, in `FEATURE_NAMES`' order."""
    me = view.get("seat")
    parts = _Writer()
    for write in _SECTIONS:
        write(parts, view, me)
    return parts.out


def _game(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(GAME))
    step = view.get("step")
    part[STEPS.index(step) if step in STEPS else len(STEPS) - 1] = 1
    base = len(STEPS)
    if me is not None and 0 <= me < 6:
        part[base + me] = 1
    part[base + 6] = len(view["players"]) / 6
    order = list(view.get("order") or ())
    if me in order and order.index(me) < 6:
        part[base + 7 + order.index(me)] = 1
    actors = view.get("actors") or ()
    part[base + 13] = me in actors
    part[base + 14] = len(actors) / 6
    orbit, most = view["orbit"], max(1, view["max_orbits"])
    part[base + 15] = min(orbit / most, 1.0)
    part[base + 16] = squash(orbit, 10)
    part[base + 17] = squash(view["turn"], 50)
    part[base + 18] = view["phase"] == "over"


def _counters(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(COUNTERS))
    counters = view["counters"]
    if counters["season"] in SEASONS:
        part[SEASONS.index(counters["season"])] = 1
    dice = view.get("dice") or (0, 0)
    part[4:] = [
        counters["portion"] / max(1, counters["portions"]),
        squash(counters["year"], 5),
        squash(counters["cost_of_living"], 5),
        squash(counters["research_cost"], 5),
        squash(counters["tax_rate"], 3),
        squash(counters["climate"], 5),
        squash(counters["volatility"], 3),
        squash(view["bank"], 50),
        squash(view["row"], 20),
        squash(view["pot"], 10),
        view["deck"] / 54,
        dice[0] / 6,
        dice[1] / 6,
        squash(view.get("offers_left", 0), 2),
    ]


def _players(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(6, len(PLAYER))
    magic, finance = view.get("magic"), view.get("finance")
    names = list(view["commodities"])[: len(COMMODITY_SLOTS)]
    order = list(view.get("order") or ())
    monarchy = max(1, magic["monarchy_crowns"]) if magic else 1
    for player in view["players"][:6]:
        s = player["seat"]
        hands = magic["hands"][s] if magic else {}
        owed = finance["owed"][s] if finance else {}
        goods = [squash(player["goods"].get(name, 0), 5) for name in names]
        goods += [0.0] * (len(COMMODITY_SLOTS) - len(goods))
        rows[s] = [
            1,
            s == me,
            player["out"],
            player["bankrupt"],
            squash(player["gold"], 20),
            squash(player["debt"], 10),
            squash(len(player["hand"]), 5),
            squash(len(player["fresh"]), 2),
            squash(len(player["tableau"]), 5),
            *goods,
            squash(player["score"], 50),
            squash(hands.get("spells", 0), 3),
            squash(hands.get("recipes", 0), 3),
            squash(hands.get("potions", 0), 3),
            min(magic["crowns"][s] / monarchy, 1.0) if magic else 0,
            squash(magic["bank_debt"][s], 10) if magic else 0,
            squash(owed.get("owes", 0), 20),
            squash(owed.get("is_owed", 0), 20),
            (order.index(s) + 1) / 6 if s in order else 0,
        ]


def _cards(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(CARDS), len(CARD))
    for card in view.get("deck_contents") or ():
        if card in CARD_INDEX:
            rows[CARD_INDEX[card], 0] = 1
    for player in view["players"]:
        s = player["seat"]
        fresh = set(player["fresh"])
        for card in player["hand"]:
            if card in CARD_INDEX:
                column = (2 if card in fresh else 1) if s == me else 3
                rows[CARD_INDEX[card], column] = 1
        for stack in player["tableau"]:
            for card in (stack["card"], stack["top"]):
                if card in CARD_INDEX and s < 6:
                    rows[CARD_INDEX[card], 4 + s] = 1


def _stacks(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(STACK_BASES), len(STACK))
    for player in view["players"]:
        for stack in player["tableau"]:
            i = BASE_INDEX.get(stack["card"])
            if i is not None:
                rows[i, 0:3] = [
                    squash(stack["invested"], 10),
                    squash(stack["stored"], 10),
                    stack["top"] is not None,
                ]
    magic = view.get("magic")
    if not magic:
        return
    for shop in magic["shops"]:
        i = BASE_INDEX.get(shop["on"])
        if i is not None:
            fee = shop["open_fee"]
            rows[i, 3:6] = [
                shop["kind"] == "spell_shop",
                shop["kind"] == "brewery",
                -0.1 if fee is None else min(fee / 10, 1.0),
            ]
    for stack in magic["stacks"]:
        i = BASE_INDEX.get(stack["on"])
        if i is not None:
            rows[i, 6:13] = [
                stack["damaged"],
                squash(stack["hp"], 2),
                squash(stack["attackers"], 1),
                squash(stack["defenders"], 1),
                stack["entrenched"],
                stack["ruined"],
                stack["held_by"] is not None,
            ]


def _labs(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(LABS), len(LAB))
    magic = view.get("magic")
    for lab in magic["labs"] if magic else ():
        i = LAB_INDEX.get(lab["card"])
        if i is not None:
            rows[i] = [squash(lab["grant"], 5), lab["credits"] / 3, lab["successful"]]


def _golems(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(GOLEMS), len(GOLEM))
    magic = view.get("magic")
    for golem in magic["golems"] if magic else ():
        i = GOLEM_INDEX.get(golem["card"])
        if i is not None:
            rows[i] = [
                1,
                golem["role"] == "attack",
                golem["role"] == "defend",
                squash(golem["hp"], 1),
                golem["seat"] == me,
            ]


def _market(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(COMMODITY_SLOTS), len(MARKET))
    for slot, name in enumerate(list(view["commodities"])[: len(COMMODITY_SLOTS)]):
        book = view["market"][name]
        bids, asks = book["bids"], book["asks"]
        rows[slot] = [
            1,
            squash(book["spot"] or 0, 5),
            squash(book["last_sold"] or 0, 5),
            squash(max((b["price"] for b in bids), default=0), 5),
            squash(min((a["price"] for a in asks), default=0), 5),
            squash(len(bids), 3),
            squash(len(asks), 3),
            squash(sum(b["owner"] == me for b in bids), 3),
            squash(sum(a["owner"] == me for a in asks), 3),
            squash(sum(e.get("owner") == me for e in book["escrow"]), 3),
        ]


def _magic_hand(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(MAGIC_HAND))
    magic = view.get("magic")
    if not magic or me is None:
        return
    hand = magic["hands"][me]
    groups = (
        (hand.get("spells_held", ()), SPELLS, 0),
        (hand.get("recipes_held", ()), POTIONS, len(SPELLS)),
        (hand.get("potions_held", ()), POTIONS, len(SPELLS) + len(POTIONS)),
    )
    for held, names, offset in groups:
        for card in held:
            name = kind_of(card["card"])
            if name in names:
                part[offset + names.index(name)] += 1
    _squash_counts(part, 1)


def _magic_table(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(MAGIC_TABLE))
    magic = view.get("magic")
    if not magic:
        return
    decks = magic["decks"]
    part[0:7] = [
        1,
        squash(magic["maintenance"], 3),
        magic["jokers_in"],
        squash(magic["volatility"], 3),
        decks["spells"] / 20,
        decks["recipes"] / 16,
        decks["readings"] / 20,
    ]
    at = 7
    n = len(REGULATIONS)
    for rule in magic["regulations"]:
        if rule["name"] in REGULATIONS:
            i = REGULATIONS.index(rule["name"])
            part[at + i] = 1
            part[at + n + i] = squash(rule["value"] or 0, 3)
    at += 2 * n
    for reading in magic["field"]:
        if reading["name"] in READINGS:
            part[at + READINGS.index(reading["name"])] += 1
    _squash_counts(part[at : at + len(READINGS)], 1)
    at += len(READINGS)
    part[at] = squash(len(magic["effects"]), 3)
    at += 1
    for potion in magic["set_potions"]:
        if 0 <= potion["owner"] < 6:
            part[at + potion["owner"]] += 1
    _squash_counts(part[at : at + 6], 2)
    at += 6
    for pairs in (magic["allies"], magic["targeted"]):
        for a, b in pairs:
            if 0 <= a < 6 and 0 <= b < 6:
                part[at + 6 * a + b] = 1
        at += 36
    _ballot(part[at:], magic.get("ballot"), me)


def _ballot(part: np.ndarray, ballot: Mapping[str, Any] | None, me: int | None) -> None:
    if not ballot:
        return
    part[0] = 1
    if ballot["kind"] in BALLOTS:
        part[1 + BALLOTS.index(ballot["kind"])] = 1
    at = 1 + len(BALLOTS)
    part[at : at + 3] = [
        me in ballot["voters"],
        me in ballot["sealed"],
        len(ballot["sealed"]) / 6,
    ]


def _futures(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(COMMODITY_SLOTS), len(FUTURES))
    finance = view.get("finance")
    if not finance:
        return
    slots = {name: slot for slot, name in enumerate(view["commodities"])}
    for future in finance["futures"]:
        slot = slots.get(future["commodity"])
        if slot is None or slot >= len(COMMODITY_SLOTS):
            continue
        row = rows[slot]
        if future["long"] is None and not future["expired"]:
            row[0] += 1
            cheapest = squash(future["price"], 10)
            row[1] = cheapest if row[1] == 0 else min(row[1], cheapest)
        row[2] += future["short"] == me
        row[3] += future["long"] == me
        row[4] += future["short"] == me and future["expired"]
    for column in (0, 2, 3, 4):
        _squash_counts(rows[:, column], 3)


def _quotes(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
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


def _tables(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    asks = parts.take(len(ITEMS), len(TABLE))
    bids = parts.take(len(ITEMS), len(WANTED))
    finance = view.get("finance")
    if not finance:
        return
    for rows, records, who, better in (
        (asks, finance["listings"], "seller", min),
        (bids, finance["wanted"], "buyer", max),
    ):
        for record in records:
            i = ITEM_INDEX.get(record["item"])
            if i is None:
                continue
            price = squash(record["price"], 10)
            rows[i, 1] = price if rows[i, 0] == 0 else better(rows[i, 1], price)
            rows[i, 0] += 1
            rows[i, 2] += record[who] == me
        for column in (0, 2):
            _squash_counts(rows[:, column], 3)


def _finance(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
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
    for issue in finance["securities"]:
        if issue["kind"] in kinds and 0 <= issue["issuer"] < 6:
            k = kinds.index(issue["kind"])
            part[5 + 3 * issue["issuer"] + k] += issue["count"]
            held = sum(h["count"] for h in issue["holders"] if h["holder"] == me)
            held += issue["unsold"] if issue["issuer"] == me else 0
            part[23 + k] += held
    _squash_counts(part[5:26], 5)
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


def _economy(parts: _Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(ECONOMY_OFFERS))
    offer = view.get("offer")
    if offer:
        part[0:4] = [
            1,
            offer.get("buyer") == me,
            offer.get("seller") == me,
            squash(offer.get("price") or 0, 20),
        ]
    auction = view.get("auction")
    if auction:
        contest = auction.get("contest") or {}
        part[4:8] = [
            1,
            contest.get("kind") == "blind",
            len(contest.get("seats", ())) / 6,
            squash(auction.get("pot") or 0, 10),
        ]
    vote = view.get("vote")
    if vote:
        sealed = vote.get("sealed") or ()
        part[8:10] = [1, me is not None and me < len(sealed) and bool(sealed[me])]


_SECTIONS: tuple[Callable[[_Writer, Mapping[str, Any], int | None], None], ...] = (
    _game,
    _counters,
    _players,
    _cards,
    _stacks,
    _labs,
    _golems,
    _market,
    _magic_hand,
    _magic_table,
    _futures,
    _quotes,
    _tables,
    _finance,
    _economy,
)
