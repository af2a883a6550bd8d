"""The Chauffeur's instruments (MERLIN-MODULES.md §3.6): loans, bonds, stock, its own currency.

Clubs: "When a property is perpendicularly placed on another property, Chauffeurs are created,
where wealth is stored. It allowed for the player to loan money, create margin on derivatives,
insurance, issue bonds, stock, or its own currency." Only a Chauffeur's owner lends or issues.

- A loan is an offer (offers.py): the principal comes from the lender's Chauffeur store when the
  borrower accepts; on the borrower's first turn once the due orbit is complete the repayment is
  taken from their gold in hand, then their Chauffeur stores; what is missing is a debt.
- Bonds, shares and notes are `Security` units, issued to the issuer and put on the issuer's ask
  table (a `Listing` each, which the custom tables sell). A bond matures on its issuer's first turn
  once its orbit is complete: face value to each holder from gold in hand, then Chauffeur stores,
  the shortfall a debt. A share held by another player pays `share_percent`% of every payout of
  gold from the issuer's clubs (a yield filter). A note redeems for 1 gold from the issuer's
  Chauffeur stores, else a debt.
- Margin: "There are no capital requirements, or reserve limits": `margin_fraction` is 0, so
  nothing is ever held back as margin.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from itertools import product
from typing import Any, Literal

from tradingfloor.core.actions import Action
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.finance.actions import (
    IssueBonds,
    IssueNotes,
    IssueStock,
    OfferLoan,
    RedeemNote,
)
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.markets import list_security
from tradingfloor.games.merlin.finance.offers import ANSWERS, Answer, make_offer, why_no_offer
from tradingfloor.games.merlin.finance.state import Loan, Proposal, Security
from tradingfloor.games.merlin.finance.table import (
    add_debt,
    figures_of,
    finance_of,
    new_id,
    with_finance,
)
from tradingfloor.games.merlin.ledger import add_gold, produce, put
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Log, Module, Payout, event
from tradingfloor.games.merlin.state import MerlinState, Stack
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

Kind = Literal["bond", "share", "note"]
KIND_WORDS = {"bond": ("bond", "bonds"), "share": ("share", "shares"), "note": ("note", "notes")}


# --- the Chauffeur's store ------------------------------------------------------------------------


def chauffeurs(state: MerlinState, who: int) -> list[Stack]:
    """The player's Chauffeurs (a property across another), in tableau order."""
    return [s for s in state.economy.tableaux[who] if kind(state, s) == "chauffeur"]


def has_chauffeur(state: MerlinState, who: int) -> bool:
    return bool(chauffeurs(state, who))


def stored(state: MerlinState, who: int) -> int:
    """All the gold the player's Chauffeurs store."""
    return sum(s.stored for s in chauffeurs(state, who))


