"""The Grand Market between moves: what a player left in escrow collected at their turn's start,
since when each book has had no bids, and the R.O.W.'s stimulus on a book that has had none for
months (the market's rules for the moves themselves: market.py)."""

from __future__ import annotations

from typing import Final

from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.market import place_row_bids
from tradingfloor.games.merlin.records import core_with, replace, with_parts
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import Book, Economy, MerlinState


def collect_escrow(state: MerlinState, log: Log) -> MerlinState:
    """At the start of their turn a player collects what they left in escrow on an earlier turn."""
    seat, now = state.core.current, state.core.turn_no
    books = state.economy.books
    changed: list[Book] | None = None  # (the books, once one changes: the table rebuilt once)
    collected = 0
    for index, book in enumerate(books):
        if not _collectable(book, seat, now):
            continue  # (most books most turns: nothing of this player's lies in escrow there)
        bids = [
            b
            for b in book.bids
            if b.owner == seat and b.escrow_since is not None and b.escrow_since < now
        ]
        held = [e for e in book.escrow if e.owner == seat and e.since < now]
        if not bids and not held:
            continue
        gone = {b.id for b in bids}
        if changed is None:
            changed = list(books)
        changed[index] = Book(
            bids=tuple(b for b in book.bids if b.id not in gone),
            asks=book.asks,
            escrow=tuple(e for e in book.escrow if e not in held),
            last_sold=book.last_sold,
            bidless_since=book.bidless_since,
        )
        amount = sum(b.price for b in bids) + sum(e.gold for e in held)
        collected += amount
        name = state.config.content.commodities[index]
        log.append(event("escrow_collected", seat=seat, gold=amount, commodity=name))
    if changed is None:
        return state
    return _collected(state, tuple(changed), seat, collected)


def _collected(state: MerlinState, books: tuple[Book, ...], seat: int, amount: int) -> MerlinState:
    """The table with the books `books` and `amount` gold more for `seat` (each book's
    `_set_book` and `add_gold` at once), built by the records' constructors."""
    eco = state.economy
    eco = Economy(
        deck=eco.deck,
        hands=eco.hands,
        tableaux=eco.tableaux,
        goods=eco.goods,
        books=books,
        next_order=eco.next_order,
        fresh=eco.fresh,
        buying=eco.buying,
        offers_made=eco.offers_made,
        offer=eco.offer,
        permits_out=eco.permits_out,
    )
    core = state.core
    core = core_with(core, gold=put(core.gold, seat, core.gold[seat] + amount))
    return with_parts(state, core, eco, state.magic, state.finance)


def _collectable(book: Book, seat: int, now: int) -> bool:
    """Whether `seat` left gold in escrow on this book before turn `now`: a bid moved there or
    the difference of a lowered bid."""
    for bid in book.bids:
        if bid.owner == seat and bid.escrow_since is not None and bid.escrow_since < now:
            return True
    return any(held.owner == seat and held.since < now for held in book.escrow)


_MARKED: Final[list[tuple[Book, ...] | None]] = [None]
"""The last books found with each mark right (most moves leave the books be)."""


def track_bidless(state: MerlinState) -> MerlinState:
    """Remember since when each commodity has had no bids (for the market stimulus)."""
    books = state.economy.books
    if books is _MARKED[0]:
        return state
    for book in books:
        if (book.bidless_since is None) != bool(book.bids):
            break
    else:  # after most moves: each book's mark already says whether it has bids
        _MARKED[0] = books
        return state
    clock = state.core.counters.clock
    fixed = tuple(
        replace(b, bidless_since=None)
        if b.bids and b.bidless_since is not None
        else replace(b, bidless_since=clock)
        if not b.bids and b.bidless_since is None
        else b
        for b in books
    )
    return replace(state, economy=replace(state.economy, books=fixed))


def stimulus(state: MerlinState, log: Log) -> MerlinState:
    """Market Stimulus: "If the market has no bids for an item and it has been that way for two
    months, use R.O.W money to create three bids at the current cost of the living." """
    content = state.config.content
    clock, price = state.core.counters.clock, state.core.counters.cost_of_living
    state = track_bidless(state)
    for index, book in enumerate(state.economy.books):
        since = book.bidless_since
        cost = content.stimulus_bids * price
        if book.bids or since is None or clock - since < content.stimulus_months:
            continue
        if state.core.ledger.row < cost or price < 1:
            continue
        state = place_row_bids(state, index)
        name = content.commodities[index]
        log.append(event("stimulus", commodity=name, bids=content.stimulus_bids, price=price))
    return state
