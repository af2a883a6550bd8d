"""The conformance suite, run against every registered game, check by check."""

from __future__ import annotations

import pytest

import tradingfloor
from tradingfloor.core import conformance


@pytest.mark.parametrize("game_id", tradingfloor.games())
@pytest.mark.parametrize("check", list(conformance.CHECKS))
def test_conformance(game_id: str, check: str) -> None:
    game = tradingfloor.make(game_id)
    run_check = conformance.CHECKS[check]
    for options in game.conformance_options():
        for index in range(2):
            trajectory = conformance.random_trajectory(
                game, options, conformance.secret_seed(index)
            )
            run_check(game, trajectory)
