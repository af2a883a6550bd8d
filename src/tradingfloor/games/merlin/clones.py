"""Field-by-field copies of the records every move rebuilds, for `records.replace` compiled.

Compiled (`make compiled`), the records of `state.py` and the modules' `state.py` are mypyc's
native classes: their fields sit in the object itself, where compiled rules read them at once,
but neither in a `__dict__` that one call copies nor in slots. `copied` picks the copy of such a
record here, which writes each field directly (a native call, no lookup by name), and
`records.replace` writes the changed fields over it. Run as Python, a frozen record refuses these
writes, and `records.replace` copies the record's `__dict__` instead (`COMPILED` says which):
tests/games/merlin/test_speed_records.py holds each copy to `dataclasses.replace`, field by field.
"""

# mypy: disable-error-code="misc"
# (misc: a frozen dataclass's fields are read-only to mypy; a blank copy is written before any use)

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tradingfloor.games.merlin.finance.state import Finance
from tradingfloor.games.merlin.magic.state import Ballot, Magic
from tradingfloor.games.merlin.state import Book, Core, Counters, Economy, Ledger, MerlinState

COMPILED: Final = not MerlinState.__dictoffset__
"""Whether the records are compiled (native: no `__dict__`), and so copied here."""


def copied(record: object) -> Any:
    """A copy of `record` if it is a compiled record that moves rebuild, else None."""
    if isinstance(record, MerlinState):
        return state_copy(record)
    if isinstance(record, Magic):
        return magic_copy(record)
    if isinstance(record, Core):
        return core_copy(record)
    if isinstance(record, Finance):
        return finance_copy(record)
    if isinstance(record, Ballot):
        return ballot_copy(record)
    if isinstance(record, Economy):
        return economy_copy(record)
    if isinstance(record, Book):
        return book_copy(record)
    if isinstance(record, Counters):
        return counters_copy(record)
    if isinstance(record, Ledger):
        return ledger_copy(record)
    return None


def state_copy(old: MerlinState) -> MerlinState:
    new = MerlinState.__new__(MerlinState)
    new.config = old.config
    new.rng = old.rng
    new.core = old.core
    new.economy = old.economy
    new.magic = old.magic
    new.finance = old.finance
    new.events = old.events
    new.turn_log = old.turn_log
    new.recent = old.recent
    new.event_count = old.event_count
    return new


def core_copy(old: Core) -> Core:
    new = Core.__new__(Core)
    new.phase = old.phase
    new.order = old.order
    new.turn = old.turn
    new.turn_no = old.turn_no
    new.orbit = old.orbit
    new.gold = old.gold
    new.out = old.out
    new.debt = old.debt
    new.bankrupt_since = old.bankrupt_since
    new.counters = old.counters
    new.ledger = old.ledger
    new.dice = old.dice
    new.auction = old.auction
    new.vote = old.vote
    new.ended = old.ended
    return new


def counters_copy(old: Counters) -> Counters:
    new = Counters.__new__(Counters)
    new.clock = old.clock
    new.year = old.year
    new.portion = old.portion
    new.wheel = old.wheel
    new.cost_of_living = old.cost_of_living
    new.research_cost = old.research_cost
    new.tax_rate = old.tax_rate
    new.climate = old.climate
    new.taxed_year = old.taxed_year
    return new


def ledger_copy(old: Ledger) -> Ledger:
    new = Ledger.__new__(Ledger)
    new.bank = old.bank
    new.row = old.row
    new.pot = old.pot
    new.minted_start = old.minted_start
    new.minted_production = old.minted_production
    new.minted_issue = old.minted_issue
    new.income = old.income
    return new


def economy_copy(old: Economy) -> Economy:
    new = Economy.__new__(Economy)
    new.deck = old.deck
    new.hands = old.hands
    new.tableaux = old.tableaux
    new.goods = old.goods
    new.books = old.books
    new.next_order = old.next_order
    new.fresh = old.fresh
    new.buying = old.buying
    new.offers_made = old.offers_made
    new.offer = old.offer
    new.permits_out = old.permits_out
    return new


def book_copy(old: Book) -> Book:
    new = Book.__new__(Book)
    new.bids = old.bids
    new.asks = old.asks
    new.escrow = old.escrow
    new.last_sold = old.last_sold
    new.bidless_since = old.bidless_since
    return new


def magic_copy(old: Magic) -> Magic:
    new = Magic.__new__(Magic)
    new.spell_deck = old.spell_deck
    new.recipe_deck = old.recipe_deck
    new.reading_deck = old.reading_deck
    new.spells = old.spells
    new.recipes = old.recipes
    new.potions = old.potions
    new.labs = old.labs
    new.set_potions = old.set_potions
    new.golems = old.golems
    new.damage = old.damage
    new.field = old.field
    new.effects = old.effects
    new.crowns = old.crowns
    new.crown_year = old.crown_year
    new.regulations = old.regulations
    new.maintenance = old.maintenance
    new.bank_debt = old.bank_debt
    new.ballot = old.ballot
    new.proposals = old.proposals
    new.reclaim = old.reclaim
    new.played = old.played
    new.targeted = old.targeted
    new.allies = old.allies
    new.open_shops = old.open_shops
    new.jokers_in = old.jokers_in
    new.volatility = old.volatility
    new.golems_played = old.golems_played
    new.card_counts = old.card_counts
    new.bought_since = old.bought_since
    new.ruined = old.ruined
    new.removed = old.removed
    new.research_paid = old.research_paid
    return new


def ballot_copy(old: Ballot) -> Ballot:
    new = Ballot.__new__(Ballot)
    new.kind = old.kind
    new.caller = old.caller
    new.voters = old.voters
    new.sealed = old.sealed
    new.choices = old.choices
    new.card = old.card
    return new


def finance_copy(old: Finance) -> Finance:
    new = Finance.__new__(Finance)
    new.offer = old.offer
    new.offers_made = old.offers_made
    new.futures = old.futures
    new.quotes = old.quotes
    new.policies = old.policies
    new.loans = old.loans
    new.securities = old.securities
    new.listings = old.listings
    new.wanted = old.wanted
    new.debts = old.debts
    new.sale = old.sale
    new.next_id = old.next_id
    new.rolls = old.rolls
    return new


COPIES: dict[type, Callable[[Any], Any]] = {
    MerlinState: state_copy,
    Core: core_copy,
    Counters: counters_copy,
    Ledger: ledger_copy,
    Economy: economy_copy,
    Book: book_copy,
    Magic: magic_copy,
    Ballot: ballot_copy,
    Finance: finance_copy,
}
"""The copy of each record class every move rebuilds (the others go to dataclasses.replace)."""
