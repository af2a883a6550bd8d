"""Businessmen's encoding: a fixed catalogue whose mask is exactly the legal menu, and a named,
scaled observation of the seat's view."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tradingfloor
from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.core.playout import play_out
from tradingfloor.games.businessmen.actions import (
    Buy,
    Export,
    Improve,
    Insure,
    Load,
    Pass,
    Play,
    Skip,
    Store,
)
from tradingfloor.rl.businessmen import SIZE, BusinessmenEncoder, index_of
from tradingfloor.rl.businessmen.catalogue import ACTIONS, describe
from tradingfloor.rl.encoding import encoder_for
from tradingfloor.rl.pettingzoo_env import aec_env

GAME = tradingfloor.make("businessmen")
ENCODER = BusinessmenEncoder()
SHORT = {"goal": 8, "max_rounds": 12}  # short games: every phase is met, and quickly


def decisions(
    options: dict[str, Any], seed: int, kinds: tuple[str, ...]
) -> Iterator[tuple[dict[str, Any], Any]]:
    """(view, legal space) of every decision of a seeded game between bots of `kinds`."""
    seats = options["players"]
    agents = [make_agent(GAME, kinds[seat % len(kinds)]) for seat in range(seats)]
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], Any]] = []

    def record(before: Any, seat: int, action: Any, after: Any) -> None:
        found.append((GAME.view(before, seat), GAME.legal(before, seat)))

    play_out(GAME, GAME.new(options, seed), agents, rng, observe=record)
    yield from found


def assert_mask_is_the_legal_menu(view: dict[str, Any], legal: Any) -> None:
    menu = ENCODER.menu(view, legal, random.Random(0))
    listed = list(legal.enumerate())
    assert menu.mask.shape == (SIZE,) and menu.mask.dtype == np.int8
    assert sorted(np.flatnonzero(menu.mask)) == sorted(index_of(a) for a in listed)
    assert int(menu.mask.sum()) == len(listed)
    for action in listed:
        assert menu.action(index_of(action)) == action
    for index in np.flatnonzero(menu.mask):
        assert legal.contains(menu.action(int(index)))


def assert_observation_is_in_bounds(view: dict[str, Any]) -> np.ndarray:
    observed = ENCODER.observe(view)
    assert observed.shape == (ENCODER.features,) and observed.dtype == np.float32
    assert np.isfinite(observed).all()
    assert observed.min() >= -1.0 and observed.max() <= 1.0
    return observed


def test_the_catalogue_is_fixed_and_every_index_is_one_action() -> None:
    assert SIZE == 3 + 6 * 5 + 3 * 6 + (6 + 15 + 20) + 6 * 3 + 3 + 3 == 116
    assert ACTIONS[:4] == (Play(), Skip(), Pass(), Buy(good="oil", units=1))
    assert ACTIONS[32] == Buy(good="fish", units=5)
    assert ACTIONS[33] == Load(car="yellow", good="oil")
    assert ACTIONS[50] == Load(car="green", good="fish")
    assert ACTIONS[51] == Store(keep=("oil",))
    assert index_of(Store(keep=("fish", "oil"))) == 51 + 6 + 4  # oil's pairs: wood to fish
    assert ACTIONS[91] == Store(keep=("meat", "grain", "fish"))
    assert ACTIONS[92] == Export(good="oil", units=4)
    assert ACTIONS[109] == Export(good="fish", units=8)
    assert ACTIONS[110:] == (
        *(Improve(characteristic=c) for c in ("warehouse", "loader", "manager")),
        *(Insure(characteristic=c) for c in ("warehouse", "loader", "manager")),
    )
    assert [index_of(action) for action in ACTIONS] == list(range(SIZE))
    assert len({action.model_dump_json() for action in ACTIONS}) == SIZE
    assert describe(3) == "buy oil 1" and describe(61) == "store keep=(oil, fish)"


def test_an_action_outside_the_catalogue_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="not in Businessmen's action catalogue"):
        index_of(Buy(good="oil", units=6))  # more than any Manager may buy
    with pytest.raises(ValueError, match="not in Businessmen's action catalogue"):
        index_of("play")


def test_an_illegal_index_is_refused_saying_which_action_it_is() -> None:
    state = GAME.new({"players": 2}, 1)
    seat = GAME.actors(state)[0]
    menu = ENCODER.menu(GAME.view(state, seat), GAME.legal(state, seat), random.Random(0))
    assert list(np.flatnonzero(menu.mask)) == [0, 1]  # play or skip
    assert menu.action(1) == Skip()
    with pytest.raises(ValueError, match=r"action 3 \(buy oil 1\) is not legal now"):
        menu.action(3)
    with pytest.raises(ValueError, match="outside Businessmen's catalogue"):
        menu.action(SIZE)


DECIDING = ("declare", "buy", "load", "store", "export", "improve", "discard", "insure")


@pytest.mark.parametrize(
    ("players", "seed", "kinds", "phases"),
    [
        (2, 1, ("random",), DECIDING[:4]),
        (3, 2, ("heuristic", "random"), (*DECIDING[:6], "insure")),
        (4, 3, ("heuristic",), DECIDING),  # a discard too: every action type is met
    ],
    ids=str,
)
def test_the_mask_is_exactly_the_legal_menu_through_whole_games(
    players: int, seed: int, kinds: tuple[str, ...], phases: tuple[str, ...]
) -> None:
    met: set[str] = set()
    for view, legal in decisions({"players": players, **SHORT}, seed, kinds):
        assert_mask_is_the_legal_menu(view, legal)
        assert_observation_is_in_bounds(view)
        met.add(view["phase"])
    assert met == set(phases)


def test_no_catalogued_action_is_legal_unless_masked() -> None:
    # The whole catalogue against the rules, at every decision of one game.
    for view, legal in decisions({"players": 3, **SHORT}, 5, ("heuristic", "random")):
        mask = ENCODER.menu(view, legal, random.Random(0)).mask
        assert [legal.contains(action) for action in ACTIONS] == [bool(ok) for ok in mask]


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 4),
    steps=st.integers(0, 300),
)
def test_any_random_table_has_an_exact_mask_and_a_bounded_observation(
    seed: int, players: int, steps: int
) -> None:
    rng = random.Random(seed)
    state = GAME.new({"players": players, **SHORT}, seed)
    for _ in range(steps):
        if not GAME.actors(state):
            break
        seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
    for seat in range(players):
        view = GAME.view(state, seat)
        assert_observation_is_in_bounds(view)
        assert_mask_is_the_legal_menu(view, GAME.legal(state, seat))


def test_the_observation_reads_the_table_from_the_observers_seat() -> None:
    state = GAME.new({"players": 3}, 0)
    rng = random.Random(4)
    agents = [make_agent(GAME, "heuristic") for _ in range(3)]
    for _ in range(40):  # into the first round, figures differing from seat to seat
        seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, agents[seat].act(decision_for(GAME, state, seat), rng))
    entry = {name: i for i, name in enumerate(ENCODER.feature_names)}
    tablets = GAME.view(state, None)["players"]
    places = ("me", "the next player", "the player 2 after me")
    for seat in range(3):
        observed = ENCODER.observe(GAME.view(state, seat))
        for place, who in enumerate(places):
            tablet = tablets[(seat + place) % 3]
            assert observed[entry[f"{who}: coins / 100 (clipped to 1)"]] == pytest.approx(
                min(tablet["coins"] / 100, 1)
            )
            assert observed[entry[f"{who}: oil in main warehouse / 25"]] == pytest.approx(
                tablet["main"].get("oil", 0) / 25
            )
        assert observed[entry["the player 3 after me: is seated"]] == 0
        assert observed[entry["me: is seated"]] == 1


def test_a_new_table_gives_exact_figures() -> None:
    view = GAME.view(GAME.new({"players": 3, "goal": 20}, 0), 0)
    observed = dict(zip(ENCODER.feature_names, ENCODER.observe(view).tolist(), strict=True))
    expected = {
        "round / most rounds": 0.01,
        "round / 50 (1 from then on)": 0.02,
        "goal / 200": 0.1,
        "3 players": 1.0,
        "phase is declare": 1.0,
        "to move: me": 1.0,
        "first this round: me": 1.0,
        "oil price / 10": 0.3,
        "fish in the supply / 25": 1.0,
        "yellow car is empty": 1.0,
        "goods cards left / goods cards": 1.0,
        "goods cards / 100": 0.3,
        "export cards / 100": 0.12,
        "events wheel: share of sectors nothing": 0.25,
        "price wheel: mean rise / 9": 3 / 9,
        "price wheel: mean fall / 9": 5 / 9,
        "me: coins / 100 (clipped to 1)": 0.1,
        "the player 2 after me: coins / 100 (clipped to 1)": 0.1,
        "the player 3 after me: coins / 100 (clipped to 1)": 0.0,
    }
    for name, figure in expected.items():
        assert observed[name] == pytest.approx(figure), name
    # 7 of the game's entries, 6 prices and 6 supplies, 3 empty cars, 4 deck figures, 24 of the
    # wheels (every good rises, falls and is embargoed on some sector), 2 per seated player.
    assert sum(value != 0 for value in observed.values()) == 7 + 12 + 3 + 4 + 24 + 3 * 2


def test_every_entry_has_its_own_name() -> None:
    assert len(ENCODER.feature_names) == ENCODER.features == 331
    assert len(set(ENCODER.feature_names)) == ENCODER.features
    names = ENCODER.information_state_names
    assert len(names) == len(set(names)) == ENCODER.information_state_features == 331 + 1200


def test_the_information_state_lists_the_turned_cards() -> None:
    for view, _ in decisions({"players": 2, **SHORT}, 7, ("heuristic",)):
        state = ENCODER.information_state(view)
        assert state.shape == (ENCODER.information_state_features,)
        assert np.array_equal(state[: ENCODER.features], ENCODER.observe(view))
        cards = state[ENCODER.features :].reshape(2, 100, 6)
        turned = view["turned"]
        for row, card in enumerate(turned["goods"]):
            assert cards[0, row].tolist() == pytest.approx([card[g] / 25 for g in card])
        assert not cards[0, len(turned["goods"]) :].any()
        assert cards[1].sum() == sum(len(card) for card in turned["export"])
        assert all(math.isfinite(x) and 0 <= x <= 1 for x in state[ENCODER.features :])


def test_the_game_uses_this_encoder_and_its_environment_plays_to_the_end() -> None:
    assert isinstance(encoder_for(GAME), BusinessmenEncoder)
    env = aec_env("businessmen", {"players": 3, **SHORT})
    env.reset(seed=5)
    rng = random.Random(5)
    steps = 0
    to_move = ENCODER.feature_names.index("to move: me")
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"][to_move] == 1, agent
        mask = observation["action_mask"]
        assert mask.shape == (SIZE + 1,) and not mask[SIZE]  # WAIT is for seats not to move
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 50
