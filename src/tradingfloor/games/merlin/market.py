"""The Grand Market: covered bids and asks for one unit, escrow, execution, spot price, the
R.O.W.'s bids (what happens between moves, the stimulus among it: market_upkeep.py)."""

from __future__ import annotations

import random
from functools import lru_cache

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.game import Event
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.actions import (
    Ask,
    Bid,
    BuyFrom,
    ExitBid,
    LowerBid,
    RaiseBid,
    SellTo,
    WithdrawAsk,
)
from tradingfloor.games.merlin.ledger import add_gold, earn, put, to_row
from tradingfloor.games.merlin.production import give_goods
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Fields,
    Lister,
    Log,
    Picker,
    event,
    pick_in,
)
from tradingfloor.games.merlin.state import ROW, Book, Escrow, MerlinState, Order

# --- reading the books -------------------------------------------------------------------------


def commodity_index(state: MerlinState, name: str) -> int | None:
    names = state.config.content.commodities
    return names.index(name) if name in names else None


def find(state: MerlinState, order_id: int) -> tuple[int, str, Order] | None:
    """(commodity index, "bid" or "ask", the order) of an open order id."""
    for index, book in enumerate(state.economy.books):
        for order in book.bids:
            if order.id == order_id:
                return index, "bid", order
        for order in book.asks:
            if order.id == order_id:
                return index, "ask", order
    return None


def spot_price(book: Book) -> int:
    """Spot Price: "the price between the bid and ask. If there are no bids, the spot price is
    considered zero." The midpoint of the best bid and best ask, rounded down."""
    if not book.bids:
        return 0
    best_bid = max(b.price for b in book.bids)
    if not book.asks:
        return best_bid
    return (best_bid + min(a.price for a in book.asks)) // 2


def max_ask(state: MerlinState) -> int:
    return state.config.content.max_ask_multiple * state.core.counters.cost_of_living


def _set_book(state: MerlinState, index: int, book: Book) -> MerlinState:
    eco = state.economy
    return replace(state, economy=replace(eco, books=put(eco.books, index, book)))


def _take_goods(state: MerlinState, seat: int, commodity: int) -> MerlinState:
    eco = state.economy
    row = eco.goods[seat]
    row = put(row, commodity, row[commodity] - 1)
    return replace(state, economy=replace(eco, goods=put(eco.goods, seat, row)))


def _new_id(state: MerlinState) -> tuple[int, MerlinState]:
    eco = state.economy
    return eco.next_order, replace(state, economy=replace(eco, next_order=eco.next_order + 1))


def _own(state: MerlinState, seat: int, order_id: int, side: str) -> tuple[int, Order] | str:
    found = find(state, order_id)
    if found is None or found[1] != side:
        return f"there is no open {side} number {order_id}"
    if found[2].owner != seat:
        return f"{side} {order_id} is not yours"
    return found[0], found[2]


def _goods_problem(state: MerlinState, name: str) -> tuple[int, str | None]:
    index = commodity_index(state, name)
    if index is None:
        known = ", ".join(state.config.content.commodities)
        return -1, f"there is no commodity {name!r}; the market has {known}"
    return index, None


# --- bids ------------------------------------------------------------------------------------


def _why_bid(state: MerlinState, seat: int, action: Bid) -> str | None:
    _, problem = _goods_problem(state, action.commodity)
    if problem:
        return problem
    if action.price > state.core.gold[seat]:
        # The Grand Market: "All bids and asks must be covered, meaning the long has the money"
        return f"a bid must be covered: you hold {state.core.gold[seat]} gold, not {action.price}"
    return None


def _bids(state: MerlinState, seat: int) -> list[Action]:
    names = state.config.content.commodities
    return [
        drawn(Bid, commodity=n, price=p) for n in names for p in range(1, state.core.gold[seat] + 1)
    ]


def _bid_fields(state: MerlinState, seat: int) -> Fields:
    return {
        "commodity": list(state.config.content.commodities),
        "price": range(1, _gold(state, seat)),
    }


def _gold(state: MerlinState, seat: int) -> int:
    """One past the most gold the seat can put up (the end of a range)."""
    return state.core.gold[seat] + 1


