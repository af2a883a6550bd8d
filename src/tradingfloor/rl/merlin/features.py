"""The names of Merlin's observation entries, in order: each says what it holds and its scale."""

from __future__ import annotations

from collections.abc import Sequence

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
