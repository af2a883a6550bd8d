"""Actions that random play makes without validating again are the validated actions, in every way
a caller can tell: equality, hash, repr, fields set, dump, JSON, pickle and frozenness."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from tradingfloor.games.middleman.actions import CODEC, Buy, Rows, Sell, drawn_order, drawn_rows

DIGITS = st.permutations(list(range(10))).map(tuple)


def _same(made: object, validated: object) -> None:
    assert made == validated and validated == made
    assert hash(made) == hash(validated)
    assert repr(made) == repr(validated)
    assert type(made) is type(validated)
    assert made.model_fields_set == validated.model_fields_set  # type: ignore[attr-defined]
    assert made.model_dump() == validated.model_dump()  # type: ignore[attr-defined]
    assert made.model_dump_json() == validated.model_dump_json()  # type: ignore[attr-defined]
    assert CODEC.parse(made.model_dump(mode="json")) == validated  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(made)) == validated


@given(a=DIGITS, d=DIGITS)
def test_drawn_rows_are_the_validated_rows(a: tuple[int, ...], d: tuple[int, ...]) -> None:
    _same(drawn_rows(a, d), Rows(a=a, d=d))


@given(kind=st.sampled_from([Buy, Sell]), tins=st.integers(0, 60), price=st.integers(0, 60))
def test_drawn_orders_are_the_validated_orders(
    kind: type[Buy] | type[Sell], tins: int, price: int
) -> None:
    _same(drawn_order(kind, tins, price), kind(tins=tins, price=price))


def test_drawn_actions_stay_frozen() -> None:
    with pytest.raises(ValidationError):
        drawn_order(Buy, 2, 3).tins = 4  # type: ignore[misc]
    with pytest.raises(ValidationError):
        drawn_rows(tuple(range(10)), tuple(range(9, -1, -1))).a = ()  # type: ignore[misc]
