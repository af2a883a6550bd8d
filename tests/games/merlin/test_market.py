"""The Grand Market: covered bids and asks, escrow, execution, the spot price, the stimulus."""

from __future__ import annotations

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.market import spot_price
from tradingfloor.games.merlin.state import ROW, Book, Order

from .helpers import GAME, act, after_auction, arrange, conserved, end_turn_rolling

QUIET = (1, 2)  # a roll that produces nothing on an empty table


def orbit(state):  # type: ignore[no-untyped-def]
    """Every player ends their turn once: the same player is current again."""
    for _ in range(state.players):
        state = end_turn_rolling(state, QUIET)
    return state


def market_table():  # type: ignore[no-untyped-def]
    return arrange(
        after_auction(), gold=[10, 10, 10, 10], goods=[[0, 0, 0], [2, 0, 0], [0, 0, 0], [0, 0, 0]]
    )


def test_a_bid_is_covered_by_gold_on_the_table() -> None:
    # The Grand Market: "All bids and asks must be covered, meaning the long has the money"
    state = act(market_table(), 0, {"type": "bid", "commodity": "souls", "price": 4})
    assert state.core.gold[0] == 6
    assert [(b.owner, b.price) for b in state.economy.books[0].bids] == [(0, 4)]
    with pytest.raises(IllegalAction, match="covered"):
        act(state, 0, {"type": "bid", "commodity": "souls", "price": 7})
    with pytest.raises(IllegalAction, match="no commodity"):
        act(state, 0, {"type": "bid", "commodity": "gold", "price": 1})
    assert conserved(state)


def test_a_bid_stays_a_turn_then_leaves_through_escrow() -> None:
    # Bid: "Once a bid is put in place it cannot be taken out of the market for one turn. To
    # indicate a market exit, a player must shift the bid left into the escrow section, in which it
    # can be collect on the players next turn."
    state = act(market_table(), 0, {"type": "bid", "commodity": "souls", "price": 4})
    order = state.economy.books[0].bids[0].id
    with pytest.raises(IllegalAction, match="one turn"):
        act(state, 0, {"type": "exit_bid", "order": order})
    state = orbit(state)
    state = act(state, 0, {"type": "exit_bid", "order": order})
    assert state.economy.books[0].bids[0].escrow_since is not None
    assert state.core.gold[0] == 6
    state = orbit(state)
    assert state.economy.books[0].bids == () and state.core.gold[0] == 10


def test_a_bid_in_escrow_can_still_be_executed() -> None:
    # "Bids in escrow can still be executed."
    state = act(market_table(), 0, {"type": "bid", "commodity": "souls", "price": 4})
    order = state.economy.books[0].bids[0].id
    state = orbit(state)
    state = act(state, 0, {"type": "exit_bid", "order": order})
    state = end_turn_rolling(state, QUIET)  # seat 1's turn
    state = act(state, 1, {"type": "sell_to", "order": order})
    assert state.core.gold[1] == 14 and state.economy.goods[1] == (1, 0, 0)
    assert state.economy.goods[0] == (1, 0, 0) and state.core.gold[0] == 6
    assert state.economy.books[0].last_sold == 4
    assert conserved(state)


def test_a_bid_in_escrow_is_on_the_sellers_menu() -> None:
    # "Bids in escrow can still be executed": the legal menu offers them too.
    state = act(market_table(), 0, {"type": "bid", "commodity": "souls", "price": 4})
    order = state.economy.books[0].bids[0].id
    state = orbit(state)
    state = act(state, 0, {"type": "exit_bid", "order": order})
    state = end_turn_rolling(state, QUIET)  # seat 1, holding 2 souls
    menu = [a.to_json() for a in GAME.legal(state, 1).enumerate()]
    assert {"type": "sell_to", "order": order} in menu


def test_raising_is_immediate_and_lowering_passes_escrow() -> None:
    # "Players can shift a bid up same turn ... however, to shift a bid down the difference must
    # also pass escrow."
    state = act(market_table(), 0, {"type": "bid", "commodity": "souls", "price": 4})
    order = state.economy.books[0].bids[0].id
    state = act(state, 0, {"type": "raise_bid", "order": order, "amount": 3})
    assert state.economy.books[0].bids[0].price == 7 and state.core.gold[0] == 3
    state = act(state, 0, {"type": "lower_bid", "order": order, "amount": 5})
    assert state.economy.books[0].bids[0].price == 2 and state.core.gold[0] == 3
    assert [e.gold for e in state.economy.books[0].escrow] == [5]
    with pytest.raises(IllegalAction, match="at most 1"):
        act(state, 0, {"type": "lower_bid", "order": order, "amount": 2})
    state = orbit(state)
    assert state.core.gold[0] == 8 and state.economy.books[0].escrow == ()
    assert conserved(state)


