"""The Chauffeur's store (MERLIN-MODULES.md §3.6): what its owner's loans, bonds, notes and
insurance pay from.

Clubs: "When a property is perpendicularly placed on another property, Chauffeurs are created,
where wealth is stored. It allowed for the player to loan money, create margin on derivatives,
insurance, issue bonds, stock, or its own currency." A payment due from a Chauffeur's owner comes
from their gold in hand, then their Chauffeur stores (in tableau order); what is still missing is
a debt (debts.py). The owner's forms (a loan, an issue) list their few legal combinations here.

Margin: "There are no capital requirements, or reserve limits": `margin_fraction` is 0, so nothing
is ever held back as margin.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.table import add_debt
from tradingfloor.games.merlin.ledger import add_gold, put
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Fields, Log
from tradingfloor.games.merlin.state import MerlinState, Stack

# --- the Chauffeur's store ------------------------------------------------------------------------


def chauffeurs(state: MerlinState, who: int) -> list[Stack]:
    """The player's Chauffeurs (a property across another), in tableau order."""
    return [s for s in state.economy.tableaux[who] if kind(state, s) == "chauffeur"]


def has_chauffeur(state: MerlinState, who: int) -> bool:
    return bool(chauffeurs(state, who))


def stored(state: MerlinState, who: int) -> int:
    """All the gold the player's Chauffeurs store."""
    return sum(s.stored for s in chauffeurs(state, who))


def set_store(state: MerlinState, who: int, base: str, amount: int) -> MerlinState:
    """The Chauffeur on `base` storing `amount` gold."""
    eco = state.economy
    tableau = tuple(replace(s, stored=amount) if s.base == base else s for s in eco.tableaux[who])
    return replace(state, economy=replace(eco, tableaux=put(eco.tableaux, who, tableau)))


def draw_stores(state: MerlinState, who: int, amount: int) -> tuple[MerlinState, int]:
    """Up to `amount` gold taken out of the player's Chauffeur stores (in tableau order) into
    their hand; returns the state and the gold taken."""
    taken = 0
    for stack in chauffeurs(state, who):
        if taken >= amount:
            break
        part = min(stack.stored, amount - taken)
        if part:
            state = set_store(state, who, stack.base, stack.stored - part)
            taken += part
    return add_gold(state, who, taken), taken


def pay_or_owe(
    state: MerlinState, payer: int, payee: int, amount: int, why: str, log: Log
) -> tuple[MerlinState, int]:
    """`payer` pays `payee` `amount`: from gold in hand, then from their Chauffeur stores; what
    is still missing is a debt (`why`), and the payer is bankrupt until they pay it. Returns the
    state and the gold paid now."""
    state, _ = draw_stores(state, payer, max(0, amount - state.core.gold[payer]))
    paid = min(amount, state.core.gold[payer])
    state = receive(add_gold(state, payer, -paid), payee, paid)
    return add_debt(state, payer, payee, amount - paid, why, log), paid


# --- the forms of a Chauffeur's owner -------------------------------------------------------------


def listed(
    fields: Callable[[MerlinState, int], Fields],
    make: Callable[..., Action],
    why: Callable[[MerlinState, int, Any], str | None],
) -> Callable[[MerlinState, int], list[Action]]:
    """Every legal combination of a form's fields (called only where they are few)."""

    def choices(state: MerlinState, me: int) -> list[Action]:
        found = fields(state, me)
        if not found:
            return []
        names = list(found)
        made = (make(**dict(zip(names, v, strict=True))) for v in product(*found.values()))
        return [a for a in made if why(state, me, a) is None]

    return choices
