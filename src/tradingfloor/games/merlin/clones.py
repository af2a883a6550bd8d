"""Field-by-field copies of the records every move rebuilds, for `records.replace` compiled.

Compiled (`make compiled`), the records of `state.py` and the modules' `state.py` are mypyc's
native classes: their fields sit in the object itself, where compiled rules read them at once,
but neither in a `__dict__` that one call copies nor in slots. `replaced` picks the copy of such a
record here, which reads each field directly, takes each change by its name, and builds the copy
with the record's own `__init__`, a native constructor (frozen.py). Run as Python,
`records.replace` copies the record's `__dict__` instead (`COMPILED` says which):
tests/games/merlin/test_speed_records.py holds each copy to `dataclasses.replace`, field by field.
"""

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


def _no_field(record: object, name: str) -> TypeError:
    """The error for a change to a field `record` lacks, as `records.replace` raises it."""
    return TypeError(f"{type(record).__name__} has no field {name!r}")


# Each copy below reads every field, then takes each change by name: a chain of comparisons with
# the field names (a few instructions each: a keyword's name is the interned literal), then one
# native constructor call, far less than `__new__` through the type and a write per field.
# The chains ask first for the fields that moves change most (a sealed vote changes the ballot).


def state_copy(old: MerlinState, changes: dict[str, Any]) -> MerlinState:
    config = old.config
    rng = old.rng
    core = old.core
    economy = old.economy
    magic = old.magic
    finance = old.finance
    events = old.events
    turn_log = old.turn_log
    recent = old.recent
    event_count = old.event_count
    for name, value in changes.items():
        if name == "core":
            core = value
        elif name == "magic":
            magic = value
        elif name == "economy":
            economy = value
        elif name == "finance":
            finance = value
        elif name == "rng":
            rng = value
        elif name == "config":
            config = value
        elif name == "events":
            events = value
        elif name == "turn_log":
            turn_log = value
        elif name == "recent":
            recent = value
        elif name == "event_count":
            event_count = value
        else:
            raise _no_field(old, name)
    return MerlinState(
        config, rng, core, economy, magic, finance, events, turn_log, recent, event_count
    )


def core_copy(old: Core, changes: dict[str, Any]) -> Core:
    phase = old.phase
    order = old.order
    turn = old.turn
    turn_no = old.turn_no
    orbit = old.orbit
    gold = old.gold
    out = old.out
    debt = old.debt
    bankrupt_since = old.bankrupt_since
    counters = old.counters
    ledger = old.ledger
    dice = old.dice
    auction = old.auction
    vote = old.vote
    ended = old.ended
    for name, value in changes.items():
        if name == "gold":
            gold = value
        elif name == "ledger":
            ledger = value
        elif name == "phase":
            phase = value
        elif name == "counters":
            counters = value
        elif name == "dice":
            dice = value
        elif name == "turn":
            turn = value
        elif name == "turn_no":
            turn_no = value
        elif name == "orbit":
            orbit = value
        elif name == "order":
            order = value
        elif name == "out":
            out = value
        elif name == "debt":
            debt = value
        elif name == "bankrupt_since":
            bankrupt_since = value
        elif name == "auction":
            auction = value
        elif name == "vote":
            vote = value
        elif name == "ended":
            ended = value
        else:
            raise _no_field(old, name)
    return Core(
        phase,
        order,
        turn,
        turn_no,
        orbit,
        gold,
        out,
        debt,
        bankrupt_since,
        counters,
        ledger,
        dice,
        auction,
        vote,
        ended,
    )


def counters_copy(old: Counters, changes: dict[str, Any]) -> Counters:
    clock = old.clock
    year = old.year
    portion = old.portion
    wheel = old.wheel
    cost_of_living = old.cost_of_living
    research_cost = old.research_cost
    tax_rate = old.tax_rate
    climate = old.climate
    taxed_year = old.taxed_year
    for name, value in changes.items():
        if name == "clock":
            clock = value
        elif name == "year":
            year = value
        elif name == "portion":
            portion = value
        elif name == "wheel":
            wheel = value
        elif name == "cost_of_living":
            cost_of_living = value
        elif name == "research_cost":
            research_cost = value
        elif name == "tax_rate":
            tax_rate = value
        elif name == "climate":
            climate = value
        elif name == "taxed_year":
            taxed_year = value
        else:
            raise _no_field(old, name)
    return Counters(
        clock, year, portion, wheel, cost_of_living, research_cost, tax_rate, climate, taxed_year
    )


