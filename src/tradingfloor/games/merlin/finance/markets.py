"""Custom bid/ask tables (MERLIN-MODULES.md §3.6; the draft's Bid/Ask Table): the asks and bids.

Bid/Ask Table: "The usual three are the different commodities; however, any player can use them to
create their own markets for spells, potions, contracts, or their own product as in a stock in that
player's profits." On their turn a player asks a price for one item they hold (`list_item`): a
future's long position, a bond, share or note, a spell or potion recipe from their hand, a crown
(the items are items.py); or opens a covered bid for one item of a kind (`want`), its gold lying
on the table as a Grand Market bid's does. Another player buys an ask (`buy_listing`) or sells into
a bid (`fill_wanted`): the item moves, the price goes to the seller. There are no trade busts and
no road roll (a market execution, MERLIN-MODULES.md §3.2).

An ask stays covered by its item, which stays with the seller until sold; an ask whose item has
gone (the future settled or expired, the card cast, the crown spent, the player out) is taken off
the table after the move that took it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.games.merlin.finance.actions import (
    BuyListing,
    Delist,
    DropWanted,
    FillWanted,
    ListItem,
    Want,
)
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.futures import find_future, when
from tradingfloor.games.merlin.finance.items import (
    CARDS,
    MAGIC_ITEMS,
    SECURITIES,
    card_title,
    find_security,
    future_ref,
    hand_name,
    holdings,
    item_words,
    kinds,
    move_item,
    no_magic,
    ref_number,
    why_not_held,
    why_own_short,
)
from tradingfloor.games.merlin.finance.state import ItemKind, Listing, Security, Wanted
from tradingfloor.games.merlin.finance.table import figures_of, finance_of, new_id, with_finance
from tradingfloor.games.merlin.ledger import add_gold, to_bank
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Log, Module, event, pick_in
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

# --- asks -----------------------------------------------------------------------------------------


def find_listing(state: MerlinState, listing_id: int) -> Listing | None:
    return next((x for x in finance_of(state).listings if x.id == listing_id), None)


def find_wanted(state: MerlinState, wanted_id: int) -> Wanted | None:
    return next((w for w in finance_of(state).wanted if w.id == wanted_id), None)


def _open_orders(state: MerlinState, who: int) -> int:
    finance = finance_of(state)
    return sum(x.seller == who for x in finance.listings) + sum(
        w.buyer == who for w in finance.wanted
    )


def _full(state: MerlinState, who: int) -> str | None:
    most = figures_of(state).markets.most_listings
    if _open_orders(state, who) >= most:
        return (
            f"you have {most} asks and bids open on the custom tables, the most allowed; take one "
            "off first"
        )
    return None


def _listed(state: MerlinState, who: int, item: str, ref: str) -> Listing | None:
    """`who`'s ask on this item, if any (crowns: an ask for each crown held may be open)."""
    mine = [x for x in finance_of(state).listings if (x.seller, x.item, x.ref) == (who, item, ref)]
    if item == "crown":
        from tradingfloor.games.merlin.magic.table import magic_of

        return mine[0] if len(mine) >= magic_of(state).crowns[who] else None
    return mine[0] if mine else None


def _listable(state: MerlinState, who: int) -> list[tuple[ItemKind, str]]:
    if _full(state, who):
        return []
    return [(k, r) for k, r in holdings(state, who) if _listed(state, who, k, r) is None]


def _most_price(state: MerlinState) -> int:
    return figures_of(state).markets.most_price


def _why_list(state: MerlinState, me: int, action: ListItem) -> str | None:
    problem = why_not_held(state, me, action.item, action.ref)
    if problem:
        return problem
    full = _full(state, me)
    if full:
        return full
    if action.price > _most_price(state):
        return f"an ask on a custom table may name at most {gold(_most_price(state))}"
    listed = _listed(state, me, action.item, action.ref)
    if listed is not None:
        what = item_words(state, action.item, action.ref)
        return (
            f"{what} is on your ask table already (ask {listed.id}); take that ask off first to "
            "change its price"
        )
    return None


def _lists(state: MerlinState, me: int) -> list[Action]:
    prices = range(1, _most_price(state) + 1)
    return [ListItem(item=k, ref=r, price=p) for k, r in _listable(state, me) for p in prices]


def _list_fields(state: MerlinState, me: int) -> Fields:
    listable = _listable(state, me)
    if not listable:
        return {}
    return {
        "item": list(dict.fromkeys(k for k, _ in listable)),
        "ref": list(dict.fromkeys(r for _, r in listable)),
        "price": range(1, _most_price(state) + 1),
    }


