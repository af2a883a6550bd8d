"""Edges of the rulings that the worked examples leave untouched, each one figure for figure."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.businessmen.helpers import (
    GAME,
    act,
    conserved,
    forced_decks,
    menu,
    tablet,
)
from tests.games.businessmen.test_rulings import pass_until
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.businessmen.scenario import build
from tradingfloor.games.businessmen.state import BusinessmenState


def events_of(state: BusinessmenState, kind: str) -> list[dict[str, Any]]:
    """The logged events of one kind, oldest first."""
    return [e for e in GAME.view(state, None)["events"] if e["kind"] == kind]


def test_blue_and_green_cars_filled_alone_give_2_and_3_vp() -> None:
    # RULINGS Businessmen 7: "1/2/3 VP (yellow/blue/green)". Nobody holds goods, so the loading
    # passes at once and the full cars are sent as the table is built.
    cars = {"blue": ("grain", {0: 6}), "green": ("metal", {1: 7})}
    state = build(2, phase="load", decks=forced_decks(), cars=cars)
    assert [tablet(state, s)["vp"] for s in (0, 1)] == [2, 3]
    assert [tablet(state, s)["coins"] for s in (0, 1)] == [10 + 6 * 3, 10 + 7 * 3]
    conserved(state)


def test_a_good_sent_in_two_cars_falls_by_both_capacities() -> None:
    # RULINGS Businessmen 7: "each good sent drops by the capacity of each car that carried it".
    # Oil at 10 leaves in the yellow (5) and the green (7) car: 10 - 12 stops at 1 (one car's
    # fall alone would leave 5 or 3).
    cars = {"yellow": ("oil", {0: 5}), "green": ("oil", {0: 3, 1: 4})}
    state = build(2, phase="load", decks=forced_decks(), cars=cars, prices={"oil": 10})
    assert GAME.view(state, None)["prices"]["oil"] == 1
    assert [tablet(state, s)["coins"] for s in (0, 1)] == [10 + 8 * 10, 10 + 4 * 10]
    assert [tablet(state, s)["vp"] for s in (0, 1)] == [1, 0]  # the green car was shared


def test_only_full_cars_are_sent_and_a_car_stays_loaded_into_the_next_round() -> None:
    # RULINGS Businessmen 7 "every full car ... is sent"; 4 "A car stays loaded across rounds".
    state = build(2, first=1, phase="load", decks=forced_decks(), cars={"yellow": ("oil", {0: 4})})
    view = GAME.view(state, None)
    assert view["cars"][0]["good"] == "oil" and view["cars"][0]["units"] == [4, 0]
    assert view["prices"]["oil"] == 6  # not sent, so it rose 3
    assert not events_of(state, "send")
    # RULINGS Businessmen 2: the first player passes clockwise: seat 0 buys first in round 2,
    # and seat 1, to its left, loads first (it has nothing to load and passes).
    state = pass_until(state, "declare")
    state = act(state, 0, {"type": "play"})
    state = act(state, 1, {"type": "play"})
    assert state.round == 2 and state.first == 0 and GAME.actors(state) == (0,)
    state = act(state, 0, {"type": "buy", "good": "oil", "units": 1})
    state = act(state, 1, {"type": "pass"})
    state = act(state, 0, {"type": "pass"})
    assert state.phase == "load" and GAME.actors(state) == (0,)
    forced = [e["seat"] for e in events_of(state, "pass") if e.get("forced") and e["round"] == 2]
    assert forced == [1]
    state = act(state, 0, {"type": "load", "car": "yellow", "good": "oil"})
    send = events_of(state, "send")[-1]
    assert send["car"] == "yellow" and send["price"] == 6 and send["paid"] == {"0": 30}
    assert send["alone"] == 0 and send["vp"] == 1
    conserved(state)


def test_a_level_3_loader_loads_6() -> None:
    # RULINGS Businessmen 4: min(Loader limit 4/5/6, room, units held).
    seats = {0: {"levels": (1, 3, 1), "main": {"metal": 9}}}
    state = build(2, first=1, phase="load", decks=forced_decks(), seats=seats)
    state = act(state, 0, {"type": "load", "car": "green", "good": "metal"})
    assert GAME.view(state, None)["cars"][2]["units"] == [6, 0]


def test_eight_units_export_for_3_vp_once_per_good() -> None:
    # RULINGS Businessmen 8: 4, 6 or 8 units for 1, 2 or 3 VP; once per good per round.
    seats = {0: {"levels": (3, 1, 1), "main": {"oil": 8, "wood": 12}}}
    state = build(2, phase="export", decks=forced_decks(), seats=seats)
    state = act(state, 0, {"type": "export", "good": "oil", "units": 8})
    assert tablet(state, 0)["vp"] == 3
    with pytest.raises(IllegalAction, match="exactly 4, 6 or 8"):
        GAME.apply(state, 0, GAME.parse_action({"type": "export", "good": "wood", "units": 5}))
    state = act(state, 0, {"type": "export", "good": "wood", "units": 4})
    assert tablet(state, 0)["vp"] == 4 and tablet(state, 0)["main"] == {"wood": 8}
    # 8 wood are left, but wood has gone once this round: the export phase is over for seat 0.
    assert state.phase == "improve" and tablet(state, 0)["exported"] == ["oil", "wood"]
    conserved(state)


def test_a_second_export_of_the_same_good_or_one_off_the_card_is_refused() -> None:
    # The export card is oil, wood, grain: the fish cannot go.
    seats = {0: {"levels": (3, 1, 1), "main": {"oil": 12, "wood": 4, "fish": 8}}}
    state = build(2, phase="export", decks=forced_decks(), seats=seats)
    state = act(state, 0, {"type": "export", "good": "oil", "units": 4})
    assert {(a.get("good"), a.get("units")) for a in menu(state, 0)} == {("wood", 4), (None, None)}
    with pytest.raises(IllegalAction, match="already exported oil"):
        GAME.apply(state, 0, GAME.parse_action({"type": "export", "good": "oil", "units": 8}))
    with pytest.raises(IllegalAction, match="fish is not on this round's export card"):
        GAME.apply(state, 0, GAME.parse_action({"type": "export", "good": "fish", "units": 8}))


def test_an_event_at_level_2_costs_1_vp_and_a_level() -> None:
    # RULINGS Businessmen 10: "loses 2 VP if it was at level 3, else 1 VP".
    decks = forced_decks(events=("manager",))
    state = build(2, phase="improve", decks=decks, seats={0: {"levels": (1, 1, 2), "vp": 5}})
    state = pass_until(state, "insure")
    me = tablet(state, 0)
    assert me["levels"]["manager"] == 1 and me["vp"] == 4 and me["markers"]["manager"]


def test_the_insurance_is_used_up_by_the_hit() -> None:
    # RULINGS Businessmen 10: "uses up the insurance and does nothing else". Seat 1's discard
    # stops the spins after seat 0's: the insurance is gone, the level and VP untouched.
    decks = forced_decks(events=("warehouse",))
    seats = {
        0: {"levels": (2, 1, 1), "insured": (True, False, False), "vp": 2},
        1: {"levels": (2, 1, 1), "main": {"oil": 1, "fish": 1}},
    }
    state = pass_until(build(2, phase="improve", decks=decks, seats=seats), "discard")
    me = tablet(state, 0)
    assert not me["insured"]["warehouse"] and not me["markers"]["warehouse"]
    assert me["levels"]["warehouse"] == 2 and me["vp"] == 2
    assert events_of(state, "event")[0]["insured"] is True


def test_an_insurance_lapses_after_the_next_phase_5_even_unhit() -> None:
    # RULINGS Businessmen 11: insured "for the next round's phase 5" only.
    decks = forced_decks(events=("nothing",))
    seats = {0: {"insured": (False, True, False)}}
    state = pass_until(build(2, phase="improve", decks=decks, seats=seats), "insure")
    assert not any(tablet(state, 0)["insured"].values())


def test_the_market_gets_only_what_the_supply_holds() -> None:
    # RULINGS Businessmen 2: "limited by what the supply still holds" (25 of each good).
    seats = {0: {"main": {"oil": 12}}, 1: {"main": {"oil": 11}}}
    state = build(2, phase="buy", decks=forced_decks(), seats=seats)
    view = GAME.view(state, None)
    assert view["market"]["oil"] == 2 and view["supply"]["oil"] == 0
    assert view["market"]["wood"] == 5 and view["supply"]["wood"] == 20
    conserved(state)


def test_among_those_at_the_goal_coins_beat_vp() -> None:
    # RULINGS Businessmen 13: among those at 20 VP or more, the most coins wins.
    seats = {0: {"vp": 25, "coins": 5}, 1: {"vp": 20, "coins": 9}, 2: {"vp": 19, "coins": 30}}
    state = pass_until(build(3, phase="improve", decks=forced_decks(), seats=seats), "over")
    result = GAME.result(state)
    assert result is not None and result.winners == (1,) and result.ranks == (2, 1, 3)


def test_equal_coins_at_the_goal_share_the_win() -> None:
    seats = {0: {"vp": 20, "coins": 9}, 1: {"vp": 23, "coins": 9}}
    state = pass_until(build(2, phase="improve", decks=forced_decks(), seats=seats), "over")
    result = GAME.result(state)
    assert result is not None and result.winners == (0, 1) and result.ranks == (1, 1)


def test_a_skipper_is_paid_for_a_car_filled_alone_but_gains_no_vp() -> None:
    # "He will be able to receive only money for the sent cars on which his goods were."
    cars = {"green": ("metal", {0: 7})}
    state = build(2, phase="declare", decks=forced_decks(), seats={0: {"vp": 4}}, cars=cars)
    state = act(state, 0, {"type": "skip"})
    state = act(state, 1, {"type": "play"})
    state = pass_until(state, "insure")
    send = events_of(state, "send")[-1]
    assert send["paid"] == {"0": 21} and send["alone"] is None and send["vp"] == 0
    assert send["alone_skipping"] == 0
    assert tablet(state, 0)["vp"] == 3 and tablet(state, 0)["coins"] == 10 + 21
    conserved(state)


def test_turned_cards_are_public_and_leave_the_deck() -> None:
    # The turned cards lie face up; only the undrawn cards' order is secret.
    state = GAME.new({"players": 2}, 3)
    state = act(state, 0, {"type": "play"})
    state = act(state, 1, {"type": "play"})
    view = GAME.view(state, 1)
    assert view["decks"]["goods_left"] == 29 and view["decks"]["export_left"] == 11
    assert view["turned"] == {"goods": [], "export": []}
    card, export = view["goods_card"], view["export_card"]
    state = pass_until(state, "declare")
    view = GAME.view(state, 0)
    assert view["turned"] == {"goods": [card], "export": [export]}
    assert view["goods_card"] is None and view["decks"]["goods_turned"] == 1
    for secret in ("goods_deck", "export_deck", "rng", "seed"):
        assert secret not in view