def test_an_ask_is_covered_and_can_be_withdrawn() -> None:
    # Ask: "putting the commodity on top of a slip of paper ... An ask can be taken out of the
    # market on the players turn, with no indications necessary."
    state = end_turn_rolling(market_table(), QUIET)  # seat 1 holds 2 souls
    with pytest.raises(IllegalAction, match="no elixir_oil"):
        act(state, 1, {"type": "ask", "commodity": "elixir_oil", "price": 3})
    state = act(state, 1, {"type": "ask", "commodity": "souls", "price": 3})
    assert state.economy.goods[1] == (1, 0, 0)
    order = state.economy.books[0].asks[0].id
    state = act(state, 1, {"type": "withdraw_ask", "order": order})
    assert state.economy.goods[1] == (2, 0, 0) and state.economy.books[0].asks == ()


def test_buying_from_an_ask() -> None:
    state = end_turn_rolling(market_table(), QUIET)
    state = act(state, 1, {"type": "ask", "commodity": "souls", "price": 3})
    order = state.economy.books[0].asks[0].id
    with pytest.raises(IllegalAction, match="your own ask"):
        act(state, 1, {"type": "buy_from", "order": order})
    state = end_turn_rolling(state, QUIET)
    state = act(state, 2, {"type": "buy_from", "order": order})
    assert state.core.gold[1] == 13 and state.core.gold[2] == 7
    assert state.economy.goods[2] == (1, 0, 0) and state.economy.books[0].last_sold == 3


def test_asks_are_spared_the_holding_fee() -> None:
    # Ask: "They are useful to avoid the cost of holding commodities."
    state = end_turn_rolling(market_table(), QUIET)
    state = act(state, 1, {"type": "ask", "commodity": "souls", "price": 3})
    state = end_turn_rolling(state, (3, 4))
    assert state.core.gold[1] == 9 and state.economy.goods[1] == (1, 0, 0)
    assert len(state.economy.books[0].asks) == 1


def test_spot_price() -> None:
    # Spot Price: "the price between the bid and ask. If there are no bids, the spot price is
    # considered zero."
    def order(price: int) -> Order:
        return Order(1, 0, price, 0)

    assert spot_price(Book(asks=(order(5),))) == 0
    assert spot_price(Book(bids=(order(3), order(4)))) == 4
    assert spot_price(Book(bids=(order(4),), asks=(order(9), order(7)))) == 5


def test_market_stimulus_after_two_months_without_bids() -> None:
    # Market Stimulus: "If the market has no bids for an item and it has been that way for two
    # months, use R.O.W money to create three bids at the current cost of the living."
    state = arrange(after_auction(), row=15)
    state = end_turn_rolling(state, (2, 2))  # the first month
    assert all(book.bids == () for book in state.economy.books)
    state = end_turn_rolling(state, (3, 3))  # the second month
    for book in state.economy.books[:2]:
        assert [(b.owner, b.price) for b in book.bids] == [(ROW, 2)] * 3
    assert state.economy.books[2].bids == ()  # 3 bids at 2 each: 15 gold pays for two
    assert state.core.ledger.row == 15 - 12
    assert conserved(state)


def test_selling_into_a_row_bid() -> None:
    state = arrange(after_auction(), row=6, goods=[[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]])
    state = end_turn_rolling(state, (2, 2))
    state = end_turn_rolling(state, (3, 3))
    state = orbit(orbit(state))
    while state.core.current != 0:
        state = end_turn_rolling(state, QUIET)
    order = state.economy.books[0].bids[0].id
    gold = state.core.gold[0]
    state = act(state, 0, {"type": "sell_to", "order": order})
    assert state.core.gold[0] == gold + 2 and state.economy.goods[0] == (0, 0, 0)
    assert GAME.view(state, None)["market"]["souls"]["last_sold"] == 2
