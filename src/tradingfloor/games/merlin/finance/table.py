"""The finance module's shared moves on the table: its state, ids, debts and the content.

Every part of the module (offers, trades, auctions, futures, insurance, instruments, markets)
changes the table through these, so that gold stays conserved and debts stay in one list.
"""

from __future__ import annotations

from typing import Any

from tradingfloor.games.merlin.finance.content import FinanceContent
from tradingfloor.games.merlin.finance.state import Debt, Finance
from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.records import holds, replace, replace_fields, with_parts
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import MerlinState


def finance_of(state: MerlinState) -> Finance:
    """The finance part of the table (the module must be on)."""
    finance = state.finance
    assert isinstance(finance, Finance), "the finance module is not on in this match"
    return finance


def figures_of(state: MerlinState) -> FinanceContent:
    content = state.config.finance  # (a field of the match's config: read typed, not by name)
    assert isinstance(content, FinanceContent), "the finance module is not on in this match"
    return content


def on(state: MerlinState) -> bool:
    """Whether the finance module is on in this match."""
    return state.finance is not None


def with_finance(state: MerlinState, **changes: Any) -> MerlinState:
    """The state with fields of its finance part replaced."""
    finance = finance_of(state)
    if holds(finance, changes):  # a turn's start often resets what is reset already
        return state
    finance = replace_fields(finance, changes)
    return with_parts(state, state.core, state.economy, state.magic, finance)


def new_id(state: MerlinState) -> tuple[int, MerlinState]:
    """A fresh id for a contract, offer, security or listing (one counter for them all)."""
    finance = finance_of(state)
    return finance.next_id, with_finance(state, next_id=finance.next_id + 1)


def commodity_index(state: MerlinState, name: str) -> int | None:
    """A commodity's index by its name (None when there is no such commodity)."""
    names = state.config.content.commodities
    return names.index(name) if name in names else None


def owed_by(state: MerlinState, debtor: int) -> int:
    """What `debtor` owes through the finance module."""
    return sum(d.amount for d in finance_of(state).debts if d.debtor == debtor)


def add_debt(
    state: MerlinState, debtor: int, creditor: int, amount: int, why: str, log: Log
) -> MerlinState:
    """`debtor` owes `creditor` `amount` more (one entry per debtor, creditor and reason); a player
    who owes is bankrupt (Bankruptcy: "exit bankruptcy by paying off any debts they owe to other
    players") until they pay."""
    if amount <= 0:
        return state
    debts = list(finance_of(state).debts)
    for i, debt in enumerate(debts):
        if (debt.debtor, debt.creditor, debt.why) == (debtor, creditor, why):
            debts[i] = replace(debt, amount=debt.amount + amount)
            break
    else:
        debts.append(Debt(debtor, creditor, amount, why))
    state = with_finance(state, debts=tuple(debts))
    core = state.core
    if core.bankrupt_since[debtor] is None:
        since = put(core.bankrupt_since, debtor, core.counters.clock)
        state = replace(state, core=replace(core, bankrupt_since=since))
    log.append(event("debt", debtor=debtor, creditor=creditor, amount=amount, why=why))
    return state
