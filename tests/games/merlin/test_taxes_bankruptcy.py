"""Taxes every spring, the vote on the tax rate, bankruptcy, going out, and the end of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.state import Book, Order, Stack

from .helpers import GAME, act, after_auction, arrange, conserved, end_turn_rolling, events

BEFORE_SPRING = {"portion": 8, "clock": 8}


def taxed_table(**changes):  # type: ignore[no-untyped-def]
    table = {
        "gold": [20, 3, 9, 9],
        "tableaux": [[Stack("3C", top="9C"), Stack("5C", top="2D")], ["6C", "10C"], [], []],
        "hands": [["8C", "4D"], [], [], []],
        "counters": BEFORE_SPRING,
        "row": 0,
        "books": [Book(bidless_since=8)] * 3,  # no market stimulus during these tests
    }
    table.update(changes)
    return arrange(after_auction(), **table)


def vote_all(state, choices):  # type: ignore[no-untyped-def]
    for seat, choice in enumerate(choices):
        state = act(state, seat, {"type": "tax_vote", "choice": choice})
    return state


def test_spring_taxes_to_the_row() -> None:
    # Taxes: "Every spring tax season is upon the players. Every player must pay the tax rate to the
    # Revenue Office of Wizards" ... "the tax rate plus the tax rate multiplied by the number of
    # properties they own"
    state = end_turn_rolling(taxed_table(), (4, 4))
    assert state.core.counters.portion == 9
    # seat 0 owns 3C, 9C, 5C and 8C: 1 + 4 = 5; seat 1 owns 2 (tax 3); seats 2 and 3 owe 1
    assert state.core.gold == (15, 0, 8, 8)
    assert state.core.ledger.row == 5 + 3 + 1 + 1
    assert state.core.phase == "vote" and GAME.actors(state) == (0, 1, 2, 3)
    assert conserved(state)


def test_taxes_scale_with_the_rate() -> None:
    state = end_turn_rolling(taxed_table(counters={**BEFORE_SPRING, "tax_rate": 2}), (4, 4))
    assert state.core.gold[0] == 20 - 10


def test_no_taxes_outside_the_first_spring_portion() -> None:
    state = end_turn_rolling(taxed_table(counters={"portion": 9, "clock": 9}), (4, 4))
    assert state.core.ledger.row == 0 and state.core.phase == "turn"


def test_taxes_come_once_a_year_when_the_climate_changes_the_wheel_in_spring() -> None:
    # Taxes: "Every spring tax season is upon the players." Oil made in the first spring portion
    # switches to the warming wheel, whose portion there is winter; entering its spring later that
    # year levies no second tax.
    table = taxed_table(
        tableaux=[[Stack("4C", top="6D")], [], [], []],
        hands=[[], [], [], []],
        counters={**BEFORE_SPRING, "climate": 11},
    )
    state = end_turn_rolling(table, (1, 1))
    assert events(state, "tax") and GAME.view(state, None)["counters"]["season"] == "spring"
    state = vote_all(state, ["keep"] * 4)
    state = end_turn_rolling(state, (2, 4))  # a 6 in spring: two oil
    assert state.core.counters.climate == 13
    assert GAME.view(state, None)["counters"]["season"] == "winter"  # the warming wheel
    row = state.core.ledger.row
    state = end_turn_rolling(state, (1, 1))
    assert GAME.view(state, None)["counters"]["season"] == "spring"
    assert state.core.ledger.row == row and not events(state, "tax")
    assert state.core.phase == "turn"
    # the next year's spring is taxed again
    state = arrange(state, counters={"portion": 9, "clock": 21, "year": 2})
    state = end_turn_rolling(state, (2, 2))
    assert events(state, "tax") and state.core.counters.taxed_year == 2


@pytest.mark.parametrize(
    ("votes", "counters"),
    [
        (["up"] * 4, (2, 1, 1)),
        (["down"] * 4, (0, 3, 2)),
        (["up", "up", "up", "keep"], (1, 2, 1)),
        (["up", "down", "up", "up"], (1, 2, 1)),
    ],
)
def test_the_unanimous_vote_on_the_tax_rate(
    votes: list[str], counters: tuple[int, int, int]
) -> None:
    # Taxes: "the players can unanimously decide to increase or decrease the tax rate by one. If
    # increased, the cost of the living and research cost are decreased by one. If decreased, the
    # cost of the living and research cost are increased by one." (Floors: cost 1, research 1.)
    state = end_turn_rolling(taxed_table(), (4, 4))
    state = vote_all(state, votes)
    c = state.core.counters
    assert (c.tax_rate, c.cost_of_living, c.research_cost) == counters
    assert state.core.phase == "turn" and GAME.actors(state) == (1,)


def test_votes_are_sealed() -> None:
    state = end_turn_rolling(taxed_table(), (4, 4))
    state = act(state, 0, {"type": "tax_vote", "choice": "up"})
    assert GAME.view(state, 1)["vote"] == {
        "voters": [0, 1, 2, 3],
        "sealed": [True, False, False, False],
        "mine": None,
    }
    assert GAME.view(state, 0)["vote"]["mine"] == "up"
    with pytest.raises(IllegalAction, match="already voted"):
        act(state, 0, {"type": "tax_vote", "choice": "up"})


def test_who_cannot_pay_is_bankrupt_and_can_pay_off_the_debt() -> None:
    # Taxes: "... and if they cannot are considered bankrupt." Bankruptcy: "Players facing
    # bankruptcy can exit bankruptcy by paying off any debts they owe"
    state = end_turn_rolling(taxed_table(gold=[20, 2, 9, 9]), (4, 4))
    assert state.core.debt[1] == 3 and state.core.gold[1] == 2
    assert state.core.bankrupt_since[1] == 9
    assert events(state, "bankrupt") == [{"kind": "bankrupt", "seat": 1, "owes": 3}]
    state = vote_all(state, ["keep"] * 4)
    with pytest.raises(IllegalAction, match="owe 3 gold and hold 2"):
        act(state, 1, {"type": "pay_debt"})
    state = arrange(state, gold=[20, 5, 8, 8])
    state = act(state, 1, {"type": "pay_debt"})
    assert state.core.debt[1] == 0 and state.core.bankrupt_since[1] is None
    assert state.core.gold[1] == 2


def test_still_bankrupt_a_year_later_is_out() -> None:
    # Bankruptcy: "If a player is still bankrupt by the same time next year, they are exited from
    # the game." Their holdings go back to the deck and the bank.
    state = end_turn_rolling(taxed_table(gold=[20, 2, 9, 9]), (4, 4))
    state = vote_all(state, ["keep"] * 4)
    bids = (Order(90, 1, 2, 0),)
    books = (Book(bids=bids, bidless_since=None), Book(bidless_since=20), Book(bidless_since=20))
    state = arrange(
        state,
        counters={"portion": 8, "clock": 20},
        books=books,
        goods=[[0, 0, 0], [1, 1, 0], [0, 0, 0], [0, 0, 0]],
        bank=0,
    )
    deck = len(state.economy.deck)
    state = end_turn_rolling(state, (2, 2))
    assert state.core.out[1] and state.core.gold[1] == 0
    assert state.economy.tableaux[1] == () and state.economy.goods[1] == (0, 0, 0)
    assert len(state.economy.deck) == deck + 2
    assert state.core.ledger.bank == 2 + 2  # gold in hand and the bid's gold
    assert state.economy.books[0].bids == ()
    assert 1 not in GAME.actors(state) and conserved(state)


def test_the_last_player_not_out_wins() -> None:
    # RULINGS 4: "the last player not out of the game"; Game Loop: "A player wins when every other
    # player is bankrupt."
    state = after_auction(players=2, few_players=True)
    core = state.core
    state = replace(
        state,
        core=replace(
            core,
            bankrupt_since=(None, 0),
            debt=(0, 50),
            counters=replace(core.counters, portion=11, clock=11),
        ),
    )
    state = end_turn_rolling(state, (6, 6))
    result = GAME.result(state)
    assert result is not None and result.winners == (0,)
    assert result.reason == "every other player is out of the game"
    assert GAME.actors(state) == ()


def test_the_orbit_cap_ends_the_game_and_says_so() -> None:
    # RULINGS 4: "A cap on turns ... ends a stalled game, ranked by gold plus holdings at the
    # central bank's buy-back values; the result must say that the cap ended it."
    state = arrange(
        after_auction(max_orbits=1),
        gold=[1, 2, 3, 4],
        tableaux=[[Stack("2C", top="3D", invested=2)], ["6C"], [], []],
        goods=[[0, 0, 0], [0, 0, 0], [5, 5, 5], [0, 0, 0]],
    )
    for _ in range(3):
        state = end_turn_rolling(state, (1, 2))
    assert GAME.result(state) is None
    state = act(state, 3, {"type": "end_turn"})
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (1 + 2 + 5, 2 + 1, 3, 4)  # lands and commodities buy back at 0
    assert result.winners == (0,)
    assert "orbit cap (1 orbits)" in result.reason
