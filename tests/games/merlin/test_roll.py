"""Dice: doubles, sevens, production by property value and land yield, investments, Chauffeurs."""

from __future__ import annotations

import pytest

from tradingfloor.games.merlin.state import Stack

from .helpers import after_auction, arrange, conserved, end_turn_rolling, events

NON_DOUBLE = {3: (1, 2), 4: (1, 3), 5: (2, 3), 6: (2, 4), 8: (3, 5), 9: (4, 5), 10: (4, 6)}


@pytest.mark.parametrize(
    ("number", "value"), [(3, 4), (4, 3), (10, 3), (5, 2), (9, 2), (6, 1), (8, 1)]
)
def test_a_property_yields_its_property_value(number: int, value: int) -> None:
    # Clubs: "Property that generates gold when the number on the card is rolled. The number of gold
    # generated is determined by property value." Property Value: 2:5, 3:4, 4,10:3, 5,9:2, 6,8:1.
    state = arrange(after_auction(), tableaux=[[], [], [f"{number}C"], []])
    before = state.core.gold
    state = end_turn_rolling(state, NON_DOUBLE[number])
    assert state.core.gold == (before[0], before[1], before[2] + value, before[3])
    assert state.core.ledger.minted_production == value
    assert conserved(state)


def test_a_two_yields_five_and_turns_the_wheel() -> None:
    state = arrange(after_auction(), tableaux=[["2C"], [], [], []])
    before = state.core.gold[0]
    state = end_turn_rolling(state, (1, 1))
    assert state.core.gold[0] == before + 5
    # Dice: "If both dice are the same number the season wheel will progress by one."
    assert (state.core.counters.portion, state.core.counters.clock) == (1, 1)


def test_a_land_yields_one_commodity_and_oil_moves_the_climate() -> None:
    # Diamonds: "Land cards that generate commodities when the number on the card is rolled."
    state = arrange(after_auction(), tableaux=[[Stack("4C", top="5D")], [], [], []])
    gold = state.core.gold[0]
    state = end_turn_rolling(state, (2, 3))
    assert state.economy.goods[0] == (0, 1, 0)
    assert (
        state.core.counters.climate == 1
    )  # "For every oil generated, increase the climate counter"
    assert state.core.gold[0] == gold  # the property under it has number 4
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[0] == gold + 3  # a property with a land on it still yields its gold


@pytest.mark.parametrize(
    ("portion", "season", "grain"),
    [(0, "summer", 1), (4, "autumn", 1), (6, "winter", 0), (10, "spring", 2)],
)
def test_seasons_scale_commodities(portion: int, season: str, grain: int) -> None:
    # Season Wheel: "Players receive no commodities during Winter and will receive double
    # commodities during Spring."
    state = arrange(
        after_auction(),
        tableaux=[[Stack("6C", top="8D")], [], [], []],
        counters={"portion": portion},
    )
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[0] == (0, 0, grain)


def test_climate_crossing_a_threshold_changes_the_wheel() -> None:
    # Climate Change: "The increased climate change will change which season wheel to use."
    state = arrange(
        after_auction(), tableaux=[[Stack("4C", top="6D")], [], [], []], counters={"climate": 11}
    )
    state = end_turn_rolling(state, (2, 4))
    assert state.core.counters.climate == 12
    assert state.config.content.wheels[state.core.counters.wheel].name == "warming"
    assert events(state, "climate") == [{"kind": "climate", "climate": 12, "wheel": "warming"}]


def test_the_wheel_wraps_into_a_new_year() -> None:
    state = arrange(after_auction(), counters={"portion": 11, "clock": 11})
    state = end_turn_rolling(state, (5, 5))
    counters = state.core.counters
    assert (counters.portion, counters.year, counters.clock) == (0, 2, 12)


def test_investment_is_doubled_by_the_central_bank() -> None:
    # Clubs: "The invested gold is doubled when the number on the card is rolled. The generated gold
    # on that turn is not included in the calculation."
    state = arrange(after_auction(), tableaux=[[Stack("6C", invested=4)], [], [], []], bank=10)
    gold = state.core.gold[0]
    state = end_turn_rolling(state, (2, 4))
    assert state.core.gold[0] == gold + 8 + 1  # twice the stake, and the property's 1 gold
    assert state.economy.tableaux[0][0].invested == 0
    assert state.core.ledger.bank == 6
    assert conserved(state)


