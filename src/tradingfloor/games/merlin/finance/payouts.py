"""Insurance paying out (MERLIN-MODULES.md §3.5): the rolls and events that set policies off, the
payouts, what a writer cannot pay, and a writer leaving. Writing, repricing, withdrawing and
buying quotes are insurance.py.

Insurance: "Selling insurance on statistical chances can be as simple as "If the next roll is a
2,3, or 5. Pays 3:1" to more complex derivatives like "If a spell is played to block production of
souls on your property and the number on the land is rolled. Pays 14:3"" "Insurance periods can be
from one turn to multiple years."

- A policy pays on numbers (or a 7) rolled within its next N rolls, or on an event that happens to
  the buyer (a spell cast at them, a golem's damage to their property, a spell blocking one of
  their lands of a commodity) during the turns of its next N rolls.
- The first roll or event that qualifies pays the payout once, from the writer's gold in hand,
  then their Chauffeur stores; what is missing is a debt to the buyer.
- A writer who leaves: their policies are void, each buyer owed the premium back (paid pro rata
  from what the writer leaves, debts.py); their quotes are withdrawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tradingfloor.core.game import Event as Told
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.finance.chauffeurs import pay_or_owe
from tradingfloor.games.merlin.finance.covers import EVENT_FORMS
from tradingfloor.games.merlin.finance.state import Finance, Policy
from tradingfloor.games.merlin.finance.table import add_debt, finance_of, with_finance
from tradingfloor.games.merlin.production import rolled
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Log, Module, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, seat

# --- paying out -----------------------------------------------------------------------------------


def _on_dice(policy: Policy) -> bool:
    """A policy that pays on the dice (numbers or a 7), not on an event."""
    return policy.event not in EVENT_FORMS


def _happened(state: MerlinState, policy: Policy, told: Sequence[Told]) -> str | None:
    """The event kind among `told` that this event-form policy pays on, or None."""
    buyer = policy.buyer
    if policy.event == "spell_on_buyer":
        cast = sum(1 for e in told if e.kind == "spell_cast" and e.data.get("target") == buyer)
        warded = sum(1 for e in told if e.kind == "spell_warded" and e.data.get("seat") == buyer)
        return "spell_cast" if cast > warded else None
    if policy.event == "golem_damage_on_buyer":
        hit = any(e.kind == "golem_damage" and e.data.get("owner") == buyer for e in told)
        return "golem_damage" if hit else None
    if policy.event == "land_blocked":
        config = state.config
        for e in told:
            land = e.data.get("card")
            if (
                e.kind == "curse_struck"
                and e.data.get("seat") == buyer
                and isinstance(land, str)
                and cards.is_land(config, land)
                and cards.land_commodity(config, land) == policy.commodity
            ):
                return "curse_struck"
    return None


def _pay(state: MerlinState, policy: Policy, cause: str, log: Log) -> MerlinState:
    """The policy pays its payout once and ends."""
    policies = tuple(p for p in finance_of(state).policies if p.id != policy.id)
    state = with_finance(state, policies=policies)
    state, paid = pay_or_owe(state, policy.writer, policy.buyer, policy.payout, "insurance", log)
    log.append(
        event(
            "insurance_paid",
            id=policy.id,
            writer=policy.writer,
            buyer=policy.buyer,
            payout=policy.payout,
            paid=paid,
            owed=policy.payout - paid,
            cause=cause,
            total=rolled(state),
        )
    )
    return state


def _lapse(state: MerlinState, policy: Policy, log: Log) -> MerlinState:
    policies = tuple(p for p in finance_of(state).policies if p.id != policy.id)
    log.append(event("insurance_lapsed", id=policy.id, writer=policy.writer, buyer=policy.buyer))
    return with_finance(state, policies=policies)


def _check_events(state: MerlinState, told: Sequence[Told], log: Log) -> MerlinState:
    """Event-form policies still running that `told` sets off pay."""
    for policy in finance_of(state).policies:
        if _on_dice(policy):
            continue
        cause = _happened(state, policy, told)
        if cause is not None:
            state = _pay(state, policy, cause, log)
    return state


def _last(log: Log, kind: str, before: int | None = None) -> int:
    """The index of the last event of a kind in the log (before `before`), or -1."""
    end = len(log) if before is None else before
    return next((i for i in range(end - 1, -1, -1) if log[i].kind == kind), -1)


def on_roll(state: MerlinState, log: Log) -> MerlinState:
    """After the roll (the economy's and magic's hooks done): what happened since the previous
    roll of this action (the turn's end, this turn's start) and on this roll sets off event-form
    policies; dice-form policies pay on their numbers or count the roll."""
    finance = state.finance  # (typed below: the state's `finance` is Any, read field by name)
    if not isinstance(finance, Finance) or not finance.policies:
        return state
    now = _last(log, "roll")
    before = log[_last(log, "roll", now) + 1 : now] if now >= 0 else []
    after = log[now + 1 :] if now >= 0 else []
    state = _check_events(state, before, log)
    total = rolled(state)
    for policy in finance_of(state).policies:
        if _on_dice(policy):
            if total in policy.numbers:
                state = _pay(state, policy, "roll", log)
                continue
        elif policy.rolls_left <= 0:  # the turns of its rolls are over
            state = _lapse(state, policy, log)
            continue
        elif (cause := _happened(state, policy, after)) is not None:
            state = _pay(state, policy, cause, log)
            continue
        left = policy.rolls_left - 1
        if left <= 0 and _on_dice(policy):
            state = _lapse(state, policy, log)
            continue
        policies = tuple(
            replace(p, rolls_left=left) if p.id == policy.id else p
            for p in finance_of(state).policies
        )
        state = with_finance(state, policies=policies)
    return state


def after_action(state: MerlinState, log: Log) -> MerlinState:
    """What an action did (a spell cast, a golem's damage, a curse struck by an Ace's windfall)
    sets off event-form policies. An action that rolled the dice (a turn's end) was checked up to
    its roll by `on_roll`."""
    finance = state.finance  # (typed below: the state's `finance` is Any, read field by name)
    if not isinstance(finance, Finance) or not finance.policies:
        return state
    if any(e.kind == "roll" for e in log):
        return state
    return _check_events(state, log, log)


# --- a player leaving -----------------------------------------------------------------------------


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """A writer leaving: their quotes are withdrawn and their policies void, each buyer owed the
    premium back (paid pro rata from the gold they leave, debts.py). A buyer leaving: their
    policies end."""
    finance = finance_of(state)
    void = [p for p in finance.policies if p.writer == who]
    state = with_finance(
        state,
        quotes=tuple(q for q in finance.quotes if q.writer != who),
        policies=tuple(p for p in finance.policies if who not in (p.writer, p.buyer)),
    )
    for policy in void:
        state = add_debt(state, who, policy.buyer, policy.premium, "premium refund", log)
    quotes = sum(1 for q in finance.quotes if q.writer == who)
    if void or quotes:
        log.append(
            event(
                "insurance_void",
                seat=who,
                policies=len(void),
                refunds=sum(p.premium for p in void),
                quotes=quotes,
            )
        )
    return state


PART = Module(
    name="finance.payouts",
    on_roll=(on_roll,),
    after_action=(after_action,),
    on_exit=(on_exit,),
)


# --- words ----------------------------------------------------------------------------------------


def _paid(e: Mapping[str, Any]) -> str:
    cause = {
        "roll": f"a {e['total']} was rolled",
        "spell_cast": "a spell was cast at them",
        "golem_damage": "a golem damaged their property",
        "curse_struck": "a spell blocked their land",
    }.get(e["cause"], e["cause"])
    text = (
        f"{seat(e['writer'])}'s insurance No. {e['id']} pays {seat(e['buyer'])} "
        f"{gold(e['paid'])} ({cause})"
    )
    return text + (f"; {gold(e['owed'])} of the {gold(e['payout'])} owed" if e["owed"] else "")


EVENTS = {
    "insurance_paid": _paid,
    "insurance_lapsed": lambda e: (
        f"{seat(e['buyer'])}'s insurance from {seat(e['writer'])} (No. {e['id']}) ended "
        "without paying"
    ),
    "insurance_void": lambda e: (
        f"{seat(e['seat'])} leaves: {e['policies']} insurance polic"
        + ("y" if e["policies"] == 1 else "ies")
        + f" they wrote void, {gold(e['refunds'])} of premiums owed back"
        + (f"; {e['quotes']} quote(s) withdrawn" if e["quotes"] else "")
    ),
}
