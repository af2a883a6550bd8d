"""`tradingfloor replay FILE`: step through a recorded game in the terminal."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated, Any

import typer

from tradingfloor.cli.common import fail


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)


def replay(
    file: Annotated[Path, typer.Argument(help="a match record (JSON) or a games.parquet")],
    game_index: Annotated[int, typer.Option("--game", help="which game of a Parquet file")] = 0,
    seat: Annotated[
        int | None, typer.Option(help="show this seat's view, not a spectator's")
    ] = None,
    final: Annotated[bool, typer.Option(help="show only the final table")] = False,
) -> None:
    """Print a recorded game step by step with the game's terminal renderer (or its view)."""
    from rich.console import Console

    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.core.record import MatchRecord

    if not file.exists():
        fail(f"no such file: {file}")
    try:
        record = MatchRecord.loads(_record_text(file, game_index))
        _show(Console(), record, seat, final)
    except TradingfloorError as err:
        fail(str(err))


def _record_text(file: Path, game_index: int) -> str:
    """The JSON of the record in `file`: the file itself, or one row's record in a Parquet file."""
    if file.suffix != ".parquet":
        return file.read_text(encoding="utf-8")
    from tradingfloor.sim.store import read_rows

    rows = [row for row in read_rows(file) if row.get("index") == game_index]
    if not rows or not rows[0].get("record"):
        fail(f"{file} holds no recorded game with index {game_index}")
    return str(rows[0]["record"])


def _show(console: Any, record: Any, seat: int | None, final: bool) -> None:
    from tradingfloor.core.record import replay as replay_record
    from tradingfloor.core.registry import make

    game = make(record.game)
    state = replay_record(record, 0)
    console.rule(f"{game.title} (rules version {record.version}), options {record.options}")
    if not final:
        console.print(_render(game, state, seat))
    for index, move in enumerate(record.moves):
        before = set(game.actors(state))
        state = game.apply(state, move.seat, game.parse_action(move.action))
        after = set(game.actors(state))
        if final:
            continue
        console.print(f"[bold]move {index + 1}[/bold]: seat {move.seat} sends {move.action}")
        if not (after and after == before - {move.seat}):  # a step resolved: show the table
            console.print(_render(game, state, seat))
    if final:
        console.print(_render(game, state, seat))
    result = game.result(state)
    console.rule("result" if result else "the record ends before the game does")
    if result is not None:
        console.print(result.to_json())


def _render(game: Any, state: Any, seat: int | None) -> Any:
    """The game's own terminal rendering of the view, or a panel of the view's JSON."""
    from rich.panel import Panel
    from rich.pretty import Pretty

    view = game.view(state, seat)
    try:
        terminal = importlib.import_module(f"tradingfloor.games.{game.id}.terminal")
    except ModuleNotFoundError:
        terminal = None
    render = getattr(terminal, "render", None)
    if callable(render):
        return render(view)
    who = "spectator" if seat is None else f"seat {seat}"
    return Panel(Pretty(view), title=f"{game.id}: {who}'s view")
