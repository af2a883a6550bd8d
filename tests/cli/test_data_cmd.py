"""`tradingfloor data GAME`: every tunable number of a game, its default and where it lives."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tradingfloor.cli.main import app

RUNNER = CliRunner()
WIDE = {"COLUMNS": "250"}  # Rich folds the table to the terminal width


def rows(game: str) -> dict[str, list[str]]:
    """The command's table as {name: [default, takes, where]}."""
    result = RUNNER.invoke(app, ["data", game], env=WIDE)
    assert result.exit_code == 0, result.output
    out = {}
    for line in result.output.splitlines():
        cells = [cell.strip() for cell in re.split(r"[│┃]", line)[1:-1]]
        if len(cells) == 4 and cells[0] != "name":
            out[cells[0]] = cells[1:]
    return out


def test_middleman_lists_its_starting_cash_as_a_research_variant() -> None:
    listed = rows("middleman")
    assert listed["starting_cash"] == [
        "10 × players",
        "a whole number from 0 to 1,000",
        "option (research variant)",
    ]
    assert listed["players"] == ["3", "a whole number from 2 to 8", "option"]
    assert list(listed) == ["players", "guarded", "rounds", "digits", "top_price", "starting_cash"]


def test_businessmen_lists_its_setup_and_its_decks_figures() -> None:
    listed = rows("businessmen")
    assert listed["data.setup.start_coins"] == [
        "10",
        "a whole number from 0 to 1,000",
        "games/businessmen/figures.py",
    ]
    assert listed["data.goods_cards.29.fish"] == [
        "6",
        "a whole number from 1 to 25",
        "games/businessmen/data/default.toml",
    ]
    assert list(listed)[:3] == ["players", "goal", "max_rounds"]
    assert len(listed) == 3 + 210


def test_a_figure_set_at_the_command_line_reaches_the_rows(tmp_path: Path) -> None:
    from tradingfloor.sim.store import read_rows

    args = ["simulate", "businessmen", "--seats", "heuristic,heuristic", "--games", "2"]
    args += ["--set", "goal=4", "--set", "data.setup.start_coins=15", "--no-report"]
    result = RUNNER.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = read_rows(tmp_path / "games.parquet")
    assert [row["options"]["data"] for row in rows] == [{"setup.start_coins": 15}] * 2
    refused = RUNNER.invoke(app, [*args[:-1], "--set", "data.setup.coins=3", "--out", "x"])
    assert refused.exit_code == 2
    assert "no data figure 'data.setup.coins'" in refused.output
