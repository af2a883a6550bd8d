"""The `fast_playout` hook against the rules engine: the heuristic in every seat from a position,
cut at a horizon or played to the end, gives the same result on the lean table."""

from __future__ import annotations

import random
from typing import Any

import tradingfloor
from tradingfloor.agents.ismcts import play_to_end
from tradingfloor.agents.lookahead import outcome
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import Result
from tradingfloor.games.businessmen.bots import BOTS, HeuristicAgent
from tradingfloor.games.businessmen.fast_playout import fast_playout, table_of
from tradingfloor.games.businessmen.state import BusinessmenState

GAME: Any = tradingfloor.make("businessmen")
HORIZONS = (1, 3, 80)


class NoDraws(random.Random):
    """A generator that refuses every draw: the heuristic's playouts must need none."""

    def random(self) -> float:
        raise AssertionError("the heuristic drew from the playout's generator")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("the heuristic drew from the playout's generator")


def rules_playout(state: BusinessmenState, horizon: int | None) -> Result | None:
    """The search's own playout on the rules engine, scored as the search scores it."""
    final = play_to_end(GAME, HeuristicAgent(), state, NoDraws(), horizon)
    return outcome(GAME, final)


def positions(seed: int, players: int, goal: int, every: int) -> list[BusinessmenState]:
    """Every `every`-th position of a game of heuristic, beginner's and random play, as a search
    samples it (redetermined: the decks' order and the spins redrawn)."""
    state = GAME.new({"players": players, "goal": goal}, seed)
    rng = random.Random(seed)
    bots = [BOTS["heuristic"](), BOTS["beginner"](), BOTS["random"]()]
    found = []
    while actors := GAME.actors(state):
        seat = actors[0]
        if len(found) * every <= state.logged:
            found.append(GAME.redetermine(state, seat, random.Random(len(found))))
        state = GAME.apply(state, seat, bots[seat % 3].act(decision_for(GAME, state, seat), rng))
    return [*found, state]


def test_a_cut_playout_stands_as_on_the_rules_engine() -> None:
    phases = set()
    for seed, players, goal in [(0, 2, 6), (1, 3, 8), (2, 4, 6)]:
        for state in positions(seed, players, goal, every=12):
            phases.add(state.phase)
            for horizon in HORIZONS:
                expected = rules_playout(state, horizon)
                assert fast_playout(state, horizon) == expected, (seed, state.logged, horizon)
    assert phases == {"declare", "buy", "load", "store", "export", "improve", "insure", "over"}


def test_a_whole_playout_ends_as_on_the_rules_engine() -> None:
    for state in positions(seed=5, players=3, goal=6, every=60):
        expected = rules_playout(state, None)
        assert expected is not None and not expected.reason.startswith("standing")
        assert fast_playout(state, None) == expected
        assert GAME.fast_playout(state, None) == expected


def test_a_playout_resumes_a_seat_that_discards_after_its_spin() -> None:
    state = next(s for s in positions(seed=1, players=3, goal=8, every=1) if s.phase == "discard")
    assert state.event_spins and state.turn is not None
    for horizon in (*HORIZONS, None):
        assert fast_playout(state, horizon) == rules_playout(state, horizon)


def test_the_table_stands_where_the_state_stands() -> None:
    state = positions(seed=1, players=3, goal=8, every=40)[3]
    table = table_of(state)
    assert table.coins == [seat.coins for seat in state.seats]
    assert table.vp == [seat.vp for seat in state.seats]
    assert table.main == [list(seat.main) for seat in state.seats]
    assert table.prices == list(state.prices)
    assert table.goods_deck == list(state.goods_deck)
    assert (table.round, table.first) == (state.round, state.first)
    assert table.cursor.rng == state.rng
