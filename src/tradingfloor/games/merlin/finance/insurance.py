"""Insurance written by Chauffeur owners (MERLIN-MODULES.md §3.5; RULINGS Merlin 2's template: "if
the next N rolls include any of {numbers}, the seller pays the buyer X for a premium of Y").

Insurance: "Players that have a chauffeurs that want to be able to hedge against statistical
chances in the game are able to create derivatives contracts with other players for a fixed
price. A more nuanced version of this is called insurance, that relies on seasonal premium changes
and leverage." "Selling insurance on statistical chances can be as simple as "If the next roll is a
2,3, or 5. Pays 3:1" to more complex derivatives like "If a spell is played to block production of
souls on your property and the number on the land is rolled. Pays 14:3"" "Insurance periods can be
from one turn to multiple years." "Premium costs can only be changed on the changing of the
season."

- A quote pays on numbers (or a 7) rolled within its next N rolls, or on an event that happens to
  the buyer (a spell cast at them, a golem's damage to their property, a spell blocking one of
  their lands of a commodity) during the turns of its next N rolls.
- Buying pays the premium to the writer at once; the first roll or event that qualifies pays the
  payout once, from the writer's gold in hand, then their Chauffeur stores; what is missing is a
  debt to the buyer.
- A writer who leaves: their policies are void, each buyer owed the premium back (paid pro rata
  from what the writer leaves, debts.py); their quotes are withdrawn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import product
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.game import Event as Told
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.finance.actions import (
    BuyInsurance,
    Reprice,
    WithdrawQuote,
    WriteInsurance,
)
from tradingfloor.games.merlin.finance.chauffeurs import has_chauffeur, pay_or_owe
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.state import Event, Policy, Quote
from tradingfloor.games.merlin.finance.table import (
    add_debt,
    commodity_index,
    figures_of,
    finance_of,
    new_id,
    with_finance,
)
from tradingfloor.games.merlin.ledger import add_gold
from tradingfloor.games.merlin.production import rolled
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Log, Module, event
from tradingfloor.games.merlin.seasons import season, season_at
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

EVENT_FORMS: tuple[str, ...] = ("spell_on_buyer", "golem_damage_on_buyer", "land_blocked")
"""The forms that pay on what happens to the buyer (the others pay on the dice)."""
PAYS_ON = ("numbers", "seven", *EVENT_FORMS)
NUMBER_SETS: tuple[tuple[int, ...], ...] = (
    (),
    *((n,) for n in range(2, 13)),
    (2, 3, 5),  # Insurance: "If the next roll is a 2,3, or 5. Pays 3:1"
    (2, 12),
    (3, 11),
    (4, 10),
    (5, 9),
    (6, 8),
    (2, 3, 12),
)
"""The sets of numbers a form offers (a move given as JSON may name any set)."""


# --- quotes and policies --------------------------------------------------------------------------


def quote_of(state: MerlinState, quote_id: int) -> Quote | None:
    return next((q for q in finance_of(state).quotes if q.id == quote_id), None)


def covered(state: MerlinState, buyer: int, quote_id: int) -> bool:
    """Whether `buyer` holds a policy of this quote still running."""
    return any(p.quote == quote_id and p.buyer == buyer for p in finance_of(state).policies)


def season_changed(state: MerlinState, since: int) -> bool:
    """Whether the season has changed since the wheel's clock stood at `since` (a season: the
    portions of the wheel in use that bear one season's name)."""
    counters = state.core.counters
    steps = counters.clock - since
    if steps <= 0:
        return False
    length = len(state.config.content.wheels[counters.wheel].portions)
    start = counters.portion - steps
    first = season_at(state, start)
    return any(season_at(state, start + k) != first for k in range(1, min(steps, length) + 1))


# --- writing --------------------------------------------------------------------------------------


