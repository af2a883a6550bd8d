"""The simulate and replay commands, the balance report's plots and numbers, and ratings."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tradingfloor.cli.main import app
from tradingfloor.core.record import MatchRecord
from tradingfloor.sim.ratings import rate
from tradingfloor.sim.stats import wilson
from tradingfloor.sim.store import read_rows

RUNNER = CliRunner()


def simulate(out: Path, *extra: str) -> str:
    args = ["simulate", "middleman", "--seats", "heuristic,random,random", "--games", "6"]
    result = RUNNER.invoke(app, [*args, "--seed", "4", "--out", str(out), "--reference", *extra])
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_writes_rows_and_a_report_with_plots_and_numbers(tmp_path: Path) -> None:
    output = simulate(tmp_path)
    assert "win rate per agent" in output
    rows = read_rows(tmp_path / "games.parquet")
    assert len(rows) == 6
    page = (tmp_path / "report.html").read_text()
    summary = json.loads((tmp_path / "summary.json").read_text())
    for title in (
        "Win rate by seat position",
        "Win rate and rating by agent",
        "Final scores by agent",
        "Winning margin",
        "Game length",
        "Balance figure: supply_exceeds_demand",
    ):
        assert title in page
    for image in ("seats", "agents", "scores", "margin", "length", "balance-supply_exceeds_demand"):
        assert f"src='{image}.png'" in page
        assert (tmp_path / f"{image}.png").stat().st_size > 1000
        assert (tmp_path / f"{image}.svg").exists()
    # The rule version and the options are named; the numbers beside the plots are the summary's.
    assert summary["about"]["version"] == "1"
    assert summary["about"]["options"] == {"players": 3, "guarded": False}
    heuristic = summary["agents"]["heuristic"]
    assert f"{100 * heuristic['rate']:.1f}%" in page
    assert heuristic["n"] == 6
    assert sum(seat["wins"] for seat in summary["seats"]) <= 6
    assert set(summary["ratings"]) == {"heuristic", "random"}


def test_a_sweep_reports_every_figure_against_the_option(tmp_path: Path) -> None:
    simulate(tmp_path, "--sweep", "guarded=false,true")
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [point["value"] for point in summary["sweep"]] == ["guarded=false", "guarded=true"]
    assert [point["value"] for point in summary["sweep_options"]["guarded"]] == ["false", "true"]
    assert all(point["games"] == 6 for point in summary["sweep"])
    page = (tmp_path / "report.html").read_text()
    assert "Sweep of guarded" in page
    for image in ("sweep-guarded-seats", "sweep-guarded-agents", "sweep-guarded-means"):
        assert (tmp_path / f"{image}.png").exists()
    assert "grid" not in summary  # one option: no grid to map


def test_a_grid_sweep_plays_every_combination_and_maps_it(tmp_path: Path) -> None:
    output = simulate(tmp_path, "--sweep", "players=2,3", "--sweep", "guarded=false,true")
    rows = read_rows(tmp_path / "games.parquet")
    assert len(rows) == 4 * 6
    points = [(row["sweep"]["players"], row["sweep"]["guarded"]) for row in rows[::6]]
    assert points == [(2, False), (2, True), (3, False), (3, True)]
    assert all(row["options"]["players"] == row["sweep"]["players"] for row in rows)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert set(summary["sweep_options"]) == {"players", "guarded"}
    assert [p["games"] for p in summary["sweep_options"]["players"]] == [12, 12]
    grid = summary["grid"]
    assert (grid["down"], grid["across"]) == ("guarded", "players")
    assert grid["across_values"] == ["2", "3"] and grid["down_values"] == ["false", "true"]
    assert len(grid["tables"]["mean length"]) == 2
    page = (tmp_path / "report.html").read_text()
    assert "Grid: guarded against players" in page and (tmp_path / "grid.png").exists()
    for option in ("players", "guarded"):
        assert f"Sweep of {option}" in page
    # Seat 2 sat only in the 3-player games: its par is 1/3; seat 0's mixes 1/2 and 1/3.
    seats = summary["seats"]
    assert seats[2]["n"] == 12 and abs(seats[2]["par"] - 1 / 3) < 1e-12
    assert abs(seats[0]["par"] - (1 / 2 + 1 / 3) / 2) < 1e-12
    assert "Findings" in page and ("finding" in output)


def test_simulate_refuses_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    for args, message in (
        (["simulate", "nosuch", "--seats", "random"], "unknown game"),
        (["simulate", "middleman", "--seats", "random,genius"], "unknown bot kind"),
        (["simulate", "middleman", "--seats", "random", "--set", "players=1"], "Players must"),
        (["simulate", "middleman", "--seats", "random", "--sweep", "players"], "option=v1"),
    ):
        result = RUNNER.invoke(app, [*args, "--out", str(tmp_path / "x")])
        assert result.exit_code == 2
        assert message in result.output
    assert not (tmp_path / "x").exists()


def test_replay_prints_a_record_and_a_simulated_game(tmp_path: Path) -> None:
    simulate(tmp_path, "--no-report")
    row = read_rows(tmp_path / "games.parquet")[2]
    record_file = tmp_path / "game.json"
    record_file.write_text(row["record"])
    for args in ([str(record_file)], [str(tmp_path / "games.parquet"), "--game", "2"]):
        result = RUNNER.invoke(app, ["replay", *args])
        assert result.exit_code == 0, result.output
        assert "Seat 1: Write rows A and D" in result.output and "result" in result.output
        for winner in row["winners"]:
            assert f"Seat {winner + 1}: " in result.output.split("the result")[1]
    final = RUNNER.invoke(app, ["replay", str(record_file), "--final"])
    assert "Write rows" not in final.output and "result" in final.output
    record = MatchRecord.loads(row["record"])
    assert len(record.moves) == row["length"]


def test_replay_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = RUNNER.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "not a match record" in result.output
    assert RUNNER.invoke(app, ["replay", str(tmp_path / "none.json")]).exit_code == 2


def test_the_agent_that_always_wins_rates_highest() -> None:
    rows = [
        {"seats": seats, "ranks": [1 if s == "strong" else 2 for s in seats]}
        for seats in (["strong", "weak"], ["weak", "strong"]) * 10
    ]
    ratings = rate(rows)
    assert ratings["strong"].mu > ratings["weak"].mu


def test_wilson_interval_has_the_textbook_figures() -> None:
    interval = wilson(60, 100)
    assert round(interval.low, 4) == 0.5020 and round(interval.high, 4) == 0.6906
