"""Dice: what a roll does: sevens, production, then what the central bank pays (investments and
Chauffeurs); the season wheel turns after all of it (seasons.on_double, RULINGS Merlin 6)."""

from __future__ import annotations

from typing import Final

from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import add_gold, bank_pays, produce, put, to_bank
from tradingfloor.games.merlin.memo import ByIdentity, kept
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Log, Payout, event, table_for
from tradingfloor.games.merlin.seasons import add_climate, multiplier, set_counter
from tradingfloor.games.merlin.state import Config, MerlinState, Stack


def rolled(state: MerlinState) -> int:
    dice = state.core.dice
    return 0 if dice is None else dice[0] + dice[1]


def kind(state: MerlinState, stack: Stack) -> str:
    """property, land (a land on a property), chauffeur (a property on a property) or, with the
    magic module, specialized (a lab on a property: a Spell Shop or a Brewery)."""
    if stack.top is None:
        return "property"
    if cards.is_property(state.config, stack.top):
        return "chauffeur"
    return "specialized" if cards.is_lab(state.config, stack.top) else "land"


def give_goods(
    state: MerlinState, seat: int, commodity: int, amount: int, log: Log, generated: bool = True
) -> MerlinState:
    """Commodities to a player; generated Elixir Oil also moves the climate counter."""
    if amount <= 0:
        return state
    eco = state.economy
    row = eco.goods[seat]
    row = put(row, commodity, row[commodity] + amount)
    state = replace(state, economy=replace(eco, goods=put(eco.goods, seat, row)))
    name = state.config.content.commodities[commodity]
    if generated and name == state.config.content.climate_commodity:
        state = add_climate(state, amount, log)
    return state


def yield_of(state: MerlinState, seat: int, card: str, log: Log, why: str) -> MerlinState:
    """What a permit gives on a roll of its number: gold by property value, or its land's yield,
    after the modules' yield filters (shops double it, golems take it, spells block it)."""
    config = state.config
    number = cards.rank(config, card)
    if cards.is_property(config, card):
        payout = Payout(seat, card, why, seat, gold=cards.property_value(config, card))
    else:
        amount = config.content.land_yield.get(number, 0) * multiplier(state)
        payout = Payout(
            seat, card, why, seat, commodity=cards.land_commodity(config, card), amount=amount
        )
    for keep in table_for(state).yield_filters:
        state, payout = keep(state, payout, log)
    return _pay_yield(state, payout, log)


def _pay_yield(state: MerlinState, payout: Payout, log: Log) -> MerlinState:
    """Pay a permit's yield to whoever receives it."""
    extra = {} if payout.to == payout.owner else {"owner": payout.owner}
    if payout.commodity is None:
        log.append(
            event(
                "produced",
                seat=payout.to,
                card=payout.card,
                gold=payout.gold,
                why=payout.why,
                **extra,
            )
        )
        return produce(state, payout.to, payout.gold)
    name = state.config.content.commodities[payout.commodity]
    log.append(
        event(
            "produced",
            seat=payout.to,
            card=payout.card,
            commodity=name,
            amount=payout.amount,
            why=payout.why,
            **extra,
        )
    )
    return give_goods(state, payout.to, payout.commodity, payout.amount, log)


def on_seven(state: MerlinState, log: Log) -> MerlinState:
    """Dice: "If a 7 is rolled, the cost of research will increase by one. All invested gold on
    properties is taken by the central bank. All commodities holders must pay one gold to keep their
    commodities." """
    content = state.config.content
    if rolled(state) != content.seven:
        return state
    research = state.core.counters.research_cost + content.seven_research_step
    state = set_counter(state, "research_cost", research)
    taken = sum(s.invested for tableau in state.economy.tableaux for s in tableau)
    if taken:  # (most 7s: nothing is invested; the tableaux and the bank stay as they are)
        state = to_bank(_take_investments(state), taken)
    log.append(
        event("seven", investments_taken=taken, research_cost=state.core.counters.research_cost)
    )
    for seat in state.core.from_roller():
        state = _holding_fee(state, seat, log)
    return state


def _take_investments(state: MerlinState) -> MerlinState:
    """Every stake off the table (the central bank takes them on a 7)."""
    tableaux = tuple(
        tuple(replace(s, invested=0) if s.invested else s for s in tableau)
        for tableau in state.economy.tableaux
    )
    return replace(state, economy=replace(state.economy, tableaux=tableaux))


def _holds_any(held: tuple[int, ...]) -> bool:
    """`any(held)`, natively (compiled, `any` of a tuple is a generic call, of a generator
    expression a loop)."""
    return any(count for count in held)


