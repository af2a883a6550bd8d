"""Middleman's VectorEnv over the batch engine: each game replayed on the reference engine gives
the same observations, masks and rewards as MiddlemanEncoder and the rules say."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv

import tradingfloor
from tradingfloor.core.errors import BadOptions
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.fast import Array, SeatView
from tradingfloor.games.middleman.fast_policies import VECTOR_POLICIES
from tradingfloor.rl.middleman import MiddlemanEncoder, index_of
from tradingfloor.rl.middleman_vector import ILLEGAL_REWARD, MiddlemanVectorEnv

GAME = tradingfloor.make("middleman")
ENCODER = MiddlemanEncoder()
Orders = dict[tuple[int, int, str, int], tuple[int, int]]


class Spy:
    """A vectorized bot that notes each order it sends, by (game, round, side, seat)."""

    def __init__(self, kind: str, orders: Orders) -> None:
        self.policy = VECTOR_POLICIES[kind]()
        self.name, self.sent = kind, orders

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Array, Array]:
        return self.policy.rows(games, rng)

    def orders(self, view: SeatView, rng: np.random.Generator) -> tuple[Array, Array]:
        tins, price = self.policy.orders(view, rng)
        for game, t, p in zip(view.index.tolist(), tins.tolist(), price.tolist(), strict=True):
            self.sent[(game, view.round, view.phase, view.seat)] = (t, p)
        return tins, price


class Episode:
    """One game of the batch as the learner lived it: observations, masks, actions, rewards."""

    def __init__(self, observation: Array) -> None:
        self.observations, self.masks, self.actions = [observation], [], []
        self.rewards: list[float] = []


def run(env: MiddlemanVectorEnv, orders: Orders, steps: int, seed: int) -> list[tuple[Any, ...]]:
    """Random legal play; every finished game with its rows, its bots' orders and its episode."""
    rng = np.random.default_rng(seed)
    observations, _ = env.reset(seed=seed)
    episodes = [Episode(o) for o in observations]
    finished = []
    for _ in range(steps):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        restarting = env.restart.copy()
        observations, rewards, terminated, truncated, _ = env.step(actions)
        assert not truncated.any()
        for game in range(env.num_envs):
            if restarting[game]:
                assert rewards[game] == 0 and not terminated[game]
                episodes[game] = Episode(observations[game])
                continue
            episode = episodes[game]
            episode.masks.append(masks[game])
            episode.actions.append(int(actions[game]))
            episode.rewards.append(float(rewards[game]))
            episode.observations.append(observations[game])
            if terminated[game]:
                rows = (
                    env.table.rows_a[:, :, game].T.copy(),
                    env.table.rows_d[:, :, game].T.copy(),
                )
                mine = {key: value for key, value in orders.items() if key[0] == game}
                finished.append((game, rows, mine, episode))
                for key in mine:
                    del orders[key]
    return finished


def replay(
    options: dict[str, Any], seat: int, rows: tuple[Array, Array], bots: Orders, episode: Episode
) -> None:
    """The episode on the reference engine, checking every observation, mask and reward."""
    state = GAME.new(options, 0)
    for s in range(options["players"]):
        a, d = (tuple(int(x) for x in row[s]) for row in rows)
        state = GAME.apply(state, s, Rows(a=a, d=d))
    kinds = {"buy": Buy, "sell": Sell}
    decisions = 0
    while GAME.result(state) is None:
        phase = state.phase
        for s in GAME.actors(state):
            if s != seat:
                tins, price = bots[(0, state.round, phase, s)]
                state = GAME.apply(state, s, kinds[phase](tins=tins, price=price))
        if seat not in GAME.actors(state):
            continue
        view = GAME.view(state, seat)
        expected = ENCODER.observe(view)
        got = episode.observations[decisions]
        names = ENCODER.feature_names
        assert np.array_equal(got, expected), [
            (names[i], got[i], expected[i]) for i in np.flatnonzero(got != expected)
        ]
        menu = ENCODER.menu(view, GAME.legal(state, seat), random.Random())
        assert np.array_equal(episode.masks[decisions], menu.mask.astype(bool))
        state = GAME.apply(state, seat, menu.action(episode.actions[decisions]))
        decisions += 1
        if GAME.result(state) is None and decisions < len(episode.rewards):
            assert episode.rewards[decisions - 1] == 0
    result = GAME.result(state)
    assert decisions == len(episode.actions)
    assert np.array_equal(episode.observations[-1], ENCODER.observe(GAME.view(state, seat)))
    share = 1 / len(result.winners) if seat in result.winners else 0.0
    assert episode.rewards[-1] == share


