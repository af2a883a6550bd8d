"""`tradingfloor rules GAME`: print a game's rules notes."""

from __future__ import annotations

from pathlib import Path

import typer

from tradingfloor.cli.common import fail

# The notes live in the repository's docs/rules/, beside the source tree of this (editable) install.
RULES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("games")(list_games)


def rules(game: str = typer.Argument(..., help="game id, e.g. middleman")) -> None:
    """Print GAME's short player's guide, where it has one, then its rules notes: its rules in the
    project's words, with every ruling."""
    from rich.console import Console
    from rich.markdown import Markdown

    import tradingfloor

    if game not in tradingfloor.games():
        fail(f"unknown game {game!r}; the games are: {', '.join(tradingfloor.games())}")
    notes = RULES_DIR / f"{game}.md"
    if not notes.exists():
        fail(f"no rules notes for {game} at {notes}")
    console = Console()
    guide = getattr(tradingfloor.make(game), "how_to_play", None)
    if callable(guide):
        console.print(Markdown(guide()))
        console.rule("Rules notes: every ruling, with the rule text it settles")
    console.print(Markdown(notes.read_text(encoding="utf-8")))


def list_games() -> None:
    """List the registered games."""
    import tradingfloor

    for game_id in tradingfloor.games():
        game = tradingfloor.make(game_id)
        typer.echo(f"{game_id}\t{game.title} (rules version {game.version})")
