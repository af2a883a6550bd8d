"""The Chauffeur's loans (MERLIN-MODULES.md §3.6).

Clubs: a Chauffeur "allowed for the player to loan money". Only a Chauffeur's owner lends.

A loan is an offer (offers.py): the principal comes from the lender's Chauffeur store when the
borrower accepts; on the borrower's first turn once the due orbit is complete the repayment is
taken from their gold in hand, then their Chauffeur stores; what is missing is a debt.
"""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import OfferLoan
from tradingfloor.games.merlin.finance.chauffeurs import chauffeurs, listed, pay_or_owe, set_store
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.offers import ANSWERS, Answer, make_offer, why_no_offer
from tradingfloor.games.merlin.finance.state import Loan, Proposal
from tradingfloor.games.merlin.finance.table import (
    add_debt,
    figures_of,
    finance_of,
    new_id,
    with_finance,
)
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Log, Module, Picker, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

# --- loans ----------------------------------------------------------------------------------------


def _others(state: MerlinState, me: int) -> list[int]:
    return [s for s in state.core.in_game() if s != me]


def _why_loan(state: MerlinState, me: int, action: OfferLoan) -> str | None:
    figures = figures_of(state).instruments
    stack = next((s for s in chauffeurs(state, me) if s.base == action.card), None)
    if stack is None:
        return (
            f"you have no Chauffeur on {card_words(action.card)}: a loan comes from a Chauffeur's "
            "store (place a property across another of yours to make one)"
        )
    if action.to == me or action.to >= state.players or state.core.out[action.to]:
        return "a loan is made to another player still in the game"
    if action.principal > stack.stored:
        return (
            f"the Chauffeur on {card_words(action.card)} stores {gold(stack.stored)}; store more "
            f"in it first, or lend at most {gold(stack.stored)}"
        )
    if action.repay < action.principal:
        return f"a loan is repaid with at least its principal: ask {gold(action.principal)} or more"
    if action.orbits > figures.longest_orbits:
        return f"a loan runs at most {figures.longest_orbits} orbits"
    return why_no_offer(state)


def _loan_fields(state: MerlinState, me: int) -> Fields:
    lenders = [s for s in chauffeurs(state, me) if s.stored]
    others = _others(state, me)
    if not lenders or not others or why_no_offer(state):
        return {}
    most = max(s.stored for s in lenders)
    return {
        "to": others,
        "card": [s.base for s in lenders],
        "principal": range(1, most + 1),
        "repay": range(1, 2 * most + 1),
        "orbits": range(1, figures_of(state).instruments.longest_orbits + 1),
    }


