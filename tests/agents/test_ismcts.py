"""ISMCTS on tiny games whose right move is known, and on Middleman through the public contract."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tradingfloor
from tests.agents.tiny_games import Guess, Nim, Pennies, Pick, Take, TinyGame
from tradingfloor.agents import kinds, make_agent
from tradingfloor.agents.ismcts import ISMCTSAgent
from tradingfloor.core.agent import decision_for
from tradingfloor.core.registry import games as registry_games
from tradingfloor.core.registry import register, unregister
from tradingfloor.sim.match import seat_agent


@pytest.fixture
def registered() -> Iterator[list[TinyGame]]:
    games: list[TinyGame] = [Pennies(), Guess(), Nim()]
    for game in games:
        register(game)
    yield games
    for game in games:
        unregister(game.id)


def choose(game_id: str, seed: int, iterations: int, state_seed: int = 0) -> object:
    game = tradingfloor.make(game_id)
    state = game.new({}, state_seed)
    agent = ISMCTSAgent(iterations=iterations)
    return agent.act(decision_for(game, state, 0), random.Random(seed))


@pytest.mark.usefixtures("registered")
def test_takes_the_winning_stone_in_nim() -> None:
    for seed in range(5):
        assert choose("tiny-nim", seed, 300) == Take(stones=1)


@pytest.mark.usefixtures("registered")
def test_guesses_the_likelier_hidden_coin_without_peeking() -> None:
    game = tradingfloor.make("tiny-guess")
    tails_seeds = [s for s in range(50) if game.new({}, s).coin == "T"]
    assert tails_seeds, "some seeds hide tails"
    for state_seed in tails_seeds[:3]:
        # The true coin is tails, but the seat cannot see it: heads is still the right guess.
        assert choose("tiny-guess", 1, 300, state_seed) == Pick(choice="H")


@pytest.mark.usefixtures("registered")
def test_sealed_step_is_not_searched_as_if_the_other_saw_the_move() -> None:
    picks = [choose("tiny-pennies", seed, 3000) for seed in range(5)]
    assert Pick(choice="S") not in picks, picks


@pytest.mark.usefixtures("registered")
def test_same_seed_same_choice_on_middleman() -> None:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 3}, 11)
    for seat in range(3):
        state = game.apply(state, seat, game.legal(state, seat).sample(random.Random(seat)))
    decision = decision_for(game, state, 1)
    first = ISMCTSAgent(iterations=40).act(decision, random.Random(5))
    again = ISMCTSAgent(iterations=40).act(decision, random.Random(5))
    assert first == again
    assert decision.legal.contains(first)


def test_time_budget_returns_a_legal_order() -> None:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 3}, 2)
    for seat in range(3):
        state = game.apply(state, seat, game.legal(state, seat).sample(random.Random(seat)))
    decision = decision_for(game, state, 0)
    action = ISMCTSAgent(seconds=0.05).act(decision, random.Random(1))
    assert decision.legal.contains(action)


def test_is_a_bot_kind_of_every_game() -> None:
    for game_id in registry_games():
        game = tradingfloor.make(game_id)
        assert {"ismcts", "ismcts-tree"} <= set(kinds(game))
        assert make_agent(game, "ismcts").name == "ismcts"


def test_the_tree_kind_searches_with_the_tree() -> None:
    game = tradingfloor.make("middleman")
    tree = make_agent(game, "ismcts-tree")
    assert isinstance(tree, ISMCTSAgent) and tree.search == "tree"
    budgeted = seat_agent(game, "ismcts-tree:7")
    assert isinstance(budgeted, ISMCTSAgent)
    assert (budgeted.search, budgeted.iterations) == ("tree", 7)
    with pytest.raises(ValueError, match="only ismcts and ismcts-tree"):
        seat_agent(game, "heuristic:7")


def test_bad_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="budget"):
        ISMCTSAgent(iterations=0)
