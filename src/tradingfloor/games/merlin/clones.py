"""Field-by-field copies of the records every move rebuilds, for `records.replace` compiled.

Compiled (`make compiled`), the records of `state.py` and the modules' `state.py` are mypyc's
native classes: their fields sit in the object itself, where compiled rules read them at once,
but neither in a `__dict__` that one call copies nor in slots. `replaced` picks the copy of such a
record here, which writes each field directly (a native call, no lookup by name), then each
changed field by its name. Run as Python, a frozen record refuses these writes, and
`records.replace` copies the record's `__dict__` instead (`COMPILED` says which):
tests/games/merlin/test_speed_records.py holds each copy to `dataclasses.replace`, field by field.
"""

# mypy: disable-error-code="misc"
# (misc: a frozen dataclass's fields are read-only to mypy; a blank copy is written before any use)

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tradingfloor.games.merlin.finance.state import Finance, Proposal
from tradingfloor.games.merlin.magic.state import Ballot, Magic
from tradingfloor.games.merlin.state import (
    Book,
    Core,
    Counters,
    Economy,
    Ledger,
    MerlinState,
    Order,
)

COMPILED: Final = not MerlinState.__dictoffset__
"""Whether the records are compiled (native: no `__dict__`), and so copied here."""

# Each class's blank record, made by its own `__new__` held here: compiled, `Cls.__new__(Cls)`
# looks `__new__` up on the class at every call, a few hundred instructions a copy.
_NEW_STATE: Final = MerlinState.__new__
_NEW_CORE: Final = Core.__new__
_NEW_COUNTERS: Final = Counters.__new__
_NEW_LEDGER: Final = Ledger.__new__
_NEW_ECONOMY: Final = Economy.__new__
_NEW_BOOK: Final = Book.__new__
_NEW_MAGIC: Final = Magic.__new__
_NEW_BALLOT: Final = Ballot.__new__
_NEW_FINANCE: Final = Finance.__new__
_NEW_ORDER: Final = Order.__new__
_NEW_PROPOSAL: Final = Proposal.__new__


def replaced(record: object, changes: dict[str, Any]) -> Any:
    """`record` with `changes` if it is a compiled record that moves rebuild, else None."""
    if isinstance(record, MerlinState):
        return state_copy(record, changes)
    if isinstance(record, Magic):
        return magic_copy(record, changes)
    if isinstance(record, Core):
        return core_copy(record, changes)
    if isinstance(record, Finance):
        return finance_copy(record, changes)
    if isinstance(record, Ballot):
        return ballot_copy(record, changes)
    if isinstance(record, Economy):
        return economy_copy(record, changes)
    if isinstance(record, Book):
        return book_copy(record, changes)
    if isinstance(record, Counters):
        return counters_copy(record, changes)
    if isinstance(record, Ledger):
        return ledger_copy(record, changes)
    if isinstance(record, Order):
        return order_copy(record, changes)
    if isinstance(record, Proposal):
        return proposal_copy(record, changes)
    return None


_NO_CHANGES: Final[dict[str, Any]] = {}
"""No changes: a copy as it is (read, never written), whose changed field is written after."""


def _no_field(record: object, name: str) -> TypeError:
    """The error for a change to a field `record` lacks, as `records.replace` raises it."""
    return TypeError(f"{type(record).__name__} has no field {name!r}")


# Each copy below copies every field, then writes each change by name: a chain of comparisons
# with the field names (a few instructions each: a keyword's name is the interned literal) and a
# native write costs far less than `object.__setattr__`, which looks the field's setter up by name.
# The chains ask first for the fields that moves change most (a sealed vote changes the ballot).


def state_copy(old: MerlinState, changes: dict[str, Any]) -> MerlinState:
    new: MerlinState = _NEW_STATE(MerlinState)
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
    for name, value in changes.items():
        if name == "core":
            new.core = value
        elif name == "magic":
            new.magic = value
        elif name == "economy":
            new.economy = value
        elif name == "finance":
            new.finance = value
        elif name == "rng":
            new.rng = value
        elif name == "config":
            new.config = value
        elif name == "events":
            new.events = value
        elif name == "turn_log":
            new.turn_log = value
        elif name == "recent":
            new.recent = value
        elif name == "event_count":
            new.event_count = value
        else:
            raise _no_field(old, name)
    return new


