"""The encodings under OpenSpiel: Middleman's on research variants, and any encoder at all."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'tradingfloor[openspiel]'"
)

import tradingfloor  # noqa: E402
from tradingfloor.core.spaces import ActionSpace  # noqa: E402
from tradingfloor.games.middleman.actions import Buy, Rows, Sell  # noqa: E402
from tradingfloor.rl import encoding  # noqa: E402
from tradingfloor.rl.middleman import MiddlemanEncoder, index_of  # noqa: E402
from tradingfloor.rl.openspiel import context  # noqa: E402

GAME = tradingfloor.make("middleman")
ENCODER = MiddlemanEncoder()
VARIANT = {"players": 2, "rounds": 2, "digits": 3, "top_price": 2}


def _written(options: Mapping[str, Any]) -> Any:
    state = GAME.new(options, seed=0)
    digits = int(options.get("digits", 10))
    for seat in range(int(options["players"])):
        row = tuple(range(digits))
        state = GAME.apply(state, seat, Rows(a=row[::-1], d=row))
    return state


def test_the_printed_game_keeps_its_layout() -> None:
    assert ENCODER.features == len(ENCODER.feature_names) == 281
    assert ENCODER.feature_names[:2] == ("round / 10", "phase is rows")
    assert ENCODER.feature_names[-1] == "sell: seat 7 last order filled / 10"
    assert ENCODER.size == 803


def test_a_variant_menu_stops_at_its_market() -> None:
    state = _written(VARIANT)
    buying = ENCODER.menu(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    legal = {int(i) for i in np.flatnonzero(buying.mask)}
    assert legal == {index_of(t, p) for t in range(5) for p in range(3)}  # 2 x 2 tins, price 2
    assert buying.action(index_of(4, 2)) == Buy(tins=4, price=2)
    state = GAME.apply(state, 0, Buy(tins=2, price=1))
    state = GAME.apply(state, 1, Buy(tins=0, price=0))
    selling = ENCODER.menu(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert {int(i) for i in np.flatnonzero(selling.mask)} == {
        index_of(t, p) for t in range(3) for p in range(3)
    }
    assert selling.action(index_of(2, 2)) == Sell(tins=2, price=2)


def test_a_variant_rows_fill_the_first_row_entries() -> None:
    seen = ENCODER.observe(GAME.view(_written(VARIANT), 0))
    start = ENCODER.feature_names.index("my row a digit 1 / 9")
    assert list(seen[start : start + 10] * 9) == pytest.approx([2, 1, 0] + [-9] * 7)
    start = ENCODER.feature_names.index("my row d digit 1 / 9")
    assert list(seen[start : start + 10] * 9) == pytest.approx([0, 1, 2] + [-9] * 7)


def test_the_information_state_holds_every_step() -> None:
    state = _written(VARIANT)
    state = GAME.apply(state, 0, Buy(tins=2, price=1))
    state = GAME.apply(state, 1, Buy(tins=3, price=2))
    view = GAME.view(state, 0)
    info = ENCODER.information_state(view)
    assert list(info[: ENCODER.features]) == list(ENCODER.observe(view))
    figures = dict(zip(ENCODER.information_state_names, info, strict=True))
    assert figures["buy round 1: seat 1 tins / 10"] == pytest.approx(0.3)
    assert figures["buy round 1: seat 1 price / 10"] == pytest.approx(0.2)
    assert figures["buy round 1: seat 1 filled / 10"] == pytest.approx(0.3)  # supply 2 + 2
    assert figures["buy round 1: seat 0 filled / 10"] == pytest.approx(0.1)
    assert figures["sell round 1: seat 0 tins / 10"] == 0.0


class FirstChoices:
    """An encoder unlike any shipped one: the first `size` legal actions listed (sampled where
    the space lists none), a tiny observation, an information state, and a forced move taken
    for the seat whenever it has exactly one choice."""

    size = 16
    features = 2
    feature_names = ("seat", "phase length")

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        return np.array([view.get("seat") or 0, len(view)], np.float32)

    def information_state(self, view: Mapping[str, Any]) -> np.ndarray:
        return np.concatenate([self.observe(view), [len(str(view))]]).astype(np.float32)

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        listed = legal.enumerate()
        if listed is None:
            listed = [legal.sample(rng) for _ in range(self.size)]
        return encoding.Menu(list(dict.fromkeys(listed))[: self.size], self.size)

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        listed = legal.enumerate()
        return listed[0] if listed is not None and len(listed) == 1 else None


@pytest.fixture
def first_choices(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(context, "encoder_for", lambda game: FirstChoices())
    context.context_of.cache_clear()
    yield
    context.context_of.cache_clear()


@pytest.mark.usefixtures("first_choices")
def test_any_encoder_serves_the_adapter() -> None:
    game = pyspiel.load_game("python_businessmen", {"players": 2, "goal": 3, "max_rounds": 4})
    assert game.num_distinct_actions() == 16
    assert game.information_state_tensor_size() == 3
    assert game.observation_tensor_size() == 2
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
