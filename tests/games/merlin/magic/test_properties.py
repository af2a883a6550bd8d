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


def test_every_event_of_a_magic_game_has_its_words() -> None:
    """A person never reads an identifier: every kind of log entry of heuristic magic games has a
    text of its own (not the fallback that spells out the kind)."""
    from tradingfloor.games.merlin.logbook import EVENTS
    from tradingfloor.games.merlin.words import modules_words

    told = set(EVENTS) | set(modules_words().events)
    seen: set[str] = set()
    for seed in range(3):
        state = GAME.new({"players": 5, "modules": ["economy", "magic"], "max_orbits": 30}, seed)
        agents = [make_agent(GAME, "heuristic") for _ in range(5)]
        rng = random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.actors(state)[0]
            state = GAME.apply(state, seat, agents[seat].act(decision_for(GAME, state, seat), rng))
            seen.update(e.kind for e in state.events)
    assert seen - told == set()
