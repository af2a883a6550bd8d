"""Catalogue keys of listed legal actions: each action type's key of one action, with a rank.

Where several legal actions share a key (two bids on one commodity), the one of the lowest rank
is kept: the best price for the seat, else the oldest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tradingfloor.rl.merlin.catalogue import PERMITS, Key
from tradingfloor.rl.merlin.context import ViewDigest, kind_of

Ranked = tuple[Key, float] | None
Lister = Callable[[Any, ViewDigest], Ranked]


def _plain(action: Any, digest: ViewDigest) -> Ranked:
    return (), 0.0


def _field(name: str) -> Lister:
    def key(action: Any, digest: ViewDigest) -> Ranked:
        return (getattr(action, name),), 0.0

    return key


def _fields(*names: str) -> Lister:
    def key(action: Any, digest: ViewDigest) -> Ranked:
        return tuple(getattr(action, name) for name in names), 0.0

    return key


def _order(best: int) -> Lister:
    """An order's commodity slot; `best` 1 ranks the highest price first, -1 the lowest, 0 the
    oldest."""

    def key(action: Any, digest: ViewDigest) -> Ranked:
        found = digest.orders.get(action.order)
        if found is None:
            return None
        slot, price = found
        return (slot,), (-best * price if best else action.order)

    return key


def _cast(action: Any, digest: ViewDigest) -> Ranked:
    if action.card is None:
        target: Key = ("none",) if action.seat is None else ("seat", action.seat)
    else:
        target = ("card", action.card) if action.card in PERMITS else ("other",)
    return (kind_of(action.spell), target, action.credit), 0.0


def _future(best: int) -> Lister:
    def key(action: Any, digest: ViewDigest) -> Ranked:
        slot = digest.future_slot(action.future)
        if slot is None:
            return None
        price = digest.futures[action.future]["price"]
        return (slot,), (best * price if best else action.future)

    return key


def _delist(action: Any, digest: ViewDigest) -> Ranked:
    listing = digest.listings.get(action.listing)
    return None if listing is None else ((listing["item"],), action.listing)


def _buy_listing(action: Any, digest: ViewDigest) -> Ranked:
    listing = digest.listings.get(action.listing)
    if listing is None:
        return None
    found = digest.item_class(listing["item"], listing["ref"])
    return None if found is None else (found, listing["price"])


def _drop(action: Any, digest: ViewDigest) -> Ranked:
    wanted = digest.wanted.get(action.wanted)
    return None if wanted is None else ((wanted[0],), action.wanted)


def _fill(action: Any, digest: ViewDigest) -> Ranked:
    wanted = digest.wanted.get(action.wanted)
    return None if wanted is None else ((wanted[0],), -wanted[1])


def _own_quote(action: Any, digest: ViewDigest) -> Ranked:
    mine = digest.my_quotes
    return ((mine.index(action.quote),), 0.0) if action.quote in mine else None


def _table_quote(action: Any, digest: ViewDigest) -> Ranked:
    ids = [q["id"] for q in digest.quotes]
    return ((ids.index(action.quote),), 0.0) if action.quote in ids else None


LISTERS: dict[str, Lister] = {
    "tax_vote": _field("choice"),
    "place": _fields("card", "on"),
    "liquidate": _field("card"),
    "accept": _plain,
    "decline": _plain,
    "exit_bid": _order(0),
    "withdraw_ask": _order(0),
    "sell_to": _order(1),
    "buy_from": _order(-1),
    "buy_permit": _plain,
    "pay_debt": _plain,
    "end_turn": _plain,
    "fund_lab": _field("lab"),
    "cast_spell": _cast,
    "brew": lambda a, d: ((kind_of(a.recipe),), 0.0),
    "set_potion": lambda a, d: ((kind_of(a.potion), a.on), 0.0),
    "found_shop": _fields("lab", "on"),
    "sell_spell": lambda a, d: ((kind_of(a.spell), a.shop), 0.0),
    "open_shop": _fields("shop", "fee"),
    "sell_mead": _plain,
    "play_golem": _fields("card", "on"),
    "ally": _fields("seat", "allied"),
    "play_decree": _fields("card", "cost_of_living", "research_cost", "tax_rate"),
    "reclaim": _field("card"),
    "propose": _field("proposal"),
    "magic_vote": _field("choice"),
    "use_crown": _plain,
    "monarchy": _plain,
    "call_vote": _field("kind"),
    "bid_again": _plain,
    "take_future": _future(1),
    "deliver": _future(0),
    "offset": _future(0),
    "cash_settle": _future(0),
    "delist": _delist,
    "buy_listing": _buy_listing,
    "drop_wanted": _drop,
    "fill_wanted": _fill,
    "withdraw_quote": _own_quote,
    "buy_insurance": _table_quote,
    "redeem_note": _field("issuer"),
}
"""How each listed action type's actions find their catalogue key."""
