"""`tradingfloor serve`: its options, and how it reads database URLs."""

from __future__ import annotations

from typer.testing import CliRunner

from tradingfloor.cli.main import app
from tradingfloor.server.storage import normalize_url


def test_serve_is_a_command_with_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay"):
        assert option in result.output


def test_serve_refuses_a_negative_bot_delay() -> None:
    result = CliRunner().invoke(app, ["serve", "--bot-delay", "-1"])
    assert result.exit_code == 2
    assert "--bot-delay" in result.output


def test_database_urls() -> None:
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("games.db") == "sqlite:///games.db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
