"""`tradingfloor tune GAME`: search a game's numbers for the setting closest to a balance aim."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tradingfloor.cli.common import fail


def register(app: typer.Typer) -> None:
    app.command("tune")(tune)


def tune(
    game: Annotated[str, typer.Argument(help="game id, e.g. middleman")],
    seats: Annotated[str, typer.Option(help="bot kind per seat, comma-separated")],
    param: Annotated[
        list[str],
        typer.Option(
            help="a number to tune: option=LOW:HIGH (whole numbers when both are), option=a,b,c "
            "for choices, or data.<path>=LOW:HIGH for a data figure (repeatable)"
        ),
    ],
    objective: Annotated[
        list[str],
        typer.Option(
            help="what balance means: first-seat, length=LOW:HIGH, balance.NAME=TARGET, "
            "win-rate=AGENT:TARGET; each may end in @WEIGHT; several are summed (repeatable)"
        ),
    ],
    out: Annotated[Path, typer.Option(help="folder for tuning.html, tuning.json, trials.parquet")],
    trials: Annotated[int, typer.Option(min=1, help="settings to try")] = 30,
    games: Annotated[int, typer.Option(min=1, help="games per trial")] = 200,
    seed: Annotated[int, typer.Option(help="the seed of the games and of the search")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="local worker processes")] = 1,
    ray: Annotated[
        str | None,
        typer.Option(help="play on Ray: a cluster address, 'auto' (running cluster) or 'local'"),
    ] = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="a fixed game option, option=value")
    ] = None,
) -> None:
    """Try TRIALS settings of the tuned numbers (Optuna's TPE), GAMES games each, and report the
    setting whose figures come closest to the objective, played again on fresh seeds."""
    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.sim.objectives import parse_term
    from tradingfloor.sim.spec import RunSpec, parse_assignments
    from tradingfloor.sim.tune import parse_param

    try:
        spec = RunSpec(
            game=game,
            seats=tuple(s.strip() for s in seats.split(",") if s.strip()),
            games=games,
            seed=seed,
            options=parse_assignments(set_ or []),
        )
        params = [parse_param(text) for text in param]
        terms = [parse_term(text) for text in objective]
        tuned = {p.name for p in params}
        if tuned & set(spec.options):
            fail(f"{', '.join(sorted(tuned & set(spec.options)))} is both set and tuned")
        _tune(spec, params, terms, trials, workers, ray, out)
    except (TradingfloorError, ValueError) as err:
        fail(str(err))


def _tune(
    spec: Any, params: Any, terms: Any, trials: int, workers: int, ray: str | None, out: Path
) -> None:
    from rich.console import Console

    from tradingfloor.cli.simulate import _progress, run_about
    from tradingfloor.sim.run import prepared, run
    from tradingfloor.sim.tune import tune
    from tradingfloor.sim.tune_report import write_tuning

    console = Console()
    about = {**run_about(prepared(spec)), "trials": trials, "objective": [t.text for t in terms]}
    with _progress(console, unit="trials") as progress:
        bar = progress.add_task(f"tuning {spec.game}", total=trials + 1)

        def played(trial: Any) -> None:
            progress.advance(bar)
            shown = ", ".join(f"{k}={v}" for k, v in trial.params.items())
            progress.console.print(f"trial {trial.number}: {shown} -> {trial.objective:.4f}")

        result = tune(
            spec,
            params,
            terms,
            trials,
            seed=spec.seed,
            play=lambda s: run(s, workers, ray),
            on_trial=played,
        )
        progress.advance(bar)
    page = write_tuning(result, about, out)
    best = ", ".join(f"{k}={v}" for k, v in result.best.params.items())
    first = result.fresh.numbers["seats"][0]
    console.print(
        f"best: {best} (objective {result.best.objective:.4f}; on fresh seeds "
        f"{result.fresh.objective:.4f}, first seat {100 * first['rate']:.1f}% "
        f"({100 * first['low']:.1f}-{100 * first['high']:.1f}%) against a par of "
        f"{100 * first['par']:.1f}%)"
    )
    console.print(f"report: {page}")
