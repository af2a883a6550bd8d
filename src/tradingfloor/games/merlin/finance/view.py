"""What a seat may know of the finance table: every offer, contract, position, policy, loan,
security, custom-table order, debt and auction under way (RULINGS Merlin 8: "contracts, debts and
every action taken are public"), never the sealed bids of a property auction until it resolves.

Beside the figures each record carries its words (`text`, seats as {seat:N}), so that every
interface reads the table in the draft's terms: the short and the long, the bushel, the forward
price, the expiry on the season wheel ("the start of summer, year 3"). The records are built in
view_contracts.py (offers, futures, insurance, loans, securities, debts) and view_tables.py (the
custom tables, the property auction, the road roll), in the words of phrases.py; this file assembles
the section and names every numbered thing for the forms' choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.finance.phrases import (
    KINDS,
    commodity,
    commodity_name,
    covers,
    expiry,
    security_terms,
    whose,
)
from tradingfloor.games.merlin.finance.state import Finance
from tradingfloor.games.merlin.finance.table import figures_of, finance_of
from tradingfloor.games.merlin.finance.view_contracts import (
    debt_record,
    future_record,
    loan_record,
    offer_record,
    offers_left,
    owed_totals,
    policy_record,
    quote_record,
    security_issues,
)
from tradingfloor.games.merlin.finance.view_tables import (
    item_words,
    listing_record,
    road_record,
    sale_record,
    wanted_record,
    wanted_words,
)
from tradingfloor.games.merlin.memo import kept, per_config, per_object, same_objects
from tradingfloor.games.merlin.rulebook import Module
from tradingfloor.games.merlin.sections import Parts, whole
from tradingfloor.games.merlin.state import MerlinState


def finance_view(state: MerlinState, seat: int | None) -> dict[str, Any]:
    """The `finance` section of a seat's view (None: a spectator)."""
    return whole(FINANCE_PARTS, state, seat)


# (entries of the finance section, which only a match with the module has: its part is there)
FINANCE_PARTS: Parts = {
    "offer": lambda state, seat: offer_record(state, state.finance.offer),
    "offers_left": lambda state, seat: offers_left(state, state.finance),
    "bushel": lambda state, seat: figures_of(state).futures.bushel,
    "futures": lambda state, seat: _futures(state),
    "quotes": lambda state, seat: [quote_record(state, q) for q in state.finance.quotes],
    "policies": lambda state, seat: [policy_record(state, p) for p in state.finance.policies],
    "loans": lambda state, seat: [loan_record(state, loan) for loan in state.finance.loans],
    "securities": lambda state, seat: security_issues(state, state.finance.securities),
    "listings": lambda state, seat: _listings(state),
    "wanted": lambda state, seat: _wanted(state),
    "debts": lambda state, seat: [debt_record(d) for d in state.finance.debts],
    "owed": lambda state, seat: _owed(state),
    "sale": lambda state, seat: sale_record(state, state.finance.sale, seat),
    "road": lambda state, seat: road_record(state.finance),
    "names": lambda state, seat: _names(state, state.finance),
    "bid_refs": lambda state, seat: _bid_refs(state, state.finance),
}
"""The `finance` section's entries, in its order (sections.py: made at once or as read)."""


def _owed(state: MerlinState) -> list[dict[str, int]]:
    """What each seat owes and is owed (kept per table of debts: most moves leave it be)."""
    finance, players = finance_of(state), state.players
    return per_object(
        finance.debts,
        f"owed by {players}",  # no debts, in matches of any size: one per size
        lambda debts: [owed_totals(finance, s) for s in range(players)],
    )


def _futures(state: MerlinState) -> list[dict[str, Any]]:
    """Every contract's record: the list last told while the contracts, the counters (a
    contract's months to expiry) and the last sold prices (what a bushel settles for) are the
    same, which most moves leave be (each record is `future_record`'s)."""
    finance = finance_of(state)
    settling = tuple(book.last_sold for book in state.economy.books)
    told_from = (state.config, finance.futures, state.core.counters)
    return _kept(
        "futures", told_from, settling, lambda: [future_record(state, f) for f in finance.futures]
    )


def _wanted(state: MerlinState) -> list[dict[str, Any]]:
    """Every covered bid's record: the list last told while the bids and the wheel in use (the
    words of an expiry) are the same (each record is `wanted_record`'s)."""
    finance = finance_of(state)
    told_from = (state.config, finance.wanted)
    wheel = state.core.counters.wheel
    return _kept(
        "wanted", told_from, wheel, lambda: [wanted_record(state, w) for w in finance.wanted]
    )


