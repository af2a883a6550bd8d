"""Merlin's fixed action catalogue: every index names one action, whatever the state or modules.

Each action type has a run of consecutive indices, one per *key*: a tuple of the type's fields
made discrete. Cards are named by their deck id (the deck holds one copy of each card, so a card
also names its owner), seats absolutely (0-5), commodities by their place in the match's list
(slot 0-3), magic cards by kind, and things with changing ids (orders, contracts, quotes) by what
they are about. Amounts and prices take a few documented levels, resolved against what the legal
space allows at the time (`levels.py`). `docs/rl.md` lists the runs and what they cannot express.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import product
from typing import Any

from tradingfloor.games.merlin.magic import content as magic_content

Key = tuple[Any, ...]

SEATS = tuple(range(6))
COMMODITY_SLOTS = tuple(range(4))
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10)
"""The ranks of the permits (7s inflate and Aces give windfalls: neither is ever placed)."""
SUITS = ("C", "D", "S", "H")
RANK_CODES = ("A", *(str(n) for n in range(2, 11)), "J", "Q", "K")
CARDS = (*(f"{rank}{suit}" for suit in SUITS for rank in RANK_CODES), "X1", "X2")
PROPERTIES = tuple(f"{n}C" for n in NUMBERS)
LANDS = tuple(f"{n}D" for n in NUMBERS)
LABS = tuple(f"{n}{suit}" for suit in "SH" for n in NUMBERS)
PERMITS = (*PROPERTIES, *LANDS, *LABS)
STACK_BASES = (*PROPERTIES, *LABS)
"""The cards a stack lies on: properties and labs are placed alone, lands go on properties."""
GOLEMS = tuple(f"{rank}{suit}" for rank in "JQ" for suit in SUITS)
KINGS = tuple(f"K{suit}" for suit in SUITS)

_MAGIC = magic_content.load(None)
SPELLS = tuple(_MAGIC.spells)
POTIONS = tuple(_MAGIC.potions)
REGULATIONS = tuple(_MAGIC.regulations)
READINGS = tuple(_MAGIC.readings)
PROPOSALS = (
    "none",
    *(f"add:{name}" for name in REGULATIONS),
    *(f"change:{name}:{way}" for name in REGULATIONS for way in ("up", "down")),
    *(f"delete:{name}" for name in REGULATIONS),
)
VOTE_CHOICES = ("yes", "no", *PROPOSALS)
VOTE_CALLS = ("jokers_in", "jokers_out", "volatility_up", "volatility_down")
ITEMS = ("future", "bond", "share", "note", "spell", "recipe", "crown")
SECURITIES = ("bond", "share", "note")
ITEM_CLASSES: tuple[tuple[Any, Any], ...] = (
    *(("future", slot) for slot in COMMODITY_SLOTS),
    *((kind, seat) for kind in SECURITIES for seat in SEATS),
    *(("spell", name) for name in SPELLS),
    *(("recipe", name) for name in POTIONS),
    ("crown", ""),
)
"""An item on a custom table: a future's commodity, a security's issuer, a card's kind, a crown."""
WANTED_CLASSES: tuple[tuple[Any, Any], ...] = (
    *((kind, None) for kind in ITEMS),
    *(c for c in ITEM_CLASSES if c[0] != "crown"),
)
"""What a bid on a custom table names: any item of a kind (None), or a class of `ITEM_CLASSES`."""