def _holding_fee(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """What a holder pays on a 7 to keep their commodities; what the gold does not cover goes back
    to the supply. RULINGS Merlin 7: one gold per unit ("Commodities cost money to hold"), or with
    `market.holding_fee_per = "holder"` the literal one gold for all a holder keeps."""
    content = state.config.content
    fee = content.holding_fee
    held = state.economy.goods[seat]
    if fee <= 0 or not _holds_any(held):
        return state
    gold = state.core.gold[seat]
    if content.holding_fee_per == "holder":
        kept = list(held) if gold >= fee else [0] * len(held)
        paid = fee if gold >= fee else 0
    else:
        budget = gold // fee
        kept = []
        for count in held:  # paid in the content's commodity order (docs/rules/merlin.md)
            keep = min(count, budget)
            budget -= keep
            kept.append(keep)
        paid = sum(kept) * fee
    state = to_bank(add_gold(state, seat, -paid), paid)
    eco = state.economy
    state = replace(state, economy=replace(eco, goods=put(eco.goods, seat, tuple(kept))))
    lost = [h - k for h, k in zip(held, kept, strict=True)]
    log.append(event("holding_fee", seat=seat, paid=paid, lost=lost))
    return state


def on_production(state: MerlinState, log: Log) -> MerlinState:
    """Dice: "everybody that has a permit or land with the number on it will receive one of the
    corresponding resources"; Chauffeurs "do not generate gold"."""
    number = rolled(state)
    if number not in _yield_numbers(state):
        return state  # (no permit or land on the table has the number: most rolls)
    for seat in state.core.from_roller():
        for card in _yielding(state, state.economy.tableaux[seat]).get(number, ()):
            state = yield_of(state, seat, card, log, "roll")
    return state


def _yield_numbers(state: MerlinState) -> frozenset[int]:
    """The numbers on which some card on the table yields (`_yielding`, over every tableau)."""
    config = state.config
    tableaux = state.economy.tableaux
    last = _last_yield_numbers.get("last")
    if last is not None and last[0] is tableaux and last[1] is config:
        return last[2]  # (the tableaux asked of last: most turns leave every tableau be)
    found = _YIELD_NUMBERS.find(tableaux)
    if found is None or found[0] is not config:
        numbers = frozenset(n for tableau in tableaux for n in _yielding(state, tableau))
        found = _YIELD_NUMBERS.keep(tableaux, (config, numbers))
    _last_yield_numbers["last"] = (tableaux, config, found[1])
    return found[1]


_YIELD_NUMBERS: Final[ByIdentity[tuple[Config, frozenset[int]]]] = ByIdentity()
"""By the tableaux' identity (most turns leave every tableau be): the numbers that yield."""
_last_yield_numbers: Final[dict[str, tuple[object, Config, frozenset[int]]]] = kept({})
"""Under "last": the tableaux asked of last, their match's configuration and the numbers that
yield (one look-up where `_YIELD_NUMBERS` hashes an identity; emptied by memo.forget)."""


Yielding = dict[int, tuple[str, ...]]
_YIELDING: Final[ByIdentity[tuple[Config, Yielding]]] = ByIdentity()
"""By a tableau's identity (most turns leave every tableau be): its cards that yield, by number."""


def _yielding(state: MerlinState, tableau: tuple[Stack, ...]) -> Yielding:
    """The cards of `tableau` that yield on each number, in the order they are paid: a stack's
    property, then its land. A Chauffeur yields nothing; a Spell Shop's or Brewery's lab does not
    produce: its number is maintenance (magic)."""
    config = state.config
    found = _YIELDING.find(tableau)
    if found is None or found[0] is not config:
        by_number: dict[int, list[str]] = {}
        for stack in tableau:
            if kind(state, stack) == "chauffeur":
                continue
            by_number.setdefault(cards.rank(config, stack.base), []).append(stack.base)
            if stack.top is not None and kind(state, stack) == "land":
                by_number.setdefault(cards.rank(config, stack.top), []).append(stack.top)
        yielding = {number: tuple(names) for number, names in by_number.items()}
        found = _YIELDING.keep(tableau, (config, yielding))
    return found[1]


def on_payouts(state: MerlinState, log: Log) -> MerlinState:
    """What the central bank owes on this roll, paid in turn order from the roller as far as its
    balance goes (RULINGS Merlin 5): each player's doubled investments, then their Chauffeurs."""
    if not _staked(state.economy.tableaux):
        return state  # (no gold invested or stored on any table: nothing to pay, most rolls)
    for seat in state.core.from_roller():
        if not any(s.invested or s.stored for s in state.economy.tableaux[seat]):
            continue  # (nothing invested or stored: nothing to pay, most seats most rolls)
        state = _investments(state, seat, log)
        state = _chauffeurs(state, seat, log)
    return state


def _staked(tableaux: tuple[tuple[Stack, ...], ...]) -> bool:
    """Whether gold is invested or stored on any stack of any table (what the central bank may
    owe on a roll lies there)."""
    for tableau in tableaux:
        for stack in tableau:
            if stack.invested or stack.stored:
                return True
    return False


def _investments(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """Clubs: "The invested gold is doubled when the number on the card is rolled." The stake comes
    back off the card; the central bank pays the rest."""
    number = rolled(state)
    config = state.config
    if config.investment_pays_on == "owner_turn" and seat != state.core.current:
        return state
    for index, stack in enumerate(state.economy.tableaux[seat]):
        if not stack.invested or cards.rank(config, stack.base) != number:
            continue
        stake = stack.invested
        due = stake * (config.content.investment_multiplier - 1)
        tableau = put(state.economy.tableaux[seat], index, replace(stack, invested=0))
        eco = state.economy
        state = replace(state, economy=replace(eco, tableaux=put(eco.tableaux, seat, tableau)))
        state = add_gold(state, seat, stake)
        state, paid = bank_pays(state, seat, due, "investments")
        log.append(
            event(
                "investment_paid",
                seat=seat,
                card=stack.base,
                stake=stake,
                due=due,
                paid=paid,
                bank=state.core.ledger.bank,
            )
        )
    return state


def _chauffeurs(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """Clubs: a Chauffeur "will return one gold for every five" when either of its numbers comes."""
    number = rolled(state)
    config = state.config
    step, rate = config.content.chauffeur_step, config.content.chauffeur_return
    for stack in state.economy.tableaux[seat]:
        if kind(state, stack) != "chauffeur" or stack.top is None:
            continue
        numbers = (cards.rank(config, stack.base), cards.rank(config, stack.top))
        due = (stack.stored // step) * rate
        if number in numbers and due:
            state, paid = bank_pays(state, seat, due, "chauffeurs")
            log.append(
                event(
                    "chauffeur_paid",
                    seat=seat,
                    card=stack.base,
                    due=due,
                    paid=paid,
                    bank=state.core.ledger.bank,
                )
            )
    return state
