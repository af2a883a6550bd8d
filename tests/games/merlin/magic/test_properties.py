"""Properties of whole magic games as the bots play them: gold and cards accounted for at every
step, with every part of the module in play (labs, spells, potions, shops, golems, decrees,
votes, readings), and the moves that the bots make legal and in words."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.merlin.helpers import GAME
from tests.games.merlin.magic.helpers import cards_accounted, conserved
from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([4, 5, 6]), st.booleans())
def test_heuristic_magic_games_conserve_gold_and_cards(
    seed: int, players: int, jokers: bool
) -> None:
    """Gold enters only as the ledger says (lab grants, the R.O.W.'s payouts and the bank's
    included) and "every discarded card should be shuffled back into their respective decks":
    after every action of heuristic bots playing a magic game of up to 25 orbits."""
    options = {"players": players, "modules": ["economy", "magic"], "max_orbits": 25}
    state = GAME.new({**options, "jokers": jokers}, seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(players)]
    rng = random.Random(seed)
    while GAME.result(state) is None:
        seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, agents[seat].act(decision_for(GAME, state, seat), rng))
        assert conserved(state) and cards_accounted(state)
        assert min(state.core.gold) >= 0 and state.core.ledger.bank >= 0
        assert state.core.ledger.row >= 0
