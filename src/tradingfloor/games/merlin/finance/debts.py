"""Debts between players, and to the R.O.W. and the central bank (MERLIN-MODULES.md §3.8).

Bankruptcy: "Players facing bankruptcy can exit bankruptcy by paying off any debts they owe to
other players." A debt is owed per creditor; `repay` pays one creditor, the economy's `pay_debt`
pays them all. A player who leaves the game pays what they owe from the gold in their hand, pro
rata; what is owed to them is written off.
"""

from __future__ import annotations

import random

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import Repay
from tradingfloor.games.merlin.finance.state import BANK, Debt
from tradingfloor.games.merlin.finance.table import finance_of, owed_by, with_finance
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank, to_row
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Log,
    Module,
    Picker,
    event,
    extra_owed,
)
from tradingfloor.games.merlin.state import ROW, MerlinState
from tradingfloor.games.merlin.words import gold, seat


def creditor(number: int) -> str:
    """A creditor in a text: a seat ({seat:N}), the R.O.W. or the central bank."""
    return "the central bank" if number == BANK else seat(number)


def owes(state: MerlinState, debtor: int) -> int:
    """The `owes` hook: what the finance module's debts add to a player's debt."""
    return owed_by(state, debtor) if state.finance is not None else 0


def receive(state: MerlinState, creditor: int, amount: int) -> MerlinState:
    """`amount` gold paid to a creditor: a player, the R.O.W. or the central bank (gold between
    players is not income from the economy: the lab's income table leaves it out)."""
    if creditor == ROW:
        return to_row(state, amount)
    if creditor == BANK:
        return to_bank(state, amount)
    return add_gold(state, creditor, amount)


def _settle(state: MerlinState, debt: Debt, amount: int, log: Log) -> MerlinState:
    """`amount` of one debt paid from the debtor's gold."""
    state = receive(add_gold(state, debt.debtor, -amount), debt.creditor, amount)
    debts = finance_of(state).debts
    rest = debt.amount - amount
    kept = tuple(
        (replace(d, amount=rest) if d is debt else d) for d in debts if d is not debt or rest > 0
    )
    log.append(event("repaid", debtor=debt.debtor, creditor=debt.creditor, amount=amount))
    return with_finance(state, debts=kept)


def clear_if_paid(state: MerlinState, who: int) -> MerlinState:
    """A player who owes nothing more leaves bankruptcy."""
    core = state.core
    if core.bankrupt_since[who] is None or core.debt[who] or extra_owed(state, who):
        return state
    return replace(state, core=replace(core, bankrupt_since=put(core.bankrupt_since, who, None)))


def pay_all(state: MerlinState, who: int, log: Log) -> MerlinState:
    """The `pay_debts` hook: the economy's pay_debt pays every finance debt too."""
    if state.finance is None:
        return state
    for debt in [d for d in finance_of(state).debts if d.debtor == who]:
        state = _settle(state, debt, debt.amount, log)
    return state


def _owed_to(state: MerlinState, who: int, creditor: int) -> int:
    return sum(
        d.amount for d in finance_of(state).debts if (d.debtor, d.creditor) == (who, creditor)
    )


def _why_repay(state: MerlinState, who: int, action: Repay) -> str | None:
    owed = _owed_to(state, who, action.creditor)
    if not owed:
        return f"you owe {creditor(action.creditor)} nothing"
    if action.amount > owed:
        return f"you owe {creditor(action.creditor)} only {gold(owed)}"
    if action.amount > state.core.gold[who]:
        return f"you hold only {gold(state.core.gold[who])}"
    return None


def _creditors(state: MerlinState, who: int) -> list[int]:
    if state.finance is None:
        return []
    found = (d.creditor for d in finance_of(state).debts if d.debtor == who)
    return list(dict.fromkeys(found))


def _repays(state: MerlinState, who: int) -> list[Action]:
    return [
        drawn(Repay, creditor=c, amount=a)
        for c in _creditors(state, who)
        for a in range(1, min(_owed_to(state, who, c), state.core.gold[who]) + 1)
    ]


