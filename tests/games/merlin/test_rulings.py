"""The product owner's rulings on the economy (RULINGS Merlin 5-7), with the draft's words."""

from __future__ import annotations

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.state import MerlinState, Stack

from .helpers import GAME, act, after_auction, arrange, conserved, end_turn_rolling, events

# --- Merlin 5: the central bank pays only from what it holds -------------------------------------


def test_a_liquidation_the_bank_cannot_pay_in_full_is_refused() -> None:
    # Clubs: "liquidate the property, selling it to the central bank for the property value";
    # RULINGS Merlin 5: "a liquidation the bank cannot pay in full is refused with a message that
    # says so".
    state = arrange(after_auction(), tableaux=[["2C"], [], [], []], bank=4)
    with pytest.raises(IllegalAction, match="central bank holds 4 gold and cannot pay the 5"):
        act(state, 0, {"type": "liquidate", "card": "2C"})
    assert {"type": "liquidate", "card": "2C"} not in [
        a.to_json() for a in GAME.legal(state, 0).enumerate()
    ]
    state = act(arrange(state, bank=5), 0, {"type": "liquidate", "card": "2C"})
    assert state.core.ledger.bank == 0 and conserved(state)


def _storing_chauffeur_game(orbits: int, **options: object) -> MerlinState:
    """Seat 0 stores every gold it holds in its Chauffeur on each of its turns; the others buy a
    permit when they can (which feeds the central bank) and end their turns."""
    state = arrange(
        after_auction(**options),
        tableaux=[[Stack("6C", top="8C", stored=50)], ["5C"], ["9C"], ["4C"]],
    )
    start = state.core.orbit
    while state.core.orbit - start < orbits and state.core.phase != "over":
        seat = GAME.actors(state)[0]
        if state.core.phase == "vote":
            state = act(state, seat, {"type": "tax_vote", "choice": "keep"})
            continue
        if seat == 0:
            state = _store_all(state)
        if seat != 0 and GAME.legal(state, seat).contains(
            GAME.parse_action({"type": "buy_permit"})
        ):
            state = act(state, seat, {"type": "buy_permit"})
            continue
        if state.core.debt[seat]:
            payable = GAME.parse_action({"type": "pay_debt"})
            if GAME.legal(state, seat).contains(payable):
                state = act(state, seat, {"type": "pay_debt"})
        state = act(state, seat, {"type": "end_turn"})
    return state


def _store_all(state: MerlinState) -> MerlinState:
    """Seat 0 pays any tax debt out of its Chauffeur, then stores every gold it holds."""
    owed = state.core.debt[0] - state.core.gold[0]
    if owed > 0:
        state = act(state, 0, {"type": "take_back", "card": "6C", "amount": owed})
    if state.core.debt[0]:
        state = act(state, 0, {"type": "pay_debt"})
    if state.core.gold[0]:
        state = act(state, 0, {"type": "store", "card": "6C", "amount": state.core.gold[0]})
    return state


def test_a_chauffeur_storing_for_a_hundred_orbits_prints_no_gold() -> None:
    # Clubs: a Chauffeur "will return one gold for every five". RULINGS Merlin 5: "This bounds the
    # Chauffeur, whose 1-in-5 return on every roll of either number otherwise compounds without
    # limit."
    state = _storing_chauffeur_game(100, max_orbits=300)
    ledger = state.core.ledger
    assert state.core.orbit >= 100 and not state.core.out[0]
    assert ledger.income[2] > 0  # Chauffeur returns were paid
    assert ledger.minted_issue == 0
    assert conserved(state)  # all gold is what setup and production made
    stored = state.economy.tableaux[0][0].stored + state.core.gold[0]
    assert stored <= ledger.minted_start + ledger.minted_production


def test_the_other_reading_lets_the_same_chauffeur_print_gold() -> None:
    # RULINGS Merlin 5: "A data switch (bank.limited, default true) lets a designer study the other
    # reading."
    state = _storing_chauffeur_game(100, max_orbits=300, **{"data.bank.limited": False})
    ledger = state.core.ledger
    assert ledger.minted_issue > 0 and conserved(state)
    limited = _storing_chauffeur_game(100, max_orbits=300)
    assert state.economy.tableaux[0][0].stored > limited.economy.tableaux[0][0].stored