def test_the_bank_pays_only_from_what_it_holds() -> None:
    # RULINGS Merlin 5: "every payment by the central bank ... is paid from its balance ... as far
    # as the balance goes". The stake comes back off the card; the bank's 1 gold is all it adds.
    state = arrange(after_auction(), tableaux=[[Stack("6C", invested=4)], [], [], []], bank=1)
    gold = state.core.gold[0]
    state = end_turn_rolling(state, (2, 4))
    assert state.core.gold[0] == gold + 4 + 1 + 1  # stake, the bank's 1, the property's 1
    assert state.core.ledger.bank == 0 and state.core.ledger.minted_issue == 0
    assert events(state, "investment_paid") == [
        {
            "kind": "investment_paid",
            "seat": 0,
            "card": "6C",
            "stake": 4,
            "due": 4,
            "paid": 1,
            "bank": 0,
        }
    ]
    assert conserved(state)


def test_the_unlimited_bank_issues_what_it_lacks() -> None:
    # RULINGS Merlin 5: "A data switch (bank.limited, default true) lets a designer study the other
    # reading."
    state = after_auction(**{"data.bank.limited": False})
    state = arrange(state, tableaux=[[Stack("6C", invested=4)], [], [], []], bank=1)
    state = end_turn_rolling(state, (2, 4))
    assert state.core.ledger.bank == 0 and state.core.ledger.minted_issue == 3
    assert conserved(state)


def test_owner_turn_option_pays_only_on_the_owners_roll() -> None:
    state = arrange(
        after_auction(investment_pays_on="owner_turn"),
        tableaux=[[Stack("6C", invested=4)], [], [], []],
    )
    state = end_turn_rolling(state, (2, 4))  # seat 1 rolls a 6
    assert state.economy.tableaux[0][0].invested == 4


def test_a_seven() -> None:
    # Dice: "If a 7 is rolled, the cost of research will increase by one. All invested gold on
    # properties is taken by the central bank. All commodities holders must pay one gold to keep
    # their commodities."
    state = arrange(
        after_auction(),
        gold=[5, 5, 2, 5],
        tableaux=[[Stack("6C", invested=4)], [Stack("8C", invested=2)], [], []],
        goods=[[0, 0, 0], [0, 0, 0], [2, 1, 0], [0, 0, 1]],
        bank=0,
    )
    state = end_turn_rolling(state, (3, 4))
    assert state.core.counters.research_cost == 2
    assert [s.invested for t in state.economy.tableaux for s in t] == [0, 0]
    # seat 2 holds 3 commodities and 2 gold: keeps the 2 souls, loses the oil
    assert state.economy.goods[2] == (2, 0, 0) and state.core.gold[2] == 0
    assert state.economy.goods[3] == (0, 0, 1) and state.core.gold[3] == 4
    assert state.core.ledger.bank == 6 + 2 + 1
    assert conserved(state)


def test_a_seven_keeps_as_many_commodities_as_the_gold_pays_for() -> None:
    # Dice: "All commodities holders must pay one gold to keep their commodities": 1 gold per unit;
    # 3 souls and 2 gold keep 2 souls; the third goes back to the supply.
    state = arrange(
        after_auction(), gold=[5, 5, 2, 5], goods=[[0] * 3, [0] * 3, [3, 2, 0], [0] * 3]
    )
    state = end_turn_rolling(state, (3, 4))
    assert state.economy.goods[2] == (2, 0, 0) and state.core.gold[2] == 0
    assert events(state, "holding_fee") == [
        {"kind": "holding_fee", "seat": 2, "paid": 2, "lost": [1, 2, 0]}
    ]
    assert conserved(state)


def test_a_chauffeur_returns_one_in_five_and_produces_nothing() -> None:
    # Clubs: Chauffeurs "return one gold for every five" when either number is rolled, and "do not
    # generate gold when the number on the properties are rolled".
    state = arrange(
        after_auction(), tableaux=[[Stack("3C", top="9C", stored=12)], [], [], []], bank=3
    )
    gold = state.core.gold[0]
    state = end_turn_rolling(state, (4, 5))
    assert state.core.gold[0] == gold + 2
    # RULINGS Merlin 5: the bank's last gold pays 1 of the 2 due
    state = end_turn_rolling(state, (1, 2))
    assert state.core.gold[0] == gold + 3 and state.core.ledger.bank == 0
    assert events(state, "chauffeur_paid")[0]["due"] == 2
    assert state.core.ledger.minted_production == 0 and state.core.ledger.minted_issue == 0
    assert conserved(state)


def test_a_seven_spares_chauffeur_stores() -> None:
    state = arrange(after_auction(), tableaux=[[Stack("3C", top="9C", stored=12)], [], [], []])
    state = end_turn_rolling(state, (3, 4))
    assert state.economy.tableaux[0][0].stored == 12
