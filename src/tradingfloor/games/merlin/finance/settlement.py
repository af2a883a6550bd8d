"""Settling an expired future (MERLIN-MODULES.md §3.4; the draft's Futures): delivery, offset,
cash settlement, and default at the short's second turn after expiry.

Futures: "The short has an obligation to fulfill all contracts, on their first turn after expiry":
`deliver` the bushel from their hand, `offset` it with a long they hold on the same commodity and
expiry ("regardless of forward price"), or `cash_settle` it at the last sold price when the Grand
Market has no asks. "If the short fails to deliver, The second turn after expiry, the player is
considered bankrupt": they owe the long the cash-settle amount as a debt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import CashSettle, Deliver, Offset
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.futures import (
    bushel,
    drop_future,
    find_future,
    name_of,
    set_future,
    when,
)
from tradingfloor.games.merlin.finance.state import Future
from tradingfloor.games.merlin.finance.table import add_debt, figures_of, finance_of
from tradingfloor.games.merlin.ledger import add_gold, put
from tradingfloor.games.merlin.production import give_goods
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

# --- the settling price ---------------------------------------------------------------------------


def settle_unit(state: MerlinState, commodity: int) -> tuple[int, str]:
    """What one unit settles at in gold, and why: Futures: "If there are no commodities to buy,
    the contract can be settled by the last sold price of the commodity"; a commodity never sold
    settles at the cost of the living [R] (futures.settle_default_price)."""
    last = state.economy.books[commodity].last_sold
    if last is not None:
        return last, f"the last sold price, {last}"
    if figures_of(state).futures.settle_default_price == "buyback":
        price = state.config.content.buyback_commodity
        return price, f"the central bank's buy-back price, {price} (it has never been sold)"
    price = state.core.counters.cost_of_living
    return price, f"the cost of the living, {price} (it has never been sold)"


def cash_amount(state: MerlinState, future: Future) -> int:
    """The cash-settle amount: a bushel at the settling price (3 x 4 = 12 in the spec's figure)."""
    return bushel(state) * settle_unit(state, future.commodity)[0]


# --- settling -------------------------------------------------------------------------------------


def _why_settling(state: MerlinState, me: int, future_id: int) -> str | None:
    """Why `me` may not settle this future now (the checks every way of settling shares)."""
    future = find_future(state, future_id)
    if future is None:
        return f"there is no future number {future_id} on the field"
    if future.short != me:
        return f"you are not the short of future {future_id}; only its short settles it"
    if future.long is None:
        return f"nobody has taken future {future_id}; it is withdrawn at its expiry"
    if not future.expired:
        # Futures: "The contract cannot be assigned until the expiry date."
        return (
            f"future {future_id} expires at {when(state, future.year, future.portion)}; it "
            "cannot be settled before then"
        )
    return None


def _due_futures(state: MerlinState, me: int) -> list[Future]:
    return [f for f in finance_of(state).futures if f.short == me and f.expired]


_SHORTS_DUE: Final[list[tuple[tuple[Future, ...], frozenset[int]]]] = [((), frozenset())]
"""The futures on the field that `_shorts_due` last read, and the seats short of an expired one
among them (replaced whole; the futures are the same object until one changes)."""


def _shorts_due(state: MerlinState) -> frozenset[int]:
    """The seats short of an expired future: the only ones with a future to settle. (Random play
    asks the three settlements at most moves, and most often nobody has one.)"""
    futures = finance_of(state).futures
    kept, shorts = _SHORTS_DUE[0]
    if kept is not futures:
        shorts = frozenset(f.short for f in futures if f.expired)
        _SHORTS_DUE[0] = (futures, shorts)
    return shorts


def _why_deliver(state: MerlinState, me: int, action: Deliver) -> str | None:
    problem = _why_settling(state, me, action.future)
    if problem:
        return problem
    future = find_future(state, action.future)
    assert future is not None
    held = state.economy.goods[me][future.commodity]
    if held < bushel(state):
        name = goods(name_of(state, future.commodity))
        return (
            f"delivering takes {bushel(state)} {name} and you hold {held}; buy from an ask or "
            "take your own asks off the market first, or offset it or settle it in gold"
        )
    return None


def _delivers(state: MerlinState, me: int) -> list[Action]:
    if me not in _shorts_due(state):
        return []
    actions = [drawn(Deliver, future=f.id) for f in _due_futures(state, me)]
    return [a for a in actions if _why_deliver(state, me, a) is None]


def _apply_deliver(state: MerlinState, me: int, action: Deliver, log: Log) -> MerlinState:
    # Futures: "Shorts can buy commodities in the market to fulfill the contract, remove asks on
    # the commodity": the bushel goes from the short's hand to the long's.
    future = find_future(state, action.future)
    assert future is not None and future.long is not None
    units = bushel(state)
    eco = state.economy
    row = put(eco.goods[me], future.commodity, eco.goods[me][future.commodity] - units)
    state = replace(state, economy=replace(eco, goods=put(eco.goods, me, row)))
    state = give_goods(state, future.long, future.commodity, units, log, generated=False)
    state = drop_future(state, future.id)
    log.append(
        event(
            "future_delivered",
            seat=me,
            long=future.long,
            id=future.id,
            units=units,
            commodity=name_of(state, future.commodity),
        )
    )
    return state


def _offsetting(state: MerlinState, me: int, future: Future) -> list[Future]:
    """The longs `me` holds that can settle `future`: same commodity and expiry, any price."""
    return [
        f
        for f in finance_of(state).futures
        if f.long == me
        and f.id != future.id
        and f.commodity == future.commodity
        and (f.year, f.portion) == (future.year, future.portion)
    ]


def _why_offset(state: MerlinState, me: int, action: Offset) -> str | None:
    problem = _why_settling(state, me, action.future)
    if problem:
        return problem
    future = find_future(state, action.future)
    assert future is not None
    other = find_future(state, action.long)
    if other is None or other.long != me:
        return f"you hold no long on future {action.long}; take a future or buy a long first"
    if other.id == future.id:
        return "a future cannot settle itself; name a long you hold on another future"
    if other.commodity != future.commodity:
        return (
            f"future {other.id} is on {goods(name_of(state, other.commodity))}; an offset needs a "
            f"long on {goods(name_of(state, future.commodity))}"
        )
    if (other.year, other.portion) != (future.year, future.portion):
        return (
            f"future {other.id} expires at {when(state, other.year, other.portion)}; an offset "
            f"needs a long with the same expiry, {when(state, future.year, future.portion)}"
        )
    return None


def _offsets(state: MerlinState, me: int) -> list[Action]:
    if me not in _shorts_due(state):
        return []
    return [
        drawn(Offset, future=f.id, long=other.id)
        for f in _due_futures(state, me)
        if _why_settling(state, me, f.id) is None
        for other in _offsetting(state, me, f)
    ]


def _apply_offset(state: MerlinState, me: int, action: Offset, log: Log) -> MerlinState:
    # Futures: "settle the contract by assigning a long contract they hold with the same expiry
    # regardless of forward price" [R]: the short's long position passes to this contract's long,
    # so the short of the assigned contract now delivers to them; this contract closes. Where that
    # would make a player their own long, the assigned contract closes too.
    future = find_future(state, action.future)
    other = find_future(state, action.long)
    assert future is not None and other is not None and future.long is not None
    state = drop_future(state, future.id)
    closed = other.short == future.long
    if closed:
        state = drop_future(state, other.id)
    else:
        state = set_future(state, replace(other, long=future.long))
    log.append(
        event(
            "future_offset",
            seat=me,
            id=future.id,
            long=future.long,
            other=other.id,
            short=other.short,
            closed=closed,
        )
    )
    return state


def _why_cash(state: MerlinState, me: int, action: CashSettle) -> str | None:
    problem = _why_settling(state, me, action.future)
    if problem:
        return problem
    future = find_future(state, action.future)
    assert future is not None
    asks = state.economy.books[future.commodity].asks
    name = goods(name_of(state, future.commodity))
    if asks:
        # Futures: "If there are no commodities to buy, the contract can be settled by the last
        # sold price": only then.
        cheapest = min(a.price for a in asks)
        return (
            f"{name} is for sale in the Grand Market (asks from {gold(cheapest)}); buy it and "
            "deliver, or offset the future"
        )
    amount = cash_amount(state, future)
    if state.core.gold[me] < amount:
        return (
            f"settling in gold costs {gold(amount)} and you hold {gold(state.core.gold[me])}; "
            f"deliver {bushel(state)} {name} or offset it instead"
        )
    return None


def _cashes(state: MerlinState, me: int) -> list[Action]:
    if me not in _shorts_due(state):
        return []
    actions = [drawn(CashSettle, future=f.id) for f in _due_futures(state, me)]
    return [a for a in actions if _why_cash(state, me, a) is None]


def _apply_cash(state: MerlinState, me: int, action: CashSettle, log: Log) -> MerlinState:
    future = find_future(state, action.future)
    assert future is not None and future.long is not None
    amount = cash_amount(state, future)
    why = settle_unit(state, future.commodity)[1]
    state = receive(add_gold(state, me, -amount), future.long, amount)
    state = drop_future(state, future.id)
    log.append(
        event(
            "future_cash_settled",
            seat=me,
            long=future.long,
            id=future.id,
            amount=amount,
            units=bushel(state),
            commodity=name_of(state, future.commodity),
            price=why,
        )
    )
    return state


# --- hooks ----------------------------------------------------------------------------------------


def come_due(state: MerlinState, log: Log) -> MerlinState:
    """The `on_turn_start` hook: the short's first turn after expiry is the turn to settle; at the
    start of their second, an unsettled future defaults (Futures: "If the short fails to deliver,
    The second turn after expiry, the player is considered bankrupt"): the short owes the long the
    cash-settle amount as a debt and the contract closes."""
    if state.finance is None:
        return state
    me = state.core.current
    for future in _due_futures(state, me):
        assert future.long is not None
        if future.due + 1 < 2:
            state = set_future(state, replace(future, due=future.due + 1))
            log.append(
                event(
                    "future_due",
                    seat=me,
                    long=future.long,
                    id=future.id,
                    units=bushel(state),
                    commodity=name_of(state, future.commodity),
                )
            )
            continue
        amount = cash_amount(state, future)
        state = drop_future(state, future.id)
        log.append(
            event(
                "future_defaulted",
                seat=me,
                long=future.long,
                id=future.id,
                amount=amount,
                commodity=name_of(state, future.commodity),
            )
        )
        state = add_debt(state, me, future.long, amount, "future", log)
    return state


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _DeliversListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _delivers(state, seat)


class _OffsetsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _offsets(state, seat)


class _CashesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _cashes(state, seat)


RULES = (
    ActionRule("deliver", _why_deliver, _DeliversListed(), _apply_deliver),
    ActionRule("offset", _why_offset, _OffsetsListed(), _apply_offset),
    ActionRule("cash_settle", _why_cash, _CashesListed(), _apply_cash),
)

PART = Module(
    name="finance.settlement",
    actions={"turn": RULES},
    on_turn_start=(come_due,),
)


# --- words ----------------------------------------------------------------------------------------


def _label_deliver(state: MerlinState, me: int, a: Deliver) -> str:
    future = find_future(state, a.future)
    if future is None or future.long is None:
        return f"Deliver future {a.future}"
    return (
        f"Deliver {bushel(state)} {goods(name_of(state, future.commodity))} to "
        f"{seat(future.long)}, settling future {future.id}"
    )


def _label_offset(state: MerlinState, me: int, a: Offset) -> str:
    future, other = find_future(state, a.future), find_future(state, a.long)
    if future is None or other is None or future.long is None:
        return f"Settle future {a.future} with your long on future {a.long}"
    return (
        f"Settle future {future.id} with your long on future {other.id}: {seat(other.short)} "
        f"will deliver to {seat(future.long)} instead of you"
    )


def _label_cash(state: MerlinState, me: int, a: CashSettle) -> str:
    future = find_future(state, a.future)
    if future is None or future.long is None:
        return f"Settle future {a.future} in gold"
    unit, why = settle_unit(state, future.commodity)
    return (
        f"Settle future {future.id} in gold: pay {seat(future.long)} "
        f"{gold(bushel(state) * unit)} ({bushel(state)} at {why})"
    )


def _offset_text(e: Mapping[str, Any]) -> str:
    text = f"{seat(e['seat'])} settled future {e['id']} with their long on future {e['other']}: "
    if e["closed"]:
        return text + f"both close ({seat(e['long'])} was the short of future {e['other']})"
    return text + f"{seat(e['short'])} now delivers to {seat(e['long'])} on future {e['other']}"


LABELS: dict[str, Any] = {
    "deliver": _label_deliver,
    "offset": _label_offset,
    "cash_settle": _label_cash,
}
FORM_TITLES = {
    "deliver": "Deliver the bushel of an expired future you are short",
    "offset": "Settle an expired future with a long you hold on the same commodity and expiry",
    "cash_settle": "Settle an expired future in gold at the last sold price",
}
FIELD_LABELS = {
    "long": "your long on future",
}
EVENTS: dict[str, Any] = {
    "future_due": lambda e: (
        f"{seat(e['seat'])} must settle future {e['id']} this turn: deliver {e['units']} "
        f"{goods(e['commodity'])} to {seat(e['long'])}, offset it, or settle it in gold"
    ),
    "future_delivered": lambda e: (
        f"{seat(e['seat'])} delivered {e['units']} {goods(e['commodity'])} to "
        f"{seat(e['long'])}, settling future {e['id']}"
    ),
    "future_offset": _offset_text,
    "future_cash_settled": lambda e: (
        f"{seat(e['seat'])} settled future {e['id']} in gold: {gold(e['amount'])} to "
        f"{seat(e['long'])} ({e['units']} {goods(e['commodity'])} at {e['price']})"
    ),
    "future_defaulted": lambda e: (
        f"{seat(e['seat'])} failed to settle future {e['id']} on {goods(e['commodity'])} by "
        f"their second turn after expiry: bankrupt, owing {seat(e['long'])} {gold(e['amount'])}"
    ),
}