def _pick_loan(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    if not any(s.stored for s in state.economy.tableaux[me]):
        return None  # no stack stores gold, so no Chauffeur does: nothing to lend
    fields = _loan_fields(state, me)
    if not fields:
        return None
    stack = rng.choice([s for s in chauffeurs(state, me) if s.stored])
    principal = rng.randint(1, stack.stored)
    return drawn(
        OfferLoan,
        to=rng.choice(fields["to"]),
        card=stack.base,
        principal=principal,
        repay=rng.randint(principal, 2 * principal),
        orbits=rng.choice(fields["orbits"]),
    )


def _apply_loan(state: MerlinState, me: int, action: OfferLoan, log: Log) -> MerlinState:
    proposal = Proposal(
        id=0,
        kind="loan",
        author=me,
        to=action.to,
        principal=action.principal,
        repay=action.repay,
        due_orbit=state.core.orbit + action.orbits,
        card=action.card,
    )
    return make_offer(state, proposal, log)


def _loan_store(state: MerlinState, offer: Proposal) -> int:
    stack = next((s for s in chauffeurs(state, offer.author) if s.base == offer.card), None)
    return stack.stored if stack is not None else 0


def _why_take_loan(state: MerlinState, offer: Proposal) -> str | None:
    if _loan_store(state, offer) < offer.principal:
        return (
            f"{seat(offer.author)}'s Chauffeur on {card_words(offer.card)} no longer stores "
            f"{gold(offer.principal)}: decline the offer"
        )
    return None


def _take_loan(state: MerlinState, offer: Proposal, log: Log) -> MerlinState:
    """The principal leaves the lender's Chauffeur store for the borrower's hand."""
    assert offer.card is not None
    state = set_store(state, offer.author, offer.card, _loan_store(state, offer) - offer.principal)
    state = receive(state, offer.to, offer.principal)
    loan_id, state = new_id(state)
    loan = Loan(
        id=loan_id,
        lender=offer.author,
        borrower=offer.to,
        repay=offer.repay,
        due_orbit=offer.due_orbit,
        principal=offer.principal,
        card=offer.card,
    )
    log.append(
        event(
            "loan_made",
            id=loan_id,
            lender=loan.lender,
            borrower=loan.borrower,
            card=loan.card,
            principal=loan.principal,
            repay=loan.repay,
            due_orbit=loan.due_orbit,
        )
    )
    return with_finance(state, loans=(*finance_of(state).loans, loan))


def _loan_words(state: MerlinState, offer: Proposal) -> str:
    return (
        f"borrow {gold(offer.principal)} from {seat(offer.author)}'s Chauffeur on "
        f"{card_words(offer.card)}, repaying {gold(offer.repay)} on your first turn after orbit "
        f"{offer.due_orbit}"
    )


ANSWERS["loan"] = Answer(_why_take_loan, _take_loan, _loan_words)


def _repay_loans(state: MerlinState, log: Log) -> MerlinState:
    """The borrower's first turn once the due orbit is complete: the repayment is taken, the
    shortfall owed to the lender."""
    me, orbit = state.core.current, state.core.orbit
    for loan in finance_of(state).loans:
        if loan.borrower != me or orbit < loan.due_orbit:
            continue
        loans = tuple(x for x in finance_of(state).loans if x.id != loan.id)
        state = with_finance(state, loans=loans)
        state, paid = pay_or_owe(state, me, loan.lender, loan.repay, "loan", log)
        log.append(
            event(
                "loan_repaid",
                id=loan.id,
                lender=loan.lender,
                borrower=me,
                repay=loan.repay,
                paid=paid,
                owed=loan.repay - paid,
            )
        )
    return state


def on_turn_start(state: MerlinState, log: Log) -> MerlinState:
    """Loans fall due at the start of a turn (Core Loop order, MERLIN-MODULES.md §1), before the
    bonds the player issued mature (securities.py)."""
    if state.finance is None:
        return state
    return _repay_loans(state, log)


# --- a player leaving -----------------------------------------------------------------------------


def close_loans(
    state: MerlinState, who: int, log: Log
) -> tuple[MerlinState, list[Loan], list[Loan]]:
    """A player leaving: their loans to others are written off; what they borrowed is owed to the
    lender (paid pro rata as their debts are, in debts.py). Returns the state, the loans they made
    and the loans they took (securities.py tells them with the rest of their instruments)."""
    finance = finance_of(state)
    lent = [x for x in finance.loans if x.lender == who]
    borrowed = [x for x in finance.loans if x.borrower == who]
    state = with_finance(
        state, loans=tuple(x for x in finance.loans if who not in (x.lender, x.borrower))
    )
    for loan in borrowed:
        state = add_debt(state, who, loan.lender, loan.repay, "loan", log)
    return state, lent, borrowed


# --- the module part ------------------------------------------------------------------------------


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickLoan(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_loan(state, seat, rng)


RULES = (
    ActionRule(
        "offer_loan",
        _why_loan,
        listed(_loan_fields, OfferLoan, _why_loan),
        _apply_loan,
        _PickLoan(),
        _loan_fields,
    ),
)

PART = Module(
    name="finance.loans",
    actions={"turn": RULES},
    on_turn_start=(on_turn_start,),
)


# --- words ----------------------------------------------------------------------------------------


def _label_loan(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Offer {seat(a.to)} a loan of {gold(a.principal)} from your Chauffeur on "
        f"{card_words(a.card)}, repaid with {gold(a.repay)} after {a.orbits} orbit(s)"
    )


LABELS = {"offer_loan": _label_loan}
FORM_TITLES = {"offer_loan": "Offer a loan from one of your Chauffeurs"}
FIELD_LABELS = {
    "principal": "lend (gold)",
    "repay": "repaid with (gold)",
    "orbits": "orbits",
}
NOTES = {
    "offer_loan": "The principal leaves the Chauffeur's store when the loan is accepted. The "
    "borrower repays on their first turn after the last orbit, from gold in hand, then their "
    "Chauffeurs; what is missing they owe you.",
}
EVENTS = {
    "loan_made": lambda e: (
        f"{seat(e['lender'])} lent {seat(e['borrower'])} {gold(e['principal'])} from the "
        f"Chauffeur on {card_words(e['card'])}; {gold(e['repay'])} to repay after orbit "
        f"{e['due_orbit']}"
    ),
    "loan_repaid": lambda e: (
        f"{seat(e['borrower'])} repaid {seat(e['lender'])}'s loan: {gold(e['paid'])} of "
        f"{gold(e['repay'])}" + (f", {gold(e['owed'])} owed" if e["owed"] else "")
    ),
}
