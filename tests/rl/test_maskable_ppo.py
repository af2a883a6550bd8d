"""MaskablePPO trains on the single-agent environment, then plays as a bot kind from its file."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

import tradingfloor
from tradingfloor.agents import kinds, make_agent
from tradingfloor.agents.plugins import ENV
from tradingfloor.core.playout import play_out

pytest.importorskip("sb3_contrib", reason="MaskablePPO needs the train extra (sb3-contrib)")

from tradingfloor.rl.examples import plot_curves, train_maskable_ppo

GAME = tradingfloor.make("middleman")


def test_a_trained_model_is_seated_as_a_bot_and_plays_a_whole_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(train_maskable_ppo, "WINDOW", 20)
    out = tmp_path / "ppo"
    argv = ["--game", "middleman", "--opponents", "random", "--steps", "1024", "--out", str(out)]
    monkeypatch.setattr(train_maskable_ppo, "BASELINE_EPISODES", 20)
    agent_file = train_maskable_ppo.main(argv)
    assert agent_file == out / "agent.py" and (out / "model.zip").is_file()
    assert "bot file:" in capsys.readouterr().out

    with (out / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert rows and [int(r["steps"]) for r in rows] == sorted(int(r["steps"]) for r in rows)
    assert all(0 <= float(r["win_share"]) <= 1 and r["game"] == "middleman" for r in rows)
    png = plot_curves.main([str(out / "curve.csv"), "--out", str(tmp_path / "curve.png")])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    monkeypatch.setenv(ENV, f"ppo={agent_file}")
    assert "ppo" in kinds(GAME) and "ppo" not in kinds(tradingfloor.make("businessmen"))
    agents = [make_agent(GAME, "ppo"), make_agent(GAME, "heuristic"), make_agent(GAME, "random")]
    final = play_out(GAME, GAME.new({"players": 3}, 3), agents, random.Random(3))
    assert GAME.result(final) is not None


def test_a_file_that_is_not_a_curve_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("steps,reward\n1,0\n")
    with pytest.raises(ValueError, match="not a learning curve: it has no game, opponents"):
        plot_curves.main([str(bad), "--out", str(tmp_path / "x.png")])