def test_bank_limited_must_be_true_or_false() -> None:
    from tradingfloor.core.errors import BadOptions

    with pytest.raises(BadOptions, match=r"bank\.limited must be true or false"):
        GAME.new({"players": 4, "data.bank.limited": 1}, 1)


# --- Merlin 6: a roll's production comes before the wheel turns ---------------------------------


def test_a_double_into_spring_pays_at_winters_rate_and_taxes_fall_after() -> None:
    # Dice: everybody with a matching permit "will receive" its resources, then "If both dice are
    # the same number the season wheel will progress by one". RULINGS Merlin 6: "A double that
    # turns the wheel into spring pays that roll at the old season's rate, and spring's taxes fall
    # after that roll's production."
    state = arrange(
        after_auction(),
        tableaux=[[Stack("6C", top="8D"), "4C"], [], [], []],
        counters={"portion": 8, "clock": 8},  # the last portion of winter
        gold=[0, 10, 10, 10],
    )
    state = end_turn_rolling(state, (4, 4))
    assert state.economy.goods[0] == (0, 0, 0)  # winter: no commodities
    assert GAME.view(state, None)["counters"]["season"] == "spring"
    kinds = [e.kind for e in state.events]
    assert kinds.index("produced") < kinds.index("season") < kinds.index("tax")
    # seat 0 had no gold before the roll; 8♦'s property 6♣ made no gold on an 8 either: owes tax
    assert events(state, "bankrupt")[0]["seat"] == 0


def test_a_double_into_winter_still_pays_autumns_commodities() -> None:
    state = arrange(
        after_auction(),
        tableaux=[[Stack("6C", top="8D")], [], [], []],
        counters={"portion": 5, "clock": 5},  # the last portion of autumn
    )
    state = end_turn_rolling(state, (4, 4))
    assert GAME.view(state, None)["counters"]["season"] == "winter"
    assert state.economy.goods[0] == (0, 0, 1)


def test_production_before_the_wheel_pays_a_tax_due_on_the_same_roll() -> None:
    # The 4 gold 3♣ makes on the double that brings spring pays that spring's tax.
    state = arrange(
        after_auction(),
        tableaux=[[], [], [], ["2C"]],
        counters={"portion": 8, "clock": 8},
        gold=[10, 10, 10, 0],
    )
    state = end_turn_rolling(state, (1, 1))  # seat 1 rolls double 1: 2♣ pays seat 3 five gold
    assert not events(state, "bankrupt")
    assert events(state, "tax")[3] == {"kind": "tax", "seat": 3, "paid": 2}


# --- Merlin 7: the holding fee stays one gold per unit ------------------------------------------


def test_the_holding_fee_is_one_gold_per_unit() -> None:
    # Dice: "All commodities holders must pay one gold to keep their commodities." RULINGS Merlin
    # 7: "one gold per unit held, or that unit is lost (the draft's purpose: 'Commodities cost money
    # to hold ...')".
    state = arrange(after_auction(), goods=[[0] * 3, [0] * 3, [2, 1, 1], [0] * 3])
    gold = state.core.gold[2]
    state = end_turn_rolling(state, (3, 4))
    assert state.core.gold[2] == gold - 4 and state.economy.goods[2] == (2, 1, 1)


def test_the_literal_reading_charges_one_gold_per_holder() -> None:
    # RULINGS Merlin 7: "A data switch offers the literal 'one gold' per holder."
    state = after_auction(**{"data.market.holding_fee_per": "holder"})
    state = arrange(state, goods=[[0] * 3, [0] * 3, [2, 1, 1], [0] * 3], gold=[5, 5, 5, 0])
    state = arrange(state, goods=[[0] * 3, [0] * 3, [2, 1, 1], [0, 3, 0]])
    gold = state.core.gold[2]
    state = end_turn_rolling(state, (3, 4))
    assert state.core.gold[2] == gold - 1 and state.economy.goods[2] == (2, 1, 1)
    assert state.economy.goods[3] == (0, 0, 0)  # no gold: all lost
    assert events(state, "holding_fee")[-1] == {
        "kind": "holding_fee",
        "seat": 3,
        "paid": 0,
        "lost": [0, 3, 0],
    }
    assert conserved(state)


def test_the_holding_fee_reading_must_be_unit_or_holder() -> None:
    from tradingfloor.core.errors import BadOptions

    with pytest.raises(BadOptions, match="holding_fee_per must be one of unit, holder"):
        GAME.new({"players": 4, "data.market.holding_fee_per": "seat"}, 1)
