"""Middleman's rules one by one, through the contract: setup, rows, orders, going out, the end."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.middleman.helpers import (
    GAME,
    buy_step,
    figures,
    idle_round,
    rows,
    sell_step,
    start,
)
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

# Supply per round 9 9 ...: seat 0's and seat 1's A columns add up to 9 in every round.
TWO = [rows("0123456789", "9876543210"), rows("9876543210", "0123456789")]
THREE = [
    rows("0123456789", "9876543210"),
    rows("9876543210", "0123456789"),
    rows("5678901234", "4321098765"),
]


def refused(state: Any, seat: int, action: Any) -> str:
    """The refusal's message; the state must come out unchanged."""
    before = GAME.view(state, None), GAME.view(state, seat)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    assert (GAME.view(state, None), GAME.view(state, seat)) == before
    assert caught.value.seat == seat
    return caught.value.why


# Setup: Middleman §2.


@pytest.mark.parametrize("players", range(2, 9))
def test_everyone_starts_with_ten_times_the_players_in_cash_and_no_tins(players: int) -> None:
    state = GAME.new({"players": players}, seed=3)
    assert figures(state) == ((10 * players,) * players, (0,) * players, (False,) * players)
    view = GAME.view(state, None)
    assert (view["round"], view["phase"], view["rounds"]) == (1, "rows", 10)
    assert GAME.actors(state) == tuple(range(players))


def test_the_default_game_has_three_seats_and_is_not_guarded() -> None:
    assert GAME.options({}) == {"players": 3, "guarded": False}


# Rows: Middleman §2, RULINGS Middleman 2.


@pytest.mark.parametrize(
    ("a", "d", "message"),
    [
        ((0, 1, 2, 3, 4, 5, 6, 7, 8), tuple(range(10)), "row A has 9 digits; it needs 10"),
        (tuple(range(10)), (*range(10), 0), "row D has 11 digits; it needs 10"),
        ((0, 0, 2, 3, 4, 5, 6, 7, 8, 9), tuple(range(10)), "row A must hold each digit 0-9"),
        (tuple(range(10)), (9, 8, 7, 6, 5, 4, 3, 2, 1, 1), "row D must hold each digit 0-9"),
        (tuple(range(10)), tuple(range(10)), "row D must be in a different order from row A"),
    ],
)
def test_bad_rows_are_refused_with_a_clear_message(a: Any, d: Any, message: str) -> None:
    state = GAME.new({"players": 2}, seed=1)
    why = refused(state, 0, GAME.parse_action({"type": "rows", "a": list(a), "d": list(d)}))
    assert message in why


def test_a_missing_digit_is_named() -> None:
    state = GAME.new({"players": 2}, seed=1)
    why = refused(state, 0, Rows(a=(0, 0, 2, 3, 4, 5, 6, 7, 8, 9), d=tuple(range(10))))
    assert why.endswith("it lacks 1")


def test_a_digit_above_nine_is_refused_in_words() -> None:
    with pytest.raises(IllegalAction, match="Every entry of Row A must be at most 9"):
        GAME.parse_action({"type": "rows", "a": [10, *range(1, 10)], "d": list(range(10))})


def test_rows_come_first_and_once() -> None:
    state = GAME.new({"players": 2}, seed=1)
    assert "write your rows" in refused(state, 0, Buy(tins=1, price=1))
    state = GAME.apply(state, 0, TWO[0])
    assert "already committed" in refused(state, 0, TWO[0])
    assert GAME.actors(state) == (1,)
    state = GAME.apply(state, 1, TWO[1])
    assert GAME.view(state, None)["phase"] == "buy"
    assert "send a buy order" in refused(state, 0, Sell(tins=0, price=0))


def test_a_seat_that_does_not_exist_is_refused() -> None:
    state = GAME.new({"players": 2}, seed=1)
    assert "there is no seat 5" in refused(state, 5, TWO[0])


# Buying: Middleman §3, RULINGS Middleman 4 and 6.


def test_an_order_for_more_tins_than_the_market_can_ever_hold_is_refused() -> None:
    state = start(TWO)  # 2 players: at most 9 + 9 = 18 tins on the market
    assert GAME.legal(state, 0).contains(Buy(tins=18, price=1))
    assert "at most 18 tins" in refused(state, 0, Buy(tins=19, price=1))