def _why_write(state: MerlinState, me: int, action: WriteInsurance) -> str | None:
    figures = figures_of(state).insurance
    if not has_chauffeur(state, me):
        return (
            "insurance is written by a Chauffeur's owner: place a property across another of "
            "yours to make one"
        )
    mine = sum(1 for q in finance_of(state).quotes if q.writer == me)
    if mine >= figures.most_quotes:
        return f"you offer {mine} insurance quotes, the most allowed: withdraw one first"
    if action.event == "numbers":
        if not action.numbers:
            return "name the numbers (2 to 12) the insurance pays on, or choose an event"
        if len(set(action.numbers)) != len(action.numbers):
            return "name each number once"
    if action.event == "land_blocked" and (
        action.commodity is None or commodity_index(state, action.commodity) is None
    ):
        names = ", ".join(goods(c) for c in state.config.content.commodities)
        return f"name the commodity whose blocked land it covers: one of {names}"
    if action.rolls > figures.most_rolls:
        return f"insurance covers at most {figures.most_rolls} rolls"
    if action.payout > figures.most_payout:
        return f"a payout is at most {gold(figures.most_payout)}"
    if action.premium > figures.most_premium:
        return f"a premium is at most {gold(figures.most_premium)}"
    return None


def _write_fields(state: MerlinState, me: int) -> Fields:
    figures = figures_of(state).insurance
    mine = sum(1 for q in finance_of(state).quotes if q.writer == me)
    if not has_chauffeur(state, me) or mine >= figures.most_quotes:
        return {}
    return {
        "event": list(PAYS_ON),
        "numbers": list(NUMBER_SETS),
        "commodity": list(state.config.content.commodities),
        "rolls": range(1, figures.most_rolls + 1),
        "payout": range(1, figures.most_payout + 1),
        "premium": range(1, figures.most_premium + 1),
    }


def _writes(state: MerlinState, me: int) -> list[Action]:
    fields = _write_fields(state, me)
    if not fields:
        return []
    names = list(fields)
    found = (
        WriteInsurance(**dict(zip(names, values, strict=True)))
        for values in product(*fields.values())
    )
    return [a for a in found if _why_write(state, me, a) is None]


