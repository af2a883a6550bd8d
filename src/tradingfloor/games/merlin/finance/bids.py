"""Covered bids on the custom tables (MERLIN-MODULES.md §3.6; the draft's Bid/Ask Table).

Bid/Ask Table: "any player can use them to create their own markets for spells, potions,
contracts, or their own product as in a stock in that player's profits." On their turn a player
opens a covered bid for one item of a kind (`want`), its gold lying on the table as a Grand Market
bid's does (The Grand Market: "All bids and asks must be covered, meaning the long has the
money"); they take it off (`drop_wanted`), the gold coming back; another player sells into it
(`fill_wanted`): the item moves, the price goes to the seller. The gold of the open bids is this
part's `table_gold`. The bound on asks and bids open together is here too; the asks, and the
clean-up of both tables, are markets.py.
"""

from __future__ import annotations

import random
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import DropWanted, FillWanted, Want
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.futures import find_future, when
from tradingfloor.games.merlin.finance.items import (
    CARDS,
    MAGIC_ITEMS,
    SECURITIES,
    card_title,
    find_security,
    future_ref,
    holdings,
    holds_items,
    item_words,
    kinds,
    move_item,
    no_magic,
    ref_number,
    why_not_held,
    why_own_short,
)
from tradingfloor.games.merlin.finance.state import Future, Wanted
from tradingfloor.games.merlin.finance.table import figures_of, finance_of, new_id, with_finance
from tradingfloor.games.merlin.ledger import add_gold
from tradingfloor.games.merlin.memo import ByIdentity, ByNumber, same_objects
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Module,
    Picker,
    event,
    pick_in,
)
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

# --- the bound on open asks and bids --------------------------------------------------------------


def find_wanted(state: MerlinState, wanted_id: int) -> Wanted | None:
    return next((w for w in finance_of(state).wanted if w.id == wanted_id), None)


def open_orders(state: MerlinState, who: int) -> int:
    """How many asks and bids `who` has open on the custom tables."""
    # (the tables hold a few orders, at most `most_listings` a player: a count in one loop costs
    # less than a count kept per table and looked up)
    finance = finance_of(state)
    count = 0
    for listing in finance.listings:
        if listing.seller == who:
            count += 1
    for wanted in finance.wanted:
        if wanted.buyer == who:
            count += 1
    return count


def why_full(state: MerlinState, who: int) -> str | None:
    """Why `who` may open no more asks or bids (the bound on both together), or None."""
    most = figures_of(state).markets.most_listings
    if open_orders(state, who) >= most:
        return (
            f"you have {most} asks and bids open on the custom tables, the most allowed; take one "
            "off first"
        )
    return None


def most_price(state: MerlinState) -> int:
    """The most gold an ask or a bid on a custom table may name."""
    return figures_of(state).markets.most_price


# --- covered bids ---------------------------------------------------------------------------------


def _bid_refs(state: MerlinState, item: str) -> list[str]:
    """The refs a bid for this kind may name: "" (any), a commodity (or a commodity and an
    expiry on the field) for futures, an issuer for securities, a card's name for cards."""
    if item == "future":
        futures = finance_of(state).futures
        if not futures:
            return ["", *state.config.content.commodities]
        kept = _FUTURE_REFS.get(futures, lambda _: (state.config, _future_refs(state)))
        # The futures name commodities by index: the refs are the kept ones only in their match.
        return kept[1] if kept[0] is state.config else _future_refs(state)
    if item in SECURITIES:
        return ["", *(str(s) for s in state.core.in_game())]
    if item in CARDS and state.magic is not None:
        from tradingfloor.games.merlin.magic.table import content_of

        content = content_of(state)
        return ["", *(content.spells if item == "spell" else content.potions)]
    return [""]


_FUTURE_REFS: ByIdentity[tuple[object, list[str]]] = ByIdentity()
"""The refs a bid for a future may name, with the match's configuration they were made in, kept
per futures on the field (a match's own tuple: most moves leave it be). Read, never changed."""


def _future_refs(state: MerlinState) -> list[str]:
    """Any (""), a commodity, or a commodity and the expiry of a future on the field."""
    names = state.config.content.commodities
    return ["", *names, *(_expiry_ref(names, *e) for e in _expiries_held(state))]


Expiry = tuple[int, int, int]
"""A future's commodity (an index), year and portion."""

_EXPIRIES: Final[ByIdentity[tuple[Expiry, ...]]] = ByIdentity()
"""The expiries of the futures on the field, kept per futures (most moves leave them be)."""


def _expiries_held(state: MerlinState) -> tuple[Expiry, ...]:
    """The (commodity, year, portion) of each unexpired future on the field, each once, in the
    order of the futures: the refs past the commodities that a bid for a future may name."""
    futures = finance_of(state).futures
    found = _EXPIRIES.find(futures)  # (then kept: a function passed as an object is looked up)
    return found if found is not None else _EXPIRIES.keep(futures, _expiries_of(futures))