FRACTIONS = (0.0, 0.125, 0.25, 0.5, 0.75, 1.0)
"""Gold amounts: these fractions of the way from the least to the most the space allows."""
FEW_FRACTIONS = (0.0, 0.5, 1.0)
OFFER_FRACTIONS = (0.25, 0.5, 1.0)
PRICE_STEPS = (0.5, 1.0, 1.5, 2.0, 3.0, 5.0)
"""Prices on the Grand Market: these multiples of the cost of the living (at least 1 gold)."""
FEW_PRICE_STEPS = (0.5, 1.0, 2.0, 4.0)
"""Prices on custom tables and forward prices (per bushel): multiples of the cost of living."""
AHEAD = (1, 3, 6, 12)
"""A future's expiry: this many portions of the season wheel from now."""
TRADE_DIRECTIONS = ("sell", "buy")
TRADE_STEPS = (0.5, 1.0, 2.0)
"""A trade's gold per unit (per crown: 3 x this): multiples of the cost of the living."""
TRADE_UNITS = (1, 3)
INSURED: tuple[tuple[str, Any], ...] = (
    *(("numbers", s) for s in ((2, 12), (3, 11), (4, 10), (5, 9), (6, 8), (2, 3, 5))),
    ("seven", ()),
    ("spell_on_buyer", ()),
    ("golem_damage_on_buyer", ()),
    *(("land_blocked", slot) for slot in COMMODITY_SLOTS),
)
"""What an insurance quote pays on: a set of numbers, an event, a commodity's blocked land."""
INSURED_ROLLS = (1, 4)
PAYOUT_STEPS = (2.0, 6.0)
PREMIUM_SHARES = (1 / 6, 1 / 3)
"""An insurance premium: this share of its payout (at least 1 gold)."""
LOAN_STEPS = (2.0, 5.0, 10.0)
"""A loan's principal: multiples of the cost of the living (within the Chauffeur's store)."""
LOAN_MARKUPS = (1.25, 1.5)
LOAN_ORBITS = (1, 3)
BOND_COUNTS, BOND_FACE_STEPS, BOND_ORBITS, BOND_DISCOUNTS = (1, 5), (2.0, 5.0), (2, 5), (0.8, 1.0)
STOCK_COUNTS, STOCK_PRICE_STEPS = (1, 5, 10), (2.0, 5.0, 10.0)
NOTE_COUNTS, NOTE_PRICES = (1, 5, 10), (1, 2)
QUOTE_SLOTS = tuple(range(4))
"""One's own insurance quotes, by their order on the table (oldest first)."""
TABLE_SLOTS = tuple(range(8))
"""The insurance quotes on the table, by their order (oldest first)."""
SHOP_FEES = (None, 0, 1, 2, 3, 5, 10)
"""A Spell Shop's fee for others (None: closed to them)."""
CREDITORS = tuple(range(-2, 6))
"""Whom a debt is owed: -2 the central bank, -1 the R.O.W., else a seat."""
TARGETS: tuple[Key, ...] = (
    *(("seat", seat) for seat in SEATS),
    *(("card", card) for card in PERMITS),
    ("none",),
    ("other",),
)
"""A spell's target: a player, a permit card (its owner implied), nothing, or another card."""
STEPS = (-1, 0, 1)


@dataclass(frozen=True)
class Family:
    """One action type's run of the catalogue: its module, its keys in order, and their words."""

    type: str
    module: str
    keys: tuple[Key, ...]
    words: Callable[[Key], str]
    graded: bool = False
    """True where keys hold levels resolved against the space's ranges, False where each key
    is found among the listed legal actions."""


def _keys(*axes: Iterable[Any]) -> tuple[Key, ...]:
    return tuple(product(*axes))


def _one(type_: str, module: str, words: str) -> Family:
    return Family(type_, module, ((),), lambda key: words)


def _share(fraction: float) -> str:
    return f"{fraction:.1%} of the way from the least to the most allowed"


def _price(step: float) -> str:
    return f"{step:g} x the cost of the living"


def _target(target: Key) -> str:
    if target[0] == "seat":
        return f"player {target[1]}"
    if target[0] == "card":
        return f"card {target[1]}"
    return "no target" if target[0] == "none" else "another card (the first listed)"


