"""The custom tables' asks, and both tables' clean-up (MERLIN-MODULES.md §3.6; Bid/Ask Table).

Bid/Ask Table: "The usual three are the different commodities; however, any player can use them to
create their own markets for spells, potions, contracts, or their own product as in a stock in that
player's profits." On their turn a player asks a price for one item they hold (`list_item`): a
future's long position, a bond, share or note, a spell or potion recipe from their hand, a crown
(the items are items.py); covered bids for an item of a kind are bids.py. Another player buys an
ask (`buy_listing`): the item moves, the price goes to the seller. There are no trade busts and no
road roll (a market execution, MERLIN-MODULES.md §3.2).

An ask stays covered by its item, which stays with the seller until sold; an ask whose item has
gone (the future settled or expired, the card cast, the crown spent, the player out) is taken off
the table after the move that took it, and a bid whose issuer or buyer is out is returned; a player
leaving closes both their tables (the clean-up of asks and bids together lives here, as bids.py
cannot import this file).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import BuyListing, Delist, ListItem
from tradingfloor.games.merlin.finance.bids import most_price, remove_wanted, why_full
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.items import (
    CARDS,
    SECURITIES,
    hand_name,
    holdings,
    holds_items,
    item_words,
    move_item,
    ref_number,
    why_not_held,
    why_own_short,
)
from tradingfloor.games.merlin.finance.state import Finance, ItemKind, Listing, Security
from tradingfloor.games.merlin.finance.table import finance_of, new_id, with_finance
from tradingfloor.games.merlin.ledger import add_gold, to_bank
from tradingfloor.games.merlin.magic.state import Magic
from tradingfloor.games.merlin.magic.table import magic_of
from tradingfloor.games.merlin.memo import ByIdentity
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Module,
    Picker,
    event,
)
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, seat


def find_listing(state: MerlinState, listing_id: int) -> Listing | None:
    return next((x for x in finance_of(state).listings if x.id == listing_id), None)


def _listed(state: MerlinState, who: int, item: str, ref: str) -> Listing | None:
    """`who`'s ask on this item, if any (crowns: an ask for each crown held may be open)."""
    asks = _ASKS_BY_ITEM.get(finance_of(state).listings, _asks_by_item)
    mine = asks.get((who, item, ref), [])
    if item == "crown":
        return mine[0] if len(mine) >= magic_of(state).crowns[who] else None
    return mine[0] if mine else None


_ASKS_BY_ITEM: ByIdentity[dict[tuple[int, str, str], list[Listing]]] = ByIdentity()
"""The asks on the custom tables by seller, kind and item, in table order, made once per table
(a menu asks of each item a player holds whether it is listed). Read, never changed."""


def _asks_by_item(listings: tuple[Listing, ...]) -> dict[tuple[int, str, str], list[Listing]]:
    found: dict[tuple[int, str, str], list[Listing]] = {}
    for listing in listings:
        found.setdefault((listing.seller, listing.item, listing.ref), []).append(listing)
    return found


def _listable(state: MerlinState, who: int) -> list[tuple[ItemKind, str]]:
    # (most often a player holds no item: asked first, without listing them)
    if not holds_items(state, who) or why_full(state, who):
        return []
    return [(k, r) for k, r in holdings(state, who) if _listed(state, who, k, r) is None]


def _why_list(state: MerlinState, me: int, action: ListItem) -> str | None:
    problem = why_not_held(state, me, action.item, action.ref)
    if problem:
        return problem
    full = why_full(state, me)
    if full:
        return full
    if action.price > most_price(state):
        return f"an ask on a custom table may name at most {gold(most_price(state))}"
    listed = _listed(state, me, action.item, action.ref)
    if listed is not None:
        what = item_words(state, action.item, action.ref)
        return (
            f"{what} is on your ask table already (ask {listed.id}); take that ask off first to "
            "change its price"
        )
    return None


def _lists(state: MerlinState, me: int) -> list[Action]:
    prices = range(1, most_price(state) + 1)
    return [
        drawn(ListItem, item=k, ref=r, price=p) for k, r in _listable(state, me) for p in prices
    ]


def _list_fields(state: MerlinState, me: int) -> Fields:
    listable = _listable(state, me)
    if not listable:
        return {}
    return {
        "item": list(dict.fromkeys(k for k, _ in listable)),
        "ref": list(dict.fromkeys(r for _, r in listable)),
        "price": range(1, most_price(state) + 1),
    }


def _list_size(state: MerlinState, me: int) -> int:
    return len(_listable(state, me)) * most_price(state)


