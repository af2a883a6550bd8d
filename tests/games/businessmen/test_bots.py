"""Businessmen's bots: who they are to people, and a beginner that plays a real game."""

from __future__ import annotations

import random

import pytest

from tests.games.businessmen.helpers import GAME
from tradingfloor.agents import kinds, make_agent
from tradingfloor.core.playout import play_out


def test_every_bot_says_who_it_is_and_the_beginner_comes_first() -> None:
    bots = GAME.bots()
    assert list(bots) == ["beginner", "heuristic", "random"]
    for name, make in bots.items():
        bot = make()
        assert bot.name == name
        assert bot.title and bot.strength and len(bot.strength) <= 80, name
    # The lobby offers the first kind after random as the opponent: the beginner.
    assert list(kinds(GAME))[:3] == ["random", "beginner", "heuristic"]


def duel(first: str, second: str, games: int) -> int:
    """Games that `first` wins (shared wins count) against `second`, seats alternating."""
    wins = 0
    for game in range(games):
        names = [first, second] if game % 2 == 0 else [second, first]
        agents = [make_agent(GAME, name) for name in names]
        final = play_out(GAME, GAME.new({"players": 2}, game), agents, random.Random(game))
        result = GAME.result(final)
        assert result is not None and final.ended == "goal"  # a real game: someone reached 20
        wins += any(names[s] == first for s in result.winners)
    return wins


@pytest.mark.parametrize(
    ("better", "worse", "least"), [("beginner", "random", 9), ("heuristic", "beginner", 8)]
)
def test_the_beginner_plays_a_real_game_between_random_play_and_the_trader(
    better: str, worse: str, least: int
) -> None:
    assert duel(better, worse, 10) >= least


def test_the_beginner_makes_a_beginners_mistakes() -> None:
    from tests.games.businessmen.helpers import forced_decks
    from tradingfloor.core.agent import decision_for
    from tradingfloor.games.businessmen.scenario import build

    # It buys what the market has most of (oil, 6), as much as it can, whatever the cars hold.
    state = build(2, phase="buy", decks=forced_decks(), cars={"green": ("wood", {1: 6})})
    action = make_agent(GAME, "beginner").act(decision_for(GAME, state, 0), random.Random(0))
    assert action.to_json() == {"type": "buy", "good": "oil", "units": 3}
    # It improves with its last coins, keeping nothing back for the next round's buying.
    state = build(2, phase="improve", decks=forced_decks(), seats={0: {"coins": 10}})
    action = make_agent(GAME, "beginner").act(decision_for(GAME, state, 0), random.Random(0))
    assert action.to_json() == {"type": "improve", "characteristic": "manager"}
