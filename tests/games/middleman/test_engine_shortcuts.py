"""The reference engine's shortcuts answer as the long way round, whatever was asked before."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.middleman.helpers import GAME, rows, start
from tradingfloor.core.errors import BadOptions, IllegalAction
from tradingfloor.games.middleman import allocate, rules
from tradingfloor.games.middleman.actions import Buy
from tradingfloor.games.middleman.allocation import served

ROWS = [rows("0123456789", "9876543210"), rows("1234567890", "0987654321")]


def test_legal_answers_for_the_state_asked_whichever_was_asked_before() -> None:
    guarded, open_table = start(ROWS, guarded=True), start(ROWS)
    for _ in range(2):
        assert GAME.legal(guarded, 0).describe()["actions"][0]["budget"] == 20
        assert not GAME.legal(guarded, 0).contains(Buy(tins=3, price=10))
        assert "budget" not in GAME.legal(open_table, 0).describe()["actions"][0]
        assert GAME.legal(open_table, 0).contains(Buy(tins=3, price=10))
        assert GAME.legal(open_table, 1).contains(Buy(tins=3, price=10))


def test_apply_checks_against_its_own_state_after_legal_was_asked_of_another() -> None:
    guarded, open_table = start(ROWS, guarded=True), start(ROWS)
    GAME.legal(open_table, 0)  # the open table accepts any offer up to the most cash there is
    with pytest.raises(IllegalAction, match="guarded play"):
        GAME.apply(guarded, 0, Buy(tins=3, price=10))
    GAME.legal(guarded, 0)
    assert GAME.apply(open_table, 0, Buy(tins=3, price=10)).sealed[0] == Buy(tins=3, price=10)


def test_a_seat_that_committed_is_refused_even_just_after_it_was_asked() -> None:
    state = start(ROWS)
    GAME.legal(state, 0)
    after = GAME.apply(state, 0, Buy(tins=1, price=1))
    assert GAME.legal(after, 0).empty
    with pytest.raises(IllegalAction, match="already committed"):
        GAME.apply(after, 0, Buy(tins=1, price=1))


@pytest.mark.parametrize(
    ("accepted", "refused"),
    [({"guarded": True}, {"guarded": 1}), ({"players": 3}, {"players": 3.0})],
)
def test_options_once_accepted_do_not_let_an_equal_value_of_another_type_through(
    accepted: dict[str, object], refused: dict[str, object]
) -> None:
    GAME.new(accepted, 1)
    with pytest.raises(BadOptions):
        GAME.new(refused, 1)


def test_options_of_the_same_values_give_the_same_table() -> None:
    first, again = (
        GAME.new({"players": 4, "rounds": 3}, 2),
        GAME.new({"rounds": 3, "players": 4}, 2),
    )
    assert first == again
    assert GAME.new(None, 2) == GAME.new({}, 2) == GAME.new({"players": 3}, 2)


orders = st.lists(st.none() | st.tuples(st.integers(0, 6), st.integers(0, 4)), max_size=6)


@given(orders, st.integers(0, 30), st.sampled_from(["buy", "sell"]))
def test_served_is_allocate_with_no_order_for_a_seat_that_is_out(orders, supply, side) -> None:
    expected = allocate([order or (0, 0) for order in orders], supply, side)
    assert served(orders, supply, side) == expected


def test_legal_refuses_exactly_where_and_as_cannot_act_does() -> None:
    rng = random.Random(9)
    for seed in range(40):
        state = GAME.new({"players": 2 + seed % 5}, seed)
        while True:
            for seat in range(-1, state.players + 1):
                why, space = rules._cannot_act(state, seat), rules._space(state, seat)
                assert space.empty == (why is not None)
                assert not space.empty or space.check(Buy(tins=0, price=0)) == why
            if not (actors := GAME.actors(state)):
                break
            seat = actors[0]
            state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
