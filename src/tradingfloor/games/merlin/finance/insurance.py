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
- Buying pays the premium to the writer at once. Paying out (the first roll or event that
  qualifies), and a writer leaving, are payouts.py; the forms a quote pays on and their words,
  covers.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import product
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import (
    BuyInsurance,
    Reprice,
    WithdrawQuote,
    WriteInsurance,
)
from tradingfloor.games.merlin.finance.chauffeurs import has_chauffeur
from tradingfloor.games.merlin.finance.covers import NUMBER_SETS, PAYS_ON, cover_words
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.state import Event, Policy, Quote
from tradingfloor.games.merlin.finance.table import (
    commodity_index,
    figures_of,
    finance_of,
    new_id,
    with_finance,
)
from tradingfloor.games.merlin.ledger import add_gold
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Module,
    Picker,
    event,
)
from tradingfloor.games.merlin.seasons import season, season_at
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

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
    if all(s.top is None for s in state.economy.tableaux[me]):
        return {}  # no card on a property, so no Chauffeur (the test below, without `kind`)
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
    return drawn(
        WriteInsurance,
        event=pays_on,
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
    if not fields:  # (before the product: compiled, a generator is made in full at once)
        return []
    found = (drawn(Reprice, quote=q, premium=p) for q, p in product(*fields.values()))
    return [a for a in found if _why_reprice(state, me, a) is None]


def _pick_reprice(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    fields = _reprice_fields(state, me)
    if not fields:
        return None
    quote = quote_of(state, rng.choice(fields["quote"]))
    assert quote is not None
    premiums = [p for p in fields["premium"] if p != quote.premium]
    return drawn(Reprice, quote=quote.id, premium=rng.choice(premiums)) if premiums else None


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
    return [drawn(WithdrawQuote, quote=q.id) for q in finance_of(state).quotes if q.writer == me]


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
    offered = (drawn(BuyInsurance, quote=q.id) for q in finance_of(state).quotes)
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


# --- the module part ------------------------------------------------------------------------------


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickWrite(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_write(state, seat, rng)


class _PickReprice(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_reprice(state, seat, rng)


class _WithdrawsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _withdraws(state, seat)


class _BuysListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _buys(state, seat)


RULES = (
    ActionRule("write_insurance", _why_write, _writes, _apply_write, _PickWrite(), _write_fields),
    ActionRule("reprice", _why_reprice, _reprices, _apply_reprice, _PickReprice(), _reprice_fields),
    ActionRule("withdraw_quote", _why_withdraw, _WithdrawsListed(), _apply_withdraw),
    ActionRule("buy_insurance", _why_buy, _BuysListed(), _apply_buy),
)

PART = Module(name="finance.insurance", actions={"turn": RULES})


# --- words ----------------------------------------------------------------------------------------


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
}