@pytest.mark.parametrize(
    ("players", "guarded", "seat", "kinds"),
    [(3, False, 0, ["heuristic", "heuristic"]), (4, True, 2, ["random", "heuristic", "random"])],
)
def test_every_game_replays_on_the_reference_engine(
    players: int, guarded: bool, seat: int, kinds: list[str]
) -> None:
    orders: Orders = {}
    spies = [Spy(kind, orders) for kind in kinds]
    options = {"players": players, "guarded": guarded}
    env = MiddlemanVectorEnv(16, spies, options, seat=seat)
    finished = run(env, orders, steps=60, seed=players)
    assert len(finished) > 16  # autoreset played several games in each column
    lasting = 0
    for _, rows, bots, episode in finished:
        by_position = {(0, *key[1:]): value for key, value in bots.items()}
        replay(options, seat, rows, by_position, episode)
        lasting += len(episode.actions) > 2
    assert lasting > 0


def test_it_keeps_gymnasiums_vector_api() -> None:
    env = MiddlemanVectorEnv(5, "random")
    assert isinstance(env, VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    observations, infos = env.reset(seed=1)
    assert observations.shape == (5, ENCODER.features) and observations.dtype == np.float32
    assert env.observation_space.contains(observations) and infos == {}
    masks = env.action_masks()
    assert masks.shape == (5, ENCODER.size) and masks.dtype == bool
    actions = masks.argmax(axis=1)
    assert env.action_space.contains(actions)
    result = env.step(actions)
    assert [part.shape for part in result[:4]] == [(5, ENCODER.features), (5,), (5,), (5,)]
    assert env.observation_space.contains(result[0])


def test_the_same_seed_gives_the_same_games() -> None:
    def trajectory() -> list[Array]:
        env = MiddlemanVectorEnv(6, "heuristic,random")
        seen = [env.reset(seed=9)[0]]
        for _ in range(12):
            seen.extend(env.step(env.action_masks().argmax(axis=1))[:2])
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(trajectory(), trajectory(), strict=True))


def test_an_illegal_action_ends_that_game_only_and_it_restarts_next_step() -> None:
    env = MiddlemanVectorEnv(3, "heuristic")
    env.reset(seed=2)
    actions = env.action_masks().argmax(axis=1)
    actions[1] = index_of(72, 10)  # 72 tins: more than a 3-player market ever holds
    _, rewards, terminated, _, _ = env.step(actions)
    assert rewards[1] == ILLEGAL_REWARD and terminated.tolist() == [False, True, False]
    assert not env.action_masks()[1].any()
    observations, rewards, terminated, _, _ = env.step(np.zeros(3, dtype=int))
    assert rewards[1] == 0 and not terminated[1] and env.action_masks()[1].any()
    assert observations[1][0] == np.float32(0.1)  # round 1 of a new game


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": "beginner"}, "no vectorized Middleman policy 'beginner'"),
        ({"opponents": ["random"] * 3}, "needs 2 opponents"),
        ({"seat": 3}, "seat must be a seat number 0-2"),
    ],
)
def test_bad_settings_are_refused_in_words(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MiddlemanVectorEnv(2, **kwargs)


@pytest.mark.parametrize("variant", [{"rounds": 3}, {"top_price": 5}, {"starting_cash": 50}])
def test_a_research_variant_is_refused_in_words(variant: dict[str, Any]) -> None:
    # The batch engine's arrays hold the printed game; a variant would be played as the printed one.
    with pytest.raises(BadOptions, match="the batch engine plays only the printed game"):
        MiddlemanVectorEnv(2, options=variant)
