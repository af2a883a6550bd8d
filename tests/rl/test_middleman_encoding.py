"""Middleman's masked Discrete: the mask is exactly the legal space, index by index."""

from __future__ import annotations

import random

import pytest

import tradingfloor
from tradingfloor.games.middleman.actions import Buy, Sell
from tradingfloor.rl.middleman import SIZE, MiddlemanEncoder, index_of, order_of
from tradingfloor.rl.pettingzoo_env import aec_env

GAME = tradingfloor.make("middleman")
ENCODER = MiddlemanEncoder()


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "guarded": True}], ids=str)
def test_the_mask_is_the_legal_space(options: dict[str, object]) -> None:
    rng = random.Random(3)
    state = GAME.new(options, 3)
    checked = 0
    while (actors := GAME.actors(state)) and checked < 12:
        for seat in actors:
            legal = GAME.legal(state, seat)
            view = GAME.view(state, seat)
            if view["phase"] != "rows":
                menu = ENCODER.menu(view, legal, rng)
                kind = Buy if view["phase"] == "buy" else Sell
                for index in range(SIZE):
                    tins, price = order_of(index)
                    assert bool(menu.mask[index]) == legal.contains(kind(tins=tins, price=price))
                checked += 1
            # Cheap orders keep everyone in, so the game reaches later rounds and held tins.
            action = legal.sample(rng)
            if view["phase"] == "buy":
                action = Buy(tins=min(action.tins, 3), price=min(action.price, 2))
            state = GAME.apply(state, seat, action)
    assert checked == 12


def test_orders_and_indices_round_trip() -> None:
    assert all(index_of(*order_of(i)) == i for i in range(SIZE))
    assert SIZE == 73 * 11


def test_rows_are_dealt_and_every_step_asks_only_the_seats_still_in() -> None:
    env = aec_env("middleman", {"players": 4})
    env.reset(seed=11)
    rng = random.Random(11)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            totals[agent] += reward
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert not env.table.state.out[seat]
        assert env.table.state.phase in ("buy", "sell")  # the rows were dealt for the seats
        legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
        assert SIZE not in legal  # WAIT is for the Parallel API's seats that do not act
        env.step(rng.choice(legal))
    assert sum(totals.values()) in (0.0, pytest.approx(1.0))


def test_every_observation_entry_has_a_name() -> None:
    from tradingfloor.rl.encoding import encoder_for

    for game_id in tradingfloor.games():
        encoder = encoder_for(tradingfloor.make(game_id))
        assert len(encoder.feature_names) == encoder.features
        assert len(set(encoder.feature_names)) == encoder.features
