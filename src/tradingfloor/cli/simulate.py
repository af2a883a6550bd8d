"""`tradingfloor simulate GAME`: play many games with bots, record them, and report on balance."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tradingfloor.cli.common import fail, need


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)


def simulate(
    game: Annotated[str, typer.Argument(help="game id, e.g. middleman")],
    seats: Annotated[
        str,
        typer.Option(
            help="bot kind per seat, comma-separated (ismcts:N, ismcts-tree:N: N iterations)"
        ),
    ],
    out: Annotated[Path, typer.Option(help="folder for games.parquet and report.html")],
    games: Annotated[int, typer.Option(min=1, help="games per sweep value")] = 100,
    seed: Annotated[int, typer.Option(help="the run's seed; each game's is derived from it")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="local worker processes")] = 1,
    ray: Annotated[
        str | None,
        typer.Option(help="play on Ray: a cluster address, 'auto' (running cluster) or 'local'"),
    ] = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="a game option, option=value (repeatable)")
    ] = None,
    sweep: Annotated[str | None, typer.Option(help="vary one option: option=v1,v2,...")] = None,
    reference: Annotated[
        bool, typer.Option(help="always use the rules engine, even where a batch engine exists")
    ] = False,
    report: Annotated[bool, typer.Option(help="write report.html")] = True,
) -> None:
    """Play GAMES games per sweep value, seats rotated; a Parquet row per game, and a report."""
    need("sim")
    if ray is not None:
        need("ray")
    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.sim.spec import RunSpec, parse_assignments, parse_sweep

    try:
        sweep_option, sweep_values = parse_sweep(sweep) if sweep else (None, ())
        spec = RunSpec(
            game=game,
            seats=tuple(s.strip() for s in seats.split(",") if s.strip()),
            games=games,
            seed=seed,
            options=parse_assignments(set_ or []),
            sweep_option=sweep_option,
            sweep_values=sweep_values,
        )
        from tradingfloor.sim.run import prepared

        spec = prepared(spec)
    except (TradingfloorError, ValueError) as err:
        fail(str(err))
    _run_and_report(spec, workers, ray, out, reference, report)


def _run_and_report(
    spec: Any, workers: int, ray: str | None, out: Path, reference: bool, report: bool
) -> None:
    from rich.console import Console

    from tradingfloor.sim.report import write_report
    from tradingfloor.sim.run import rule_summary, run
    from tradingfloor.sim.store import ROWS_FILE, write_rows

    console = Console()
    total = spec.games * max(1, len(spec.sweep_values))
    from tradingfloor.sim.vectorized import vectorized_engine

    if not reference and vectorized_engine(spec.game, spec.tasks()) is not None:
        console.print("every seat has a vectorized policy: the batch engine plays this run")
    with _progress(console) as progress:
        task = progress.add_task(f"{spec.game}: {','.join(spec.seats)}", total=total)
        rows = run(
            spec, workers, ray, on_row=lambda _row: progress.advance(task), reference=reference
        )
    path = write_rows(rows, out / ROWS_FILE)
    console.print(f"{len(rows)} games written to {path}")
    if report:
        about = {
            **rule_summary(spec),
            "seats": list(spec.seats),
            "games per value": spec.games,
            "seed": spec.seed,
            "seats rotated": "game i turns the seat list by i",
        }
        if spec.sweep_option:
            about["sweep"] = spec.sweep_option
            about["sweep values"] = list(spec.sweep_values)
        page = write_report(rows, about, out)
        _print_summary(console, rows)
        _print_never_used(console, rows)
        console.print(f"report: {page}")


def _progress(console: Any) -> Any:
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
        """The run's speed in games per second."""

        def render(self, task: Any) -> Text:
            # Games done over time elapsed: a batch engine hands back all its games at once, which
            # Rich's windowed speed would report as a burst.
            elapsed = task.finished_time if task.finished else task.elapsed
            if not elapsed or not task.completed:
                return Text("-- games/s")
            return Text(f"{task.completed / elapsed:.2f} games/s")

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
    for column in ("agent", "win rate", "95% CI", "seats played", "rating mu"):
        table.add_column(column)
    ratings = rate(rows)
    for agent, r in stats.by_agent(rows).items():
        table.add_row(
            agent,
            f"{100 * r.rate:.1f}%",
            f"{100 * r.low:.1f}-{100 * r.high:.1f}%",
            str(r.n),
            f"{ratings[agent].mu:.2f}",
        )
    console.print(table)
    seats = Table(title="win rate per seat position, 95% CI")
    for column in ("seat", "win rate", "95% CI"):
        seats.add_column(column)
    for seat, r in enumerate(stats.by_seat(rows)):
        seats.add_row(str(seat), f"{100 * r.rate:.1f}%", f"{100 * r.low:.1f}-{100 * r.high:.1f}%")
    console.print(seats)


def _print_never_used(console: Any, rows: list[dict[str, Any]]) -> None:
    """One line per agent: the action types that no seat it held ever took."""
    from tradingfloor.sim import stats

    for agent, kinds in stats.never_used(stats.actions_by_agent(rows)).items():
        if kinds:
            console.print(f"{agent} never used: {', '.join(kinds)}")
        else:
            console.print(f"{agent} used every action type")
