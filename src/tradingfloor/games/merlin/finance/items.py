"""The items of the custom bid/ask tables (MERLIN-MODULES.md §3.6; the draft's Bid/Ask Table):
what a player holds that can be listed, whether they hold it, how it moves, and its words.

Bid/Ask Table: "any player can use them to create their own markets for spells, potions,
contracts, or their own product as in a stock in that player's profits." An item is a future's
long position, a bond, share or note, a spell or potion recipe in hand, or a crown; the asks that
trade them are markets.py, the bids bids.py.
"""

from __future__ import annotations

from typing import Any

from tradingfloor.games.merlin.finance.futures import find_future, set_future, when
from tradingfloor.games.merlin.finance.state import ItemKind, Security
from tradingfloor.games.merlin.finance.table import commodity_index, finance_of, with_finance
from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.magic.table import (
    add_held,
    find_held,
    magic_of,
    remove_held,
    with_magic,
)
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

SECURITIES = ("bond", "share", "note")
CARDS = ("spell", "recipe")
MAGIC_ITEMS = ("spell", "recipe", "crown")
ITEMS: tuple[ItemKind, ...] = ("future", "bond", "share", "note", "spell", "recipe", "crown")

# --- what a player holds --------------------------------------------------------------------------


def kinds(state: MerlinState) -> list[ItemKind]:
    """The kinds of item this match's custom tables trade (spells, recipes and crowns only with
    the magic module on)."""
    return [k for k in ITEMS if state.magic is not None or k not in MAGIC_ITEMS]


def hand_name(item: str) -> Any:
    """The magic hand a card of this kind lies in: spells or recipes."""
    return "spells" if item == "spell" else "recipes"


def ref_number(ref: str) -> int | None:
    """The number a ref names (a future, a security, an issuer), or None where it names none."""
    return int(ref) if ref.isdigit() and len(ref) < 10 else None


def find_security(state: MerlinState, ref: str | int) -> Security | None:
    number = ref if isinstance(ref, int) else ref_number(ref)
    return next((s for s in finance_of(state).securities if s.id == number), None)


def no_magic(item: str) -> str:
    """The refusal for a magic item when the magic module is off."""
    return f"there are no {item}s in this game (the magic module is off)"


def why_not_held(state: MerlinState, who: int, item: str, ref: str) -> str | None:
    """Why `who` cannot hand over this item now (None: they hold it)."""
    if item in MAGIC_ITEMS and state.magic is None:
        return no_magic(item)
    if item == "future":
        number = ref_number(ref)
        future = find_future(state, number) if number is not None else None
        if future is None or future.long != who:
            return f"you hold no long position on future {ref or '?'}; take a future first"
        if future.expired:
            return f"future {future.id} has expired; its short settles it with you"
        return None
    if item in SECURITIES:
        security = find_security(state, ref)
        if security is None or security.kind != item or security.holder != who:
            return f"you hold no {item} number {ref or '?'}"
        return None
    if item in CARDS:
        if find_held(state, hand_name(item), who, ref) is None:
            return f"you hold no {item} {ref or '?'} in your hand"
        return None
    if item == "crown":
        if not magic_of(state).crowns[who]:
            return "you hold no crown; playing a royal decree gives one"
        return None
    return f"there is no item {item!r} on the custom tables"


def why_own_short(state: MerlinState, buyer: int, item: str, ref: str) -> str | None:
    """A future's short cannot become its long too."""
    if item != "future":
        return None
    number = ref_number(ref)
    future = find_future(state, number) if number is not None else None
    if future is not None and future.short == buyer:
        return f"you are the short of future {future.id}; you cannot hold its long as well"
    return None


def holdings(state: MerlinState, who: int) -> list[tuple[ItemKind, str]]:
    """Every item `who` holds that a custom table trades, as (kind, ref)."""
    finance = finance_of(state)
    found: list[tuple[ItemKind, str]] = [
        ("future", str(f.id)) for f in finance.futures if f.long == who and not f.expired
    ]
    found += [(s.kind, str(s.id)) for s in finance.securities if s.holder == who]
    magic = state.magic  # (the magic module's part, when it is on)
    if magic is not None:
        found += [("spell", h.card) for h in magic.spells[who]]
        found += [("recipe", h.card) for h in magic.recipes[who]]
        if magic.crowns[who]:
            found.append(("crown", ""))
    return found