def _kept(
    key: str, told_from: tuple[object, ...], figures: Any, make: Callable[[], list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """The list last told under `key` while it is told from the same objects and equal `figures`;
    else a list made afresh, and kept."""
    last = _last_told.get(key)
    if last is not None and same_objects(told_from, last[0]) and last[1] == figures:
        return last[2]
    told = make()
    _last_told[key] = (told_from, figures, told)
    return told


_last_told: dict[str, tuple[tuple[object, ...], Any, list[dict[str, Any]]]] = kept({})
"""Per entry, what its last list was told from (the objects, and the figures compared by value)
and the list (read, never changed; emptied by memo.forget)."""


def _listings(state: MerlinState) -> list[dict[str, Any]]:
    """Every ask's record: the list last told while the asks, the contracts and securities they
    name and the wheel in use (the words of an expiry) are the same."""
    finance = finance_of(state)
    told_from = (state.config, finance.listings, finance.futures, finance.securities)
    wheel = state.core.counters.wheel
    last = _last_told.get("listings")
    if last is not None and same_objects(told_from, last[0]) and last[1] == wheel:
        return last[2]
    told = [listing_record(state, finance, item) for item in finance.listings]
    _last_told["listings"] = (told_from, wheel, told)
    return told


PART = Module(name="finance.view", view=(("finance", FINANCE_PARTS),))
"""The finance section of the view, registered with the module's parts (module.py)."""


# --- words for the forms' choices -----------------------------------------------------------------


def _bid_refs(state: MerlinState, finance: Finance) -> dict[str, str]:
    """What a bid on a custom table may be for, in words, by the form's value: "" any item of the
    kind, a commodity's futures, a commodity and expiry, an issuer's securities, a card's name.
    With no futures open they are the same all match: told once (shared by the views)."""
    if not finance.futures:
        return per_config(state.config, "bid_refs", lambda: _bid_refs_told(state, finance))
    return _bid_refs_told(state, finance)


def _bid_refs_told(state: MerlinState, finance: Finance) -> dict[str, str]:
    names = state.config.content.commodities
    out = {"": "any"}
    for name in names:
        out[name] = f"{words.goods(name)}, any expiry"
    for f in finance.futures:
        key = f"{commodity_name(state, f.commodity)}:{f.year}:{f.portion}"
        out[key] = f"{commodity(state, f.commodity)}, {expiry(state, f.year, f.portion)}"
    for s in range(state.players):
        out[str(s)] = f"issued by {words.seat(s)}"
    if state.magic is not None:
        from tradingfloor.games.merlin.magic.table import content_of

        content = content_of(state)
        for group in (content.spells, content.potions):
            for name, card in group.items():
                out[name] = card.title
    return out


def _names(state: MerlinState, finance: Finance) -> dict[str, str]:
    """Every contract, quote, order and security by its number, in words, for the forms'
    choices (their fields hold numbers): "future 4: Seat 1's 3 Souls at 9 gold"."""
    bushel = figures_of(state).futures.bushel
    out: dict[str, str] = {}
    for f in finance.futures:
        out[str(f.id)] = (
            f"future {f.id}: {whose(f.short)} {bushel} {commodity(state, f.commodity)} at "
            f"{words.gold(f.price)}, {expiry(state, f.year, f.portion)}"
        )
    for q in finance.quotes:
        cover = covers(state, q.numbers, q.event, q.commodity, q.rolls)
        out[str(q.id)] = (
            f"{whose(q.writer)} insurance {q.id}: {words.gold(q.payout)} if {cover}, "
            f"premium {words.gold(q.premium)}"
        )
    for listing in finance.listings:
        what = item_words(state, finance, listing.item, listing.ref)
        out[str(listing.id)] = f"{whose(listing.seller)} ask: {what} for {listing.price} gold"
    for wanted in finance.wanted:
        what = wanted_words(state, wanted.item, wanted.ref)
        out[str(wanted.id)] = f"{whose(wanted.buyer)} bid: {wanted.price} gold for {what}"
    for s in finance.securities:
        one = KINDS.get(s.kind, (s.kind, s.kind))[0]
        out.setdefault(str(s.id), f"{whose(s.issuer)} {one} {s.id} ({security_terms(state, s)})")
    return out