def _expiries_of(futures: tuple[Future, ...]) -> tuple[Expiry, ...]:
    # (commodity names are distinct and have no ":" (bounds.py: Name), so the refs worded from
    # these are distinct where these are: they are deduplicated as `_future_refs` words them)
    return tuple(dict.fromkeys((f.commodity, f.year, f.portion) for f in futures if not f.expired))


def _expiry_ref(names: tuple[str, ...], commodity: int, year: int, portion: int) -> str:
    """The ref that names a commodity and an expiry ("essence_grain:3:0")."""
    return f"{names[commodity]}:{year}:{portion}"


_REFS: list[tuple[tuple[object, ...], dict[str, list[str]]]] = [((), {})]
"""The parts of the table the last `_refs_by_kind` read, and what it made (replaced whole)."""
_STEADY_REFS: list[tuple[tuple[object, ...], dict[str, list[str]]]] = [((), {})]
"""The same for the kinds besides futures, which read only the match and who is out."""


def _refs_by_kind(state: MerlinState) -> dict[str, list[str]]:
    """`_bid_refs` of every kind, kept while the match, the futures on the field and who is out
    (all they depend on) are the same objects. Read, never changed."""
    read = (state.config, finance_of(state).futures, state.core.out)
    kept, refs = _REFS[0]
    if not same_objects(read, kept):
        # (futures are written and settled often; the other kinds' refs are made again only
        # when the match or who is out changes)
        steady = _steady_refs(state)
        refs = {k: _bid_refs(state, k) if k == "future" else steady[k] for k in kinds(state)}
        _REFS[0] = (read, refs)
    return refs


def _steady_refs(state: MerlinState) -> dict[str, list[str]]:
    """`_bid_refs` of every kind but futures, kept while the match and who is out are the same
    objects. Read, never changed."""
    read = (state.config, state.core.out)
    kept, refs = _STEADY_REFS[0]
    if not same_objects(read, kept):
        refs = {k: _bid_refs(state, k) for k in kinds(state) if k != "future"}
        _STEADY_REFS[0] = (read, refs)
    return refs


def _refs_of(state: MerlinState, item: str) -> list[str]:
    """`_bid_refs(state, item)`, as kept by `_refs_by_kind` for the kinds the match trades."""
    refs = _refs_by_kind(state).get(item)
    return refs if refs is not None else _bid_refs(state, item)


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
    if ref and ref not in _refs_of(state, item):
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
    full = why_full(state, me)
    if full:
        return full
    if action.price > most_price(state):
        return f"a bid on a custom table may name at most {gold(most_price(state))}"
    if action.price > state.core.gold[me]:
        # The Grand Market: "All bids and asks must be covered, meaning the long has the money".
        return (
            f"a bid must be covered: you hold {gold(state.core.gold[me])}, not {gold(action.price)}"
        )
    return None


def _bid_limit(state: MerlinState, me: int) -> int:
    gold = state.core.gold[me]
    if gold == 0:  # no gold to cover a bid, however full the tables (the cheaper test first)
        return 0
    return 0 if why_full(state, me) else min(gold, most_price(state))


def _wants(state: MerlinState, me: int) -> list[Action]:
    prices = range(1, _bid_limit(state, me) + 1)
    return [
        drawn(Want, item=k, ref=r, price=p)
        for k in kinds(state)
        for r in _bid_refs(state, k)
        for p in prices
    ]


def _want_fields(state: MerlinState, me: int) -> Fields:
    limit = _bid_limit(state, me)
    if limit < 1:
        return {}
    refs = _refs_by_kind(state)  # (by kind, in the order of `kinds`)
    return {
        "item": list(refs),
        "ref": list(dict.fromkeys(r for refs_of_kind in refs.values() for r in refs_of_kind)),
        "price": range(1, limit + 1),
    }


def _want_size(state: MerlinState, me: int) -> int:
    refs = sum(len(refs_of_kind) for refs_of_kind in _refs_by_kind(state).values())
    return refs * _bid_limit(state, me)