def test_an_offer_per_tin_above_all_your_cash_is_accepted_rulings_4() -> None:
    # RULINGS Middleman 4: "No order is refused for its size against the cash held, unless
    # `guarded` is on" (docs/rules/middleman.md, ruling 4).
    state = start(TWO)
    assert GAME.legal(state, 0).contains(Buy(tins=1, price=21))
    assert GAME.legal(state, 0).contains(Buy(tins=18, price=920))
    # The interface's bound: no trader of two can ever hold more than 20 + 2 x 45 x 10 = 920.
    why = refused(state, 0, Buy(tins=1, price=921))
    assert why == (
        "no trader at this table can ever hold more than 920, so an offer of 921 per tin "
        "could never be paid"
    )


def test_an_offer_above_your_cash_puts_you_out_only_if_it_is_served_rulings_6() -> None:
    # RULINGS Middleman 6: "it puts the player out only if it is served".
    state = start(THREE)  # supply in round 1: 0 + 9 + 5 = 14
    state = buy_step(state, [(5, 40), (14, 41), (0, 0)])  # seat 1 outbids seat 0 for every tin
    assert figures(state) == ((30, 30, 30), (0, 0, 0), (False, True, False))
    step = GAME.view(state, None)["history"][-1]
    assert [s["filled"] for s in step["seats"]] == [0, 0, 0]  # seat 0 got none: still in
    assert [s["void"] for s in step["seats"]] == [0, 14, 0]


def test_guarded_play_refuses_an_offer_per_tin_above_your_cash() -> None:
    state = start(TWO, guarded=True)
    why = refused(state, 0, Buy(tins=0, price=21))
    assert why == "guarded play: you hold only 20, so an offer of 21 per tin could never be paid"


def test_paying_for_tins_bought() -> None:
    state = start(THREE)  # supply in round 1: 0 + 9 + 5 = 14
    state = buy_step(state, [(4, 7), (12, 2), (0, 9)])
    assert figures(state) == ((30 - 28, 30 - 20, 30), (4, 10, 0), (False,) * 3)


def test_an_overspender_is_out_its_fill_void_and_nobody_else_gets_those_tins() -> None:
    state = start(THREE)  # supply 14
    state = buy_step(state, [(10, 4), (14, 3), (0, 0)])  # seat 0: 10 tins at 4 = 40 > 30
    assert figures(state) == ((30, 30 - 12, 30), (0, 4, 0), (True, False, False))
    step = GAME.view(state, None)["history"][-1]
    assert [s["filled"] for s in step["seats"]] == [0, 4, 0]
    assert [s["void"] for s in step["seats"]] == [10, 0, 0]
    assert [s["went_out"] for s in step["seats"]] == [True, False, False]
    assert GAME.actors(state) == (1, 2)
    assert refused(state, 0, Sell(tins=0, price=0)) == "you are out of the game"
    assert GAME.legal(state, 0).empty


def test_spending_exactly_all_your_cash_is_allowed() -> None:
    state = start(THREE)
    state = buy_step(state, [(10, 3), (0, 0), (0, 0)])
    assert figures(state) == ((0, 30, 30), (10, 0, 0), (False,) * 3)


def test_out_players_digits_still_make_the_market() -> None:
    state = start(THREE)
    state = buy_step(state, [(14, 3), (0, 0), (0, 0)])  # seat 0 out: 14 tins at 3 = 42 > 30
    state = sell_step(state, [None, (0, 0), (0, 0)])
    # Round 1 demand was 9 + 0 + 4: seat 0's D digit counted although it was out.
    assert GAME.view(state, None)["history"][-1]["market"] == 13
    state = buy_step(state, [None, (20, 1), (0, 0)])
    # Round 2 supply: seat 0's 1 + seat 1's 8 + seat 2's 6 = 15, all of it to seat 1.
    assert GAME.view(state, None)["history"][-1]["market"] == 15
    assert figures(state)[1] == (0, 15, 0)
    state = sell_step(state, [None, (15, 10), (0, 0)])
    # Round 2 demand: 8 + 1 + 3 = 12.
    assert GAME.view(state, None)["history"][-1]["market"] == 12
    assert figures(state)[:2] == ((30, 15 + 120, 30), (0, 3, 0))


# Guarded play: RULINGS Middleman 6's option.


def test_guarded_play_refuses_an_order_that_could_not_be_paid_up_front() -> None:
    state = start(THREE, guarded=True)
    why = refused(state, 0, Buy(tins=11, price=3))
    assert why == "guarded play: 11 tins at 3 cost 33, more than your cash of 30"
    assert GAME.legal(state, 0).contains(Buy(tins=10, price=3))
    assert GAME.legal(state, 0).describe()["actions"][0]["budget"] == 30


def test_guarded_play_never_puts_anyone_out() -> None:
    state = start(THREE, guarded=True)
    state = buy_step(state, [(10, 3), (15, 2), (6, 5)])
    assert not any(figures(state)[2])


