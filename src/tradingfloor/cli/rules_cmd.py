"""`tradingfloor rules GAME`: a game's short player's rules; with --notes, its rules notes."""

from __future__ import annotations

from typing import Annotated

import typer

from tradingfloor.cli.common import fail


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("games")(list_games)


def rules(
    game: Annotated[str, typer.Argument(help="game id, e.g. middleman")],
    notes: Annotated[
        bool,
        typer.Option(
            "--notes", help="print the rules notes instead: every ruling, with the rule it settles"
        ),
    ] = False,
) -> None:
    """Print GAME's short player's rules: how to play. With --notes, the rules notes: the rules in
    the project's words, with every ruling and the rule text it settles."""
    from rich.console import Console
    from rich.markdown import Markdown

    import tradingfloor
    from tradingfloor.core import guides

    if game not in tradingfloor.games():
        fail(f"unknown game {game!r}; the games are: {', '.join(tradingfloor.games())}")
    console = Console()
    if notes:
        text = guides.rules_notes(game)
        if text is None:
            fail(f"no rules notes for {game} at {guides.RULES_DIR / (game + '.md')}")
        console.print(Markdown(text))
        return
    guide = guides.how_to_play(tradingfloor.make(game))
    if guide is None:
        about = guides.blurb(tradingfloor.make(game))
        console.print(f"{about}\n\nThis game has no short rules yet: see its rules notes with")
        console.print(f"  tradingfloor rules {game} --notes", markup=False)
        return
    console.print(Markdown(guide))
    console.print(
        f"\nEvery ruling, with the rule text it settles: tradingfloor rules {game} --notes",
        markup=False,
        style="dim",
    )


def list_games() -> None:
    """List the registered games."""
    import tradingfloor

    for game_id in tradingfloor.games():
        game = tradingfloor.make(game_id)
        typer.echo(f"{game_id}\t{game.title} (rules version {game.version})")