def _pick_want(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    limit = _bid_limit(state, me)
    if limit < 1:  # no run has an action: nothing is drawn
        return None
    # `_refs_by_kind`'s runs without the futures' refs put in words: they are counted from the
    # expiries on the field, and only the one drawn is worded (futures are written and settled
    # often, and each change made every ref again).
    steady = _steady_refs(state)
    names = state.config.content.commodities
    expiries = _expiries_held(state)
    runs = [
        (k, (1 + len(names) + len(expiries) if k == "future" else len(steady[k])) * limit)
        for k in kinds(state)
    ]
    picked = pick_in(rng, runs)
    if picked is None:
        return None
    item, offset = picked
    index = offset // limit
    if item != "future":
        ref = steady[item][index]
    elif index > len(names):  # past "" and the commodities: an expiry
        ref = _expiry_ref(names, *expiries[index - 1 - len(names)])
    else:
        ref = names[index - 1] if index else ""
    return drawn(Want, item=item, ref=ref, price=offset % limit + 1)


def _apply_want(state: MerlinState, me: int, action: Want, log: Log) -> MerlinState:
    # Bid/Ask Table, with the Grand Market's cover: the bid's gold lies on the table.
    # (each field read once: an action's field is read by name, at a few hundred instructions)
    item, ref, price = action.item, action.ref, action.price
    wanted_id, state = new_id(state)
    wanted = Wanted(wanted_id, me, item, ref, price)
    state = add_gold(state, me, -price)
    state = with_finance(state, wanted=(*finance_of(state).wanted, wanted))
    log.append(
        event(
            "item_wanted",
            seat=me,
            id=wanted_id,
            item=item,
            what=wanted_words(state, item, ref),
            price=price,
        )
    )
    return state


def _why_drop(state: MerlinState, me: int, action: DropWanted) -> str | None:
    wanted = find_wanted(state, action.wanted)
    if wanted is None or wanted.buyer != me:
        return f"you have no bid number {action.wanted} on the custom tables"
    return None


def _drops(state: MerlinState, me: int) -> list[Action]:
    return [_drop(w.id) for w in finance_of(state).wanted if w.buyer == me]


_DROPS: Final[ByNumber[DropWanted]] = ByNumber()
"""The move to drop each bid, by its number, made once."""


def _drop(wanted: int) -> DropWanted:
    """The move to drop bid `wanted` (actions are immutable: one serves every menu listing it;
    kept in a dict read natively, where a cached function was called as a Python object)."""
    move = _DROPS.find(wanted)
    return _DROPS.keep(wanted, drawn(DropWanted, wanted=wanted)) if move is None else move


def remove_wanted(state: MerlinState, wanted: Wanted) -> MerlinState:
    """The table without this bid (its gold not moved)."""
    kept = tuple(w for w in finance_of(state).wanted if w.id != wanted.id)
    return with_finance(state, wanted=kept)


def _apply_drop(state: MerlinState, me: int, action: DropWanted, log: Log) -> MerlinState:
    wanted = find_wanted(state, action.wanted)
    assert wanted is not None
    state = add_gold(remove_wanted(state, wanted), me, wanted.price)
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
    return _why_not_fill(state, me, wanted, action.ref)


def _why_not_fill(state: MerlinState, me: int, wanted: Wanted, ref: str) -> str | None:
    """Why `me` may not fill this bid with the item `ref`."""
    if wanted.buyer == me:
        return f"bid {wanted.id} is your own; take it off the table instead"
    problem = why_not_held(state, me, wanted.item, ref)
    if problem:
        return problem
    if not matches(state, wanted, ref):
        return (
            f"bid {wanted.id} asks for {wanted_words(state, wanted.item, wanted.ref)}, not "
            f"{item_words(state, wanted.item, ref)}"
        )
    return why_own_short(state, wanted.buyer, wanted.item, ref)


def _fills(state: MerlinState, me: int) -> list[Action]:
    others = [w for w in finance_of(state).wanted if w.buyer != me]
    if not others or not holds_items(state, me):  # (the holdings need not be gathered)
        return []
    held = holdings(state, me)
    return [
        drawn(FillWanted, wanted=w.id, ref=r)
        for w in others
        for k, r in held
        if k == w.item and _why_not_fill(state, me, w, r) is None
    ]


def _apply_fill(state: MerlinState, me: int, action: FillWanted, log: Log) -> MerlinState:
    wanted = find_wanted(state, action.wanted)
    assert wanted is not None
    what = item_words(state, wanted.item, action.ref)
    state = move_item(state, wanted.item, action.ref, me, wanted.buyer)
    state = receive(remove_wanted(state, wanted), me, wanted.price)
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


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickWant(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_want(state, seat, rng)


class _DropsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _drops(state, seat)


class _FillsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _fills(state, seat)


RULES = (
    ActionRule("want", _why_want, _wants, _apply_want, _PickWant(), _want_fields, _want_size),
    ActionRule("drop_wanted", _why_drop, _DropsListed(), _apply_drop),
    ActionRule("fill_wanted", _why_fill, _FillsListed(), _apply_fill),
)


PART = Module(name="finance.bids", actions={"turn": RULES}, table_gold=(table_gold,))


# --- words ----------------------------------------------------------------------------------------


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
    "want": _label_want,
    "drop_wanted": _label_drop,
    "fill_wanted": _label_fill,
}


FORM_TITLES = {
    "want": "Bid for an item on a custom table (your gold lies on the table)",
    "drop_wanted": "Take one of your bids off the custom tables",
    "fill_wanted": "Sell an item you hold into a bid on a custom table",
}


FIELD_LABELS = {
    "item": "kind of item",
    "ref": "which",
    "wanted": "bid",
}


NOTES = {
    "want": (
        "Which: for a future, its commodity (and expiry); for a bond, share or note, its "
        "issuer; for a spell or recipe, its title; or any of the kind."
    ),
}


EVENTS: dict[str, Any] = {
    "item_wanted": lambda e: (
        f"{seat(e['seat'])} bids {gold(e['price'])} for {e['what']} (bid {e['id']})"
    ),
    "wanted_dropped": lambda e: (
        f"{seat(e['seat'])} took their bid of {gold(e['price'])} for {e['what']} off the table"
    ),
    "wanted_filled": lambda e: (
        f"{seat(e['seat'])} sold {e['what']} to {seat(e['buyer'])} for {gold(e['price'])}"
    ),
}
