"""Moving gold between players, the central bank, the R.O.W. and the pot, and minting it."""

from __future__ import annotations

from typing import TypeVar

from tradingfloor.games.merlin.records import replace, replace_fields, with_parts
from tradingfloor.games.merlin.state import INCOME, Core, Economy, Ledger, MerlinState

T = TypeVar("T")


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with one element replaced."""
    if 0 <= index < len(values):  # (one list copied and written: no slices joined)
        items = list(values)
        items[index] = value
        return tuple(items)
    return (*values[:index], value, *values[index + 1 :])  # (beyond the end: appended)


def with_core(state: MerlinState, core: Core) -> MerlinState:
    return with_parts(state, core, state.economy, state.magic, state.finance)


def with_economy(state: MerlinState, economy: Economy) -> MerlinState:
    return with_parts(state, state.core, economy, state.magic, state.finance)


def add_gold(state: MerlinState, seat: int, amount: int) -> MerlinState:
    """A player's gold changes by `amount` (negative: they pay); never below 0."""
    core = state.core
    total = core.gold[seat] + amount
    if total < 0:
        raise ValueError(f"seat {seat} cannot pay {-amount} gold")
    return with_core(state, replace(core, gold=put(core.gold, seat, total)))


def earn(state: MerlinState, seat: int, amount: int, source: str, **ledger: int) -> MerlinState:
    """A player receives `amount` gold, counted as income from `source` (one of `INCOME`), with
    `ledger`'s balances set alongside (the table is rebuilt once for all of it)."""
    core = state.core
    total = core.gold[seat] + amount
    if total < 0:
        raise ValueError(f"seat {seat} cannot pay {-amount} gold")
    books = core.ledger
    index = INCOME.index(source)
    income = put(books.income, index, books.income[index] + amount)
    books = replace_fields(books, {"income": income, **ledger})
    return with_core(state, replace(core, gold=put(core.gold, seat, total), ledger=books))


def to_bank(state: MerlinState, amount: int) -> MerlinState:
    ledger = state.core.ledger
    return _ledger(state, replace(ledger, bank=ledger.bank + amount))


def to_row(state: MerlinState, amount: int) -> MerlinState:
    ledger = state.core.ledger
    return _ledger(state, replace(ledger, row=ledger.row + amount))


def to_pot(state: MerlinState, amount: int) -> MerlinState:
    ledger = state.core.ledger
    return _ledger(state, replace(ledger, pot=ledger.pot + amount))


def bank_can_pay(state: MerlinState, amount: int) -> bool:
    """Whether the central bank can pay `amount` in full."""
    return not state.config.content.bank_limited or state.core.ledger.bank >= amount


def bank_pays(state: MerlinState, seat: int, amount: int, source: str) -> tuple[MerlinState, int]:
    """The central bank pays `amount` to a player; returns the state and the gold paid.

    RULINGS Merlin 5: "The central bank pays only from what it holds": it pays as far as its
    balance goes (`bank.limited`). With the switch off it issues new gold for whatever it lacks.
    """
    ledger = state.core.ledger
    from_balance = min(ledger.bank, amount)
    issued = 0 if state.config.content.bank_limited else amount - from_balance
    paid = from_balance + issued
    bank, minted = ledger.bank - from_balance, ledger.minted_issue + issued
    return earn(state, seat, paid, source, bank=bank, minted_issue=minted), paid


def produce(state: MerlinState, seat: int, amount: int) -> MerlinState:
    """New gold a property generates on its number."""
    minted = state.core.ledger.minted_production + amount
    return earn(state, seat, amount, "production", minted_production=minted)


def _ledger(state: MerlinState, ledger: Ledger) -> MerlinState:
    return with_core(state, replace(state.core, ledger=ledger))


def gold_in_play(state: MerlinState) -> int:
    """All gold anywhere: players, table, pot, central bank and R.O.W (the conservation check)."""
    core, eco = state.core, state.economy
    table = sum(s.invested + s.stored for tableau in eco.tableaux for s in tableau)
    market = sum(
        sum(b.price for b in book.bids) + sum(e.gold for e in book.escrow) for book in eco.books
    )
    modules = 0
    if state.magic is not None or state.finance is not None:
        from tradingfloor.games.merlin.rulebook import table_for

        modules = sum(held(state) for held in table_for(state).table_gold)
    return (
        sum(core.gold)
        + core.ledger.bank
        + core.ledger.row
        + core.ledger.pot
        + table
        + market
        + modules
    )