def _list_size(state: MerlinState, me: int) -> int:
    return len(_listable(state, me)) * _most_price(state)


def _pick_list(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    listable = _listable(state, me)
    if not listable:
        return None
    item, ref = rng.choice(listable)
    return ListItem(item=item, ref=ref, price=rng.randint(1, _most_price(state)))


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
    return [Delist(listing=x.id) for x in finance_of(state).listings if x.seller == me]


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
    actions = [BuyListing(listing=x.id) for x in finance_of(state).listings if x.seller != me]
    return [a for a in actions if _why_buy(state, me, a) is None]


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


# --- covered bids ---------------------------------------------------------------------------------


def _bid_refs(state: MerlinState, item: str) -> list[str]:
    """The refs a bid for this kind may name: "" (any), a commodity (or a commodity and an
    expiry on the field) for futures, an issuer for securities, a card's name for cards."""
    if item == "future":
        names = state.config.content.commodities
        expiries = dict.fromkeys(
            f"{names[f.commodity]}:{f.year}:{f.portion}"
            for f in finance_of(state).futures
            if not f.expired
        )
        return ["", *names, *expiries]
    if item in SECURITIES:
        return ["", *(str(s) for s in state.core.in_game())]
    if item in CARDS and state.magic is not None:
        from tradingfloor.games.merlin.magic.table import content_of

        content = content_of(state)
        return ["", *(content.spells if item == "spell" else content.potions)]
    return [""]


def _why_ref(state: MerlinState, item: str, ref: str) -> str | None:
    """Why a bid for this kind cannot name `ref`."""
    if item == "future":
        if future_ref(state, ref) is None:
            return (
                "name a commodity (essence_grain), a commodity and an expiry as year and portion "
                "(essence_grain:3:0), or nothing for any long position"
            )
        return None
    if item in SECURITIES:
        issuer = ref_number(ref)
        if ref and (issuer is None or issuer >= state.players or state.core.out[issuer]):
            return f"name the issuer of the {item} by seat, or nothing for any issuer"
        return None
    if ref and ref not in _bid_refs(state, item):
        return f"there is no {item} called {ref!r}; name one, or nothing for any"
    return None


def wanted_words(state: MerlinState, item: str, ref: str) -> str:
    """What a bid asks for: "a long on Essence Grain futures expiring at the start of summer,
    year 3", "a bond of {seat:2}", "any spell", "the spell Pickpocket", "a crown"."""
    if item == "future":
        parsed = future_ref(state, ref)
        if parsed is None or parsed[0] is None:
            return "any long position on a future"
        name = goods(state.config.content.commodities[parsed[0]])
        if parsed[1] is None:
            return f"a long on a future on {name}"
        return f"a long on a future on {name} expiring at {when(state, *parsed[1])}"
    if item in SECURITIES:
        return f"a {item} of {seat(int(ref))}" if ref else f"any {item}"
    if item in CARDS:
        word = "spell" if item == "spell" else "potion recipe"
        return f"the {word} {card_title(state, ref)}" if ref else f"any {word}"
    return "a crown"


def _why_want(state: MerlinState, me: int, action: Want) -> str | None:
    if action.item in MAGIC_ITEMS and state.magic is None:
        return no_magic(action.item)
    problem = _why_ref(state, action.item, action.ref)
    if problem:
        return problem
    full = _full(state, me)
    if full:
        return full
    if action.price > _most_price(state):
        return f"a bid on a custom table may name at most {gold(_most_price(state))}"
    if action.price > state.core.gold[me]:
        # The Grand Market: "All bids and asks must be covered, meaning the long has the money".
        return (
            f"a bid must be covered: you hold {gold(state.core.gold[me])}, not {gold(action.price)}"
        )
    return None


def _bid_limit(state: MerlinState, me: int) -> int:
    return 0 if _full(state, me) else min(state.core.gold[me], _most_price(state))


def _wants(state: MerlinState, me: int) -> list[Action]:
    prices = range(1, _bid_limit(state, me) + 1)
    return [
        Want(item=k, ref=r, price=p)
        for k in kinds(state)
        for r in _bid_refs(state, k)
        for p in prices
    ]


def _want_fields(state: MerlinState, me: int) -> Fields:
    limit = _bid_limit(state, me)
    if limit < 1:
        return {}
    refs = [r for k in kinds(state) for r in _bid_refs(state, k)]
    return {
        "item": list(kinds(state)),
        "ref": list(dict.fromkeys(refs)),
        "price": range(1, limit + 1),
    }


def _want_size(state: MerlinState, me: int) -> int:
    refs = sum(len(_bid_refs(state, k)) for k in kinds(state))
    return refs * _bid_limit(state, me)


def _pick_want(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    limit = _bid_limit(state, me)
    runs = [(k, len(_bid_refs(state, k)) * limit) for k in kinds(state)]
    picked = pick_in(rng, runs)
    if picked is None:
        return None
    item, offset = picked
    ref = _bid_refs(state, item)[offset // limit]
    return Want(item=item, ref=ref, price=offset % limit + 1)


def _apply_want(state: MerlinState, me: int, action: Want, log: Log) -> MerlinState:
    # Bid/Ask Table, with the Grand Market's cover: the bid's gold lies on the table.
    wanted_id, state = new_id(state)
    wanted = Wanted(wanted_id, me, action.item, action.ref, action.price)
    state = add_gold(state, me, -action.price)
    state = with_finance(state, wanted=(*finance_of(state).wanted, wanted))
    log.append(
        event(
            "item_wanted",
            seat=me,
            id=wanted_id,
            item=action.item,
            what=wanted_words(state, action.item, action.ref),
            price=action.price,
        )
    )
    return state


def _why_drop(state: MerlinState, me: int, action: DropWanted) -> str | None:
    wanted = find_wanted(state, action.wanted)
    if wanted is None or wanted.buyer != me:
        return f"you have no bid number {action.wanted} on the custom tables"
    return None


def _drops(state: MerlinState, me: int) -> list[Action]:
    return [DropWanted(wanted=w.id) for w in finance_of(state).wanted if w.buyer == me]


def _remove_wanted(state: MerlinState, wanted: Wanted) -> MerlinState:
    kept = tuple(w for w in finance_of(state).wanted if w.id != wanted.id)
    return with_finance(state, wanted=kept)


def _apply_drop(state: MerlinState, me: int, action: DropWanted, log: Log) -> MerlinState:
    wanted = find_wanted(state, action.wanted)
    assert wanted is not None
    state = add_gold(_remove_wanted(state, wanted), me, wanted.price)
    what = wanted_words(state, wanted.item, wanted.ref)
    log.append(event("wanted_dropped", seat=me, id=wanted.id, what=what, price=wanted.price))
    return state


def matches(state: MerlinState, wanted: Wanted, ref: str) -> bool:
    """Whether the item `ref` (of the bid's kind) is what the bid asks for."""
    if wanted.item == "future":
        number = ref_number(ref)
        future = find_future(state, number) if number is not None else None
        parsed = future_ref(state, wanted.ref)
        if future is None or parsed is None:
            return False
        commodity, expiry = parsed
        if commodity is not None and future.commodity != commodity:
            return False
        return expiry is None or (future.year, future.portion) == expiry
    if wanted.item in SECURITIES:
        security = find_security(state, ref)
        return security is not None and (not wanted.ref or str(security.issuer) == wanted.ref)
    if wanted.item in CARDS:
        return not wanted.ref or ref.rsplit(".", 1)[0] == wanted.ref
    return ref == ""


def _why_fill(state: MerlinState, me: int, action: FillWanted) -> str | None:
    wanted = find_wanted(state, action.wanted)
    if wanted is None:
        return f"there is no bid number {action.wanted} on the custom tables"
    if wanted.buyer == me:
        return f"bid {wanted.id} is your own; take it off the table instead"
    problem = why_not_held(state, me, wanted.item, action.ref)
    if problem:
        return problem
    if not matches(state, wanted, action.ref):
        return (
            f"bid {wanted.id} asks for {wanted_words(state, wanted.item, wanted.ref)}, not "
            f"{item_words(state, wanted.item, action.ref)}"
        )
    return why_own_short(state, wanted.buyer, wanted.item, action.ref)


def _fills(state: MerlinState, me: int) -> list[Action]:
    held = holdings(state, me)
    actions = [
        FillWanted(wanted=w.id, ref=r)
        for w in finance_of(state).wanted
        if w.buyer != me
        for k, r in held
        if k == w.item
    ]
    return [a for a in actions if _why_fill(state, me, a) is None]


def _apply_fill(state: MerlinState, me: int, action: FillWanted, log: Log) -> MerlinState:
    wanted = find_wanted(state, action.wanted)
    assert wanted is not None
    what = item_words(state, wanted.item, action.ref)
    state = move_item(state, wanted.item, action.ref, me, wanted.buyer)
    state = receive(_remove_wanted(state, wanted), me, wanted.price)
    log.append(
        event(
            "wanted_filled",
            seat=me,
            buyer=wanted.buyer,
            id=wanted.id,
            item=wanted.item,
            what=what,
            price=wanted.price,
        )
    )
    return state


# --- hooks ----------------------------------------------------------------------------------------


def table_gold(state: MerlinState) -> int:
    """The `table_gold` hook: the gold of the covered bids lying on the custom tables."""
    if state.finance is None:
        return 0
    return sum(w.price for w in finance_of(state).wanted)


def tidy(state: MerlinState, log: Log) -> MerlinState:
    """The `after_action` hook: an ask whose item has gone (the future settled, expired or void,
    the card cast or stolen, the crown spent, the security gone, the seller out) comes off its
    table; a bid for the securities of an issuer who is out, or of a buyer out, is returned."""
    if state.finance is None:
        return state
    finance = finance_of(state)
    if not finance.listings and not finance.wanted:
        return state
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
        state = _remove_wanted(state, wanted)
        if out[wanted.buyer]:
            state = to_bank(state, wanted.price)  # the gold of a player out goes to the bank
        else:
            state = add_gold(state, wanted.buyer, wanted.price)
        log.append(event("wanted_returned", seat=wanted.buyer, id=wanted.id, price=wanted.price))
    return state


def _still_listed(state: MerlinState, listing: Listing) -> bool:
    if why_not_held(state, listing.seller, listing.item, listing.ref):
        return False
    if listing.item != "crown":
        return True
    from tradingfloor.games.merlin.magic.table import magic_of

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


RULES = (
    ActionRule("list_item", _why_list, _lists, _apply_list, _pick_list, _list_fields, _list_size),
    ActionRule("delist", _why_delist, _delists, _apply_delist),
    ActionRule("buy_listing", _why_buy, _buys, _apply_buy),
    ActionRule("want", _why_want, _wants, _apply_want, _pick_want, _want_fields, _want_size),
    ActionRule("drop_wanted", _why_drop, _drops, _apply_drop),
    ActionRule("fill_wanted", _why_fill, _fills, _apply_fill),
)


PART = Module(
    name="finance.markets",
    actions={"turn": RULES},
    after_action=(tidy,),
    on_exit=(on_exit,),
    redetermine=(keep_listed,),
    table_gold=(table_gold,),
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


def _label_want(state: MerlinState, me: int, a: Want) -> str:
    what = wanted_words(state, a.item, a.ref)
    return f"Bid {gold(a.price)} for {what} on a custom table (your gold lies on the table)"


def _label_drop(state: MerlinState, me: int, a: DropWanted) -> str:
    wanted = find_wanted(state, a.wanted)
    if wanted is None:
        return f"Take your bid {a.wanted} off the custom table"
    what = wanted_words(state, wanted.item, wanted.ref)
    return f"Take your bid of {gold(wanted.price)} for {what} off the table; the gold comes back"


def _label_fill(state: MerlinState, me: int, a: FillWanted) -> str:
    wanted = find_wanted(state, a.wanted)
    if wanted is None:
        return f"Sell into bid {a.wanted} on a custom table"
    what = item_words(state, wanted.item, a.ref)
    return f"Sell {what} into {seat(wanted.buyer)}'s bid of {gold(wanted.price)}"


LABELS: dict[str, Any] = {
    "list_item": _label_list,
    "delist": _label_delist,
    "buy_listing": _label_buy,
    "want": _label_want,
    "drop_wanted": _label_drop,
    "fill_wanted": _label_fill,
}


FORM_TITLES = {
    "list_item": "Ask a price for an item you hold on your custom table",
    "delist": "Take one of your asks off the custom tables",
    "buy_listing": "Buy an item from an ask on a custom table",
    "want": "Bid for an item on a custom table (your gold lies on the table)",
    "drop_wanted": "Take one of your bids off the custom tables",
    "fill_wanted": "Sell an item you hold into a bid on a custom table",
}


FIELD_LABELS = {
    "item": "kind of item",
    "ref": "which",
    "listing": "ask",
    "wanted": "bid",
}


NOTES = {
    "list_item": (
        "Which: a future's number for its long, a bond's, share's or note's number, a spell or "
        "recipe in your hand, or nothing for a crown. The item stays yours until it is bought."
    ),
    "want": (
        "Which: for a future, its commodity (and expiry); for a bond, share or note, its "
        "issuer; for a spell or recipe, its title; or any of the kind."
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
    "item_wanted": lambda e: (
        f"{seat(e['seat'])} bids {gold(e['price'])} for {e['what']} (bid {e['id']})"
    ),
    "wanted_dropped": lambda e: (
        f"{seat(e['seat'])} took their bid of {gold(e['price'])} for {e['what']} off the table"
    ),
    "wanted_filled": lambda e: (
        f"{seat(e['seat'])} sold {e['what']} to {seat(e['buyer'])} for {gold(e['price'])}"
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