def state_with_parts(
    old: MerlinState, core: Core, economy: Economy, magic: Any, finance: Any
) -> MerlinState:
    """`old` with its four parts as given (each the old one where it is unchanged): the copy a
    rule makes of the whole table, without a dict of changes to build and read back."""
    new: MerlinState = _NEW_STATE(MerlinState)
    new.config = old.config
    new.rng = old.rng
    new.core = core
    new.economy = economy
    new.magic = magic
    new.finance = finance
    new.events = old.events
    new.turn_log = old.turn_log
    new.recent = old.recent
    new.event_count = old.event_count
    return new


def state_logged(
    old: MerlinState,
    events: tuple[Any, ...],
    turn_log: tuple[Any, ...],
    recent: tuple[Any, ...],
    event_count: int,
) -> MerlinState:
    """`old` with what an action told: its events, the turn's log, the recent events, the count."""
    new: MerlinState = _NEW_STATE(MerlinState)
    new.config = old.config
    new.rng = old.rng
    new.core = old.core
    new.economy = old.economy
    new.magic = old.magic
    new.finance = old.finance
    new.events = events
    new.turn_log = turn_log
    new.recent = recent
    new.event_count = event_count
    return new


def core_copy(old: Core, changes: dict[str, Any]) -> Core:
    new: Core = _NEW_CORE(Core)
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
    for name, value in changes.items():
        if name == "gold":
            new.gold = value
        elif name == "ledger":
            new.ledger = value
        elif name == "phase":
            new.phase = value
        elif name == "counters":
            new.counters = value
        elif name == "dice":
            new.dice = value
        elif name == "turn":
            new.turn = value
        elif name == "turn_no":
            new.turn_no = value
        elif name == "orbit":
            new.orbit = value
        elif name == "order":
            new.order = value
        elif name == "out":
            new.out = value
        elif name == "debt":
            new.debt = value
        elif name == "bankrupt_since":
            new.bankrupt_since = value
        elif name == "auction":
            new.auction = value
        elif name == "vote":
            new.vote = value
        elif name == "ended":
            new.ended = value
        else:
            raise _no_field(old, name)
    return new


def counters_copy(old: Counters, changes: dict[str, Any]) -> Counters:
    new: Counters = _NEW_COUNTERS(Counters)
    new.clock = old.clock
    new.year = old.year
    new.portion = old.portion
    new.wheel = old.wheel
    new.cost_of_living = old.cost_of_living
    new.research_cost = old.research_cost
    new.tax_rate = old.tax_rate
    new.climate = old.climate
    new.taxed_year = old.taxed_year
    for name, value in changes.items():
        if name == "clock":
            new.clock = value
        elif name == "year":
            new.year = value
        elif name == "portion":
            new.portion = value
        elif name == "wheel":
            new.wheel = value
        elif name == "cost_of_living":
            new.cost_of_living = value
        elif name == "research_cost":
            new.research_cost = value
        elif name == "tax_rate":
            new.tax_rate = value
        elif name == "climate":
            new.climate = value
        elif name == "taxed_year":
            new.taxed_year = value
        else:
            raise _no_field(old, name)
    return new


def ledger_copy(old: Ledger, changes: dict[str, Any]) -> Ledger:
    new: Ledger = _NEW_LEDGER(Ledger)
    new.bank = old.bank
    new.row = old.row
    new.pot = old.pot
    new.minted_start = old.minted_start
    new.minted_production = old.minted_production
    new.minted_issue = old.minted_issue
    new.income = old.income
    for name, value in changes.items():
        if name == "bank":
            new.bank = value
        elif name == "row":
            new.row = value
        elif name == "pot":
            new.pot = value
        elif name == "minted_start":
            new.minted_start = value
        elif name == "minted_production":
            new.minted_production = value
        elif name == "minted_issue":
            new.minted_issue = value
        elif name == "income":
            new.income = value
        else:
            raise _no_field(old, name)
    return new


