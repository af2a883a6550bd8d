"""Training a policy on the environments and seating it as a bot kind by its file."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import tradingfloor
from tradingfloor.agents import kinds, make_agent
from tradingfloor.agents.plugins import ENV, register_kind, unregister_kind
from tradingfloor.core.playout import play_out
from tradingfloor.rl.examples import train_linear
from tradingfloor.rl.policy_agent import PolicyAgent

GAME = tradingfloor.make("middleman")


def test_a_trained_policy_file_becomes_a_bot_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    weights, returns = train_linear.train(episodes=20, seed=1)
    assert len(returns) == 20 and np.abs(weights).sum() > 0
    agent_file = train_linear.save(weights, tmp_path / "trained")
    monkeypatch.setenv(ENV, f"linear={agent_file}")
    assert "linear" in kinds(GAME)
    assert "linear" not in kinds(tradingfloor.make("businessmen"))  # its file plays Middleman only
    agents = [make_agent(GAME, "linear"), make_agent(GAME, "random"), make_agent(GAME, "random")]
    final = play_out(GAME, GAME.new({"players": 3}, 5), agents, random.Random(5))
    assert GAME.result(final) is not None


def test_a_bad_agent_setting_is_refused_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "linear")
    with pytest.raises(ValueError, match="name=path"):
        kinds(GAME)
    monkeypatch.setenv(ENV, f"linear={tmp_path / 'missing.py'}")
    with pytest.raises(ValueError, match="no agent file"):
        kinds(GAME)


def test_register_kind_seats_any_policy() -> None:
    register_kind("middleman", "zero", lambda: PolicyAgent("zero", lambda obs: 0))
    try:
        agents = [make_agent(GAME, "zero"), make_agent(GAME, "random")]
        final = play_out(GAME, GAME.new({"players": 2}, 1), agents, random.Random(1))
        assert GAME.result(final) is not None
        assert final.cash[0] == 20 or final.out[1]  # ordering nothing keeps the starting cash
    finally:
        unregister_kind("middleman", "zero")
    assert "zero" not in kinds(GAME)
