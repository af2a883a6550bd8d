"""`tradingfloor rules GAME` prints the player's short rules; `--notes` the rules notes."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tradingfloor.cli.main import app
from tradingfloor.core import guides, registry


def run(*args: str) -> tuple[int, str]:
    outcome = CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})
    return outcome.exit_code, outcome.output


@pytest.mark.parametrize("game_id", registry.games())
def test_rules_prints_how_to_play_and_points_to_the_notes(game_id: str) -> None:
    code, out = run("rules", game_id)
    assert code == 0, out
    game = registry.make(game_id)
    if guides.how_to_play(game) is not None:
        assert f"How to play {game.title}" in out
        assert "RULINGS" not in out  # the rulings are the notes' business
    assert f"tradingfloor rules {game_id} --notes" in out


@pytest.mark.parametrize("game_id", registry.games())
def test_rules_notes_prints_the_rules_notes_with_the_rulings(game_id: str) -> None:
    code, out = run("rules", game_id, "--notes")
    assert code == 0, out
    assert "rules notes" in out
    assert "How to play" not in out.split("rules notes")[0]


def test_an_unknown_game_is_refused_with_the_games() -> None:
    code, out = run("rules", "chess")
    assert code != 0 and "the games are: businessmen, merlin, middleman" in out