def economy_copy(old: Economy, changes: dict[str, Any]) -> Economy:
    new: Economy = _NEW_ECONOMY(Economy)
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
    for name, value in changes.items():
        if name == "deck":
            new.deck = value
        elif name == "hands":
            new.hands = value
        elif name == "tableaux":
            new.tableaux = value
        elif name == "goods":
            new.goods = value
        elif name == "books":
            new.books = value
        elif name == "next_order":
            new.next_order = value
        elif name == "fresh":
            new.fresh = value
        elif name == "buying":
            new.buying = value
        elif name == "offers_made":
            new.offers_made = value
        elif name == "offer":
            new.offer = value
        elif name == "permits_out":
            new.permits_out = value
        else:
            raise _no_field(old, name)
    return new


def book_copy(old: Book, changes: dict[str, Any]) -> Book:
    new: Book = _NEW_BOOK(Book)
    new.bids = old.bids
    new.asks = old.asks
    new.escrow = old.escrow
    new.last_sold = old.last_sold
    new.bidless_since = old.bidless_since
    for name, value in changes.items():
        if name == "bids":
            new.bids = value
        elif name == "asks":
            new.asks = value
        elif name == "escrow":
            new.escrow = value
        elif name == "last_sold":
            new.last_sold = value
        elif name == "bidless_since":
            new.bidless_since = value
        else:
            raise _no_field(old, name)
    return new


def magic_copy(old: Magic, changes: dict[str, Any]) -> Magic:
    new: Magic = _NEW_MAGIC(Magic)
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
    for name, value in changes.items():
        if name == "ballot":
            new.ballot = value
        elif name == "played":
            new.played = value
        elif name == "allies":
            new.allies = value
        elif name == "field":
            new.field = value
        elif name == "reading_deck":
            new.reading_deck = value
        elif name == "effects":
            new.effects = value
        elif name == "card_counts":
            new.card_counts = value
        elif name == "spell_deck":
            new.spell_deck = value
        elif name == "recipe_deck":
            new.recipe_deck = value
        elif name == "spells":
            new.spells = value
        elif name == "recipes":
            new.recipes = value
        elif name == "potions":
            new.potions = value
        elif name == "labs":
            new.labs = value
        elif name == "set_potions":
            new.set_potions = value
        elif name == "golems":
            new.golems = value
        elif name == "damage":
            new.damage = value
        elif name == "crowns":
            new.crowns = value
        elif name == "crown_year":
            new.crown_year = value
        elif name == "regulations":
            new.regulations = value
        elif name == "maintenance":
            new.maintenance = value
        elif name == "bank_debt":
            new.bank_debt = value
        elif name == "proposals":
            new.proposals = value
        elif name == "reclaim":
            new.reclaim = value
        elif name == "targeted":
            new.targeted = value
        elif name == "open_shops":
            new.open_shops = value
        elif name == "jokers_in":
            new.jokers_in = value
        elif name == "volatility":
            new.volatility = value
        elif name == "golems_played":
            new.golems_played = value
        elif name == "bought_since":
            new.bought_since = value
        elif name == "ruined":
            new.ruined = value
        elif name == "removed":
            new.removed = value
        elif name == "research_paid":
            new.research_paid = value
        else:
            raise _no_field(old, name)
    return new


def new_ballot(
    kind: str,
    caller: int,
    voters: tuple[int, ...],
    sealed: tuple[str | None, ...],
    choices: tuple[str, ...],
    card: str | None,
) -> Ballot:
    """`Ballot(kind, caller, voters, sealed, choices, card)`, its fields written natively (the
    dataclass's own `__init__` sets each through `object.__setattr__`)."""
    new: Ballot = _NEW_BALLOT(Ballot)
    new.kind = kind
    new.caller = caller
    new.voters = voters
    new.sealed = sealed
    new.choices = choices
    new.card = card
    return new