def _economy() -> list[Family]:
    amounts = [
        Family(kind, "economy", _keys(PROPERTIES, FRACTIONS), words, True)
        for kind, words in (
            ("invest", lambda k: f"invest in {k[0]}, {_share(k[1])}"),
            ("store", lambda k: f"store in the Chauffeur on {k[0]}, {_share(k[1])}"),
            ("take_back", lambda k: f"take back from the Chauffeur on {k[0]}, {_share(k[1])}"),
        )
    ]
    orders = [
        Family(kind, "economy", _keys(COMMODITY_SLOTS, FEW_FRACTIONS), words, True)
        for kind, words in (
            ("raise_bid", lambda k: f"raise own bid on commodity {k[0]}, {_share(k[1])}"),
            ("lower_bid", lambda k: f"lower own bid on commodity {k[0]}, {_share(k[1])}"),
        )
    ]
    market = [
        Family(kind, "economy", _keys(COMMODITY_SLOTS, PRICE_STEPS), words, True)
        for kind, words in (
            ("bid", lambda k: f"bid for commodity {k[0]} at {_price(k[1])}"),
            ("ask", lambda k: f"ask for commodity {k[0]} at {_price(k[1])}"),
        )
    ]
    by_commodity = [
        Family(kind, "economy", _keys(COMMODITY_SLOTS), words)
        for kind, words in (
            ("exit_bid", lambda k: f"exit own bid on commodity {k[0]}"),
            ("withdraw_ask", lambda k: f"withdraw own ask on commodity {k[0]}"),
            ("sell_to", lambda k: f"sell commodity {k[0]} into the best bid"),
            ("buy_from", lambda k: f"buy commodity {k[0]} from the cheapest ask"),
        )
    ]
    return [
        Family(
            "turn_bid", "economy", _keys(FRACTIONS), lambda k: f"turn bid, {_share(k[0])}", True
        ),
        Family(
            "rank_bid",
            "economy",
            _keys(FRACTIONS),
            lambda k: f"rank bid, equal stacks, {_share(k[0])}",
            True,
        ),
        Family("tax_vote", "economy", _keys(("up", "down", "keep")), lambda k: f"tax vote {k[0]}"),
        Family(
            "place",
            "economy",
            (*_keys(PERMITS, (None,)), *_keys((*PROPERTIES, *LANDS), PROPERTIES)),
            lambda k: f"place {k[0]} on {k[1]}" if k[1] else f"place {k[0]} alone",
        ),
        *amounts,
        Family("liquidate", "economy", _keys(PROPERTIES), lambda k: f"liquidate {k[0]}"),
        Family(
            "offer_sale",
            "economy",
            _keys(PROPERTIES, SEATS, OFFER_FRACTIONS),
            lambda k: f"offer {k[0]} to player {k[1]}, price {_share(k[2])}",
            True,
        ),
        _one("accept", "economy", "accept the offer"),
        _one("decline", "economy", "decline the offer"),
        *market,
        *orders,
        *by_commodity,
        _one("buy_permit", "economy", "buy a permit"),
        _one("pay_debt", "economy", "pay the whole debt"),
        _one("end_turn", "economy", "end the turn"),
    ]


def _magic() -> list[Family]:
    return [
        Family("fund_lab", "magic", _keys(LABS), lambda k: f"fund the lab {k[0]}"),
        Family(
            "cast_spell",
            "magic",
            _keys(SPELLS, TARGETS, (False, True)),
            lambda k: f"cast {k[0]} at {_target(k[1])}" + (", credit its lab" if k[2] else ""),
        ),
        Family("brew", "magic", _keys(POTIONS), lambda k: f"brew {k[0]}"),
        Family(
            "set_potion",
            "magic",
            _keys(POTIONS, (None, *STACK_BASES)),
            lambda k: f"set {k[0]} " + (f"under {k[1]}" if k[1] else "before oneself"),
        ),
        Family(
            "found_shop",
            "magic",
            _keys(LABS, PROPERTIES),
            lambda k: f"found a shop: lab {k[0]} on {k[1]}",
        ),
        Family(
            "sell_spell",
            "magic",
            _keys(SPELLS, PROPERTIES),
            lambda k: f"sell {k[0]} through the Spell Shop on {k[1]}",
        ),
        Family(
            "open_shop",
            "magic",
            _keys(PROPERTIES, SHOP_FEES),
            lambda k: f"Spell Shop on {k[0]}: " + ("closed" if k[1] is None else f"fee {k[1]}"),
        ),
        _one("sell_mead", "magic", "sell Mead"),
        Family(
            "play_golem",
            "magic",
            _keys(GOLEMS, STACK_BASES),
            lambda k: f"play golem {k[0]} on {k[1]}",
        ),
        Family(
            "ally",
            "magic",
            _keys(SEATS, (True, False)),
            lambda k: f"{'ally with' if k[1] else 'end the alliance with'} player {k[0]}",
        ),
        Family(
            "play_decree",
            "magic",
            _keys(KINGS, STEPS, STEPS, STEPS),
            lambda k: f"decree {k[0]}: cost of living {k[1]:+d}, research {k[2]:+d}, tax {k[3]:+d}",
        ),
        Family(
            "reclaim", "magic", _keys(PROPERTIES), lambda k: f"reclaim the investment on {k[0]}"
        ),
        Family("propose", "magic", _keys(PROPOSALS), lambda k: f"propose {k[0]}"),
        Family("magic_vote", "magic", _keys(VOTE_CHOICES), lambda k: f"vote {k[0]}"),
        _one("use_crown", "magic", "use a crown"),
        _one("monarchy", "magic", "declare a monarchy"),
        Family("call_vote", "magic", _keys(VOTE_CALLS), lambda k: f"call a vote: {k[0]}"),
    ]


