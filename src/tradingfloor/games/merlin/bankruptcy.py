"""Bankruptcy: a year to pay the debt, then out of the game, holdings back to the deck and bank."""

from __future__ import annotations

from tradingfloor.core.actions import Action
from tradingfloor.games.merlin.actions import PayDebt
from tradingfloor.games.merlin.deck import shuffle_in
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank, to_row
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, event, extra_owed, table_for
from tradingfloor.games.merlin.seasons import wheel_length
from tradingfloor.games.merlin.state import Book, MerlinState


def _why_pay(state: MerlinState, seat: int, action: PayDebt) -> str | None:
    debt = state.core.debt[seat] + extra_owed(state, seat)
    if debt == 0:
        return "you owe nothing"
    if state.core.gold[seat] < debt:
        return f"you owe {debt} gold and hold {state.core.gold[seat]}"
    return None


PAY_DEBT = PayDebt()  # the move has no fields: one action serves every turn


def _pays(state: MerlinState, seat: int) -> list[Action]:
    # `_why_pay`'s test without its words (random play asks at most moves, and debtors who
    # cannot pay are refused in words only when they ask)
    debt = state.core.debt[seat] + extra_owed(state, seat)
    return [PAY_DEBT] if debt != 0 and state.core.gold[seat] >= debt else []


def _apply_pay(state: MerlinState, seat: int, action: PayDebt, log: Log) -> MerlinState:
    # Bankruptcy: "Players facing bankruptcy can exit bankruptcy by paying off any debts they owe"
    debt = state.core.debt[seat]
    state = to_row(add_gold(state, seat, -debt), debt)  # the debt is unpaid tax
    for pay in table_for(state).pay_debts:  # debts to others (the central bank's maintenance)
        state = pay(state, seat, log)
    core = state.core
    core = replace(
        core, debt=put(core.debt, seat, 0), bankrupt_since=put(core.bankrupt_since, seat, None)
    )
    log.append(event("debt_paid", seat=seat, paid=debt))
    return replace(state, core=core)


def on_portion(state: MerlinState, log: Log) -> MerlinState:
    """Bankruptcy: "If a player is still bankrupt by the same time next year, they are exited"."""
    year = wheel_length(state) * state.config.content.bankruptcy_years
    for seat in state.core.in_game():
        since = state.core.bankrupt_since[seat]
        if since is not None and state.core.counters.clock - since >= year:
            state = exit_player(state, seat, log)
    return state


def exit_player(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """Out of the game: cards back into the deck, gold to the central bank, commodities to the
    supply, debt written off; each module's holdings go back first (MERLIN-MODULES.md §1)."""
    core = state.core
    # Out first, so that what the modules settle as the player leaves (a vote resolving, the next
    # one opening) goes on without them.
    state = replace(state, core=replace(core, out=put(core.out, seat, True)))
    for leave in table_for(state).on_exit:
        state = leave(state, seat, log)
    eco = state.economy
    returned = list(eco.hands[seat])
    gold = state.core.gold[seat]
    for stack in eco.tableaux[seat]:
        returned += [c for c in (stack.base, stack.top) if c is not None]
        gold += stack.invested + stack.stored
    books = []
    for book in eco.books:
        gold += sum(b.price for b in book.bids if b.owner == seat)
        gold += sum(e.gold for e in book.escrow if e.owner == seat)
        books.append(
            Book(
                bids=tuple(b for b in book.bids if b.owner != seat),
                asks=tuple(a for a in book.asks if a.owner != seat),
                escrow=tuple(e for e in book.escrow if e.owner != seat),
                last_sold=book.last_sold,
                bidless_since=book.bidless_since,
            )
        )
    eco = replace(
        eco,
        hands=put(eco.hands, seat, ()),
        tableaux=put(eco.tableaux, seat, ()),
        goods=put(eco.goods, seat, (0,) * len(eco.goods[seat])),
        books=tuple(books),
    )
    core = state.core
    core = replace(
        core,
        gold=put(core.gold, seat, 0),
        out=put(core.out, seat, True),
        debt=put(core.debt, seat, 0),
        bankrupt_since=put(core.bankrupt_since, seat, None),
    )
    state = to_bank(replace(state, core=core, economy=eco), gold)
    log.append(event("out", seat=seat, cards=returned, gold_to_bank=gold))
    return shuffle_in(state, returned)


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PaysListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _pays(state, seat)


RULES = (ActionRule("pay_debt", _why_pay, _PaysListed(), _apply_pay),)
