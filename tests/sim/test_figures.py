"""The report's numbers from made-up rows: per-seat and per-agent par, the grid of a sweep over
three options, and the findings' sentences word for word."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from tradingfloor.sim.figures import figures, grid
from tradingfloor.sim.findings import findings
from tradingfloor.sim.report import write_report
from tradingfloor.sim.stats import by_agent, by_seat, summary


def row(
    seats: list[str], winners: list[int], sweep: dict[str, Any] | None = None, length: int = 10
) -> dict[str, Any]:
    """A made-up game's row: only what the figures read."""
    return {
        "seats": seats,
        "winners": winners,
        "scores": [1.0 if s in winners else 0.0 for s in range(len(seats))],
        "ranks": [0 if s in winners else 1 for s in range(len(seats))],
        "sweep": sweep,
        "length": length,
        "margin": 1.0,
    }


def test_par_is_each_seats_and_each_agents_share_over_the_games_it_played() -> None:
    # A sweep of players=2,3 with the seats a,b cycled: the 3-player games seat a twice.
    rows = [row(["a", "b"], [0]), row(["b", "a"], [0]), row(["a", "b", "a"], [2])]
    seats = by_seat(rows)
    assert [s.n for s in seats] == [3, 3, 1]
    assert seats[0].par == pytest.approx((1 / 2 + 1 / 2 + 1 / 3) / 3)
    assert seats[2].par == pytest.approx(1 / 3)
    agents = by_agent(rows)
    assert agents["a"].n == 4 and agents["a"].par == pytest.approx((1 / 2 + 1 / 2 + 2 / 3) / 4)
    assert agents["b"].n == 3 and agents["b"].par == pytest.approx((1 / 2 + 1 / 2 + 1 / 3) / 3)
    assert agents["a"].rate == pytest.approx(2 / 4)  # won the first game and the third


def test_a_shared_win_counts_its_share() -> None:
    seats = by_seat([row(["a", "b"], [0, 1]), row(["a", "b"], [0])])
    assert [s.wins for s in seats] == [1.5, 0.5]


def test_the_grid_of_three_options_pools_the_third(tmp_path: Path) -> None:
    rows = [
        row(["a", "b"], [0 if a == 1 else 1], {"a": a, "b": b, "c": c}, length=a * 10 + len(b))
        for a, b, c in itertools.product((1, 2, 3), ("x", "yy"), (True, False))
    ]
    numbers = figures(rows)
    assert list(numbers["sweep_options"]) == ["a", "b", "c"]
    assert [p["games"] for p in numbers["sweep_options"]["c"]] == [6, 6]
    assert len(numbers["sweep"]) == 12
    assert numbers["sweep"][0]["value"] == "a=1, b=x, c=true"  # a text without its quotes
    assert [p["value"] for p in numbers["sweep_options"]["b"]] == ["x", "yy"]
    table = numbers["grid"]
    assert table == grid(rows, "a", "b")
    assert (table["across"], table["down"]) == ("a", "b")
    assert table["across_values"] == ["1", "2", "3"]
    assert table["down_values"] == ['"x"', '"yy"']
    assert table["tables"]["mean length"] == [[11, 21, 31], [12, 22, 32]]
    # Seat 0 wins every game at a=1 (par 1/2: +50 points) and none elsewhere (-50).
    assert table["tables"]["seat 0 win rate minus par"] == [[0.5, -0.5, -0.5]] * 2
    page = write_report(rows, {"title": "tiny"}, tmp_path).read_text()
    assert "Grid: b against a" in page and "(over every value of c)" in page


def test_findings_name_each_seat_outside_its_interval_in_words() -> None:
    fair = {"rate": 0.26, "low": 0.2, "high": 0.33, "par": 0.25, "n": 400}
    ahead = {"rate": 0.35, "low": 0.26, "high": 0.45, "par": 0.25, "n": 100}
    numbers = {
        "seats": [fair, ahead, fair, {**fair, "rate": 0.14, "low": 0.08, "high": 0.22}],
        "sweep": [{"value": "players=3", "seats": [{**ahead, "par": 1 / 3 + 0.2}, fair]}],
        "actions": {"buy": {"a": 1.0, "b": 0.0}, "sell": {"a": 0.0}, "pass": {"a": 0.0}},
    }
    assert findings(numbers) == [
        "seat 1 wins 35% (26-45%) against a par of 25%",
        "seat 3 wins 14% (8-22%) against a par of 25%",
        "at players=3: seat 0 wins 35% (26-45%) against a par of 53%",
        "no agent ever took sell and pass: the figures say nothing of those rules (unless these "
        "options switch them off)",
    ]
    assert findings({"seats": [fair], "actions": {"buy": {"a": 1.0}}}) == []


def test_quantiles_interpolate_as_numpy_does() -> None:
    assert summary([1.0, 2.0, 3.0, 10.0]) == {
        "mean": 4.0,
        "sd": pytest.approx(4.0825, abs=1e-4),
        "min": 1.0,
        "q25": 1.75,
        "median": 2.5,
        "q75": 4.75,
        "max": 10.0,
    }
    assert summary([]) == {}


def test_a_report_of_a_game_without_balance_figures_or_actions(tmp_path: Path) -> None:
    rows = [
        row(["a", "b"], [0], {"edge": edge, "fast": fast})
        for edge, fast in itertools.product((1, 2), (True, False))
        for _ in range(5)
    ]
    page = write_report(rows, {"title": "tiny", "options": {}}, tmp_path).read_text()
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["balance"] == {} and summary["actions"] == {}
    assert list(summary["grid"]["tables"]) == [
        "seat 0 win rate minus par",
        "seat 1 win rate minus par",
        "mean length",
        "mean margin",
    ]
    assert summary["findings"][0] == "seat 0 wins 100% (84-100%) against a par of 50%"
    assert "5 sets of seats were checked" in page and (tmp_path / "grid.png").exists()
