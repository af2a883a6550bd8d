"""Properties of every reachable state: gold conserved, counters at their floors, secrets hidden."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from tradingfloor.games.merlin.ledger import gold_in_play
from tradingfloor.games.merlin.state import MerlinState

from .helpers import GAME, random_walk

OPTIONS = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "few_players": st.just(True),
        "max_orbits": st.integers(3, 25),
        "content": st.sampled_from([None, "quick"]),
        "volatility": st.integers(0, 3),
    }
)


def random_states(options: dict[str, object], seed: int, steps: int) -> Iterator[MerlinState]:
    state = GAME.new(options, seed)
    yield state
    yield from random_walk(state, seed, steps)


@settings(max_examples=40, deadline=None)
@given(OPTIONS, st.integers(0, 2**40))
def test_gold_is_conserved(options: dict[str, object], seed: int) -> None:
    # Gold enters only through the starting gold, property production and the central bank's
    # issue (docs/rules/merlin.md, "Where gold comes from").
    for state in random_states(options, seed, 400):
        ledger = state.core.ledger
        assert gold_in_play(state) == ledger.minted
        assert ledger.minted_start == 10 * state.players
        assert min(state.core.gold) >= 0 and ledger.bank >= 0 and ledger.row >= 0
        assert all(n >= 0 for row in state.economy.goods for n in row)
        counters = state.core.counters
        assert counters.cost_of_living >= 1 and counters.research_cost >= 1
        assert counters.tax_rate >= 0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**40))
def test_views_never_show_the_deck_order(seed: int) -> None:
    # The deck order and the dice to come are secret; everything on the table is public.
    rng = random.Random(seed)
    for state in random_states({"players": 4, "max_orbits": 6}, seed, 150):
        for seat in (None, 0, 1):
            text = json.dumps(GAME.view(state, seat))
            assert "deck_order" not in text
            assert GAME.view(state, seat)["deck"] == len(state.economy.deck)
        other = GAME.redetermine(state, 0, rng)
        assert sorted(other.economy.deck) == sorted(state.economy.deck)
        assert GAME.view(other, 0) == GAME.view(state, 0)


def test_no_view_shows_the_seed() -> None:
    # Secrets: the seed decides the deck and the dice to come, so no view carries it.
    seed = 987_654_321_987
    for state in random_states({"players": 4, "max_orbits": 3}, seed, 60):
        for seat in (None, 0, 3):
            assert str(seed) not in json.dumps(GAME.view(state, seat))


def test_every_card_is_always_somewhere() -> None:
    # "There should be no discard piles, every discarded card should be shuffled back"
    for seed in range(6):
        for state in random_states(
            {"players": 4, "max_orbits": 20, "content": "quick"}, seed, 2000
        ):
            eco = state.economy
            placed = [c for t in eco.tableaux for s in t for c in (s.base, s.top) if c]
            everything = [*eco.deck, *placed, *(c for h in eco.hands for c in h)]
            assert sorted(everything) == sorted(state.config.deck)
