"""A scripted opening through the public contract, with exact gold, counters and holdings."""

from __future__ import annotations

from .helpers import GAME, act, arrange, conserved, end_turn_rolling, rig

DECK_TOP = ["6C", "8D", "8C", "AC", "3C", "7C"]


def test_scripted_opening() -> None:
    state = GAME.new({"players": 4}, 5)
    rest = [c for c in state.economy.deck if c not in DECK_TOP]
    state = rig(arrange(state, deck=[*DECK_TOP, *rest]), (1, 2))
    for seat, amount in enumerate([3, 7, 1, 4]):
        state = act(state, seat, {"type": "turn_bid", "amount": amount})
    # 1. the order by bids, the pot of 15: 7 to the last place (seat 2), 8 to the bank
    assert state.core.order == (1, 3, 0, 2) and state.core.current == 1
    assert state.core.gold == (7, 3, 16, 6) and state.core.ledger.bank == 8
    assert state.core.dice == (1, 2)

    # 2. seat 1 buys the top permit at the cost of the living (2)
    state = act(state, 1, {"type": "buy_permit"})
    assert state.economy.hands[1] == ("6C",) and state.core.gold[1] == 1
    assert state.core.ledger.bank == 10

    # 3. seat 3 rolls a double: the wheel turns; buys a land
    state = end_turn_rolling(state, (2, 2))
    assert state.core.current == 3 and state.core.counters.portion == 1
    state = act(state, 3, {"type": "buy_permit"})
    assert state.economy.hands[3] == ("8D",) and state.core.gold[3] == 4

    # 4. seat 0 rolls another double; buys a property
    state = end_turn_rolling(state, (3, 3))
    assert state.core.counters.portion == 2
    state = act(state, 0, {"type": "buy_permit"})
    assert state.economy.hands[0] == ("8C",) and state.core.gold[0] == 5
    assert state.core.ledger.bank == 14

    # 5. seat 2 buys an Ace: it draws 3C and is paid 3C's property value, 4
    state = end_turn_rolling(state, (1, 3))
    state = act(state, 2, {"type": "buy_permit"})
    assert state.economy.hands[2] == ("3C",) and state.core.gold[2] == 16 - 2 + 4
    assert state.core.ledger.minted_production == 4 and state.core.ledger.bank == 16

    # 6. a new orbit: seat 1 rolls 6 with 6C still in hand, places it and invests 1
    state = end_turn_rolling(state, (2, 4))
    assert state.core.orbit == 1 and state.core.gold[1] == 1
    state = act(state, 1, {"type": "place", "card": "6C"})
    state = act(state, 1, {"type": "invest", "card": "6C", "amount": 1})
    assert state.core.gold[1] == 0

    # 7. seat 3 rolls 6: 6C yields 1, the investment is doubled (the bank pays 1); seat 3 bids
    state = end_turn_rolling(state, (2, 4))
    assert state.core.gold[1] == 0 + 1 + 2 and state.core.ledger.bank == 15
    assert state.economy.tableaux[1][0].invested == 0
    state = act(state, 3, {"type": "bid", "commodity": "essence_grain", "price": 2})
    assert state.core.gold[3] == 2

    # 8. seat 0 rolls 8 before placing 8C: nothing; then places it
    state = end_turn_rolling(state, (3, 5))
    assert state.core.gold[0] == 5
    state = act(state, 0, {"type": "place", "card": "8C"})

    # 9. seat 2 rolls a double 8: autumn comes, 8C yields 1 to seat 0
    state = end_turn_rolling(state, (4, 4))
    assert state.core.gold[0] == 6 and GAME.view(state, 2)["counters"]["season"] == "autumn"
    state = act(state, 2, {"type": "place", "card": "3C"})

    # 10. seat 1 rolls 7: research cost 2; nothing invested, no commodities held
    state = end_turn_rolling(state, (3, 4))
    counters = state.core.counters
    assert (counters.research_cost, counters.cost_of_living, counters.tax_rate) == (2, 2, 2)
    assert (counters.year, counters.portion, counters.clock) == (1, 3, 3)
    assert state.core.gold == (6, 3, 18, 2)
    assert (state.core.ledger.bank, state.core.ledger.row) == (15, 0)
    assert state.core.ledger.minted_production == 6 and state.core.ledger.minted_issue == 0
    assert conserved(state)
