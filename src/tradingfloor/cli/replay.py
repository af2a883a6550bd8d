"""`tradingfloor replay FILE`: step through a recorded game in the terminal, a key press a step.

FILE is a match record: the `--record` of `tradingfloor play`, the record a finished match's web
page downloads, or a row of the lab's `games.parquet` (`--game N` picks the row by its index).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from tradingfloor.cli.common import fail, need

KEYS = "Enter or space: next step · n: next chapter · a: all the rest · q: quit"


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)


def replay(
    file: Annotated[Path, typer.Argument(help="a match record (JSON) or a games.parquet")],
    game_index: Annotated[int, typer.Option("--game", help="which game of a Parquet file")] = 0,
    seat: Annotated[
        int | None, typer.Option(help="show this seat's view (1 for the first), not a spectator's")
    ] = None,
    final: Annotated[bool, typer.Option(help="show only the final table")] = False,
    all_steps: Annotated[
        bool, typer.Option("--all", help="print every step without waiting for a key")
    ] = False,
) -> None:
    """Step through a recorded game with the game's terminal renderer, a key press a step."""
    from rich.console import Console

    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.core.record import MatchRecord

    if not file.exists():
        fail(f"no such file: {file}")
    text = _record_text(file, game_index)
    try:
        record = MatchRecord.loads(text)
        shown = None if seat is None else _seat(record, seat)
        paused = not (final or all_steps) and sys.stdin.isatty() and sys.stdout.isatty()
        _show(Console(highlight=False), Replay(record, _names(text), shown), final, paused)
    except TradingfloorError as err:
        fail(str(err))


def _seat(record: Any, seat: int) -> int:
    """The seat index of a seat numbered from 1, or a clear error."""
    from tradingfloor.core.record import replay as replay_record
    from tradingfloor.core.registry import make

    players = make(record.game).players(replay_record(record, 0))
    if not 1 <= seat <= players:
        fail(f"this game has seats 1 to {players}, not {seat}")
    return seat - 1


def _record_text(file: Path, game_index: int) -> str:
    """The JSON of the record in `file`: the file itself, or one row's record in a Parquet file."""
    if file.suffix != ".parquet":
        return file.read_text(encoding="utf-8")
    need("sim")  # the lab's Parquet files are read with pyarrow
    from tradingfloor.sim.store import read_rows

    rows = [row for row in read_rows(file) if row.get("index") == game_index]
    if not rows:
        fail(f"{file} holds no game with index {game_index}")
    if not rows[0].get("record"):
        fail(f"game {game_index} of {file} was written without its record")
    return str(rows[0]["record"])


def _names(text: str) -> list[str]:
    """The seats' names a web record carries (its `seats`), else none."""
    try:
        seats = json.loads(text).get("seats") or []
        return [str(s.get("name") or f"Seat {s['seat'] + 1}") for s in seats]
    except (AttributeError, KeyError, TypeError, ValueError):
        return []


@dataclass
class Replay:
    """A record with the game it is of, and the names to show for its seats."""

    record: Any
    names: list[str]
    seat: int | None

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"


@dataclass
class Step:
    """What one step of the game shows: its moves in words, and the table after it."""

    lines: list[str]
    state: Any
    chapter: str


def steps(game: Any, replay: Replay) -> Iterator[Step]:
    """The game a step at a time: the moves up to each one that changes the table."""
    from tradingfloor.core.record import replay as replay_record

    state = replay_record(replay.record, 0)
    lines: list[str] = []
    for move in replay.record.moves:
        before = set(game.actors(state))
        action = game.parse_action(move.action)
        lines.append(f"{replay.name(move.seat)}: {_move_words(game, state, move.seat, action)}")
        state = game.apply(state, move.seat, action)
        after = set(game.actors(state))
        if after and after == before - {move.seat}:
            continue  # others of a sealed step still to commit: nothing to see yet
        yield Step(lines, state, _chapter(game, state, replay.seat))
        lines = []


def _move_words(game: Any, state: Any, seat: int, action: Any) -> str:
    words = getattr(game, "move_words", None)
    if callable(words):
        return str(words(state, seat, action))
    return json.dumps(action.to_json() if hasattr(action, "to_json") else action)


def _chapter(game: Any, state: Any, seat: int | None) -> str:
    return str(game.view(state, seat).get("chapter") or "")


def _show(console: Any, replay: Replay, final: bool, paused: bool) -> None:
    from tradingfloor.core.record import replay as replay_record
    from tradingfloor.core.registry import make

    record = replay.record
    game = make(record.game)
    state = replay_record(record, 0)
    console.rule(f"{game.title} (rules version {record.version})")
    if paused:
        console.print(f"[dim]{KEYS}[/dim]")
    if not final:
        console.print(_render(game, state, replay))
    skipping_to: str | None = None
    for step in steps(game, replay):
        state = step.state
        if final or (skipping_to is not None and step.chapter == skipping_to):
            continue
        skipping_to = None
        console.print("\n".join(f"[bold]{line}[/bold]" for line in _named(step.lines, replay)))
        console.print(_render(game, state, replay))
        if paused:
            key = _key(console, step.chapter)
            if key == "q":
                break
            if key == "n":
                skipping_to = step.chapter
            if key == "a":
                paused = False
    if final:
        console.print(_render(game, state, replay))
    _result(console, game, state, replay)


def _key(console: Any, chapter: str) -> str:
    """Wait for one key press."""
    import click

    console.print(f"[dim]{chapter} · {KEYS}[/dim]", end="")
    key = click.getchar()
    console.print()
    return key.lower()


def _named(lines: list[str], replay: Replay) -> list[str]:
    from tradingfloor.core.words import capital, fill

    return [capital(fill(line, replay.name)) for line in lines]


def _result(console: Any, game: Any, state: Any, replay: Replay) -> None:
    from tradingfloor.core.words import capital, fill

    result = game.result(state)
    console.rule("the result" if result else "the record ends before the game does")
    if result is None:
        return
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    for s in order:
        won = " (wins)" if s in result.winners else ""
        console.print(f"{result.ranks[s]}. {replay.name(s)}: {result.scores[s]:g}{won}")
    console.print(result.reason)
    for line in game.view(state, replay.seat).get("recap", []):
        console.print(capital(fill(line, replay.name)))


def _render(game: Any, state: Any, replay: Replay) -> Any:
    """The game's own terminal rendering of the view, or a panel of the view's JSON."""
    import importlib

    from rich.panel import Panel
    from rich.pretty import Pretty

    view = game.view(state, replay.seat)
    try:
        terminal = importlib.import_module(f"tradingfloor.games.{game.id}.terminal")
    except ModuleNotFoundError:
        terminal = None
    render = getattr(terminal, "render", None)
    if callable(render):
        return render(view)
    who = "a spectator" if replay.seat is None else replay.name(replay.seat)
    return Panel(Pretty(view), title=f"{game.title}, as {who} sees it")