def _pick_bid(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    gold = state.core.gold[seat]
    if gold < 1:
        return None
    # rng.choice and rng.randint's draws (`below`: the same, without their Python frames)
    names = state.config.content.commodities
    name = names[below(len(names), rng)]
    return drawn(Bid, commodity=name, price=1 + below(gold, rng))


def _apply_bid(state: MerlinState, seat: int, action: Bid, log: Log) -> MerlinState:
    # (each field read once: an action's field is read by name, at a few hundred instructions)
    commodity, price = action.commodity, action.price
    index = commodity_index(state, commodity)
    assert index is not None
    order_id, state = _new_id(state)
    order = Order(order_id, seat, price, state.core.turn_no)
    state = add_gold(state, seat, -price)
    book = state.economy.books[index]
    log.append(event("bid", seat=seat, commodity=commodity, price=price, order=order_id))
    return _set_book(state, index, replace(book, bids=(*book.bids, order)))


def _active_bids(state: MerlinState, seat: int) -> list[Order]:
    return [
        b
        for book in state.economy.books
        for b in book.bids
        if b.owner == seat and b.escrow_since is None
    ]


def _why_raise(state: MerlinState, seat: int, action: RaiseBid) -> str | None:
    owned = _own(state, seat, action.order, "bid")
    if isinstance(owned, str):
        return owned
    if owned[1].escrow_since is not None:
        return "that bid is leaving through escrow"
    if action.amount > state.core.gold[seat]:
        return f"you hold {state.core.gold[seat]} gold, so you cannot add {action.amount}"
    return None


def _raises(state: MerlinState, seat: int) -> list[Action]:
    gold = state.core.gold[seat]
    return [
        drawn(RaiseBid, order=b.id, amount=a)
        for b in _active_bids(state, seat)
        for a in range(1, gold + 1)
    ]


def _raise_fields(state: MerlinState, seat: int) -> Fields:
    return {
        "order": [b.id for b in _active_bids(state, seat)],
        "amount": range(1, _gold(state, seat)),
    }


def _pick_raise(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    bids, gold = _active_bids(state, seat), state.core.gold[seat]
    if not bids or gold < 1:
        return None
    order = bids[below(len(bids), rng)].id  # rng.choice's draw, then rng.randint's
    return drawn(RaiseBid, order=order, amount=1 + below(gold, rng))


def _replace_bid(state: MerlinState, index: int, order: Order) -> MerlinState:
    book = state.economy.books[index]
    bids = tuple(order if b.id == order.id else b for b in book.bids)
    return _set_book(state, index, replace(book, bids=bids))


def _apply_raise(state: MerlinState, seat: int, action: RaiseBid, log: Log) -> MerlinState:
    # The Grand Market: "Players can shift a bid up same turn"
    owned = _own(state, seat, action.order, "bid")
    assert not isinstance(owned, str)
    index, order = owned
    state = add_gold(state, seat, -action.amount)
    log.append(_shifted(state, "raise_bid", index, order, order.price + action.amount))
    return _replace_bid(state, index, replace(order, price=order.price + action.amount))


def _shifted(state: MerlinState, kind: str, index: int, order: Order, price: int) -> Event:
    """The event of a bid shifted up or down to `price`."""
    name = state.config.content.commodities[index]
    return event(
        kind, seat=order.owner, order=order.id, commodity=name, was=order.price, price=price
    )


def _why_lower(state: MerlinState, seat: int, action: LowerBid) -> str | None:
    owned = _own(state, seat, action.order, "bid")
    if isinstance(owned, str):
        return owned
    if owned[1].escrow_since is not None:
        return "that bid is leaving through escrow"
    if action.amount >= owned[1].price:
        return f"a bid of {owned[1].price} can be lowered by at most {owned[1].price - 1}"
    return None


def _lowers(state: MerlinState, seat: int) -> list[Action]:
    return [
        drawn(LowerBid, order=b.id, amount=a)
        for b in _active_bids(state, seat)
        for a in range(1, b.price)
    ]


def _lower_fields(state: MerlinState, seat: int) -> Fields:
    bids = [b for b in _active_bids(state, seat) if b.price > 1]
    return {
        "order": [b.id for b in bids],
        "amount": range(1, max((b.price for b in bids), default=1)),
    }


def _pick_lower(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    picked = pick_in(rng, [(b.id, b.price - 1) for b in _active_bids(state, seat)])
    return None if picked is None else drawn(LowerBid, order=picked[0], amount=picked[1] + 1)


def _apply_lower(state: MerlinState, seat: int, action: LowerBid, log: Log) -> MerlinState:
    # The Grand Market: "to shift a bid down the difference must also pass escrow."
    owned = _own(state, seat, action.order, "bid")
    assert not isinstance(owned, str)
    index, order = owned
    state = _replace_bid(state, index, replace(order, price=order.price - action.amount))
    book = state.economy.books[index]
    held = Escrow(seat, action.amount, state.core.turn_no)
    log.append(_shifted(state, "lower_bid", index, order, order.price - action.amount))
    return _set_book(state, index, replace(book, escrow=(*book.escrow, held)))


def _why_exit(state: MerlinState, seat: int, action: ExitBid) -> str | None:
    owned = _own(state, seat, action.order, "bid")
    if isinstance(owned, str):
        return owned
    if owned[1].escrow_since is not None:
        return "that bid is already in escrow"
    if owned[1].placed >= state.core.turn_no:
        # "Once a bid is put in place it cannot be taken out of the market for one turn."
        return "a bid stays on the market for one turn before it can leave"
    return None


def _exits(state: MerlinState, seat: int) -> list[Action]:
    now = state.core.turn_no
    return [_exit(b.id) for b in _active_bids(state, seat) if b.placed < now]


@lru_cache(maxsize=4096)
def _exit(order: int) -> ExitBid:
    """The move to exit bid `order` (actions are immutable: one serves every menu listing it)."""
    return drawn(ExitBid, order=order)


def _apply_exit(state: MerlinState, seat: int, action: ExitBid, log: Log) -> MerlinState:
    # "To indicate a market exit, a player must shift the bid left into the escrow section, in which
    # it can be collect on the players next turn. Bids in escrow can still be executed."
    owned = _own(state, seat, action.order, "bid")
    assert not isinstance(owned, str)
    index, order = owned
    name = state.config.content.commodities[index]
    log.append(event("exit_bid", seat=seat, order=order.id, commodity=name, price=order.price))
    return _replace_bid(state, index, replace(order, escrow_since=state.core.turn_no))


# --- asks ------------------------------------------------------------------------------------


def _why_ask(state: MerlinState, seat: int, action: Ask) -> str | None:
    index, problem = _goods_problem(state, action.commodity)
    if problem:
        return problem
    if state.economy.goods[seat][index] < 1:
        # "All bids and asks must be covered, meaning ... short has the commodity."
        return f"an ask must be covered: you hold no {action.commodity}"
    if action.price > max_ask(state):
        return f"an ask may name at most {max_ask(state)} gold (the market's limit)"
    return None


def _asks(state: MerlinState, seat: int) -> list[Action]:
    names = state.config.content.commodities
    held = state.economy.goods[seat]
    return [
        drawn(Ask, commodity=n, price=p)
        for i, n in enumerate(names)
        if held[i]
        for p in range(1, max_ask(state) + 1)
    ]


def _ask_fields(state: MerlinState, seat: int) -> Fields:
    names = state.config.content.commodities
    held = [n for i, n in enumerate(names) if state.economy.goods[seat][i]]
    return {"commodity": held, "price": range(1, max_ask(state) + 1)}


def _pick_ask(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    names = state.config.content.commodities
    held = [n for i, n in enumerate(names) if state.economy.goods[seat][i]]
    if not held:
        return None
    commodity = held[below(len(held), rng)]  # rng.choice's draw, then rng.randint's
    return drawn(Ask, commodity=commodity, price=1 + below(max_ask(state), rng))


def _apply_ask(state: MerlinState, seat: int, action: Ask, log: Log) -> MerlinState:
    index = commodity_index(state, action.commodity)
    assert index is not None
    order_id, state = _new_id(state)
    state = _take_goods(state, seat, index)
    book = state.economy.books[index]
    order = Order(order_id, seat, action.price, state.core.turn_no)
    log.append(
        event("ask", seat=seat, commodity=action.commodity, price=action.price, order=order_id)
    )
    return _set_book(state, index, replace(book, asks=(*book.asks, order)))


def _why_withdraw(state: MerlinState, seat: int, action: WithdrawAsk) -> str | None:
    owned = _own(state, seat, action.order, "ask")
    return owned if isinstance(owned, str) else None


def _withdraws(state: MerlinState, seat: int) -> list[Action]:
    return [_withdraw(a.id) for book in state.economy.books for a in book.asks if a.owner == seat]


@lru_cache(maxsize=4096)
def _withdraw(order: int) -> WithdrawAsk:
    """The move to withdraw ask `order` (shared, as `_exit`'s)."""
    return drawn(WithdrawAsk, order=order)


def _apply_withdraw(state: MerlinState, seat: int, action: WithdrawAsk, log: Log) -> MerlinState:
    # Ask: "An ask can be taken out of the market on the players turn"
    owned = _own(state, seat, action.order, "ask")
    assert not isinstance(owned, str)
    index, order = owned
    book = state.economy.books[index]
    state = _set_book(
        state, index, replace(book, asks=tuple(a for a in book.asks if a.id != order.id))
    )
    name = state.config.content.commodities[index]
    log.append(event("withdraw_ask", seat=seat, order=order.id, commodity=name, price=order.price))
    return give_goods(state, seat, index, 1, [], generated=False)


# --- executing -------------------------------------------------------------------------------


def _why_sell_to(state: MerlinState, seat: int, action: SellTo) -> str | None:
    found = find(state, action.order)
    if found is None or found[1] != "bid":
        return f"there is no open bid number {action.order}"
    index, _, order = found
    if order.owner == seat:
        return "you cannot execute your own bid"
    if state.economy.goods[seat][index] < 1:
        name = state.config.content.commodities[index]
        return f"you hold no {name} to sell into that bid"
    return None


def _sell_tos(state: MerlinState, seat: int) -> list[Action]:
    held = state.economy.goods[seat]
    return [
        drawn(SellTo, order=b.id)
        for i, book in enumerate(state.economy.books)
        if held[i]
        for b in book.bids
        if b.owner != seat
    ]


def _apply_sell_to(state: MerlinState, seat: int, action: SellTo, log: Log) -> MerlinState:
    # Executing Trades: "Selling or buying a commodity for the sold price."
    found = find(state, action.order)
    assert found is not None
    index, _, order = found
    book = state.economy.books[index]
    book = replace(
        book, bids=tuple(b for b in book.bids if b.id != order.id), last_sold=order.price
    )
    state = _set_book(state, index, book)
    state = earn(_take_goods(state, seat, index), seat, order.price, "market")
    if order.owner != ROW:  # a unit sold to the R.O.W. goes back to the supply
        state = give_goods(state, order.owner, index, 1, [], generated=False)
    name = state.config.content.commodities[index]
    buyer = "row" if order.owner == ROW else order.owner
    log.append(event("trade", seller=seat, buyer=buyer, commodity=name, price=order.price))
    return state


def _why_buy_from(state: MerlinState, seat: int, action: BuyFrom) -> str | None:
    found = find(state, action.order)
    if found is None or found[1] != "ask":
        return f"there is no open ask number {action.order}"
    order = found[2]
    if order.owner == seat:
        return "you cannot execute your own ask"
    if order.price > state.core.gold[seat]:
        return f"that ask costs {order.price} gold and you hold {state.core.gold[seat]}"
    return None


def _buy_froms(state: MerlinState, seat: int) -> list[Action]:
    gold = state.core.gold[seat]
    return [
        drawn(BuyFrom, order=a.id)
        for book in state.economy.books
        for a in book.asks
        if a.owner != seat and a.price <= gold
    ]


def _apply_buy_from(state: MerlinState, seat: int, action: BuyFrom, log: Log) -> MerlinState:
    found = find(state, action.order)
    assert found is not None
    index, _, order = found
    book = state.economy.books[index]
    book = replace(
        book, asks=tuple(a for a in book.asks if a.id != order.id), last_sold=order.price
    )
    state = _set_book(state, index, book)
    state = earn(add_gold(state, seat, -order.price), order.owner, order.price, "market")
    state = give_goods(state, seat, index, 1, [], generated=False)
    name = state.config.content.commodities[index]
    log.append(event("trade", seller=order.owner, buyer=seat, commodity=name, price=order.price))
    return state


# --- the R.O.W.'s bids (its stimulus: market_upkeep.py; a reading card) --------------------------


def place_row_bids(state: MerlinState, index: int) -> MerlinState:
    """The R.O.W. places the stimulus's covered bids at the cost of the living on one commodity's
    book, paid from its balance (the caller checks that it can pay)."""
    count, price = state.config.content.stimulus_bids, state.core.counters.cost_of_living
    bids = []
    for _ in range(count):
        order_id, state = _new_id(state)
        bids.append(Order(order_id, ROW, price, state.core.turn_no))
    state = to_row(state, -count * price)
    book = state.economy.books[index]
    return _set_book(state, index, replace(book, bids=tuple(bids), bidless_since=None))


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickBid(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_bid(state, seat, rng)


class _PickRaise(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_raise(state, seat, rng)


class _PickLower(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_lower(state, seat, rng)


class _ExitsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _exits(state, seat)


class _PickAsk(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_ask(state, seat, rng)


class _WithdrawsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _withdraws(state, seat)


class _SellTosListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _sell_tos(state, seat)


class _BuyFromsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _buy_froms(state, seat)


RULES = (
    ActionRule("bid", _why_bid, _bids, _apply_bid, _PickBid(), _bid_fields),
    ActionRule("raise_bid", _why_raise, _raises, _apply_raise, _PickRaise(), _raise_fields),
    ActionRule("lower_bid", _why_lower, _lowers, _apply_lower, _PickLower(), _lower_fields),
    ActionRule("exit_bid", _why_exit, _ExitsListed(), _apply_exit),
    ActionRule("ask", _why_ask, _asks, _apply_ask, _PickAsk(), _ask_fields),
    ActionRule("withdraw_ask", _why_withdraw, _WithdrawsListed(), _apply_withdraw),
    ActionRule("sell_to", _why_sell_to, _SellTosListed(), _apply_sell_to),
    ActionRule("buy_from", _why_buy_from, _BuyFromsListed(), _apply_buy_from),
)