def _pick_list(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    listable = _listable(state, me)
    if not listable:
        return None
    # (rng.choice's and rng.randint's draws, as `below` makes them)
    item, ref = listable[below(len(listable), rng)]
    return drawn(ListItem, item=item, ref=ref, price=1 + below(most_price(state), rng))


def add_listing(
    state: MerlinState, seller: int, item: ItemKind, ref: str, price: int, log: Log
) -> MerlinState:
    """An ask for one item on `seller`'s custom table (checked already)."""
    listing_id, state = new_id(state)
    listing = Listing(listing_id, seller, item, ref, price)
    state = with_finance(state, listings=(*finance_of(state).listings, listing))
    log.append(
        event(
            "item_listed",
            seat=seller,
            id=listing_id,
            item=item,
            what=item_words(state, item, ref),
            price=price,
        )
    )
    return state


def list_security(state: MerlinState, security: Security, price: int, log: Log) -> MerlinState:
    """An issuer's new unit (a bond, share or note) on their ask table at `price` (for
    securities.py: "bond units go to the issuer's ask table"); no limit on open asks applies."""
    return add_listing(state, security.holder, security.kind, str(security.id), price, log)


def _apply_list(state: MerlinState, me: int, action: ListItem, log: Log) -> MerlinState:
    return add_listing(state, me, action.item, action.ref, action.price, log)


def _why_delist(state: MerlinState, me: int, action: Delist) -> str | None:
    listing = find_listing(state, action.listing)
    if listing is None or listing.seller != me:
        return f"you have no ask number {action.listing} on the custom tables"
    return None


def _delists(state: MerlinState, me: int) -> list[Action]:
    return [drawn(Delist, listing=x.id) for x in finance_of(state).listings if x.seller == me]


def _drop_listing(state: MerlinState, listing: Listing) -> MerlinState:
    listings = finance_of(state).listings
    return with_finance(state, listings=tuple(x for x in listings if x.id != listing.id))


def _apply_delist(state: MerlinState, me: int, action: Delist, log: Log) -> MerlinState:
    listing = find_listing(state, action.listing)
    assert listing is not None
    what = item_words(state, listing.item, listing.ref)
    log.append(event("item_delisted", seat=me, id=listing.id, what=what))
    return _drop_listing(state, listing)


def _why_buy(state: MerlinState, me: int, action: BuyListing) -> str | None:
    listing = find_listing(state, action.listing)
    if listing is None:
        return f"there is no ask number {action.listing} on the custom tables"
    return _why_not_buy(state, me, listing)


def _why_not_buy(state: MerlinState, me: int, listing: Listing) -> str | None:
    """Why `me` may not buy this ask on the custom tables."""
    if listing.seller == me:
        return f"ask {listing.id} is your own; take it off the table instead"
    if why_not_held(state, listing.seller, listing.item, listing.ref):
        what = item_words(state, listing.item, listing.ref)
        return f"{seat(listing.seller)} no longer holds {what}"
    problem = why_own_short(state, me, listing.item, listing.ref)
    if problem:
        return problem
    if state.core.gold[me] < listing.price:
        return (
            f"ask {listing.id} costs {gold(listing.price)} and you hold {gold(state.core.gold[me])}"
        )
    return None


def _buys(state: MerlinState, me: int) -> list[Action]:
    # (an ask is checked before its move is made: most are refused, often for want of gold)
    purse = state.core.gold[me]
    return [
        drawn(BuyListing, listing=x.id)
        for x in finance_of(state).listings
        if x.seller != me and x.price <= purse and _why_not_buy(state, me, x) is None
    ]


def _apply_buy(state: MerlinState, me: int, action: BuyListing, log: Log) -> MerlinState:
    # Bid/Ask Table: a market of the players' own; the item moves, the price to the seller.
    listing = find_listing(state, action.listing)
    assert listing is not None
    what = item_words(state, listing.item, listing.ref)
    state = receive(add_gold(state, me, -listing.price), listing.seller, listing.price)
    state = move_item(state, listing.item, listing.ref, listing.seller, me)
    state = _drop_listing(state, listing)
    log.append(
        event(
            "listing_bought",
            seat=me,
            seller=listing.seller,
            id=listing.id,
            item=listing.item,
            what=what,
            price=listing.price,
        )
    )
    return state


# --- hooks ----------------------------------------------------------------------------------------


def tidy(state: MerlinState, log: Log) -> MerlinState:
    """The `after_action` hook: an ask whose item has gone (the future settled, expired or void,
    the card cast or stolen, the crown spent, the security gone, the seller out) comes off its
    table; a bid for the securities of an issuer who is out, or of a buyer out, is returned."""
    finance = state.finance
    # (typed: the state's `finance` is Any, whose every field read would go by name)
    if not isinstance(finance, Finance) or (not finance.listings and not finance.wanted):
        return state
    if _tidied_already(state, finance):
        return state
    before = state
    out = state.core.out
    for listing in finance.listings:
        if not out[listing.seller] and _still_listed(state, listing):
            continue
        state = _drop_listing(state, listing)
        log.append(
            event(
                "listing_dropped",
                seat=listing.seller,
                id=listing.id,
                what=item_words(state, listing.item, listing.ref),
            )
        )
    for wanted in finance.wanted:
        issuer = ref_number(wanted.ref) if wanted.item in SECURITIES else None
        if not out[wanted.buyer] and (issuer is None or not out[issuer]):
            continue
        state = remove_wanted(state, wanted)
        if out[wanted.buyer]:
            state = to_bank(state, wanted.price)  # the gold of a player out goes to the bank
        else:
            state = add_gold(state, wanted.buyer, wanted.price)
        log.append(event("wanted_returned", seat=wanted.buyer, id=wanted.id, price=wanted.price))
    if state is before:
        _TIDIED[0] = _tidy_reads(state, finance)
    return state


_TIDIED: Final[list[tuple[object, ...]]] = [()]
"""The parts of the table that the last `tidy` read and found in order (`_tidy_reads`), replaced
whole: most actions leave every one of them be (the same objects), so nothing can have come off
since."""


def _tidy_reads(state: MerlinState, finance: Finance) -> tuple[object, ...]:
    """Every part of the table that `tidy` reads (parts are immutable: one an action left alone
    is the very same object); None in the hands' places where magic is off."""
    magic = state.magic
    spells: object = None
    recipes: object = None
    crowns: object = None
    if isinstance(magic, Magic):
        spells, recipes, crowns = magic.spells, magic.recipes, magic.crowns
    out = state.core.out
    return (
        finance.listings,
        finance.wanted,
        finance.futures,
        finance.securities,
        out,
        spells,
        recipes,
        crowns,
    )


def _tidied_already(state: MerlinState, finance: Finance) -> bool:
    """Whether every part that `tidy` reads is the very object that the last `tidy` found in
    order: `_tidy_reads` compared place by place, without making its tuple (most actions)."""
    kept = _TIDIED[0]
    if len(kept) != 8:
        return False  # (nothing kept yet)
    listings, wanted, futures, securities, out, spells, recipes, crowns = kept
    if (
        finance.listings is not listings
        or finance.wanted is not wanted
        or finance.futures is not futures
        or finance.securities is not securities
        or state.core.out is not out
    ):
        return False
    magic = state.magic
    if not isinstance(magic, Magic):
        return spells is None and recipes is None and crowns is None
    return magic.spells is spells and magic.recipes is recipes and magic.crowns is crowns


def _still_listed(state: MerlinState, listing: Listing) -> bool:
    if why_not_held(state, listing.seller, listing.item, listing.ref):
        return False
    if listing.item != "crown":
        return True
    crowns = [
        x for x in finance_of(state).listings if (x.seller, x.item) == (listing.seller, "crown")
    ]
    return crowns.index(listing) < magic_of(state).crowns[listing.seller]


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """A player leaving: their asks come off the tables and the gold of their bids comes back to
    their hand (from where it pays their creditors, then goes to the central bank)."""
    finance = finance_of(state)
    mine = [w for w in finance.wanted if w.buyer == who]
    back = sum(w.price for w in mine)
    listings = tuple(x for x in finance.listings if x.seller != who)
    state = with_finance(
        state, listings=listings, wanted=tuple(w for w in finance.wanted if w.buyer != who)
    )
    state = add_gold(state, who, back)
    if back or len(listings) < len(finance.listings):
        log.append(event("tables_closed", seat=who, returned=back))
    return tidy(state, log)


def keep_listed(state: MerlinState, me: int, rng: random.Random) -> MerlinState:
    """The `redetermine` hook, after magic's: a spell or recipe on another player's ask table is
    known to be in their hand, so it is dealt back there (swapped with an unlisted card of that
    hand), whatever the redrawn hands hold."""
    if state.finance is None or state.magic is None:
        return state
    from tradingfloor.games.merlin.magic.table import hand_of

    for listing in finance_of(state).listings:
        if listing.item not in CARDS or listing.seller == me:
            continue
        hand = [h.card for h in hand_of(state, hand_name(listing.item), listing.seller)]
        if listing.ref in hand:
            continue
        listed = {x.ref for x in finance_of(state).listings if x.seller == listing.seller}
        offer = finance_of(state).offer  # a card offered in a trade stays put too (trades.py)
        if offer is not None and offer.kind == "trade" and offer.author == listing.seller:
            listed.update((*offer.give.spells, *offer.give.recipes))
        spare = [c for c in hand if c not in listed]
        if spare:
            state = _swap_cards(state, listing.ref, rng.choice(spare))
    return state


def _swap_cards(state: MerlinState, a: str, b: str) -> MerlinState:
    """Two custom cards change places wherever they lie (decks, hands, set potions)."""
    from tradingfloor.games.merlin.magic.table import magic_of, with_magic

    def swap(card: str) -> str:
        return b if card == a else a if card == b else card

    magic = magic_of(state)
    hands = {
        name: tuple(
            tuple(replace(h, card=swap(h.card)) for h in hand) for hand in getattr(magic, name)
        )
        for name in ("spells", "recipes", "potions")
    }
    decks = {
        name: tuple(swap(c) for c in getattr(magic, name)) for name in ("spell_deck", "recipe_deck")
    }
    set_potions = tuple(
        replace(p, potion=replace(p.potion, card=swap(p.potion.card))) for p in magic.set_potions
    )
    return with_magic(state, **hands, **decks, set_potions=set_potions)


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickList(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_list(state, seat, rng)


class _DelistsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _delists(state, seat)


class _BuysListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _buys(state, seat)


RULES = (
    ActionRule("list_item", _why_list, _lists, _apply_list, _PickList(), _list_fields, _list_size),
    ActionRule("delist", _why_delist, _DelistsListed(), _apply_delist),
    ActionRule("buy_listing", _why_buy, _BuysListed(), _apply_buy),
)


PART = Module(
    name="finance.markets",
    actions={"turn": RULES},
    after_action=(tidy,),
    on_exit=(on_exit,),
    redetermine=(keep_listed,),
)


# --- words ----------------------------------------------------------------------------------------


def _label_list(state: MerlinState, me: int, a: ListItem) -> str:
    return f"Ask {gold(a.price)} for {item_words(state, a.item, a.ref)} on your custom table"


def _label_delist(state: MerlinState, me: int, a: Delist) -> str:
    listing = find_listing(state, a.listing)
    if listing is None:
        return f"Take your ask {a.listing} off the custom table"
    what = item_words(state, listing.item, listing.ref)
    return f"Take your ask of {gold(listing.price)} for {what} off the custom table"


def _label_buy(state: MerlinState, me: int, a: BuyListing) -> str:
    listing = find_listing(state, a.listing)
    if listing is None:
        return f"Buy ask {a.listing} on a custom table"
    what = item_words(state, listing.item, listing.ref)
    return f"Buy {what} from {seat(listing.seller)}'s ask for {gold(listing.price)}"


LABELS: dict[str, Any] = {
    "list_item": _label_list,
    "delist": _label_delist,
    "buy_listing": _label_buy,
}


FORM_TITLES = {
    "list_item": "Ask a price for an item you hold on your custom table",
    "delist": "Take one of your asks off the custom tables",
    "buy_listing": "Buy an item from an ask on a custom table",
}


FIELD_LABELS = {
    "item": "kind of item",
    "ref": "which",
    "listing": "ask",
}


NOTES = {
    "list_item": (
        "Which: a future's number for its long, a bond's, share's or note's number, a spell or "
        "recipe in your hand, or nothing for a crown. The item stays yours until it is bought."
    ),
}


def _listed_text(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} asks {gold(e['price'])} for {e['what']} (ask {e['id']})"


EVENTS: dict[str, Any] = {
    "item_listed": _listed_text,
    "item_delisted": lambda e: f"{seat(e['seat'])} took {e['what']} off their custom table",
    "listing_bought": lambda e: (
        f"{seat(e['seat'])} bought {e['what']} from {seat(e['seller'])} for {gold(e['price'])}"
    ),
    "listing_dropped": lambda e: (
        f"{seat(e['seat'])}'s ask for {e['what']} came off the table: the item is gone"
    ),
    "wanted_returned": lambda e: (
        f"{seat(e['seat'])}'s bid {e['id']} came off the table: what it asked for can no longer "
        f"be had ({gold(e['price'])} back)"
    ),
    "tables_closed": lambda e: (
        f"{seat(e['seat'])} leaves: their asks come off the custom tables and "
        f"{gold(e['returned'])} of their bids goes back to them"
    ),
}
