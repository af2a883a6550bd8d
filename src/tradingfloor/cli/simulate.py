"""`tradingfloor simulate GAME`: play many games with bots, record them, and report on balance."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tradingfloor.cli.common import fail, need


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)


# The options `simulate` shares with `tune`.
Seats = Annotated[
    str,
    typer.Option(
        help="bot kind per seat, comma-separated, e.g. heuristic,random,random "
        "(ismcts:N and ismcts-tree:N search N iterations a move)"
    ),
]
Seed = Annotated[int, typer.Option(help="the run's seed; each game's is derived from it")]
Workers = Annotated[int, typer.Option(min=1, help="local worker processes")]
RayAddress = Annotated[
    str | None,
    typer.Option(help="play on Ray: a cluster address, 'auto' (running cluster) or 'local'"),
]
Settings = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="fix a game option or data figure: name=value (repeatable; "
        "`tradingfloor data GAME` lists the names); a list option's items are parted by "
        "commas: modules=economy,magic",
    ),
]


def simulate(
    game: Annotated[str, typer.Argument(help="game id, e.g. middleman")],
    seats: Seats,
    out: Annotated[
        Path, typer.Option(help="folder for games.parquet, seats.parquet and report.html")
    ],
    games: Annotated[int, typer.Option(min=1, help="games at each point of the sweep")] = 100,
    seed: Seed = 0,
    workers: Workers = 1,
    ray: RayAddress = None,
    set_: Settings = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            help="vary an option or data figure: name=v1,v2,... (repeatable: every "
            "combination of the values is played); a value of a list option joins its items "
            "with +: modules=economy,economy+magic"
        ),
    ] = None,
    reference: Annotated[
        bool, typer.Option(help="always use the rules engine, even where a batch engine exists")
    ] = False,
    report: Annotated[bool, typer.Option(help="write report.html")] = True,
) -> None:
    """Play GAMES games at each point of the sweep, seats rotated; write a row per game
    (games.parquet), a row per seat (seats.parquet) and a balance report (report.html)."""
    need("sim")
    if ray is not None:
        need("ray")
    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.sim.run import prepared
    from tradingfloor.sim.spec import parse_sweep

    try:
        sweeps = tuple(parse_sweep(text) for text in sweep or [])
        spec = prepared(run_spec(game, seats, games, seed, set_, sweeps))
    except (TradingfloorError, ValueError) as err:
        fail(str(err))
    _run_and_report(spec, workers, ray, out, reference, report)


def run_spec(
    game: str,
    seats: str,
    games: int,
    seed: int,
    settings: list[str] | None,
    sweeps: tuple[Any, ...] = (),
) -> Any:
    """The run the command line asks for (a `sim.spec.RunSpec`); ValueError where malformed."""
    from tradingfloor.sim.spec import RunSpec, parse_assignments

    return RunSpec(
        game=game,
        seats=tuple(seat.strip() for seat in seats.split(",") if seat.strip()),
        games=games,
        seed=seed,
        options=parse_assignments(settings or []),
        sweeps=sweeps,
    )


def _run_and_report(
    spec: Any, workers: int, ray: str | None, out: Path, reference: bool, report: bool
) -> None:
    from rich.console import Console

    from tradingfloor.sim.report import write_report
    from tradingfloor.sim.run import run
    from tradingfloor.sim.store import ROWS_FILE, SEATS_FILE, write_rows, write_seats

    console = Console()
    total = len(spec.tasks())
    from tradingfloor.sim.vectorized import vectorized_engine

    if not reference and vectorized_engine(spec.game, spec.tasks()) is not None:
        console.print("every seat has a vectorized policy: the batch engine plays this run")
    with progress_bar(console) as progress:
        task = progress.add_task(f"{spec.game}: {','.join(spec.seats)}", total=total)
        rows = run(
            spec, workers, ray, on_row=lambda _row: progress.advance(task), reference=reference
        )
    about = run_about(spec)
    path = write_rows(rows, out / ROWS_FILE, about)
    write_seats(rows, out / SEATS_FILE, about)
    console.print(f"{len(rows)} games written to {path} (a row per seat: {out / SEATS_FILE})")
    if report:
        page = write_report(rows, about, out)
        _print_summary(console, rows)
        _print_never_used(console, rows)
        _print_findings(console, page)
        console.print(f"report: {page}")


def run_about(spec: Any) -> dict[str, Any]:
    """What the run was: versions, the command, seeds and agents (the report's header and the
    Parquet files' metadata)."""
    import shlex
    import sys

    from tradingfloor import __version__
    from tradingfloor.sim.run import rule_summary

    rules = rule_summary(spec)
    swept = {name for name, _ in spec.sweeps}
    # The swept options vary from game to game: the header names them under their sweep.
    rules["options"] = {k: v for k, v in rules["options"].items() if k not in swept}
    about = {
        **rules,
        "tradingfloor": __version__,
        "command": shlex.join(["tradingfloor", *sys.argv[1:]]),
        "seats": list(spec.seats),
        "games per point": spec.games,
        "seed": spec.seed,
        "seats rotated": "game i turns the seat list by i",
    }
    for name, values in spec.sweeps:
        about[f"sweep {name}"] = list(values)
    return about


def _print_findings(console: Any, page: Path) -> None:
    import json

    from tradingfloor.sim.report import SUMMARY_FILE

    found = json.loads((page.parent / SUMMARY_FILE).read_text())["findings"]
    if not found:
        console.print("findings: every seat's 95% interval holds its par")
    for sentence in found:
        console.print(f"finding: {sentence}")


def progress_bar(console: Any, unit: str = "games") -> Any:
    """A Rich progress bar with the speed in `unit` per second, the time taken and left."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class GamesPerSecond(ProgressColumn):
        """The run's speed in games (or trials) per second."""

        def render(self, task: Any) -> Text:
            # Games done over time elapsed: a batch engine hands back all its games at once, which
            # Rich's windowed speed would report as a burst.
            elapsed = task.finished_time if task.finished else task.elapsed
            if not elapsed or not task.completed:
                return Text(f"-- {unit}/s")
            return Text(f"{task.completed / elapsed:.2f} {unit}/s")

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )


def _print_summary(console: Any, rows: list[dict[str, Any]]) -> None:
    from rich.table import Table

    from tradingfloor.sim import stats
    from tradingfloor.sim.ratings import rate

    table = Table(title="win rate per agent (per seat held), 95% CI")
    for column in ("agent", "win rate", "95% CI", "par", "seats played", "rating mu"):
        table.add_column(column)
    ratings = rate(rows)
    for agent, r in stats.by_agent(rows).items():
        table.add_row(agent, *_rate_texts(r), str(r.n), f"{ratings[agent].mu:.2f}")
    console.print(table)
    seats = Table(title="win rate per seat position, 95% CI")
    for column in ("seat", "win rate", "95% CI", "par"):
        seats.add_column(column)
    for seat, r in enumerate(stats.by_seat(rows)):
        seats.add_row(str(seat), *_rate_texts(r))
    console.print(seats)


def _rate_texts(rate: Any) -> tuple[str, str, str]:
    """A win rate, its interval and its par (`sim.stats.Rate`) as a table's cells."""
    par = "" if rate.par is None else f"{100 * rate.par:.1f}%"
    return f"{100 * rate.rate:.1f}%", f"{100 * rate.low:.1f}-{100 * rate.high:.1f}%", par


def _print_never_used(console: Any, rows: list[dict[str, Any]]) -> None:
    """One line per agent: the action types that no seat it held ever took."""
    from tradingfloor.sim import stats

    for agent, kinds in stats.never_used(stats.actions_by_agent(rows)).items():
        if kinds:
            console.print(f"{agent} never used: {', '.join(kinds)}")
        else:
            console.print(f"{agent} used every action type")
