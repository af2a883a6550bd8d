"""Merlin's bots: every kind plays legal games to the end; the heuristic plays the whole economy."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tradingfloor.agents import kinds, make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.core.playout import play_out
from tradingfloor.games.merlin.appraisal import (
    doubling_odds,
    investment_edge,
    months_to_taxes,
    roll_odds,
    yield_per_roll,
)
from tradingfloor.games.merlin.heuristic import MerlinHeuristic
from tradingfloor.games.merlin.state import Book, MerlinState, Order, Stack

from .helpers import GAME, act, after_auction, arrange, end_turn_rolling


def heuristic_move(state: MerlinState, seat: int) -> dict[str, Any]:
    """What the heuristic does as `seat` now, as JSON."""
    action = MerlinHeuristic().act(decision_for(GAME, state, seat), random.Random(0))
    return dict(action.to_json())


def test_two_dice_odds() -> None:
    assert [round(roll_odds(n) * 36) for n in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_expected_yield_per_roll() -> None:
    view = GAME.view(after_auction(), 0)
    # "As I wanted all properties to be of equal value, the statistically edge is offset by property
    # value": 2 pays 5 at 1/36, 6 pays 1 at 5/36
    assert yield_per_roll(view, "2C") == pytest.approx(5 / 36)
    assert yield_per_roll(view, "6C") == pytest.approx(5 / 36)
    assert yield_per_roll(view, "4C") == pytest.approx(9 / 36)
    assert yield_per_roll(view, "7C") == 0


def test_an_investment_doubles_before_a_seven_less_than_half_the_time() -> None:
    # Property Investing: a gamble "that the number on the card will come up sooner than a 7".
    view = GAME.view(arrange(after_auction(), bank=100), 0)
    assert doubling_odds(view, 6) == pytest.approx(5 / 11)
    assert investment_edge(view, 6, 10) == pytest.approx(10 / 11 - 1)
    tripled = GAME.view(
        arrange(after_auction(**{"data.turn.dice.investment_multiplier": 3}), bank=100), 0
    )
    assert investment_edge(tripled, 6, 10) == pytest.approx(15 / 11 - 1)


def test_months_to_taxes() -> None:
    view = GAME.view(arrange(after_auction(), counters={"portion": 8}), 0)
    assert months_to_taxes(view) == 1
    view = GAME.view(arrange(after_auction(), counters={"portion": 9}), 0)
    assert months_to_taxes(view) == 12


def test_bot_kinds() -> None:
    assert {"random", "beginner", "heuristic"} <= set(kinds(GAME))
    # the lobby offers the game's first own bot by default: the heuristic
    assert next(iter(GAME.bots())) == "heuristic"


@pytest.mark.parametrize("seed", [1, 3])
def test_the_heuristic_plays_to_the_end_and_beats_random(seed: int) -> None:
    names = ["heuristic", "random", "heuristic", "random"]
    agents = [make_agent(GAME, name) for name in names]
    state = play_out(
        GAME, GAME.new({"players": 4, "max_orbits": 30}, seed), agents, random.Random(seed)
    )
    result = GAME.result(state)
    assert result is not None
    assert all(names[w] == "heuristic" for w in result.winners)


def test_every_kind_plays_six_players_to_the_end() -> None:
    names = ["heuristic", "beginner", "random", "heuristic", "beginner", "random"]
    agents = [make_agent(GAME, name) for name in names]
    state = play_out(GAME, GAME.new({"players": 6, "max_orbits": 20}, 4), agents, random.Random(4))
    assert GAME.result(state) is not None


# --- the heuristic's choices, one rule at a time --------------------------------------------------


def test_it_places_a_land_on_a_free_property() -> None:
    state = arrange(after_auction(), tableaux=[["5C"], [], [], []], hands=[["8D"], [], [], []])
    assert heuristic_move(state, 0) == {"type": "place", "card": "8D", "on": "5C"}


def test_it_pays_a_debt_from_its_chauffeur() -> None:
    # Bankruptcy: "Players facing bankruptcy can exit bankruptcy by paying off any debts they owe"
    state = arrange(
        after_auction(),
        gold=[0, 10, 10, 10],
        tableaux=[[Stack("3C", top="9C", stored=20)], [], [], []],
    )
    state = _in_debt(state, 0, 4)
    move = heuristic_move(state, 0)
    assert move["type"] == "take_back" and move["amount"] >= 4
    state = act(state, 0, move)
    assert heuristic_move(state, 0) == {"type": "pay_debt"}


def _in_debt(state: MerlinState, seat: int, owed: int) -> MerlinState:
    from dataclasses import replace

    core = state.core
    debt = tuple(owed if s == seat else d for s, d in enumerate(core.debt))
    since = tuple(0 if s == seat else b for s, b in enumerate(core.bankrupt_since))
    return replace(state, core=replace(core, debt=debt, bankrupt_since=since))


def test_in_debt_with_nothing_stored_it_sells_a_property_to_the_bank() -> None:
    state = arrange(after_auction(), gold=[0, 10, 10, 10], tableaux=[["6C", "2C"], [], [], []])
    state = _in_debt(arrange(state, bank=20), 0, 3)
    assert heuristic_move(state, 0) == {"type": "liquidate", "card": "6C"}
    # RULINGS Merlin 5: a bank that cannot pay refuses the liquidation: offer it to a player
    state = arrange(state, bank=0)
    move = heuristic_move(state, 0)
    assert move["type"] == "offer_sale" and move["card"] == "6C"


def test_it_answers_an_offer_by_its_worth() -> None:
    state = arrange(after_auction(), gold=[5, 40, 10, 10], tableaux=[["6C"], [], [], []])
    cheap = act(state, 0, {"type": "offer_sale", "card": "6C", "to": 1, "price": 4})
    assert heuristic_move(cheap, 1) == {"type": "accept"}
    dear = act(state, 0, {"type": "offer_sale", "card": "6C", "to": 1, "price": 40})
    assert heuristic_move(dear, 1) == {"type": "decline"}


def test_it_offers_a_free_property_to_a_player_whose_land_waits() -> None:
    state = arrange(
        after_auction(),
        gold=[1, 40, 10, 10],
        tableaux=[["6C", "8C"], [Stack("5C", top="6D")], [], []],
        hands=[[], ["9D"], [], []],
        row=30,  # the R.O.W. can pay for its stimulus bids: a land's yield is worth something
    )
    move = heuristic_move(state, 0)
    assert move["type"] == "offer_sale" and move["to"] == 1


def test_it_keeps_its_commodities_on_the_market_as_asks() -> None:
    # Ask: "useful to avoid the cost of holding commodities"
    state = arrange(after_auction(), goods=[[2, 0, 0], [0] * 3, [0] * 3, [0] * 3], row=30)
    move = heuristic_move(state, 0)
    assert move["type"] == "ask" and move["commodity"] == "souls"


def test_it_sells_into_a_good_bid_and_takes_its_ask_back_to_do_so() -> None:
    bid = Order(id=90, owner=1, price=5, placed=0)
    ask = Order(id=91, owner=0, price=3, placed=0)
    books = (Book(bids=(bid,), asks=(ask,)), Book(), Book())
    state = arrange(after_auction(), books=books, goods=[[0] * 3] * 4)
    assert heuristic_move(state, 0) == {"type": "withdraw_ask", "order": 91}
    state = act(state, 0, {"type": "withdraw_ask", "order": 91})
    assert heuristic_move(state, 0) == {"type": "sell_to", "order": 90}


def test_it_buys_an_ask_well_below_what_the_unit_fetches() -> None:
    bid = Order(id=90, owner=2, price=6, placed=0)
    ask = Order(id=91, owner=1, price=2, placed=0)
    books = (Book(bids=(bid,), asks=(ask,)), Book(), Book())
    state = arrange(after_auction(), books=books, gold=[20, 10, 10, 10])
    assert heuristic_move(state, 0) == {"type": "buy_from", "order": 91}


def test_it_bids_where_a_bid_already_stands_and_tends_its_bids() -> None:
    rival = Order(id=90, owner=2, price=2, placed=0)
    books = (Book(bids=(rival,)), Book(), Book())
    state = arrange(
        after_auction(),
        books=books,
        gold=[20, 10, 10, 10],
        goods=[[0] * 3, [3, 0, 0], [0] * 3, [0] * 3],
    )
    state = arrange(state, row=50, counters={"cost_of_living": 10})
    move = heuristic_move(state, 0)
    assert move["type"] == "bid" and move["commodity"] == "souls"
    state = act(state, 0, move)
    price = move["price"]
    # the R.O.W. goes broke: its bids are no longer to be expected, so the bid comes down or leaves
    state = end_turn_rolling(arrange(state, row=0, counters={"cost_of_living": 10}), (1, 2))
    for _ in range(3):  # seats 1 to 3 take their turns
        state = end_turn_rolling(state, (1, 2))
    move = heuristic_move(state, 0)
    assert move["type"] in ("lower_bid", "exit_bid"), move
    assert price > 1


def test_it_invests_only_when_the_odds_favour_it() -> None:
    table = {"tableaux": [["6C"], [], [], []], "gold": [30, 10, 10, 10], "bank": 100}
    state = arrange(after_auction(), **table)
    assert heuristic_move(state, 0)["type"] != "invest"
    tripled = arrange(after_auction(**{"data.turn.dice.investment_multiplier": 3}), **table)
    assert heuristic_move(tripled, 0)["type"] == "invest"


def test_behind_at_the_end_it_gambles_on_an_investment() -> None:
    state = arrange(
        after_auction(max_orbits=5),
        tableaux=[["6C"], ["2C", "3C", "4C"], [], []],
        gold=[30, 40, 10, 10],
        bank=100,
        counters={},
    )
    from dataclasses import replace

    state = replace(state, core=replace(state.core, orbit=4))
    assert heuristic_move(state, 0)["type"] == "invest"


def test_it_makes_a_chauffeur_when_storing_pays_more() -> None:
    state = arrange(
        after_auction(), tableaux=[["6C"], [], [], []], hands=[["8C"], [], [], []], gold=[60] * 4
    )
    state = arrange(state, bank=200)
    assert heuristic_move(state, 0) == {"type": "place", "card": "8C", "on": "6C"}
    poor = arrange(state, gold=[3, 60, 60, 60])
    assert heuristic_move(poor, 0) == {"type": "place", "card": "8C", "on": None}


def test_it_stores_spare_gold_in_whole_fives() -> None:
    state = arrange(
        after_auction(),
        tableaux=[[Stack("6C", top="8C")], [], [], []],
        gold=[21, 10, 10, 10],
        deck=["7C"],
    )
    move = heuristic_move(state, 0)
    assert move["type"] == "store" and move["amount"] % 5 == 0 and move["amount"] > 0


@pytest.mark.parametrize(("owned", "choice"), [(0, "up"), (6, "down")])
def test_it_votes_on_the_tax_rate_for_its_own_good(owned: int, choice: str) -> None:
    # Taxes: "If increased, the cost of the living and research cost are decreased by one."
    clubs = ["2C", "3C", "4C", "5C", "6C", "8C"][:owned]
    deck = [] if owned else ["9C", "10C", "2D", "3D", "4D", "5D", "6D", "8D", "9D", "10D"]
    state = arrange(
        after_auction(),
        tableaux=[clubs, [], [], []],
        counters={"portion": 8, "clock": 8},
        deck=deck or ["7C"],
        gold=[30] * 4,
    )
    state = end_turn_rolling(state, (4, 4))
    assert state.core.phase == "vote"
    assert heuristic_move(state, 0) == {"type": "tax_vote", "choice": choice}
