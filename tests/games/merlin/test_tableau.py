"""A player's actions on their tableau: placing, investing, Chauffeurs, liquidating, selling."""

from __future__ import annotations

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.state import Stack

from .helpers import GAME, act, after_auction, arrange, conserved, end_turn_rolling


def test_place_a_property_and_a_land_on_it() -> None:
    state = arrange(after_auction(), hands=[["5C", "2D", "9C"], [], [], []])
    state = act(state, 0, {"type": "place", "card": "5C"})
    # Diamonds: "A land card can only be placed perpendicular on top of unoccupied properties."
    with pytest.raises(IllegalAction, match="land must go on"):
        act(state, 0, {"type": "place", "card": "2D"})
    state = act(state, 0, {"type": "place", "card": "2D", "on": "5C"})
    assert state.economy.tableaux[0] == (Stack("5C", top="2D"),)
    with pytest.raises(IllegalAction, match="occupied"):
        act(state, 0, {"type": "place", "card": "9C", "on": "5C"})
    assert state.economy.hands[0] == ("9C",)


def test_a_property_on_a_property_makes_a_chauffeur() -> None:
    # Clubs: "When a property is perpendicularly placed on another property, Chauffeurs are created"
    state = arrange(after_auction(), hands=[["9C"], [], [], []], tableaux=[["3C"], [], [], []])
    state = act(state, 0, {"type": "place", "card": "9C", "on": "3C"})
    assert GAME.view(state, 0)["players"][0]["tableau"][0]["kind"] == "chauffeur"
    state = act(state, 0, {"type": "store", "card": "3C", "amount": 5})
    assert state.economy.tableaux[0][0].stored == 5
    state = act(state, 0, {"type": "take_back", "card": "3C", "amount": 2})
    assert state.economy.tableaux[0][0].stored == 3
    with pytest.raises(IllegalAction, match="stores gold instead"):
        act(state, 0, {"type": "invest", "card": "3C", "amount": 1})
    assert conserved(state)


def test_a_land_not_on_your_own_property_is_refused() -> None:
    state = arrange(after_auction(), hands=[["2D"], [], [], []], tableaux=[[], ["3C"], [], []])
    with pytest.raises(IllegalAction, match="no property 3C"):
        act(state, 0, {"type": "place", "card": "2D", "on": "3C"})


def test_a_permit_bought_this_turn_waits_for_the_next() -> None:
    # Core Loop: "Permits are bought at the end so they can only be played the turn after you have
    # bought them."
    state = arrange(after_auction(), deck=["5C", "6D"])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.economy.hands[0] == ("5C",)
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "place", "card": "5C"})
    for _ in range(4):
        state = end_turn_rolling(state, (1, 2))
    assert state.core.current == 0
    state = act(state, 0, {"type": "place", "card": "5C"})
    assert state.economy.tableaux[0] == (Stack("5C"),)


def test_invest_locks_gold_on_a_property() -> None:
    # Property Investing: "Property investments are locked in"
    state = arrange(after_auction(), gold=[6, 6, 6, 6], tableaux=[["5C"], [], [], []])
    state = act(state, 0, {"type": "invest", "card": "5C", "amount": 4})
    assert state.core.gold[0] == 2 and state.economy.tableaux[0][0].invested == 4
    with pytest.raises(IllegalAction, match="locked"):
        act(state, 0, {"type": "liquidate", "card": "5C"})
    with pytest.raises(IllegalAction, match="cannot invest 3"):
        act(state, 0, {"type": "invest", "card": "5C", "amount": 3})


def test_liquidate_to_the_central_bank() -> None:
    # Clubs: "liquidate the property, selling it to the central bank for the property value, and
    # reshuffling it back into the deck."
    state = arrange(
        after_auction(),
        gold=[0, 0, 0, 0],
        tableaux=[[Stack("2C", top="4D"), Stack("3C", top="10C", stored=7)], [], [], []],
        deck=["8D"],
        bank=20,
    )
    state = act(state, 0, {"type": "liquidate", "card": "2C"})
    assert state.core.gold[0] == 5 and state.core.ledger.bank == 15
    assert state.economy.hands[0] == ("4D",)  # the land goes back to hand
    assert sorted(state.economy.deck) == ["2C", "8D"]
    state = act(state, 0, {"type": "liquidate", "card": "3C"})
    # a Chauffeur: both properties (4 + 3) and its store (7)
    assert state.core.gold[0] == 5 + 7 + 7 and state.core.ledger.bank == 8
    assert sorted(state.economy.deck) == ["10C", "2C", "3C", "8D"]
    assert conserved(state)


def test_sell_a_property_to_another_player() -> None:
    # Clubs: "Properties can be bought and sold freely between players on the property owner's
    # turn." RULINGS 2: an offer that the other player accepts or declines.
    state = arrange(
        after_auction(),
        gold=[1, 8, 8, 8],
        tableaux=[[Stack("6C", top="5D", invested=2)], [], [], []],
    )
    state = act(state, 0, {"type": "offer_sale", "card": "6C", "to": 2, "price": 6})
    assert GAME.actors(state) == (2,)
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "end_turn"})
    state = act(state, 2, {"type": "decline"})
    assert GAME.actors(state) == (0,) and state.economy.tableaux[0]
    state = act(state, 0, {"type": "offer_sale", "card": "6C", "to": 2, "price": 7})
    state = act(state, 2, {"type": "accept"})
    assert state.core.gold == (8, 8, 1, 8)
    assert state.economy.tableaux[2] == (Stack("6C", top="5D", invested=2),)
    assert state.economy.tableaux[0] == ()
    with pytest.raises(IllegalAction, match="2 offers this turn"):
        act(state, 0, {"type": "offer_sale", "card": "6C", "to": 2, "price": 0})


def test_offers_per_turn_are_limited_and_priced_within_the_buyers_gold() -> None:
    state = arrange(after_auction(), gold=[5, 3, 3, 3], tableaux=[["6C"], [], [], []])
    with pytest.raises(IllegalAction, match="holds only 3"):
        act(state, 0, {"type": "offer_sale", "card": "6C", "to": 1, "price": 4})
    for _ in range(2):
        state = act(state, 0, {"type": "offer_sale", "card": "6C", "to": 1, "price": 1})
        state = act(state, 1, {"type": "decline"})
    with pytest.raises(IllegalAction, match="2 offers this turn"):
        act(state, 0, {"type": "offer_sale", "card": "6C", "to": 1, "price": 1})