def _finance_deals() -> list[Family]:
    """Debts, trades between players, property auctions and the turn-order extras."""
    trades = (
        *_keys(TRADE_DIRECTIONS, SEATS, COMMODITY_SLOTS, TRADE_UNITS, TRADE_STEPS),
        *_keys(TRADE_DIRECTIONS, SEATS, ("crown",), (1,), TRADE_STEPS),
    )
    return [
        Family(
            "repay",
            "finance",
            _keys(CREDITORS, FEW_FRACTIONS),
            lambda k: f"repay creditor {k[0]}, {_share(k[1])}",
            True,
        ),
        Family("propose_trade", "finance", trades, _trade_words, True),
        Family(
            "auction_property",
            "finance",
            _keys(PROPERTIES, ("blind", "open"), FEW_FRACTIONS),
            lambda k: f"auction {k[0]} ({k[1]}), start {_share(k[2])}",
            True,
        ),
        Family(
            "seal_bid", "finance", _keys(FRACTIONS), lambda k: f"seal a bid, {_share(k[0])}", True
        ),
        Family(
            "offer_for_place",
            "finance",
            _keys(FRACTIONS),
            lambda k: f"offer for the tied place, {_share(k[0])}",
            True,
        ),
        _one("bid_again", "finance", "bid again for the tied place"),
        Family(
            "bid_for_place",
            "finance",
            _keys(FRACTIONS),
            lambda k: f"bid for the place sold, {_share(k[0])}",
            True,
        ),
    ]


def _finance_markets() -> list[Family]:
    """Futures and the custom bid/ask tables."""
    return [
        Family(
            "write_future",
            "finance",
            _keys(COMMODITY_SLOTS, FEW_PRICE_STEPS, AHEAD),
            lambda k: (
                f"write a future on commodity {k[0]} at {_price(k[1])} a unit, "
                f"expiring {k[2]} portions ahead"
            ),
            True,
        ),
        *(
            Family(kind, "finance", _keys(COMMODITY_SLOTS), words)
            for kind, words in (
                ("take_future", lambda k: f"take the cheapest open future on commodity {k[0]}"),
                ("deliver", lambda k: f"deliver on own expired future on commodity {k[0]}"),
                ("offset", lambda k: f"offset own expired future on commodity {k[0]}"),
                ("cash_settle", lambda k: f"cash-settle own expired future on commodity {k[0]}"),
            )
        ),
        Family(
            "list_item",
            "finance",
            tuple((*c, step) for c, step in product(ITEM_CLASSES, FEW_PRICE_STEPS)),
            lambda k: f"list {_item(k[:2])} at {_price(k[2])}",
            True,
        ),
        Family("delist", "finance", _keys(ITEMS), lambda k: f"delist own oldest {k[0]} ask"),
        Family(
            "buy_listing",
            "finance",
            ITEM_CLASSES,
            lambda k: f"buy the cheapest ask for {_item(k)}",
        ),
        Family(
            "want",
            "finance",
            tuple((*c, step) for c, step in product(WANTED_CLASSES, FEW_PRICE_STEPS)),
            lambda k: f"bid for {_item(k[:2])} at {_price(k[2])}",
            True,
        ),
        Family("drop_wanted", "finance", _keys(ITEMS), lambda k: f"drop own oldest {k[0]} bid"),
        Family(
            "fill_wanted",
            "finance",
            _keys(ITEMS),
            lambda k: f"fill the best-paying bid for a {k[0]}",
        ),
    ]


