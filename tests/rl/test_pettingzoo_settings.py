"""The environments' settings: max_cycles, rewards, masks in infos, Box observations, illegal
actions, reset options and drawing, through the AEC and Parallel APIs."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
import supersuit
from hypothesis import given, settings
from hypothesis import strategies as st

import tradingfloor
from tests.rl.test_pettingzoo import SMALL
from tradingfloor.rl.envs import middleman_v1
from tradingfloor.rl.middleman import index_of
from tradingfloor.rl.pettingzoo_env import TradingfloorAEC, aec_env, parallel_env

GAMES = tradingfloor.games()


def play_out(env: TradingfloorAEC, seed: int, steps: int | None = None) -> dict[str, float]:
    """Seeded random legal actions to the end (or for `steps` live turns); each agent's return."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(steps if steps is not None else 10**9):
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return returns


# --- rewards ----------------------------------------------------------------------------------


def test_win_and_score_rewards_of_a_seeded_game() -> None:
    # Seed 1, guarded, three seats: final cash 85, 60 and 23 of a starting 30 each.
    options = {"players": 3, "guarded": True}
    win = play_out(aec_env("middleman", options, reward="win"), seed=1)
    score = play_out(aec_env("middleman", options, reward="score"), seed=1)
    assert win == {"player_0": 1.0, "player_1": 0.0, "player_2": 0.0}
    assert score == {"player_0": 85 / 30, "player_1": 60 / 30, "player_2": 23 / 30}


def test_a_shared_win_pays_each_winner_a_share() -> None:
    # Both seats order nothing for ten rounds: 20 cash each, the win shared, the cash kept.
    for reward, expected in (("win", 0.5), ("score", 1.0)):
        env = aec_env("middleman", {"players": 2}, reward=reward)
        env.reset(seed=3)
        returns = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            _, paid, terminated, truncated, _ = env.last()
            returns[agent] += paid
            env.step(None if terminated or truncated else index_of(0, 0))
        assert returns == {"player_0": expected, "player_1": expected}


def test_businessmens_score_is_vp_over_the_goal_set_at_reset() -> None:
    env = aec_env("businessmen", SMALL["businessmen"], reward="score")
    for goal in (6, 4):
        env.reset(seed=5, options={"goal": goal})
        returns = _returns_to_the_end(env, seed=5)
        result = env.table.result()
        assert result is not None
        assert list(returns.values()) == [vp / goal for vp in result.scores]


def _returns_to_the_end(env: TradingfloorAEC, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        legal = np.flatnonzero(observation["action_mask"])
        done = terminated or truncated
        env.step(None if done else int(legal[rng.randrange(len(legal))]))
    return returns


# --- max_cycles -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_truncates_every_agent_after_so_many_cycles(game: str) -> None:
    options = {**SMALL[game], **({"guarded": True} if game == "middleman" else {})}
    cycles = 5
    parallel = parallel_env(game, options, max_cycles=cycles)
    observations, _ = parallel.reset(seed=2)
    for step in range(1, cycles + 1):
        actions = {a: _masked(parallel, a, observations[a]["action_mask"]) for a in parallel.agents}
        observations, rewards, terminations, truncations, _ = parallel.step(actions)
        assert all(truncations.values()) is (step == cycles)
    assert parallel.agents == []
    assert not any(terminations.values()) and set(rewards.values()) == {0.0}

    turns = _live_turns(aec_env(game, options, max_cycles=cycles, wait_turns=True))
    assert turns == dict.fromkeys(turns, cycles)


@settings(max_examples=15, deadline=None)
@given(cycles=st.integers(1, 25), seed=st.integers(0, 10**6))
def test_the_apis_count_the_same_cycles(cycles: int, seed: int) -> None:
    # Guarded Middleman lasts 20 steps: fewer cycles truncate it, more let it end.
    options = {"players": 3, "guarded": True}
    env = parallel_env("middleman", options, max_cycles=cycles)
    observations, _ = env.reset(seed=seed)
    steps = 0
    while env.agents:
        actions = {a: _masked(env, a, observations[a]["action_mask"]) for a in env.agents}
        observations, _, terminations, truncations, _ = env.step(actions)
        steps += 1
    assert steps == min(cycles, 20)
    assert all(truncations.values()) is (cycles < 20)
    assert all(terminations.values()) is (cycles >= 20)
    turns = _live_turns(aec_env("middleman", options, max_cycles=cycles, wait_turns=True))
    assert turns == dict.fromkeys(turns, min(cycles, 20))


def test_a_cycle_without_wait_turns_is_one_step_of_the_game() -> None:
    # Businessmen asks one seat at a time: 7 cycles are 7 actions. Middleman asks every seat
    # still in at once: 4 cycles are 4 orders of each seat (none goes out when guarded).
    businessmen = _live_turns(aec_env("businessmen", max_cycles=7))
    assert sum(businessmen.values()) == 7
    middleman = _live_turns(aec_env("middleman", {"guarded": True}, max_cycles=4))
    assert middleman == {"player_0": 4, "player_1": 4, "player_2": 4}


def _live_turns(env: TradingfloorAEC) -> dict[str, int]:
    """Each agent's turns before its episode ended, under seeded random legal actions."""
    turns = dict.fromkeys(env.possible_agents, 0)
    env.reset(seed=2)
    rng = random.Random(2)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        turns[agent] += 1
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return turns


def _masked(env: Any, agent: str, mask: np.ndarray) -> int:
    return int(env.action_space(agent).sample(mask))


def test_max_cycles_must_be_a_positive_whole_number() -> None:
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="max_cycles"):
            aec_env("middleman", max_cycles=bad)