def _set_store(state: MerlinState, who: int, base: str, amount: int) -> MerlinState:
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
            state = _set_store(state, who, stack.base, stack.stored - part)
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
    fields = _loan_fields(state, me)
    if not fields:
        return None
    stack = rng.choice([s for s in chauffeurs(state, me) if s.stored])
    principal = rng.randint(1, stack.stored)
    return OfferLoan(
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
    state = _set_store(state, offer.author, offer.card, _loan_store(state, offer) - offer.principal)
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


# --- issuing bonds, stock and notes ---------------------------------------------------------------


def outstanding(state: MerlinState, issuer: int, what: Kind) -> int:
    """How many units of one kind the issuer has issued and not yet closed (their own unsold
    units included)."""
    return sum(1 for s in finance_of(state).securities if (s.issuer, s.kind) == (issuer, what))


def _most(state: MerlinState, what: Kind) -> int:
    figures = figures_of(state).instruments
    return {"bond": figures.most_bonds, "share": figures.max_shares, "note": figures.most_notes}[
        what
    ]


def _why_issue(state: MerlinState, me: int, what: Kind, count: int, price: int) -> str | None:
    many = KIND_WORDS[what][1]
    if not has_chauffeur(state, me):
        return (
            f"{many} are issued by a Chauffeur's owner: place a property across another of yours "
            "to make one"
        )
    most, out = _most(state, what), outstanding(state, me, what)
    if out + count > most:
        return (
            f"you have {out} {many} out and may have at most {most}: issue at most {most - out}"
            if out < most
            else f"you have {out} {many} out, the most allowed"
        )
    top = figures_of(state).instruments.most_price
    if price > top:
        return f"{many} are issued at a price of at most {gold(top)}"
    return None


def _why_bonds(state: MerlinState, me: int, action: IssueBonds) -> str | None:
    figures = figures_of(state).instruments
    if action.face > figures.most_face:
        return f"a bond's face value is at most {gold(figures.most_face)}"
    if action.orbits > figures.longest_orbits:
        return f"a bond matures in at most {figures.longest_orbits} orbits"
    return _why_issue(state, me, "bond", action.count, action.price)


def _why_stock(state: MerlinState, me: int, action: IssueStock) -> str | None:
    return _why_issue(state, me, "share", action.count, action.price)


def _why_notes(state: MerlinState, me: int, action: IssueNotes) -> str | None:
    return _why_issue(state, me, "note", action.count, action.price)


def _issue_fields(what: Kind) -> Callable[[MerlinState, int], Fields]:
    def fields(state: MerlinState, me: int) -> Fields:
        left = _most(state, what) - outstanding(state, me, what)
        if not has_chauffeur(state, me) or left < 1:
            return {}
        figures = figures_of(state).instruments
        out: Fields = {"count": range(1, left + 1)}
        if what == "bond":
            out["face"] = range(1, figures.most_face + 1)
            out["orbits"] = range(1, figures.longest_orbits + 1)
        out["price"] = range(1, figures.most_price + 1)
        return out

    return fields


ISSUES: Mapping[Kind, type[IssueBonds] | type[IssueStock] | type[IssueNotes]] = {
    "bond": IssueBonds,
    "share": IssueStock,
    "note": IssueNotes,
}


def _issue_pick(what: Kind) -> Callable[[MerlinState, int, random.Random], Action | None]:
    def pick(state: MerlinState, me: int, rng: random.Random) -> Action | None:
        fields = _issue_fields(what)(state, me)
        if not fields:
            return None
        chosen = {name: rng.choice(values) for name, values in fields.items()}
        return ISSUES[what](**chosen)

    return pick


def _issue(
    state: MerlinState,
    me: int,
    what: Kind,
    count: int,
    price: int,
    log: Log,
    face: int = 0,
    maturity: int = 0,
) -> MerlinState:
    """`count` units held by the issuer, each on the issuer's ask table at `price` (markets.py)."""
    log.append(
        event("issued", seat=me, what=what, count=count, price=price, face=face, maturity=maturity)
    )
    for _ in range(count):
        unit_id, state = new_id(state)
        unit = Security(unit_id, what, me, me, face=face, maturity=maturity)
        state = with_finance(state, securities=(*finance_of(state).securities, unit))
        state = list_security(state, unit, price, log)
    return state


def _apply_bonds(state: MerlinState, me: int, action: IssueBonds, log: Log) -> MerlinState:
    maturity = state.core.orbit + action.orbits
    return _issue(state, me, "bond", action.count, action.price, log, action.face, maturity)


def _apply_stock(state: MerlinState, me: int, action: IssueStock, log: Log) -> MerlinState:
    return _issue(state, me, "share", action.count, action.price, log)


def _apply_notes(state: MerlinState, me: int, action: IssueNotes, log: Log) -> MerlinState:
    return _issue(state, me, "note", action.count, action.price, log)


def _close(state: MerlinState, gone: set[int]) -> MerlinState:
    """Securities closed (matured, redeemed, worthless): they and their asks leave the table."""
    finance = finance_of(state)
    refs = {str(i) for i in gone}
    return with_finance(
        state,
        securities=tuple(s for s in finance.securities if s.id not in gone),
        listings=tuple(x for x in finance.listings if not (x.item in KIND_WORDS and x.ref in refs)),
    )


def _mature_bonds(state: MerlinState, log: Log) -> MerlinState:
    """The issuer's first turn once a bond's orbit is complete: face value to each holder (in turn
    order from the issuer), from gold in hand, then Chauffeur stores; the shortfall is owed. The
    issuer's own unsold bonds just close."""
    me, orbit = state.core.current, state.core.orbit
    due = [
        s
        for s in finance_of(state).securities
        if s.kind == "bond" and s.issuer == me and orbit >= s.maturity
    ]
    if not due:
        return state
    state = _close(state, {s.id for s in due})
    for holder in state.core.from_roller():
        units = [s for s in due if s.holder == holder and holder != me]
        if not units:
            continue
        owed = sum(s.face for s in units)
        state, paid = pay_or_owe(state, me, holder, owed, "bond", log)
        log.append(
            event(
                "bonds_matured",
                issuer=me,
                holder=holder,
                count=len(units),
                face=owed,
                paid=paid,
                owed=owed - paid,
            )
        )
    unsold = sum(1 for s in due if s.holder == me)
    if unsold:
        log.append(event("bonds_closed", issuer=me, count=unsold))
    return state


def on_turn_start(state: MerlinState, log: Log) -> MerlinState:
    """Finance due dates at the start of a turn (Core Loop order, MERLIN-MODULES.md §1): loans the
    player owes, then bonds the player issued."""
    if state.finance is None:
        return state
    return _mature_bonds(_repay_loans(state, log), log)


# --- stock: a share of the issuer's club gold -----------------------------------------------------


def dividends(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Each share another player holds takes `share_percent`% (rounded down) of a payout of gold
    from the issuer's clubs, as the issuer receives it; the issuer keeps the rest."""
    if (
        state.finance is None
        or payout.commodity is not None
        or payout.gold <= 0
        or payout.to != payout.owner
        or not cards.is_property(state.config, payout.card)
    ):
        return state, payout
    issuer = payout.owner
    held: dict[int, int] = {}
    for unit in finance_of(state).securities:
        if unit.kind == "share" and unit.issuer == issuer and unit.holder != issuer:
            held[unit.holder] = held.get(unit.holder, 0) + 1
    if not held:
        return state, payout
    per = payout.gold * figures_of(state).instruments.share_percent // 100
    total = min(per * sum(held.values()), payout.gold)
    if not total:
        return state, payout
    # The issuer's property yields all of it; the shareholders' part goes on to them.
    state = produce(state, issuer, total)
    paid = []
    left = total
    for holder in state.core.from_roller():
        due = min(per * held.get(holder, 0), left)
        if due:
            state = receive(add_gold(state, issuer, -due), holder, due)
            paid.append([holder, due])
            left -= due
    log.append(
        event(
            "dividend",
            issuer=issuer,
            card=payout.card,
            gold=payout.gold,
            per_share=per,
            paid=paid,
        )
    )
    return state, replace(payout, gold=payout.gold - total)


# --- notes: the Chauffeur's own currency ----------------------------------------------------------


def _notes_held(state: MerlinState, me: int, issuer: int) -> list[Security]:
    return [
        s
        for s in finance_of(state).securities
        if s.kind == "note" and s.issuer == issuer and s.holder == me
    ]


def _why_redeem(state: MerlinState, me: int, action: RedeemNote) -> str | None:
    if action.issuer == me:
        return "your own notes are redeemed by the players who hold them"
    if not _notes_held(state, me, action.issuer):
        return (
            f"you hold no note of {seat(action.issuer)}: notes are bought on their issuer's ask "
            "table"
        )
    return None


def _redeems(state: MerlinState, me: int) -> list[Action]:
    issuers = {
        s.issuer
        for s in finance_of(state).securities
        if s.kind == "note" and s.holder == me and s.issuer != me
    }
    return [RedeemNote(issuer=i) for i in sorted(issuers)]


def _apply_redeem(state: MerlinState, me: int, action: RedeemNote, log: Log) -> MerlinState:
    """One note back to its issuer for 1 gold from the issuer's Chauffeur stores, else owed."""
    listed = {x.ref for x in finance_of(state).listings if x.item == "note" and x.seller == me}
    notes = sorted(_notes_held(state, me, action.issuer), key=lambda s: str(s.id) in listed)
    state = _close(state, {notes[0].id})
    issuer = action.issuer
    state, taken = draw_stores(state, issuer, 1)
    state = receive(add_gold(state, issuer, -taken), me, taken)
    state = add_debt(state, issuer, me, 1 - taken, "note", log)
    log.append(event("note_redeemed", issuer=issuer, holder=me, paid=taken))
    return state


# --- a player leaving -----------------------------------------------------------------------------


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """A player leaving: their loans to others are written off; what they borrowed is owed to the
    lender; bonds they issued are owed to the holders (paid pro rata as their debts are, in
    debts.py); their shares and notes become worthless; what they held of others' is gone."""
    finance = finance_of(state)
    lent = [x for x in finance.loans if x.lender == who]
    borrowed = [x for x in finance.loans if x.borrower == who]
    state = with_finance(
        state, loans=tuple(x for x in finance.loans if who not in (x.lender, x.borrower))
    )
    for loan in borrowed:
        state = add_debt(state, who, loan.lender, loan.repay, "loan", log)
    issued = [s for s in finance.securities if s.issuer == who]
    for unit in issued:
        if unit.kind == "bond" and unit.holder != who:
            state = add_debt(state, who, unit.holder, unit.face, "bond", log)
    held = [s for s in finance.securities if s.holder == who and s.issuer != who]
    state = _close(state, {s.id for s in (*issued, *held)})
    counts = {k: sum(1 for s in issued if s.kind == k) for k in KIND_WORDS}
    if lent or borrowed or issued or held:
        log.append(
            event(
                "instruments_closed",
                seat=who,
                written_off=sum(x.repay for x in lent),
                borrowed=sum(x.repay for x in borrowed),
                bonds=sum(1 for s in issued if s.kind == "bond" and s.holder != who),
                shares=counts["share"],
                notes=counts["note"],
                held=len(held),
            )
        )
    return state


# --- the module part ------------------------------------------------------------------------------


def _listed(
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


RULES = (
    ActionRule(
        "offer_loan",
        _why_loan,
        _listed(_loan_fields, OfferLoan, _why_loan),
        _apply_loan,
        _pick_loan,
        _loan_fields,
    ),
    ActionRule(
        "issue_bonds",
        _why_bonds,
        _listed(_issue_fields("bond"), ISSUES["bond"], _why_bonds),
        _apply_bonds,
        _issue_pick("bond"),
        _issue_fields("bond"),
    ),
    ActionRule(
        "issue_stock",
        _why_stock,
        _listed(_issue_fields("share"), ISSUES["share"], _why_stock),
        _apply_stock,
        _issue_pick("share"),
        _issue_fields("share"),
    ),
    ActionRule(
        "issue_notes",
        _why_notes,
        _listed(_issue_fields("note"), ISSUES["note"], _why_notes),
        _apply_notes,
        _issue_pick("note"),
        _issue_fields("note"),
    ),
    ActionRule("redeem_note", _why_redeem, _redeems, _apply_redeem),
)

PART = Module(
    name="finance.instruments",
    actions={"turn": RULES},
    on_turn_start=(on_turn_start,),
    yield_filters=(dividends,),
    on_exit=(on_exit,),
)


# --- words ----------------------------------------------------------------------------------------


def _units(n: int, what: str) -> str:
    one, many = KIND_WORDS.get(what, (what, f"{what}s"))
    return f"{n} {one if n == 1 else many}"


def _label_loan(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Offer {seat(a.to)} a loan of {gold(a.principal)} from your Chauffeur on "
        f"{card_words(a.card)}, repaid with {gold(a.repay)} after {a.orbits} orbit(s)"
    )


def _label_bonds(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Issue {_units(a.count, 'bond')} of face value {gold(a.face)}, maturing in {a.orbits} "
        f"orbit(s), on your ask table at {gold(a.price)} each"
    )


def _label_stock(state: MerlinState, me: int, a: Any) -> str:
    percent = figures_of(state).instruments.share_percent
    return (
        f"Issue {_units(a.count, 'share')} ({percent}% of your clubs' gold each), on your ask "
        f"table at {gold(a.price)} each"
    )


def _label_notes(state: MerlinState, me: int, a: Any) -> str:
    return (
        f"Issue {_units(a.count, 'note')} of your own currency (1 gold each from your "
        f"Chauffeurs), on your ask table at {gold(a.price)} each"
    )


def _label_redeem(state: MerlinState, me: int, a: Any) -> str:
    return f"Redeem one of {seat(a.issuer)}'s notes for 1 gold from their Chauffeurs"


LABELS = {
    "offer_loan": _label_loan,
    "issue_bonds": _label_bonds,
    "issue_stock": _label_stock,
    "issue_notes": _label_notes,
    "redeem_note": _label_redeem,
}
FORM_TITLES = {
    "offer_loan": "Offer a loan from one of your Chauffeurs",
    "issue_bonds": "Issue bonds against your Chauffeurs",
    "issue_stock": "Issue stock in your clubs' gold",
    "issue_notes": "Issue notes, your own currency",
    "redeem_note": "Redeem a note",
}
FIELD_LABELS = {
    "principal": "lend (gold)",
    "repay": "repaid with (gold)",
    "orbits": "orbits",
    "count": "how many",
    "face": "face value (gold)",
    "issuer": "issued by",
}
NOTES = {
    "offer_loan": "The principal leaves the Chauffeur's store when the loan is accepted. The "
    "borrower repays on their first turn after the last orbit, from gold in hand, then their "
    "Chauffeurs; what is missing they owe you.",
    "issue_bonds": "Each bond pays its face value on your first turn after it matures, from your "
    "gold in hand, then your Chauffeurs; what is missing you owe the holder.",
    "issue_stock": "Each share another player holds takes its part of every payout of gold from "
    "your clubs, rounded down.",
    "issue_notes": "A holder redeems a note for 1 gold from your Chauffeurs' stores; when they are "
    "empty you owe it.",
}


def _matured(e: Mapping[str, Any]) -> str:
    text = (
        f"{seat(e['issuer'])}'s {_units(e['count'], 'bond')} held by {seat(e['holder'])} "
        f"matured: {gold(e['paid'])} of {gold(e['face'])} paid"
    )
    return text + (f", {gold(e['owed'])} owed" if e["owed"] else "")


def _issued(e: Mapping[str, Any]) -> str:
    what = e["what"]
    text = f"{seat(e['seat'])} issued {_units(e['count'], what)}"
    if what == "bond":
        text += f" of face value {gold(e['face'])}, maturing after orbit {e['maturity']}"
    elif what == "note":
        text += " (their own currency, 1 gold each from their Chauffeurs)"
    return text + f", on their ask table at {gold(e['price'])} each"


def _closed(e: Mapping[str, Any]) -> str:
    parts = []
    if e["written_off"]:
        parts.append(f"{gold(e['written_off'])} of loans they made written off")
    if e["borrowed"]:
        parts.append(f"{gold(e['borrowed'])} they borrowed owed to the lenders")
    if e["bonds"]:
        parts.append(f"{_units(e['bonds'], 'bond')} they issued owed to the holders")
    if e["shares"] or e["notes"]:
        worthless = [_units(e[k], k[:-1]) for k in ("shares", "notes") if e[k]]
        parts.append(f"{' and '.join(worthless)} they issued worthless")
    if e["held"]:
        parts.append(f"{e['held']} bond(s), share(s) or note(s) they held gone")
    return f"{seat(e['seat'])} leaves: " + "; ".join(parts)


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
    "issued": _issued,
    "bonds_matured": _matured,
    "bonds_closed": lambda e: (
        f"{seat(e['issuer'])}'s {_units(e['count'], 'bond')} still unsold matured and closed"
    ),
    "dividend": lambda e: (
        f"{seat(e['issuer'])}'s {card_words(e['card'])} yielded {gold(e['gold'])}: "
        + ", ".join(f"{seat(h)} takes {gold(g)}" for h, g in e["paid"])
        + f" ({gold(e['per_share'])} a share)"
    ),
    "note_redeemed": lambda e: (
        f"{seat(e['holder'])} redeemed a note of {seat(e['issuer'])}: "
        + (
            f"{gold(e['paid'])} from their Chauffeurs"
            if e["paid"]
            else "their Chauffeurs are empty, so they owe it"
        )
    ),
    "instruments_closed": _closed,
}