def _finance_instruments() -> list[Family]:
    """Insurance, loans and securities: the Chauffeur owners' instruments."""
    insurance = _keys(range(len(INSURED)), INSURED_ROLLS, PAYOUT_STEPS, PREMIUM_SHARES)
    loans = _keys(SEATS, LOAN_STEPS, LOAN_MARKUPS, LOAN_ORBITS)
    bonds = _keys(BOND_COUNTS, BOND_FACE_STEPS, BOND_ORBITS, BOND_DISCOUNTS)
    return [
        Family("write_insurance", "finance", insurance, _insurance_words, True),
        Family(
            "reprice",
            "finance",
            _keys(QUOTE_SLOTS, FEW_PRICE_STEPS),
            lambda k: f"reprice own quote {k[0]} to {_price(k[1])}",
            True,
        ),
        Family(
            "withdraw_quote", "finance", _keys(QUOTE_SLOTS), lambda k: f"withdraw own quote {k[0]}"
        ),
        Family(
            "buy_insurance",
            "finance",
            _keys(TABLE_SLOTS),
            lambda k: f"buy insurance quote {k[0]} on the table",
        ),
        Family(
            "offer_loan",
            "finance",
            loans,
            lambda k: f"lend player {k[0]} {_price(k[1])}, repay x{k[2]:g}, in {k[3]} orbits",
            True,
        ),
        Family(
            "issue_bonds",
            "finance",
            bonds,
            lambda k: (
                f"issue {k[0]} bonds, face {_price(k[1])}, {k[2]} orbits, "
                f"priced at {k[3]:.0%} of face"
            ),
            True,
        ),
        Family(
            "issue_stock",
            "finance",
            _keys(STOCK_COUNTS, STOCK_PRICE_STEPS),
            lambda k: f"issue {k[0]} shares at {_price(k[1])}",
            True,
        ),
        Family(
            "issue_notes",
            "finance",
            _keys(NOTE_COUNTS, NOTE_PRICES),
            lambda k: f"issue {k[0]} notes at {k[1]} gold",
            True,
        ),
        Family("redeem_note", "finance", _keys(SEATS), lambda k: f"redeem a note of player {k[0]}"),
    ]


def _item(item_class: Key) -> str:
    kind, ref = item_class
    if ref is None or ref == "":
        return f"any {kind}"
    if kind == "future":
        return f"a future on commodity {ref}"
    if kind in SECURITIES:
        return f"a {kind} of player {ref}"
    return f"a {ref} {kind}"


def _trade_words(key: Key) -> str:
    direction, to, what, units, step = key
    goods = "a crown" if what == "crown" else f"{units} of commodity {what}"
    verb = "sell" if direction == "sell" else "buy"
    return f"offer player {to} to {verb} {goods} at {_price(step)} a unit"


def _insurance_words(key: Key) -> str:
    insured, rolls, payout, share = key
    event, detail = INSURED[insured]
    what = f"numbers {detail}" if event == "numbers" else event
    if event == "land_blocked":
        what = f"blocked land of commodity {detail}"
    return (
        f"write insurance on {what} for {rolls} rolls, payout {_price(payout)}, "
        f"premium {share:.0%} of it"
    )


FAMILIES: tuple[Family, ...] = (
    *_economy(),
    *_magic(),
    *_finance_deals(),
    *_finance_markets(),
    *_finance_instruments(),
)
"""Every action type, in catalogue order."""
FAMILY: dict[str, Family] = {family.type: family for family in FAMILIES}
OFFSETS: dict[str, int] = {}
_at = 0
for _family in FAMILIES:
    OFFSETS[_family.type] = _at
    _at += len(_family.keys)
SIZE = _at
"""How many actions the catalogue holds."""
INDEX: dict[tuple[str, Key], int] = {
    (family.type, key): OFFSETS[family.type] + i
    for family in FAMILIES
    for i, key in enumerate(family.keys)
}
ENTRIES: tuple[tuple[str, Key], ...] = tuple(INDEX)
"""The (action type, key) of each index."""


def entry_words(index: int) -> str:
    """What catalogue entry `index` does, in words."""
    type_, key = ENTRIES[index]
    return FAMILY[type_].words(key)
