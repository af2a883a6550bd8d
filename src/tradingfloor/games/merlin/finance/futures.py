"""Futures contracts on one bushel (MERLIN-MODULES.md §3.4; the draft's Commodity Derivatives):
writing, taking and expiry; settling an expired one is settlement.py.

Commodity Derivatives: "The commodity seller is the short, the long is the buyer of commodities.
Every contract is calculated using one bushel which is 3 of the same commodity." Futures: "only a
few things need to be agreed upon between the short and long parties. The bushel type, forward
price, expiry date." The short writes the note (`write_future`) and it lies on the field until
another player takes it (`take_future`), "paying the forward price to the short, becoming the long
on the contract". An untaken note is withdrawn at expiry.

Expiry is the moment the season wheel reaches the contract's (year, portion): a taken future
expires then, and its short settles it on their next turns (settlement.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import TakeFuture, WriteFuture
from tradingfloor.games.merlin.finance.debts import receive
from tradingfloor.games.merlin.finance.state import Future
from tradingfloor.games.merlin.finance.table import (
    add_debt,
    commodity_index,
    figures_of,
    finance_of,
    new_id,
    with_finance,
)
from tradingfloor.games.merlin.ledger import add_gold, put
from tradingfloor.games.merlin.memo import ByNumber, per_value
from tradingfloor.games.merlin.records import replace, replace_fields, with_parts
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Module,
    Picker,
    event,
)
from tradingfloor.games.merlin.seasons import season_at, wheel_length
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")

# --- reading the field ----------------------------------------------------------------------------


def bushel(state: MerlinState) -> int:
    """Commodity Derivatives: "one bushel which is 3 of the same commodity"."""
    return figures_of(state).futures.bushel


def find_future(state: MerlinState, future_id: int) -> Future | None:
    return next((f for f in finance_of(state).futures if f.id == future_id), None)


def set_future(state: MerlinState, future: Future) -> MerlinState:
    """The field with the future of the same id replaced."""
    futures = finance_of(state).futures
    index = next(i for i, f in enumerate(futures) if f.id == future.id)
    return with_finance(state, futures=put(futures, index, future))


def drop_future(state: MerlinState, future_id: int) -> MerlinState:
    futures = finance_of(state).futures
    return with_finance(state, futures=tuple(f for f in futures if f.id != future_id))


def now(state: MerlinState) -> tuple[int, int]:
    """Where the season wheel stands: (year, portion)."""
    counters = state.core.counters
    return counters.year, counters.portion


def when(state: MerlinState, year: int, portion: int) -> str:
    """An expiry in words: "the start of summer, year 3", "the start of summer's second month,
    year 3" (a portion is a month of its season, RULINGS 3)."""
    name = season_at(state, portion)
    first = portion
    while first > 0 and season_at(state, first - 1) == name:
        first -= 1
    nth = portion - first
    month = name if nth == 0 else f"{name}'s {ORDINALS[min(nth, len(ORDINALS) - 1)]} month"
    return f"the start of {month}, year {year}"


def name_of(state: MerlinState, commodity: int) -> str:
    return state.config.content.commodities[commodity]


def contract_words(state: MerlinState, future: Future) -> str:
    """ "1 bushel (3) of Essence Grain at 9 gold, expiring at the start of summer, year 3"."""
    return (
        f"1 bushel ({bushel(state)}) of {goods(name_of(state, future.commodity))} at "
        f"{gold(future.price)}, expiring at {when(state, future.year, future.portion)}"
    )


def written_by(state: MerlinState, short: int) -> list[Future]:
    return [f for f in finance_of(state).futures if f.short == short]


# --- writing --------------------------------------------------------------------------------------


def _expiries(state: MerlinState) -> tuple[tuple[int, int], ...]:
    """Every expiry a short may write now: after now, at most `longest_years` years ahead (the
    same at the same time of the wheel: made once per match and time)."""
    return per_value(state.config, "expiries", now(state), lambda at: _expiries_after(state, at))


