"""The lookahead search: candidates around the prior's proposal, compared on shared worlds."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import tradingfloor
from tests.agents.tiny_games import Guess, Pick
from tradingfloor.agents.ismcts import ISMCTSAgent
from tradingfloor.agents.lookahead import candidates, overruling, reopened
from tradingfloor.core.agent import Decision, decision_for
from tradingfloor.core.registry import register, unregister
from tradingfloor.games.middleman.actions import Buy


class AlwaysTails:
    """A poor prior for the coin guess: tails, though heads shows 70% of the time."""

    name = "heuristic"

    def act(self, decision: Decision, rng: random.Random) -> Any:
        return Pick(choice="T")


class GuessWithPrior(Guess):
    id = "tiny-guess-prior"

    def bots(self) -> Mapping[str, Any]:
        return {"heuristic": AlwaysTails}


@pytest.fixture
def guess() -> Iterator[GuessWithPrior]:
    game = GuessWithPrior()
    register(game)
    yield game
    unregister(game.id)


def test_the_lookahead_overrules_a_poor_prior(guess: GuessWithPrior) -> None:
    state = guess.new({}, 0)
    for seed in range(3):
        agent = ISMCTSAgent(iterations=100)
        assert agent.act(decision_for(guess, state, 0), random.Random(seed)) == Pick(choice="H")


def test_the_tree_search_is_still_there_on_request(guess: GuessWithPrior) -> None:
    state = guess.new({}, 0)
    agent = ISMCTSAgent(iterations=300, search="tree", prior=None)
    assert agent.act(decision_for(guess, state, 0), random.Random(1)) == Pick(choice="H")


def test_the_lookahead_needs_a_prior_bot() -> None:
    game = Guess()
    agent = ISMCTSAgent(iterations=10, search="lookahead")
    with pytest.raises(ValueError, match="prior"):
        agent.act(decision_for(game, game.new({}, 0), 0), random.Random(0))
    with pytest.raises(ValueError, match="search"):
        ISMCTSAgent(search="deep")


def middleman_buy_step() -> tuple[Any, Any]:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 3}, 4)
    for seat in range(3):
        state = game.apply(state, seat, game.legal(state, seat).sample(random.Random(seat)))
    return game, state


def test_candidates_are_the_proposal_then_its_next_neighbours() -> None:
    game, state = middleman_buy_step()
    decision = decision_for(game, state, 0)
    found = candidates(game, decision, Buy(tins=5, price=3))
    assert found[0] == Buy(tins=5, price=3)
    assert set(found[1:]) == {
        Buy(tins=4, price=3),
        Buy(tins=6, price=3),
        Buy(tins=5, price=2),
        Buy(tins=5, price=4),
    }


def test_sampled_worlds_reopen_the_others_sealed_orders() -> None:
    game, state = middleman_buy_step()
    state = game.apply(state, 0, Buy(tins=3, price=2))
    state = game.apply(state, 1, Buy(tins=2, price=1))
    decision = decision_for(game, state, 2)
    world = decision.determinize(random.Random(3))
    assert game.actors(world) == (2,)
    assert game.actors(reopened(game, world, 2)) == (0, 1, 2)


def test_same_seed_same_choice_in_either_search() -> None:
    game, state = middleman_buy_step()
    decision = decision_for(game, state, 1)
    for search in ("lookahead", "tree"):
        first = ISMCTSAgent(iterations=20, search=search).act(decision, random.Random(5))
        again = ISMCTSAgent(iterations=20, search=search).act(decision, random.Random(5))
        assert first == again
        assert decision.legal.contains(first)


def test_one_lucky_world_does_not_overrule_the_prior() -> None:
    # Candidate 1 is far ahead in one world and behind in the other: its gain is noise.
    assert overruling([[0.5, 0.5], [1.5, 0.4]]) == 0


def test_a_steady_gain_overrules_the_prior_and_the_larger_one_wins() -> None:
    prior = [0.2, 0.6, 0.4, 0.9]
    small = [v + 0.05 for v in prior]
    large = [v + 0.10 + 0.01 * (i % 2) for i, v in enumerate(prior)]
    assert overruling([prior, small, large]) == 2
    assert overruling([prior, [v - 0.1 for v in prior]]) == 0


def test_more_candidates_need_a_clearer_gain() -> None:
    prior = [0.0, 0.0, 0.0, 0.0]
    promising = [0.0, 2.0, 0.0, 2.0]  # mean gain 1, about 1.7 standard errors
    assert overruling([prior, promising]) == 1
    assert overruling([prior, promising, *[prior] * 19]) == 0


def test_a_gain_steady_by_chance_is_judged_by_the_pooled_noise() -> None:
    prior = [0.0, 0.0]
    steady = [0.5, 0.5]  # two worlds that happen to agree
    assert overruling([prior, steady]) == 1
    assert overruling([prior, steady, [2.0, -2.0]]) == 0
