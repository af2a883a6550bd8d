"""A tuning run plays every trial on one engine: the rules engine where the batch engine cannot
play every setting tried."""

from __future__ import annotations

from tradingfloor.sim.run import prepared
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.tune import batch_plays_every_trial, parse_param
from tradingfloor.sim.vectorized import vectorized_engine

SPEC = RunSpec("middleman", ("heuristic",) * 3, games=4, seed=1)


def test_a_range_of_research_variants_goes_to_the_rules_engine() -> None:
    # The range 20:40 holds the printed 30, which alone the batch engine would play.
    printed = prepared(RunSpec("middleman", SPEC.seats, 4, options={"starting_cash": 30}))
    assert vectorized_engine("middleman", printed.tasks()) is not None
    assert not batch_plays_every_trial(SPEC, [parse_param("starting_cash=20:40")])


def test_options_the_batch_engine_plays_stay_on_it() -> None:
    assert batch_plays_every_trial(SPEC, [parse_param("guarded=true,false")])
    assert not batch_plays_every_trial(
        SPEC, [parse_param("guarded=true,false"), parse_param("rounds=5:10")]
    )
