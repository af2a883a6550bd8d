"""Buying permits at the cost of the living; 7s and Aces played at once; buying comes last."""

from __future__ import annotations

import pytest

from tradingfloor.core.errors import IllegalAction

from .helpers import GAME, act, after_auction, arrange, conserved, events


def test_a_permit_costs_the_cost_of_the_living() -> None:
    # "Permits can be bought for the current cost of the living."
    state = arrange(after_auction(), gold=[5, 5, 5, 5], deck=["9C", "3D"], bank=0)
    state = act(state, 0, {"type": "buy_permit"})
    assert state.core.gold[0] == 3 and state.core.ledger.bank == 2
    assert state.economy.hands[0] == ("9C",) and state.economy.deck == ("3D",)
    state = act(state, 0, {"type": "buy_permit"})
    assert state.core.gold[0] == 1 and state.economy.hands[0] == ("9C", "3D")
    with pytest.raises(IllegalAction, match="deck is empty"):
        act(state, 0, {"type": "buy_permit"})
    assert conserved(state)


def test_buying_comes_last() -> None:
    # Core Loop: "The player then has the option to buy permits" (after every other action).
    state = arrange(after_auction(), deck=["9C", "3D"], tableaux=[["5C"], [], [], []])
    state = act(state, 0, {"type": "buy_permit"})
    with pytest.raises(IllegalAction, match="cannot invest now"):
        act(state, 0, {"type": "invest", "card": "5C", "amount": 1})
    kinds = {a.type for a in GAME.legal(state, 0).enumerate()}
    assert kinds == {"buy_permit", "end_turn"}


def test_cannot_buy_without_the_gold() -> None:
    state = arrange(after_auction(), gold=[1, 5, 5, 5], deck=["9C"])
    with pytest.raises(IllegalAction, match="costs 2 gold"):
        act(state, 0, {"type": "buy_permit"})


def test_a_seven_raises_the_cost_of_the_living_and_goes_back() -> None:
    # 7s: "All 7 cards must be played instantly, increase the Cost of the Living by Volatility ...
    # 7s are reshuffled into the deck."
    state = arrange(after_auction(volatility=2), deck=["7C", "4C"])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.core.counters.cost_of_living == 4
    assert sorted(state.economy.deck) == ["4C", "7C"] and state.economy.hands[0] == ()


def test_an_ace_draws_until_a_permit_and_pays_its_yield() -> None:
    # Aces: "A free card is taken from the deck, if it is not a permit, reshuffle into the deck, and
    # take another card until a permit is drawn. The player is given whatever the permit would give
    # on a roll of its number, and gets to keep the permit. The ace is then reshuffled."
    state = arrange(after_auction(), gold=[5, 5, 5, 5], deck=["AC", "3C"])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.core.gold[0] == 5 - 2 + 4  # 3C's property value
    assert state.economy.hands[0] == ("3C",) and state.economy.deck == ("AC",)
    assert events(state, "windfall")[0]["card"] == "3C"
    assert conserved(state)


def test_an_ace_skips_sevens_and_a_land_gives_its_commodity() -> None:
    state = arrange(after_auction(), deck=["AD", "7C", "7D", "5D"])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.economy.hands[0] == ("5D",)
    assert state.economy.goods[0] == (0, 1, 0)  # Elixir Oil, in summer
    assert state.core.counters.cost_of_living == 2  # sevens drawn by an Ace are not played
    assert sorted(state.economy.deck) == ["7C", "7D", "AD"]


def test_an_ace_with_no_permit_left_gives_nothing() -> None:
    state = arrange(after_auction(), deck=["AD", "7C"])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.economy.hands[0] == () and sorted(state.economy.deck) == ["7C", "AD"]


def test_one_at_a_time_since_the_price_can_change() -> None:
    # Core Loop: "Buy permits one at a time since the price can change."
    state = arrange(after_auction(), gold=[9, 9, 9, 9], deck=["7D", "4C"], bank=0)
    state = act(state, 0, {"type": "buy_permit"})  # the 7 raises the cost of the living to 3
    assert state.core.gold[0] == 7
    state = arrange(state, deck=["4C", "7D"])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.core.gold[0] == 4 and state.economy.hands[0] == ("4C",)
    assert state.core.ledger.bank == 5