def ledger_copy(old: Ledger, changes: dict[str, Any]) -> Ledger:
    bank = old.bank
    row = old.row
    pot = old.pot
    minted_start = old.minted_start
    minted_production = old.minted_production
    minted_issue = old.minted_issue
    income = old.income
    for name, value in changes.items():
        if name == "bank":
            bank = value
        elif name == "row":
            row = value
        elif name == "pot":
            pot = value
        elif name == "minted_start":
            minted_start = value
        elif name == "minted_production":
            minted_production = value
        elif name == "minted_issue":
            minted_issue = value
        elif name == "income":
            income = value
        else:
            raise _no_field(old, name)
    return Ledger(bank, row, pot, minted_start, minted_production, minted_issue, income)


def economy_copy(old: Economy, changes: dict[str, Any]) -> Economy:
    deck = old.deck
    hands = old.hands
    tableaux = old.tableaux
    goods = old.goods
    books = old.books
    next_order = old.next_order
    fresh = old.fresh
    buying = old.buying
    offers_made = old.offers_made
    offer = old.offer
    permits_out = old.permits_out
    for name, value in changes.items():
        if name == "deck":
            deck = value
        elif name == "hands":
            hands = value
        elif name == "tableaux":
            tableaux = value
        elif name == "goods":
            goods = value
        elif name == "books":
            books = value
        elif name == "next_order":
            next_order = value
        elif name == "fresh":
            fresh = value
        elif name == "buying":
            buying = value
        elif name == "offers_made":
            offers_made = value
        elif name == "offer":
            offer = value
        elif name == "permits_out":
            permits_out = value
        else:
            raise _no_field(old, name)
    return Economy(
        deck,
        hands,
        tableaux,
        goods,
        books,
        next_order,
        fresh,
        buying,
        offers_made,
        offer,
        permits_out,
    )


def book_copy(old: Book, changes: dict[str, Any]) -> Book:
    bids = old.bids
    asks = old.asks
    escrow = old.escrow
    last_sold = old.last_sold
    bidless_since = old.bidless_since
    for name, value in changes.items():
        if name == "bids":
            bids = value
        elif name == "asks":
            asks = value
        elif name == "escrow":
            escrow = value
        elif name == "last_sold":
            last_sold = value
        elif name == "bidless_since":
            bidless_since = value
        else:
            raise _no_field(old, name)
    return Book(bids, asks, escrow, last_sold, bidless_since)


def magic_copy(old: Magic, changes: dict[str, Any]) -> Magic:
    spell_deck = old.spell_deck
    recipe_deck = old.recipe_deck
    reading_deck = old.reading_deck
    spells = old.spells
    recipes = old.recipes
    potions = old.potions
    labs = old.labs
    set_potions = old.set_potions
    golems = old.golems
    damage = old.damage
    field = old.field
    effects = old.effects
    crowns = old.crowns
    crown_year = old.crown_year
    regulations = old.regulations
    maintenance = old.maintenance
    bank_debt = old.bank_debt
    ballot = old.ballot
    proposals = old.proposals
    reclaim = old.reclaim
    played = old.played
    targeted = old.targeted
    allies = old.allies
    open_shops = old.open_shops
    jokers_in = old.jokers_in
    volatility = old.volatility
    golems_played = old.golems_played
    card_counts = old.card_counts
    bought_since = old.bought_since
    ruined = old.ruined
    removed = old.removed
    research_paid = old.research_paid
    for name, value in changes.items():
        if name == "ballot":
            ballot = value
        elif name == "played":
            played = value
        elif name == "allies":
            allies = value
        elif name == "field":
            field = value
        elif name == "reading_deck":
            reading_deck = value
        elif name == "effects":
            effects = value
        elif name == "card_counts":
            card_counts = value
        elif name == "spell_deck":
            spell_deck = value
        elif name == "recipe_deck":
            recipe_deck = value
        elif name == "spells":
            spells = value
        elif name == "recipes":
            recipes = value
        elif name == "potions":
            potions = value
        elif name == "labs":
            labs = value
        elif name == "set_potions":
            set_potions = value
        elif name == "golems":
            golems = value
        elif name == "damage":
            damage = value
        elif name == "crowns":
            crowns = value
        elif name == "crown_year":
            crown_year = value
        elif name == "regulations":
            regulations = value
        elif name == "maintenance":
            maintenance = value
        elif name == "bank_debt":
            bank_debt = value
        elif name == "proposals":
            proposals = value
        elif name == "reclaim":
            reclaim = value
        elif name == "targeted":
            targeted = value
        elif name == "open_shops":
            open_shops = value
        elif name == "jokers_in":
            jokers_in = value
        elif name == "volatility":
            volatility = value
        elif name == "golems_played":
            golems_played = value
        elif name == "bought_since":
            bought_since = value
        elif name == "ruined":
            ruined = value
        elif name == "removed":
            removed = value
        elif name == "research_paid":
            research_paid = value
        else:
            raise _no_field(old, name)
    return Magic(
        spell_deck,
        recipe_deck,
        reading_deck,
        spells,
        recipes,
        potions,
        labs,
        set_potions,
        golems,
        damage,
        field,
        effects,
        crowns,
        crown_year,
        regulations,
        maintenance,
        bank_debt,
        ballot,
        proposals,
        reclaim,
        played,
        targeted,
        allies,
        open_shops,
        jokers_in,
        volatility,
        golems_played,
        card_counts,
        bought_since,
        ruined,
        removed,
        research_paid,
    )