def holds_items(state: MerlinState, who: int) -> bool:
    """Whether `who` holds any item a custom table trades (`holdings` is not empty), answered
    without listing them (most often a player holds none, and menus ask at every move)."""
    if state.magic is not None:
        magic = magic_of(state)  # (typed: its hands are read as fields, not looked up)
        if magic.spells[who] or magic.recipes[who] or magic.crowns[who]:
            return True
    finance = finance_of(state)
    # (mypyc makes each any() of a generator a loop that stops at the first; a long position
    # named first, then compared, is compared as a number)
    return any(s.holder == who for s in finance.securities) or any(
        f.long is not None and f.long == who and not f.expired for f in finance.futures
    )


# --- moving an item -------------------------------------------------------------------------------


def move_item(state: MerlinState, item: str, ref: str, seller: int, buyer: int) -> MerlinState:
    """The item goes from `seller` to `buyer` (checked already)."""
    if item == "future":
        number = ref_number(ref)
        future = find_future(state, number) if number is not None else None
        assert future is not None
        return set_future(state, replace(future, long=buyer))
    if item in SECURITIES:
        security = find_security(state, ref)
        assert security is not None
        securities = finance_of(state).securities
        index = securities.index(security)
        return with_finance(
            state, securities=put(securities, index, replace(security, holder=buyer))
        )
    if item in CARDS:
        held = find_held(state, hand_name(item), seller, ref)
        assert held is not None
        state = remove_held(state, hand_name(item), seller, ref)
        return add_held(state, hand_name(item), buyer, held)
    crowns = magic_of(state).crowns
    crowns = put(crowns, seller, crowns[seller] - 1)
    return with_magic(state, crowns=put(crowns, buyer, crowns[buyer] + 1))


# --- words ----------------------------------------------------------------------------------------


def item_words(state: MerlinState, item: str, ref: str) -> str:
    """One item in words: "the long of future 4 (1 bushel of Essence Grain, expiring at the start
    of summer, year 3)", "{seat:1}'s bond 7", "the spell Pickpocket", "a crown"."""
    if item == "future":
        number = ref_number(ref)
        future = find_future(state, number) if number is not None else None
        if future is None:
            return f"the long of future {ref}"
        name = goods(state.config.content.commodities[future.commodity])
        return (
            f"the long of {seat(future.short)}'s future {future.id} (1 bushel of {name}, "
            f"expiring at {when(state, future.year, future.portion)})"
        )
    if item in SECURITIES:
        security = find_security(state, ref)
        if security is None:
            return f"{item} {ref}"
        text = f"{seat(security.issuer)}'s {item} {security.id}"
        if item == "bond":
            text += f" (pays {gold(security.face)} at orbit {security.maturity})"
        return text
    if item in CARDS:
        return f"the {'spell' if item == 'spell' else 'potion recipe'} {card_title(state, ref)}"
    return "a crown"


def ref_words(state: MerlinState, kind: str, ref: str) -> str:
    """A choice of a form's `ref` field in words: for an ask or a sale, the item held ("the long
    of {seat:0}'s future 4 (...)", "the spell Dispel", "a crown"); for a bid, what it names ("any",
    "Essence Grain", "Essence Grain expiring at the start of summer, year 3", "issued by
    {seat:2}", "Dispel")."""
    if kind != "want":
        if not ref:
            return "a crown"
        number = ref_number(ref)
        if number is not None:
            if find_future(state, number) is not None:
                return item_words(state, "future", ref)
            security = find_security(state, number)
            if security is not None:
                return item_words(state, security.kind, ref)
        return card_title(state, ref)
    if not ref:
        return "any"
    number = ref_number(ref)
    if number is not None:
        return f"issued by {seat(number)}"
    parsed = future_ref(state, ref)
    if parsed is not None and parsed[0] is not None:
        name = goods(state.config.content.commodities[parsed[0]])
        return name if parsed[1] is None else f"{name} expiring at {when(state, *parsed[1])}"
    return card_title(state, ref)


def future_ref(state: MerlinState, ref: str) -> tuple[int | None, tuple[int, int] | None] | None:
    """A bid's future ref read: (commodity or None for any, expiry or None for any); None when it
    does not parse."""
    if not ref:
        return None, None
    parts = ref.split(":")
    index = commodity_index(state, parts[0])
    if index is None or len(parts) not in (1, 3):
        return None
    if len(parts) == 1:
        return index, None
    year, portion = ref_number(parts[1]), ref_number(parts[2])
    if year is None or portion is None:
        return None
    return index, (year, portion)


def card_title(state: MerlinState, ref: str) -> str:
    """A spell or recipe card's title (its name as it stands where magic is off)."""
    if state.magic is None:
        return ref
    from tradingfloor.games.merlin.magic.labs import title_of

    return title_of(state, ref)