def _pick_write(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    fields = _write_fields(state, me)
    if not fields:
        return None
    pays_on = rng.choice(PAYS_ON)
    numbers = tuple(sorted(rng.sample(range(2, 13), rng.randint(1, 3))))
    return WriteInsurance(
        event=pays_on,  # type: ignore[arg-type]
        numbers=numbers if pays_on == "numbers" else (),
        commodity=rng.choice(state.config.content.commodities),
        rolls=rng.choice(fields["rolls"]),
        payout=rng.choice(fields["payout"]),
        premium=rng.choice(fields["premium"]),
    )


def _apply_write(state: MerlinState, me: int, action: WriteInsurance, log: Log) -> MerlinState:
    quote_id, state = new_id(state)
    form: Event | None = None if action.event == "numbers" else action.event
    numbers = tuple(sorted(action.numbers)) if form is None else ((7,) if form == "seven" else ())
    commodity = commodity_index(state, action.commodity or "") if form == "land_blocked" else None
    quote = Quote(
        id=quote_id,
        writer=me,
        numbers=numbers,
        rolls=action.rolls,
        payout=action.payout,
        premium=action.premium,
        priced=state.core.counters.clock,
        event=form,
        commodity=commodity,
    )
    state = with_finance(state, quotes=(*finance_of(state).quotes, quote))
    log.append(event("insurance_written", id=quote_id, writer=me, **_terms(state, quote)))
    return state


def _terms(state: MerlinState, quote: Quote | Policy) -> dict[str, Any]:
    """A quote's or policy's terms as an event's data."""
    name = None
    if quote.commodity is not None:
        name = state.config.content.commodities[quote.commodity]
    rolls = quote.rolls if isinstance(quote, Quote) else quote.rolls_left
    return {
        "numbers": list(quote.numbers),
        "form": quote.event,
        "commodity": name,
        "rolls": rolls,
        "payout": quote.payout,
    }


# --- repricing and withdrawing --------------------------------------------------------------------


def _why_reprice(state: MerlinState, me: int, action: Reprice) -> str | None:
    quote = quote_of(state, action.quote)
    if quote is None or quote.writer != me:
        return f"you offer no insurance quote No. {action.quote}"
    if not season_changed(state, quote.priced):
        return (
            f"premiums change only when the season changes: it is still {season(state)} since "
            f"you priced quote No. {quote.id}; reprice it once the wheel turns into the next season"
        )
    most = figures_of(state).insurance.most_premium
    if action.premium > most:
        return f"a premium is at most {gold(most)}"
    if action.premium == quote.premium:
        return f"quote No. {quote.id} is already priced at {gold(quote.premium)}"
    return None


def _repriceable(state: MerlinState, me: int) -> list[int]:
    return [
        q.id for q in finance_of(state).quotes if q.writer == me and season_changed(state, q.priced)
    ]


def _reprice_fields(state: MerlinState, me: int) -> Fields:
    quotes = _repriceable(state, me)
    if not quotes:
        return {}
    return {"quote": quotes, "premium": range(1, figures_of(state).insurance.most_premium + 1)}


def _reprices(state: MerlinState, me: int) -> list[Action]:
    fields = _reprice_fields(state, me)
    found = (Reprice(quote=q, premium=p) for q, p in product(*fields.values()))
    return [a for a in found if _why_reprice(state, me, a) is None] if fields else []


def _pick_reprice(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    fields = _reprice_fields(state, me)
    if not fields:
        return None
    quote = quote_of(state, rng.choice(fields["quote"]))
    assert quote is not None
    premiums = [p for p in fields["premium"] if p != quote.premium]
    return Reprice(quote=quote.id, premium=rng.choice(premiums)) if premiums else None


def _apply_reprice(state: MerlinState, me: int, action: Reprice, log: Log) -> MerlinState:
    quote = quote_of(state, action.quote)
    assert quote is not None
    new = replace(quote, premium=action.premium, priced=state.core.counters.clock)
    quotes = tuple(new if q.id == quote.id else q for q in finance_of(state).quotes)
    log.append(
        event(
            "insurance_repriced",
            id=quote.id,
            writer=me,
            old=quote.premium,
            premium=action.premium,
            season=season(state),
        )
    )
    return with_finance(state, quotes=quotes)


def _why_withdraw(state: MerlinState, me: int, action: WithdrawQuote) -> str | None:
    quote = quote_of(state, action.quote)
    if quote is None or quote.writer != me:
        return f"you offer no insurance quote No. {action.quote}"
    return None


def _withdraws(state: MerlinState, me: int) -> list[Action]:
    return [WithdrawQuote(quote=q.id) for q in finance_of(state).quotes if q.writer == me]


def _apply_withdraw(state: MerlinState, me: int, action: WithdrawQuote, log: Log) -> MerlinState:
    quotes = tuple(q for q in finance_of(state).quotes if q.id != action.quote)
    log.append(event("insurance_withdrawn", id=action.quote, writer=me))
    return with_finance(state, quotes=quotes)


# --- buying ---------------------------------------------------------------------------------------


def _why_buy(state: MerlinState, me: int, action: BuyInsurance) -> str | None:
    quote = quote_of(state, action.quote)
    if quote is None:
        return f"there is no insurance quote No. {action.quote}: buy one of the quotes on offer"
    if quote.writer == me:
        return f"you wrote quote No. {quote.id}: insurance is bought by the other players"
    if not has_chauffeur(state, quote.writer):
        return (
            f"{seat(quote.writer)} no longer owns a Chauffeur, so quote No. {quote.id} cannot be "
            "bought"
        )
    if covered(state, me, quote.id):
        return f"you are covered by quote No. {quote.id} already, until that policy ends"
    if state.core.gold[me] < quote.premium:
        return f"the premium is {gold(quote.premium)} and you hold {gold(state.core.gold[me])}"
    return None


def _buys(state: MerlinState, me: int) -> list[Action]:
    offered = (BuyInsurance(quote=q.id) for q in finance_of(state).quotes)
    return [a for a in offered if _why_buy(state, me, a) is None]


def _apply_buy(state: MerlinState, me: int, action: BuyInsurance, log: Log) -> MerlinState:
    quote = quote_of(state, action.quote)
    assert quote is not None
    state = receive(add_gold(state, me, -quote.premium), quote.writer, quote.premium)
    policy_id, state = new_id(state)
    policy = Policy(
        id=policy_id,
        quote=quote.id,
        writer=quote.writer,
        buyer=me,
        numbers=quote.numbers,
        rolls_left=quote.rolls,
        payout=quote.payout,
        event=quote.event,
        commodity=quote.commodity,
        premium=quote.premium,
    )
    log.append(
        event(
            "insurance_bought",
            id=policy_id,
            quote=quote.id,
            writer=quote.writer,
            buyer=me,
            premium=quote.premium,
            **_terms(state, quote),
        )
    )
    return with_finance(state, policies=(*finance_of(state).policies, policy))


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
    if state.finance is None or not finance_of(state).policies:
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
    if state.finance is None or not finance_of(state).policies:
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


# --- the module part ------------------------------------------------------------------------------


RULES = (
    ActionRule("write_insurance", _why_write, _writes, _apply_write, _pick_write, _write_fields),
    ActionRule("reprice", _why_reprice, _reprices, _apply_reprice, _pick_reprice, _reprice_fields),
    ActionRule("withdraw_quote", _why_withdraw, _withdraws, _apply_withdraw),
    ActionRule("buy_insurance", _why_buy, _buys, _apply_buy),
)

PART = Module(
    name="finance.insurance",
    actions={"turn": RULES},
    on_roll=(on_roll,),
    after_action=(after_action,),
    on_exit=(on_exit,),
)


# --- words ----------------------------------------------------------------------------------------


def numbers_words(numbers: Sequence[int]) -> str:
    """ "5", "2 or 3", "2, 3 or 5"."""
    texts = [str(n) for n in numbers]
    if len(texts) <= 1:
        return "".join(texts) or "nothing"
    return f"{', '.join(texts[:-1])} or {texts[-1]}"


def cover_words(numbers: Sequence[int], form: str | None, commodity: str | None, rolls: int) -> str:
    """What insurance pays on: "the next roll is a 2, 3 or 5", "a spell is cast at the buyer
    this turn or in the next 3 turns"."""
    if form not in EVENT_FORMS:
        said = numbers_words(numbers)
        if rolls == 1:
            return f"the next roll is a {said}"
        return f"one of the next {rolls} rolls is a {said}"
    while_ = "this turn or the next" if rolls == 1 else f"this turn or in the next {rolls} turns"
    if form == "spell_on_buyer":
        return f"a spell is cast at the buyer {while_}"
    if form == "golem_damage_on_buyer":
        return f"a golem damages one of the buyer's properties {while_}"
    name = goods(commodity) if commodity else "commodity"
    return f"a spell blocks one of the buyer's {name} lands {while_}"


def _quote_words(state: MerlinState, quote: Quote) -> str:
    terms = _terms(state, quote)
    cover = cover_words(terms["numbers"], terms["form"], terms["commodity"], terms["rolls"])
    return (
        f"{seat(quote.writer)}'s insurance No. {quote.id}: {gold(quote.payout)} if {cover}, for a "
        f"premium of {gold(quote.premium)}"
    )


def _label_write(state: MerlinState, me: int, a: Any) -> str:
    name = a.commodity if a.event == "land_blocked" else None
    numbers = a.numbers if a.event == "numbers" else ((7,) if a.event == "seven" else ())
    form = None if a.event == "numbers" else a.event
    cover = cover_words(numbers, form, name, a.rolls)
    return f"Offer insurance: pays {gold(a.payout)} if {cover}, for a premium of {gold(a.premium)}"


def _label_buy(state: MerlinState, me: int, a: Any) -> str:
    quote = quote_of(state, a.quote)
    return f"Buy {_quote_words(state, quote)}" if quote else f"Buy insurance No. {a.quote}"


def _label_reprice(state: MerlinState, me: int, a: Any) -> str:
    quote = quote_of(state, a.quote)
    old = f" (now {gold(quote.premium)})" if quote else ""
    return f"Change the premium of your insurance No. {a.quote} to {gold(a.premium)}{old}"


def _label_withdraw(state: MerlinState, me: int, a: Any) -> str:
    quote = quote_of(state, a.quote)
    return f"Withdraw {_quote_words(state, quote)}" if quote else f"Withdraw quote {a.quote}"


PAYS_ON_WORDS = {
    "numbers": "the numbers named",
    "seven": "a 7",
    "spell_on_buyer": "a spell cast at the buyer",
    "golem_damage_on_buyer": "a golem's damage to the buyer's property",
    "land_blocked": "a spell blocking the buyer's land of the commodity named",
}


def choice_words(field: str, value: Any) -> str | None:
    """A form choice of insurance in words (for merlin/words.py), or None when the field is not
    insurance's: what a quote pays on, a set of numbers, a quote."""
    if field == "event" and value in PAYS_ON_WORDS:
        return PAYS_ON_WORDS[value]
    if field == "numbers" and isinstance(value, (tuple, list)):
        return numbers_words(value) if value else "none (it pays on an event)"
    if field == "quote" and isinstance(value, int):
        return f"No. {value}"
    return None


LABELS = {
    "write_insurance": _label_write,
    "buy_insurance": _label_buy,
    "reprice": _label_reprice,
    "withdraw_quote": _label_withdraw,
}
FORM_TITLES = {
    "write_insurance": "Offer insurance from your Chauffeur: a payout if the numbers are rolled "
    "or the event happens to the buyer, for a premium",
    "reprice": "Change an insurance premium (once the season has changed)",
    "withdraw_quote": "Withdraw one of your insurance quotes",
    "buy_insurance": "Buy insurance",
}
FIELD_LABELS = {
    "numbers": "pays on the numbers",
    "event": "pays on",
    "rolls": "rolls covered",
    "payout": "payout (gold)",
    "premium": "premium (gold)",
    "quote": "insurance quote",
}
NOTES = {
    "write_insurance": "Pays on: numbers (the numbers you name), seven (a 7), a spell cast at the "
    "buyer, a golem's damage to the buyer's property, or a spell blocking the buyer's land of the "
    "commodity you name. The premium comes to you when a player buys; you pay the payout once, "
    "from gold in hand, then your Chauffeurs, and owe what is missing. Premiums change only when "
    "the season changes.",
}


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


def _written(e: Mapping[str, Any]) -> str:
    cover = cover_words(e["numbers"], e["form"], e["commodity"], e["rolls"])
    return f"{seat(e['writer'])} offers insurance No. {e['id']}: {gold(e['payout'])} if {cover}"


def _bought(e: Mapping[str, Any]) -> str:
    cover = cover_words(e["numbers"], e["form"], e["commodity"], e["rolls"])
    return (
        f"{seat(e['buyer'])} bought {seat(e['writer'])}'s insurance for "
        f"{gold(e['premium'])}: {gold(e['payout'])} if {cover}"
    )


EVENTS = {
    "insurance_written": _written,
    "insurance_bought": _bought,
    "insurance_repriced": lambda e: (
        f"{seat(e['writer'])} changed the premium of insurance No. {e['id']} from "
        f"{gold(e['old'])} to {gold(e['premium'])} ({e['season']})"
    ),
    "insurance_withdrawn": lambda e: f"{seat(e['writer'])} withdrew insurance quote No. {e['id']}",
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
