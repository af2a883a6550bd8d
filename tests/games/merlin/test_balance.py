"""Merlin's balance figures: the ending, orbits, gold by source, properties at permits out."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import cache

import tradingfloor
from tradingfloor.agents import make_agent
from tradingfloor.core.playout import play_out
from tradingfloor.games.merlin.balance import ENDINGS, ending
from tradingfloor.games.merlin.rules import REASONS
from tradingfloor.games.merlin.state import INCOME, MerlinState
from tradingfloor.sim.run import run
from tradingfloor.sim.spec import RunSpec

GAME = tradingfloor.make("merlin")


@cache
def finished(players: int, seed: int, **options: int) -> MerlinState:
    """A game played to the end by heuristic bots."""
    state = GAME.new({"players": players, **options}, seed)
    bots = [make_agent(GAME, "heuristic") for _ in range(players)]
    final: MerlinState = play_out(GAME, state, bots, random.Random(seed))
    return final


def figures(state: MerlinState) -> dict[str, float]:
    return GAME.balance_figures(state)  # type: ignore[attr-defined,no-any-return]


def test_a_game_ended_by_the_orbit_cap_says_so_and_counts_the_cap() -> None:
    state = finished(4, 1, max_orbits=3)
    numbers = figures(state)
    assert numbers["ended_orbit_cap"] == 1.0
    assert numbers["ended_last_player"] == numbers["ended_nobody"] == 0.0
    assert numbers["orbits"] == 3.0


def test_gold_by_source_is_what_the_ledger_counted() -> None:
    state = finished(4, 2, max_orbits=3)
    numbers = figures(state)
    income = state.core.ledger.income
    assert [numbers[f"gold_{source}"] for source in INCOME] == list(map(float, income))
    assert sum(numbers[f"gold_{source}"] for source in INCOME) == sum(income) > 0
    assert numbers["production_share"] == income[INCOME.index("production")] / sum(income)


def test_properties_when_permits_ran_out_are_read_from_that_moment() -> None:
    state = finished(4, 1, max_orbits=3)
    ran_out = replace(state, economy=replace(state.economy, permits_out=(3, 0, 2, 5)))
    numbers = figures(ran_out)
    assert numbers["properties_when_permits_ran_out"] == 2.5  # (3 + 0 + 2 + 5) / 4 seats
    assert numbers["properties_spread_when_permits_ran_out"] == 5.0


def test_a_game_whose_permits_never_ran_out_has_no_such_figure() -> None:
    state = finished(4, 1, max_orbits=3)
    assert state.economy.permits_out is None
    numbers = figures(state)
    assert math.isnan(numbers["properties_when_permits_ran_out"])
    assert math.isnan(numbers["properties_spread_when_permits_ran_out"])


def test_each_ending_sets_its_own_figure_as_the_result_words_it() -> None:
    state = finished(4, 1, max_orbits=3)
    core = state.core
    last = replace(state, core=replace(core, ended="last", out=(False, True, True, True)))
    nobody = replace(state, core=replace(core, ended="last", out=(True,) * 4))
    for game, how in ((state, "cap"), (last, "last"), (nobody, "nobody")):
        assert ending(game) == how
        numbers = figures(game)
        assert [key for key, name in ENDINGS.items() if numbers[name] == 1.0] == [how]
        result = GAME.result(game)
        assert result is not None and result.reason.split()[:3] == REASONS[how].split()[:3]


def test_the_lab_rows_carry_merlins_figures() -> None:
    spec = RunSpec("merlin", ("heuristic", "random") * 2, 1, seed=1, options={"max_orbits": 3})
    row = run(spec, reference=True)[0]
    assert row["balance.ended_orbit_cap"] == 1.0 and row["balance.orbits"] == 3.0
    assert row["balance.properties_when_permits_ran_out"] is None  # NaN: it never happened
    assert {f"balance.gold_{source}" for source in INCOME} <= set(row)
