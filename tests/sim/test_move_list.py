"""A game's moves as the lab records them: the moves `Move.of` makes, in order."""

from __future__ import annotations

from typing import Any

from tradingfloor.core.record import Move
from tradingfloor.games.middleman.actions import Buy, Sell
from tradingfloor.sim.match import MoveList

STATE: Any = None  # (the observer's states are not read)


def test_each_move_is_the_seat_and_the_actions_json_form_in_order() -> None:
    buy, sell = Buy(tins=2, price=3), Sell(tins=1, price=9)
    moves = MoveList()
    for seat, action in [(0, buy), (1, sell), (0, buy), (1, buy), (0, buy)]:
        moves.add(STATE, seat, action, STATE)
    assert moves.moves == [
        Move(0, {"type": "buy", "tins": 2, "price": 3}),
        Move(1, {"type": "sell", "tins": 1, "price": 9}),
        Move(0, {"type": "buy", "tins": 2, "price": 3}),
        Move(1, {"type": "buy", "tins": 2, "price": 3}),
        Move(0, {"type": "buy", "tins": 2, "price": 3}),
    ]


def test_equal_actions_made_apart_record_alike() -> None:
    moves = MoveList()
    moves.add(STATE, 2, Buy(tins=4, price=1), STATE)
    moves.add(STATE, 2, Buy(tins=4, price=1), STATE)
    assert moves.moves[0] == moves.moves[1] == Move(2, {"type": "buy", "tins": 4, "price": 1})


def test_an_untyped_action_is_recorded_as_it_is_at_each_move() -> None:
    action = {"type": "buy", "tins": 1, "price": 1}
    moves = MoveList()
    moves.add(STATE, 0, action, STATE)
    action["price"] = 5  # the same dict, changed: recorded afresh, the first move kept
    moves.add(STATE, 0, action, STATE)
    assert [m.action["price"] for m in moves.moves] == [1, 5]