def test_unguarded_play_accepts_the_same_order() -> None:
    state = start(THREE)
    assert GAME.legal(state, 0).contains(Buy(tins=11, price=3))


# Selling: Middleman §4, RULINGS Middleman 8.


def test_an_ask_above_ten_is_refused_because_the_market_never_pays_more() -> None:
    state = sell_phase_with_tins()
    why = refused(state, 0, Sell(tins=1, price=11))
    assert "the market never pays more than 10 per tin" in why
    assert GAME.legal(state, 0).contains(Sell(tins=1, price=10))


def test_offering_more_tins_than_you_hold_is_refused() -> None:
    state = sell_phase_with_tins()  # seat 0 holds 4 tins
    assert refused(state, 0, Sell(tins=5, price=3)) == (
        "you hold only 4 tins, so you cannot offer 5 for sale"
    )
    assert GAME.legal(state, 0).contains(Sell(tins=4, price=3))
    assert "send a sell order" in refused(state, 0, Buy(tins=1, price=1))


def sell_phase_with_tins() -> Any:
    """A 3-seat game in round 1's selling step, seat 0 holding 4 tins."""
    return buy_step(start(THREE), [(4, 1), (0, 0), (0, 0)])


def test_revenue_is_tins_sold_times_the_ask() -> None:
    state = buy_step(start(THREE), [(4, 0), (5, 0), (5, 0)])  # 14 free tins
    state = sell_step(state, [(4, 10), (5, 6), (5, 6)])  # demand 9 + 0 + 4 = 13
    assert figures(state)[:2] == ((30 + 30, 30 + 30, 30 + 30), (1, 0, 0))


# The end: Middleman §5, RULINGS Middleman 7 and 9.


def test_the_game_ends_at_once_when_one_seat_is_left() -> None:
    state = start(TWO)  # supply 9
    state = buy_step(state, [(9, 3), (0, 0)])  # 27 > 20: seat 0 is out in round 1
    view = GAME.view(state, None)
    assert (view["phase"], view["round"]) == ("over", 1)
    assert GAME.actors(state) == ()
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1,)
    assert result.scores == (0.0, 20.0)
    assert result.reason == "every other player is out of the game"
    assert view["result"]["winners"] == [1]
    assert refused(state, 1, Sell(tins=0, price=0)) == "the game is over"


def test_two_out_at_once_leaves_the_third_the_winner() -> None:
    state = start(THREE)  # supply 14
    state = buy_step(state, [(7, 5), (7, 5), (0, 0)])  # 35 each > 30
    assert GAME.actors(state) == ()
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (2,)


def test_if_every_player_goes_out_at_once_nobody_wins() -> None:
    state = start(TWO)
    state = buy_step(state, [(5, 5), (4, 6)])  # 25 and 24, each more than 20
    result = GAME.result(state)
    assert result is not None
    assert result.winners == ()
    assert result.scores == (0.0, 0.0)
    assert "nobody wins" in result.reason


def test_equal_cash_after_round_ten_is_a_shared_win() -> None:
    state = start(TWO)
    for _ in range(9):
        state = idle_round(state)
    state = buy_step(state, [(0, 0), (0, 0)])
    assert GAME.result(state) is None  # round 10's selling is still to come
    state = sell_step(state, [(0, 0), (0, 0)])
    result = GAME.result(state)
    assert result is not None
    assert (result.winners, result.ranks, result.scores) == ((0, 1), (1, 1), (20.0, 20.0))
    assert result.reason == "after round 10, the most cash wins"
    view = GAME.view(state, 0)
    assert (view["phase"], view["round"]) == ("over", 10)
    assert GAME.actors(state) == ()


def test_tins_held_count_for_nothing() -> None:
    state = start(TWO)
    state = buy_step(state, [(9, 0), (0, 0)])  # seat 0 takes 9 free tins
    for _ in range(10):
        state = sell_step(state, [(0, 0), (0, 0)])
        if GAME.result(state) is None:
            state = buy_step(state, [(0, 0), (0, 0)])
    assert figures(state)[:2] == ((20, 20), (9, 0))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 1)


def test_the_most_cash_wins_whatever_the_tins() -> None:
    state = start(TWO)
    state = buy_step(state, [(9, 1), (0, 0)])  # seat 0: 9 tins, 11 cash
    state = sell_step(state, [(1, 10), (0, 0)])  # demand 9: seat 0 sells 1 for 10 -> 21
    for _ in range(9):
        state = idle_round(state)
    assert figures(state)[:2] == ((21, 20), (8, 0))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)
    assert result.ranks == (1, 2)
