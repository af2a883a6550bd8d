"""The rulings the worked examples do not reach: events, insurance, skipping, the end."""

from __future__ import annotations

import pytest

from tests.games.businessmen.helpers import GAME, act, conserved, forced_decks, menu, tablet
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.businessmen.scenario import build
from tradingfloor.games.businessmen.state import BusinessmenState


def pass_until(state: BusinessmenState, phase: str) -> BusinessmenState:
    """Everyone passes (or plays, or keeps the first choice) until `phase` begins."""
    while state.phase != phase:
        seat = GAME.actors(state)[0]
        listed = [a.to_json() for a in GAME.legal(state, seat).enumerate() or ()]
        quiet = [a for a in listed if a["type"] in ("pass", "play")]
        state = act(state, seat, quiet[0] if quiet else listed[0])
    return state


def test_an_event_at_level_3_costs_2_vp_a_level_and_a_marker() -> None:
    decks = forced_decks(events=("loader",))
    state = build(2, phase="improve", decks=decks, seats={0: {"levels": (1, 3, 1), "vp": 5}})
    state = pass_until(state, "insure")
    me = tablet(state, 0)
    assert me["levels"]["loader"] == 2 and me["vp"] == 3 and me["markers"]["loader"]
    # At level 1 the level stays, 1 VP is lost, and the scale stops at 0.
    other = tablet(state, 1)
    assert other["levels"]["loader"] == 1 and other["vp"] == 0 and other["markers"]["loader"]


def test_insurance_takes_the_hit_then_lapses() -> None:
    decks = forced_decks(events=("manager",))
    seats = {0: {"levels": (1, 1, 2), "vp": 4, "insured": (False, False, True)}}
    state = pass_until(build(2, phase="improve", decks=decks, seats=seats), "insure")
    me = tablet(state, 0)
    assert me["levels"]["manager"] == 2 and me["vp"] == 4 and not me["markers"]["manager"]
    assert not any(me["insured"].values())


def test_insuring_removes_the_marker_for_10_coins() -> None:
    seats = {0: {"markers": (False, True, False), "coins": 25}}
    state = build(2, phase="insure", decks=forced_decks(), seats=seats)
    state = act(state, 0, {"type": "insure", "characteristic": "loader"})
    me = tablet(state, 0)
    assert me["coins"] == 15 and me["insured"]["loader"] and not me["markers"]["loader"]
    with pytest.raises(IllegalAction, match="already insured"):
        GAME.apply(state, 0, GAME.parse_action({"type": "insure", "characteristic": "loader"}))
    conserved(state)


def test_a_warehouse_hit_makes_the_player_discard_at_once() -> None:
    decks = forced_decks(events=("warehouse",))
    seats = {0: {"levels": (2, 1, 1), "main": {"oil": 2, "fish": 5}, "vp": 3}}
    state = pass_until(build(2, phase="improve", decks=decks, seats=seats), "discard")
    assert GAME.actors(state) == (0,)
    assert menu(state, 0) == [
        {"type": "store", "keep": ["oil"]},
        {"type": "store", "keep": ["fish"]},
    ]
    state = act(state, 0, {"type": "store", "keep": ["fish"]})
    assert tablet(state, 0)["main"] == {"fish": 5} and state.phase == "insure"
    conserved(state)


def test_skipping_a_round() -> None:
    decks = forced_decks()
    seats = {0: {"vp": 3}, 1: {"temp": {}}}
    state = build(2, phase="declare", decks=decks, seats=seats, cars={"yellow": ("oil", {0: 5})})
    state = act(state, 0, {"type": "skip"})
    assert tablet(state, 0)["vp"] == 2
    state = act(state, 1, {"type": "play"})
    # Only seat 1 buys, loads, exports, improves, spins and insures.
    assert state.phase == "buy" and GAME.actors(state) == (1,)
    state = pass_until(state, "declare")
    assert all(e.get("seat") != 0 for e in GAME.view(state, None)["events"] if e["kind"] == "event")
    # The skipper is still paid for the yellow car: 5 oil at 3 coins each; "only money", so the
    # car filled alone gives no VP while skipping.
    assert tablet(state, 0)["coins"] == 10 + 15
    assert tablet(state, 0)["vp"] == 2
    state = act(state, state.first, {"type": "play"})
    state = act(state, 1 - state.first, {"type": "play"})
    assert tablet(state, 0)["coins"] == 10 + 15 + 10  # 10 coins as the next round starts
    conserved(state)


def test_the_round_is_played_out_and_the_most_coins_wins() -> None:
    seats = {0: {"vp": 19, "coins": 20}, 1: {"vp": 20, "coins": 12}, 2: {"vp": 20, "coins": 15}}
    state = build(3, phase="improve", decks=forced_decks(), seats=seats)
    state = act(state, 0, {"type": "improve", "characteristic": "loader"})  # seat 0 reaches 20
    assert state.phase != "over"  # the round is played to its end
    state = pass_until(state, "over")
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (2,)  # 20+ VP each; seat 2 has the most coins (15 > 12 > 10)
    assert result.ranks == (3, 2, 1)


def test_phase_5_can_take_everyone_under_the_goal() -> None:
    decks = forced_decks(events=("manager",))
    state = build(2, phase="improve", decks=decks, seats={0: {"vp": 20}})
    state = pass_until(state, "declare")
    assert tablet(state, 0)["vp"] == 19 and GAME.result(state) is None


def test_refusals_say_why() -> None:
    state = build(2, phase="buy", decks=forced_decks(), seats={0: {"coins": 2}})
    attempts = {
        "there is no fish on the market": {"type": "buy", "good": "fish", "units": 1},
        "cost 3 coins and you have 2": {"type": "buy", "good": "oil", "units": 3},
        "buying phase": {"type": "improve", "characteristic": "loader"},
    }
    for words, action in attempts.items():
        with pytest.raises(IllegalAction, match=words):
            GAME.apply(state, 0, GAME.parse_action(action))
    with pytest.raises(IllegalAction, match="move, not yours"):
        GAME.apply(state, 1, GAME.parse_action({"type": "pass"}))
    with pytest.raises(IllegalAction, match=r"(?i)good"):
        GAME.parse_action({"type": "buy", "good": "tea", "units": 1})


def test_the_heuristic_bot_beats_random_play() -> None:
    import random

    from tradingfloor.agents import make_agent
    from tradingfloor.core.playout import play_out

    wins = 0
    for game in range(6):
        agents = [make_agent(GAME, "heuristic"), make_agent(GAME, "random")]
        if game % 2:
            agents.reverse()
        final = play_out(GAME, GAME.new({"players": 2}, game), agents, random.Random(game))
        result = GAME.result(final)
        assert result is not None
        wins += any(agents[s].name == "heuristic" for s in result.winners)
    assert wins >= 5
