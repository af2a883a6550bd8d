"""Merlin's bots: every kind plays legal games to the end; the heuristic values permits by yield."""

from __future__ import annotations

import random

import pytest

from tradingfloor.agents import kinds, make_agent
from tradingfloor.core.playout import play_out
from tradingfloor.games.merlin.bots import roll_odds, yield_per_roll

from .helpers import GAME, after_auction


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


def test_bot_kinds() -> None:
    assert {"random", "heuristic"} <= set(kinds(GAME))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_heuristic_plays_to_the_end_and_beats_random(seed: int) -> None:
    names = ["heuristic", "random", "heuristic", "random"]
    agents = [make_agent(GAME, name) for name in names]
    state = play_out(
        GAME, GAME.new({"players": 4, "max_orbits": 30}, seed), agents, random.Random(seed)
    )
    result = GAME.result(state)
    assert result is not None
    assert all(names[w] == "heuristic" for w in result.winners)