def _repay_fields(state: MerlinState, who: int) -> Fields:
    creditors = _creditors(state, who)
    most = max((min(_owed_to(state, who, c), state.core.gold[who]) for c in creditors), default=0)
    if most < 1:
        return {}
    return {"creditor": creditors, "amount": range(1, most + 1)}


def _pick_repay(state: MerlinState, who: int, rng: random.Random) -> Action | None:
    # A repayment is of gold in hand (`_why_repay`): with none, the debts need not be read.
    if state.core.gold[who] <= 0:
        return None
    creditors = _creditors(state, who)
    if not creditors:
        return None
    creditor = rng.choice(creditors)
    most = min(_owed_to(state, who, creditor), state.core.gold[who])
    return drawn(Repay, creditor=creditor, amount=rng.randint(1, most))


def _apply_repay(state: MerlinState, who: int, action: Repay, log: Log) -> MerlinState:
    left = action.amount
    for debt in [
        d for d in finance_of(state).debts if (d.debtor, d.creditor) == (who, action.creditor)
    ]:
        paid = min(left, debt.amount)
        state = _settle(state, debt, paid, log)
        left -= paid
        if not left:
            break
    return clear_if_paid(state, who)


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """A player leaving pays their creditors from their gold in hand, pro rata (the rest of a debt
    is lost); debts owed to them are written off."""
    debts = finance_of(state).debts
    mine = [d for d in debts if d.debtor == who]
    total = sum(d.amount for d in mine)
    purse = min(state.core.gold[who], total)
    shares = _pro_rata(purse, [d.amount for d in mine])
    for debt, share in zip(mine, shares, strict=True):
        if share:
            state = receive(add_gold(state, who, -share), debt.creditor, share)
    lost = total - purse
    written_off = sum(d.amount for d in debts if d.creditor == who)
    kept = tuple(d for d in finance_of(state).debts if who not in (d.debtor, d.creditor))
    if mine or written_off:
        log.append(event("debts_closed", seat=who, paid=purse, lost=lost, written_off=written_off))
    return with_finance(state, debts=kept)


def _pro_rata(purse: int, claims: list[int]) -> list[int]:
    """`purse` shared over `claims` in proportion (floors, then one more each in order)."""
    total = sum(claims)
    if not total or purse >= total:
        return list(claims) if purse >= total else [0] * len(claims)
    shares = [purse * c // total for c in claims]
    for i in range(purse - sum(shares)):
        shares[i % len(shares)] += 1
    return shares


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickRepay(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_repay(state, seat, rng)


RULES = (ActionRule("repay", _why_repay, _repays, _apply_repay, _PickRepay(), _repay_fields),)

PART = Module(
    name="finance.debts",
    actions={"turn": RULES, "buying": RULES},
    owes=(owes,),
    pay_debts=(pay_all,),
    on_exit=(on_exit,),
)


WHY = {  # why a debt is owed, in words (the log and the view's debts)
    "future": "an unsettled future",
    "insurance": "an insurance payout",
    "loan": "a loan",
    "bond": "a bond at maturity",
    "note": "a note redeemed",
}
EVENTS = {
    "debt": lambda d: (
        f"{seat(d['debtor'])} owes {creditor(d['creditor'])} {gold(d['amount'])} more "
        f"({WHY.get(d['why'], d['why'])})"
    ),
    "repaid": lambda d: f"{seat(d['debtor'])} pays {creditor(d['creditor'])} {gold(d['amount'])}",
    "debts_closed": lambda d: (
        f"{seat(d['seat'])} leaves: {gold(d['paid'])} paid to creditors, {gold(d['lost'])} of "
        f"debt lost, {gold(d['written_off'])} owed to them written off"
    ),
}
LABELS = {
    "repay": lambda state, me, a: f"Pay {creditor(a.creditor)} {gold(a.amount)} of what you owe",
}
FORM_TITLES = {"repay": "Repay a debt"}
FIELD_LABELS = {"creditor": "To whom"}
