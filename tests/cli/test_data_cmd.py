"""`tradingfloor data GAME`: every tunable number of a game, its default and where it lives."""

from __future__ import annotations

import re

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