def _expiries_after(state: MerlinState, at: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    year, _ = at
    longest = figures_of(state).futures.longest_years
    return tuple(
        (y, p)
        for y in range(year, year + longest + 1)
        for p in range(wheel_length(state))
        if (y, p) > at
    )


def _why_write(state: MerlinState, me: int, action: WriteFuture) -> str | None:
    figures = figures_of(state).futures
    index = commodity_index(state, action.commodity)
    if index is None:
        known = ", ".join(goods(n) for n in state.config.content.commodities)
        return f"there is no commodity {action.commodity!r}; futures are written on {known}"
    if len(written_by(state, me)) >= figures.most_open:
        return (
            f"you have {figures.most_open} futures open, the most allowed; settle one or wait for "
            "an untaken one to be withdrawn at its expiry"
        )
    if action.price > figures.most_price:
        return f"a forward price may be at most {gold(figures.most_price)}"
    if action.portion >= wheel_length(state):
        last = wheel_length(state) - 1
        return f"the season wheel has portions 0 to {last}; pick one of them"
    year, portion = now(state)
    if (action.year, action.portion) <= (year, portion):
        return f"a future must expire after now ({when(state, year, portion)}); pick a later expiry"
    if action.year > year + figures.longest_years:
        return (
            f"a future may expire at most {figures.longest_years} years ahead, by year "
            f"{year + figures.longest_years}"
        )
    return None


def _writes(state: MerlinState, me: int) -> list[Action]:
    if len(written_by(state, me)) >= figures_of(state).futures.most_open:
        return []
    prices = range(1, figures_of(state).futures.most_price + 1)
    return [
        drawn(WriteFuture, commodity=name, price=price, year=y, portion=p)
        for name in state.config.content.commodities
        for price in prices
        for y, p in _expiries(state)
    ]


def _write_fields(state: MerlinState, me: int) -> Fields:
    if len(written_by(state, me)) >= figures_of(state).futures.most_open:
        return {}
    figures = figures_of(state).futures
    year = now(state)[0]
    return {
        "commodity": list(state.config.content.commodities),
        "price": range(1, figures.most_price + 1),
        "year": range(year, year + figures.longest_years + 1),
        "portion": range(wheel_length(state)),
    }


def _write_size(state: MerlinState, me: int) -> int:
    if len(written_by(state, me)) >= figures_of(state).futures.most_open:
        return 0
    names = len(state.config.content.commodities)
    return names * figures_of(state).futures.most_price * len(_expiries(state))


def _pick_write(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    figures = figures_of(state).futures
    if len(written_by(state, me)) >= figures.most_open:
        return None
    # `rng.choice(_expiries(state))` without listing them: the expiries after now run on the
    # wheel's places from the next one, `longest_years` whole years ahead of this one's start.
    year, portion = now(state)
    wheel = wheel_length(state)
    expiries = (figures.longest_years + 1) * wheel - portion - 1
    if expiries <= 0:
        return None
    place = portion + 1 + below(expiries, rng)
    names = state.config.content.commodities
    return drawn(
        WriteFuture,
        commodity=names[below(len(names), rng)],
        price=1 + below(figures.most_price, rng),  # rng.randint(1, most_price)'s draw
        year=year + place // wheel,
        portion=place % wheel,
    )


def _apply_write(state: MerlinState, me: int, action: WriteFuture, log: Log) -> MerlinState:
    # Futures: "The sticky note is then placed on the field for players to fulfill".
    # (each field read once: an action's field is read by name, at a few hundred instructions)
    commodity, price, year, portion = action.commodity, action.price, action.year, action.portion
    index = commodity_index(state, commodity)
    assert index is not None
    future_id, state = new_id(state)
    future = Future(future_id, me, index, price, year, portion)
    state = with_finance(state, futures=(*finance_of(state).futures, future))
    log.append(
        event(
            "future_written",
            seat=me,
            id=future_id,
            commodity=commodity,
            units=bushel(state),
            price=price,
            when=when(state, year, portion),
        )
    )
    return state


# --- taking ---------------------------------------------------------------------------------------


def _why_take(state: MerlinState, me: int, action: TakeFuture) -> str | None:
    future = find_future(state, action.future)
    if future is None:
        return f"there is no future number {action.future} on the field"
    return _why_not_take(state, me, future)


def _why_not_take(state: MerlinState, me: int, future: Future) -> str | None:
    """Why `me` may not take this future on the field."""
    refusal = _take_refusal(state, me, future)
    if refusal == "own":
        return f"you wrote future {future.id}; another player must take it"
    if refusal == "taken":
        return (
            f"future {future.id} is taken already by {seat(future.long or 0)}; buy its long "
            "position on the custom table if it is offered there"
        )
    if refusal == "expired":
        return f"future {future.id} has expired"
    if refusal == "price":
        return (
            f"future {future.id} costs {gold(future.price)} (its forward price); you hold "
            f"{gold(state.core.gold[me])}"
        )
    return None


def _take_refusal(state: MerlinState, me: int, future: Future) -> str | None:
    """What stops `me` taking this future, in a word (None: nothing), without the words that
    `_why_not_take` says it in: a menu weighs every future on the field."""
    if future.short == me:
        return "own"
    if future.long is not None:
        return "taken"
    if future.expired:
        return "expired"
    if state.core.gold[me] < future.price:
        return "price"
    return None


def _takes(state: MerlinState, me: int) -> list[Action]:
    # `_take_refusal`'s tests written out (random play asks at most moves, and few of the notes
    # on the field can be taken): another's, untaken, not expired, its price in hand.
    gold = state.core.gold[me]
    return [
        _take(f.id)
        for f in finance_of(state).futures
        if f.short != me and f.long is None and not f.expired and f.price <= gold
    ]


_TAKES: Final[ByNumber[TakeFuture]] = ByNumber()
"""The move to take each future, by its number, made once."""


def _take(future: int) -> TakeFuture:
    """The move to take future `future` (actions are immutable: one serves every menu; kept in
    a dict read natively, where a cached function was called as a Python object)."""
    move = _TAKES.find(future)
    return _TAKES.keep(future, drawn(TakeFuture, future=future)) if move is None else move


def _apply_take(state: MerlinState, me: int, action: TakeFuture, log: Log) -> MerlinState:
    # Futures: "fulfill by paying the forward price to the short, becoming the long".
    future = find_future(state, action.future)
    assert future is not None
    state = receive(add_gold(state, me, -future.price), future.short, future.price)
    state = set_future(state, replace(future, long=me))
    log.append(
        event(
            "future_taken",
            seat=me,
            short=future.short,
            id=future.id,
            price=future.price,
            commodity=name_of(state, future.commodity),
        )
    )
    return state


# --- hooks ----------------------------------------------------------------------------------------


def expire(state: MerlinState, log: Log) -> MerlinState:
    """The `on_portion` hook: a future whose expiry the wheel has reached expires; an untaken one
    is withdrawn from the field (MERLIN-MODULES.md §3.4: "Untaken at expiry: withdrawn")."""
    if state.finance is None:
        return state
    year, portion = now(state)
    futures = finance_of(state).futures
    kept: list[Future] | None = None  # (the field, once a future expires: rebuilt once)
    for index, future in enumerate(futures):
        # Not yet: its (year, portion) is after now. Compared as numbers, not as tuples: the
        # wheel turns every few moves and most futures on the field are not due.
        due_year = future.year
        if future.expired or due_year > year or (due_year == year and future.portion > portion):
            if kept is not None:
                kept.append(future)
            continue
        if kept is None:
            kept = list(futures[:index])
        name = name_of(state, future.commodity)
        if future.long is None:  # withdrawn: off the field (drop_future)
            log.append(event("future_withdrawn", seat=future.short, id=future.id, commodity=name))
        else:  # expired where it lies (set_future)
            kept.append(replace(future, expired=True))
            log.append(
                event(
                    "future_expired",
                    seat=future.short,
                    long=future.long,
                    id=future.id,
                    commodity=name,
                )
            )
    if kept is None:
        return state
    return _with_futures(state, tuple(kept))


def _with_futures(state: MerlinState, futures: tuple[Future, ...]) -> MerlinState:
    """The state with the field `futures`, which differs from the field it has (`with_finance`
    without its test whether anything changed: a tuple of futures compares them one by one, and
    a future's `==` is the dataclass's interpreted one)."""
    finance = replace_fields(finance_of(state), {"futures": futures})
    return with_parts(state, state.core, state.economy, state.magic, finance)


def on_exit(state: MerlinState, who: int, log: Log) -> MerlinState:
    """A player leaving: their untaken notes are withdrawn; each taken future they are short of
    becomes a debt of its forward price to the long (a refund, paid pro rata from their gold by
    the debts part, which runs after this one); their long positions are void, freeing the
    shorts (MERLIN-MODULES.md §3.8: "shorts ... written by the player are void (longs refunded
    from their remaining gold, pro rata)")."""
    futures = finance_of(state).futures
    # Every future of theirs leaves the field at once (nothing below reads the field); then, in
    # the field's order, what each leaves behind.
    kept = tuple(f for f in futures if f.short != who and f.long != who)
    if len(kept) == len(futures):
        return state
    state = _with_futures(state, kept)
    for future in futures:
        if future.short != who and future.long != who:
            continue
        name = name_of(state, future.commodity)
        if future.short == who:
            if future.long is None:
                log.append(event("future_withdrawn", seat=who, id=future.id, commodity=name))
                continue
            log.append(
                event(
                    "future_refunded",
                    seat=who,
                    long=future.long,
                    id=future.id,
                    price=future.price,
                    commodity=name,
                )
            )
            state = add_debt(state, who, future.long, future.price, "future", log)
        else:  # their long position
            log.append(
                event("future_void", seat=who, short=future.short, id=future.id, commodity=name)
            )
    return state


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickWrite(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_write(state, seat, rng)


class _TakesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _takes(state, seat)


RULES = (
    ActionRule(
        "write_future", _why_write, _writes, _apply_write, _PickWrite(), _write_fields, _write_size
    ),
    ActionRule("take_future", _why_take, _TakesListed(), _apply_take),
)

PART = Module(
    name="finance.futures",
    actions={"turn": RULES},
    on_portion=(expire,),
    on_exit=(on_exit,),
)


# --- words ----------------------------------------------------------------------------------------


def _label_write(state: MerlinState, me: int, a: WriteFuture) -> str:
    return (
        f"Write a future: 1 bushel ({bushel(state)}) of {goods(a.commodity)} at "
        f"{gold(a.price)}, expiring at {when(state, a.year, a.portion)}"
    )


def _label_take(state: MerlinState, me: int, a: TakeFuture) -> str:
    future = find_future(state, a.future)
    if future is None:
        return f"Take future {a.future}"
    return (
        f"Take {seat(future.short)}'s future {future.id} as its long: pay {gold(future.price)} "
        f"for 1 bushel ({bushel(state)}) of {goods(name_of(state, future.commodity))} at "
        f"{when(state, future.year, future.portion)}"
    )


def _written(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])} wrote future {e['id']}: 1 bushel ({e['units']}) of "
        f"{goods(e['commodity'])} at {gold(e['price'])}, expiring at {e['when']}"
    )