def ballot_copy(old: Ballot, changes: dict[str, Any]) -> Ballot:
    kind = old.kind
    caller = old.caller
    voters = old.voters
    sealed = old.sealed
    choices = old.choices
    card = old.card
    for name, value in changes.items():
        if name == "sealed":
            sealed = value
        elif name == "kind":
            kind = value
        elif name == "caller":
            caller = value
        elif name == "voters":
            voters = value
        elif name == "choices":
            choices = value
        elif name == "card":
            card = value
        else:
            raise _no_field(old, name)
    return Ballot(kind, caller, voters, sealed, choices, card)


def finance_copy(old: Finance, changes: dict[str, Any]) -> Finance:
    offer = old.offer
    offers_made = old.offers_made
    futures = old.futures
    quotes = old.quotes
    policies = old.policies
    loans = old.loans
    securities = old.securities
    listings = old.listings
    wanted = old.wanted
    debts = old.debts
    sale = old.sale
    next_id = old.next_id
    rolls = old.rolls
    for name, value in changes.items():
        if name == "offer":
            offer = value
        elif name == "offers_made":
            offers_made = value
        elif name == "wanted":
            wanted = value
        elif name == "listings":
            listings = value
        elif name == "futures":
            futures = value
        elif name == "next_id":
            next_id = value
        elif name == "quotes":
            quotes = value
        elif name == "policies":
            policies = value
        elif name == "loans":
            loans = value
        elif name == "securities":
            securities = value
        elif name == "debts":
            debts = value
        elif name == "sale":
            sale = value
        elif name == "rolls":
            rolls = value
        else:
            raise _no_field(old, name)
    return Finance(
        offer,
        offers_made,
        futures,
        quotes,
        policies,
        loans,
        securities,
        listings,
        wanted,
        debts,
        sale,
        next_id,
        rolls,
    )


def order_copy(old: Order, changes: dict[str, Any]) -> Order:
    id = old.id
    owner = old.owner
    price = old.price
    placed = old.placed
    escrow_since = old.escrow_since
    for name, value in changes.items():
        if name == "price":
            price = value
        elif name == "escrow_since":
            escrow_since = value
        elif name == "placed":
            placed = value
        elif name == "id":
            id = value
        elif name == "owner":
            owner = value
        else:
            raise _no_field(old, name)
    return Order(id, owner, price, placed, escrow_since)


def proposal_copy(old: Proposal, changes: dict[str, Any]) -> Proposal:
    id = old.id
    kind = old.kind
    author = old.author
    to = old.to
    give = old.give
    get = old.get
    principal = old.principal
    repay = old.repay
    due_orbit = old.due_orbit
    card = old.card
    for name, value in changes.items():
        if name == "id":
            id = value
        elif name == "kind":
            kind = value
        elif name == "author":
            author = value
        elif name == "to":
            to = value
        elif name == "give":
            give = value
        elif name == "get":
            get = value
        elif name == "principal":
            principal = value
        elif name == "repay":
            repay = value
        elif name == "due_orbit":
            due_orbit = value
        elif name == "card":
            card = value
        else:
            raise _no_field(old, name)
    return Proposal(id, kind, author, to, give, get, principal, repay, due_orbit, card)


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