def ballot_sealed(old: Ballot, sealed: tuple[str | None, ...]) -> Ballot:
    """`old` with `sealed` (a seal: a quarter of random play's moves), without a dict of changes."""
    new = ballot_copy(old, _NO_CHANGES)
    new.sealed = sealed
    return new


def magic_with_ballot(old: Magic, ballot: Ballot | None) -> Magic:
    """`old` with `ballot` (a seal), without a dict of changes."""
    new = magic_copy(old, _NO_CHANGES)
    new.ballot = ballot
    return new


def ballot_copy(old: Ballot, changes: dict[str, Any]) -> Ballot:
    new: Ballot = _NEW_BALLOT(Ballot)
    new.kind = old.kind
    new.caller = old.caller
    new.voters = old.voters
    new.sealed = old.sealed
    new.choices = old.choices
    new.card = old.card
    for name, value in changes.items():
        if name == "sealed":
            new.sealed = value
        elif name == "kind":
            new.kind = value
        elif name == "caller":
            new.caller = value
        elif name == "voters":
            new.voters = value
        elif name == "choices":
            new.choices = value
        elif name == "card":
            new.card = value
        else:
            raise _no_field(old, name)
    return new


def finance_copy(old: Finance, changes: dict[str, Any]) -> Finance:
    new: Finance = _NEW_FINANCE(Finance)
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
    for name, value in changes.items():
        if name == "offer":
            new.offer = value
        elif name == "offers_made":
            new.offers_made = value
        elif name == "wanted":
            new.wanted = value
        elif name == "listings":
            new.listings = value
        elif name == "futures":
            new.futures = value
        elif name == "next_id":
            new.next_id = value
        elif name == "quotes":
            new.quotes = value
        elif name == "policies":
            new.policies = value
        elif name == "loans":
            new.loans = value
        elif name == "securities":
            new.securities = value
        elif name == "debts":
            new.debts = value
        elif name == "sale":
            new.sale = value
        elif name == "rolls":
            new.rolls = value
        else:
            raise _no_field(old, name)
    return new


def order_copy(old: Order, changes: dict[str, Any]) -> Order:
    new: Order = _NEW_ORDER(Order)
    new.id = old.id
    new.owner = old.owner
    new.price = old.price
    new.placed = old.placed
    new.escrow_since = old.escrow_since
    for name, value in changes.items():
        if name == "price":
            new.price = value
        elif name == "escrow_since":
            new.escrow_since = value
        elif name == "placed":
            new.placed = value
        elif name == "id":
            new.id = value
        elif name == "owner":
            new.owner = value
        else:
            raise _no_field(old, name)
    return new


def proposal_copy(old: Proposal, changes: dict[str, Any]) -> Proposal:
    new: Proposal = _NEW_PROPOSAL(Proposal)
    new.id = old.id
    new.kind = old.kind
    new.author = old.author
    new.to = old.to
    new.give = old.give
    new.get = old.get
    new.principal = old.principal
    new.repay = old.repay
    new.due_orbit = old.due_orbit
    new.card = old.card
    for name, value in changes.items():
        if name == "id":
            new.id = value
        elif name == "kind":
            new.kind = value
        elif name == "author":
            new.author = value
        elif name == "to":
            new.to = value
        elif name == "give":
            new.give = value
        elif name == "get":
            new.get = value
        elif name == "principal":
            new.principal = value
        elif name == "repay":
            new.repay = value
        elif name == "due_orbit":
            new.due_orbit = value
        elif name == "card":
            new.card = value
        else:
            raise _no_field(old, name)
    return new


COPIES: dict[type, Callable[[Any, dict[str, Any]], Any]] = {
    MerlinState: state_copy,
    Core: core_copy,
    Counters: counters_copy,
    Ledger: ledger_copy,
    Economy: economy_copy,
    Book: book_copy,
    Magic: magic_copy,
    Ballot: ballot_copy,
    Finance: finance_copy,
    Order: order_copy,
    Proposal: proposal_copy,
}
"""The copy, with changes, of each record class moves rebuild (others: dataclasses.replace)."""