def _taken(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])} took {seat(e['short'])}'s future {e['id']} on "
        f"{goods(e['commodity'])}, paying {seat(e['short'])} {gold(e['price'])}"
    )


LABELS: dict[str, Any] = {
    "write_future": _label_write,
    "take_future": _label_take,
}
FORM_TITLES = {
    "write_future": (
        "Write a future as its short: one bushel of a commodity, a forward price, and an expiry"
    ),
    "take_future": "Take a future: pay its forward price to its short and become its long",
}
FIELD_LABELS = {
    "future": "future",
    "year": "expires in year",
    "portion": "at the start of portion",
}
NOTES = {
    "write_future": (
        "One bushel is 3 units. Another player takes the future by paying you its forward price; "
        "on your first turn after its expiry you deliver the bushel, offset it with a long you "
        "hold, or (when nobody asks for the commodity) pay the last sold price for it. By your "
        "second turn after expiry an unsettled future makes you bankrupt. An untaken future is "
        "withdrawn at its expiry. The wheel's portions count from 0, the start of summer."
    ),
}
EVENTS: dict[str, Any] = {
    "future_written": _written,
    "future_taken": _taken,
    "future_withdrawn": lambda e: (
        f"{seat(e['seat'])}'s future {e['id']} on {goods(e['commodity'])} was withdrawn "
        "from the field untaken"
    ),
    "future_expired": lambda e: (
        f"future {e['id']} on {goods(e['commodity'])} expired: {seat(e['seat'])} must settle it "
        f"with {seat(e['long'])} on their next turn"
    ),
    "future_refunded": lambda e: (
        f"{seat(e['seat'])} leaves short of future {e['id']} on {goods(e['commodity'])}: "
        f"{seat(e['long'])} is owed its forward price, {gold(e['price'])}"
    ),
    "future_void": lambda e: (
        f"{seat(e['seat'])} leaves holding the long of future {e['id']} on "
        f"{goods(e['commodity'])}: void, {seat(e['short'])} owes nothing on it"
    ),
}