# --- masks in infos ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("wait_turns", [False, True])
def test_the_mask_in_info_is_the_observations(game: str, wait_turns: bool) -> None:
    env = aec_env(game, SMALL[game], wait_turns=wait_turns)
    env.reset(seed=9)
    rng = random.Random(9)
    for _ in env.agent_iter(150):
        observation, _, terminated, truncated, info = env.last()
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        if wait_turns:  # every agent's info holds its mask
            for other in env.agents:
                mask = env.observe(other)["action_mask"]
                assert np.array_equal(env.infos[other]["action_mask"], mask)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("game", GAMES)
def test_the_parallel_masks_in_infos_are_the_observations(game: str) -> None:
    env = parallel_env(game, SMALL[game])
    observations, infos = env.reset(seed=9)
    for _ in range(60):
        if not env.agents:
            break
        for agent in env.agents:
            assert np.array_equal(infos[agent]["action_mask"], observations[agent]["action_mask"])
        actions = {a: _masked(env, a, infos[a]["action_mask"]) for a in env.agents}
        observations, _, _, _, infos = env.step(actions)


# --- Box observations and SuperSuit -----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_supersuit_vectorizes_the_parallel_environment_with_box_observations(game: str) -> None:
    env = parallel_env(game, SMALL[game], observation="box")
    features = env.table.encoder.features
    vec = supersuit.pettingzoo_env_to_vec_env_v1(env)
    observations, infos = vec.reset(seed=3)
    assert observations.shape == (len(env.possible_agents), features)
    rng = np.random.default_rng(3)
    episodes = 0
    for step in range(600):  # one episode is enough (Merlin's are longer: it is not asked of it)
        actions = np.array([rng.choice(np.flatnonzero(info["action_mask"])) for info in infos])
        observations, _, terminations, truncations, infos = vec.step(actions)
        assert observations.shape == (len(env.possible_agents), features)
        episodes += int(terminations.all() or truncations.all())
        if episodes or (game == "merlin" and step >= 120):
            break
    assert episodes >= (1 if game != "merlin" else 0)


def test_a_box_observation_is_the_dict_observations_vector() -> None:
    boxed, plain = (
        aec_env("businessmen", SMALL["businessmen"], observation=kind) for kind in ("box", "dict")
    )
    for env in (boxed, plain):
        env.reset(seed=4)
    for _ in range(30):
        vector, *_, info = boxed.last()
        observation, *_ = plain.last()
        assert np.array_equal(vector, observation["observation"])
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        index = int(np.flatnonzero(info["action_mask"])[0])
        boxed.step(index)
        plain.step(index)
    with pytest.raises(ValueError, match="observation must be one of 'dict', 'box'"):
        aec_env("middleman", observation="flat")


# --- illegal actions --------------------------------------------------------------------------


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = aec_env("businessmen")
    env.reset(seed=6)
    before = env.last()[0]
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not legal now for player_0"):
        env.step(illegal)
    after = env.last()[0]
    assert env.agent_selection == "player_0"
    assert np.array_equal(before["observation"], after["observation"])


def test_illegal_random_plays_a_legal_action_drawn_with_the_seed() -> None:
    runs = []
    for _ in range(2):
        env = aec_env("businessmen", illegal="random")
        env.reset(seed=6)
        for _ in range(20):
            mask = env.last()[0]["action_mask"]
            env.step(int(np.flatnonzero(mask == 0)[0]))  # always an illegal index
        runs.append(env.last()[0]["observation"])
    assert np.array_equal(runs[0], runs[1])
    with pytest.raises(ValueError, match="illegal must be one of 'raise', 'random'"):
        aec_env("businessmen", illegal="ignore")


# --- reset options ----------------------------------------------------------------------------


def test_reset_options_are_honoured_for_that_game() -> None:
    env = parallel_env("middleman", {"players": 3})
    plain, _ = env.reset(seed=1)
    guarded, _ = env.reset(seed=1, options={"guarded": True})
    again, _ = env.reset(seed=1)  # back to the options the environment was made with
    # Guarded play offers only the orders the cash can pay for.
    mask = "action_mask"
    assert guarded["player_0"][mask].sum() < plain["player_0"][mask].sum()
    assert np.array_equal(again["player_0"][mask], plain["player_0"][mask])


def test_reset_refuses_another_number_of_players_and_changes_nothing() -> None:
    env = aec_env("middleman", {"players": 3})
    env.reset(seed=1)
    before = env.observe("player_0")
    with pytest.raises(ValueError, match=r"number of players \(3 here, 5 asked\)"):
        env.reset(options={"players": 5})
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert np.array_equal(env.observe("player_0")["observation"], before["observation"])
    with pytest.raises(ValueError, match="Middleman refuses these reset options: Careful mode"):
        env.reset(options={"guarded": "maybe"})
    with pytest.raises(ValueError, match="reset options must be a dict"):
        env.reset(options=[("players", 3)])  # type: ignore[arg-type]


def test_reset_warns_of_an_option_the_game_has_not() -> None:
    env = middleman_v1.parallel_env()
    with pytest.warns(UserWarning, match="reset ignores 'colour': Middleman has no such option"):
        env.reset(seed=1, options={"colour": "red"})


# --- drawing ----------------------------------------------------------------------------------


def test_ansi_draws_the_games_terminal_picture() -> None:
    spectator = aec_env("middleman", render_mode="ansi")
    seat = aec_env("middleman", render_mode="ansi", render_seat=1)
    for env in (spectator, seat):
        env.reset(seed=1)
    seen_by_all, seen_by_seat = spectator.render(), seat.render()
    assert isinstance(seen_by_all, str) and isinstance(seen_by_seat, str)
    assert "Seat 3" in seen_by_all and "{" not in seen_by_all
    assert "Your game sheet (Seat 2)" in seen_by_seat
    assert "Your game sheet" not in seen_by_all  # a spectator sees no seat's rows


def test_human_prints_what_ansi_draws(capsys: pytest.CaptureFixture[str]) -> None:
    drawn = aec_env("businessmen", render_mode="ansi")
    shown = aec_env("businessmen", render_mode="human")
    drawn.reset(seed=2)
    shown.reset(seed=2)
    assert shown.render() is None
    assert capsys.readouterr().out == drawn.render()
    with pytest.raises(ValueError, match="render_mode must be one of 'ansi', 'human'"):
        aec_env("businessmen", render_mode="rgb_array")
    with pytest.raises(ValueError, match=r"render_seat must be None \(a spectator\) or a seat"):
        aec_env("businessmen", render_seat=4)
