"""`tradingfloor tune GAME`: search a game's numbers for the setting closest to a balance aim."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tradingfloor.cli.common import fail, need
from tradingfloor.cli.simulate import RayAddress, Seats, Settings, Workers, run_spec


def register(app: typer.Typer) -> None:
    app.command("tune")(tune)


def tune(
    game: Annotated[str, typer.Argument(help="game id, e.g. middleman")],
    seats: Seats,
    param: Annotated[
        list[str],
        typer.Option(
            help="a number to tune: name=LOW:HIGH (whole numbers when both are) or name=a,b,c "
            "for choices (a list option's choice joins its items with +: "
            "modules=economy,economy+magic); an option or a data figure, data.<path> "
            "(repeatable; `tradingfloor data GAME` lists the names)"
        ),
    ],
    objective: Annotated[
        list[str],
        typer.Option(
            help="what balance means: first-seat (the first seat's win rate at its par), "
            "length=LOW:HIGH (mean actions a game), balance.NAME=TARGET (a balance figure's "
            "mean), win-rate=AGENT:TARGET; each may end in @WEIGHT; several are summed "
            "(repeatable)"
        ),
    ],
    out: Annotated[Path, typer.Option(help="folder for tuning.html, tuning.json, trials.parquet")],
    trials: Annotated[int, typer.Option(min=1, help="settings to try")] = 30,
    games: Annotated[
        int, typer.Option(min=1, help="games per trial (every trial plays the same seeds)")
    ] = 200,
    seed: Annotated[int, typer.Option(help="the seed of the games and of the search")] = 0,
    workers: Workers = 1,
    ray: RayAddress = None,
    set_: Settings = None,
    reference: Annotated[
        bool,
        typer.Option(
            help="always use the rules engine (it plays every trial anyway where the batch "
            "engine cannot play every setting tried)"
        ),
    ] = False,
) -> None:
    """Try TRIALS settings of the tuned numbers (Optuna's TPE sampler), GAMES games each, and
    report the setting whose figures come closest to the objective, played again on fresh seeds."""
    import importlib.util

    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.sim.objectives import parse_term
    from tradingfloor.sim.tune import parse_param

    need("sim")
    if importlib.util.find_spec("optuna") is None:  # the sim extra installs it
        fail("tuning needs optuna, which is not installed: pip install 'tradingfloor[sim]'")
    try:
        spec = run_spec(game, seats, games, seed, set_)
        params = [parse_param(text) for text in param]
        terms = [parse_term(text) for text in objective]
        tuned = {p.name for p in params}
        if tuned & set(spec.options):
            fail(f"{', '.join(sorted(tuned & set(spec.options)))} is both set and tuned")
        _tune(spec, params, terms, trials, workers, ray, out, reference)
    except (TradingfloorError, ValueError) as err:
        fail(str(err))


def _about(spec: Any, params: Any, terms: Any, trials: int) -> dict[str, Any]:
    """The tuning's header: the run's, less the tuned options; what was tuned, toward what."""
    from tradingfloor.cli.simulate import run_about
    from tradingfloor.sim.run import prepared

    about = run_about(prepared(spec))
    tuned = [param.name for param in params]
    about["options"] = {k: v for k, v in about["options"].items() if k not in tuned}
    about["games per trial"] = about.pop("games per point")
    return {**about, "tuned": tuned, "trials": trials, "objective": [t.text for t in terms]}


def _tune(
    spec: Any,
    params: Any,
    terms: Any,
    trials: int,
    workers: int,
    ray: str | None,
    out: Path,
    reference: bool,
) -> None:
    from rich.console import Console

    from tradingfloor.cli.simulate import progress_bar
    from tradingfloor.sim.run import run
    from tradingfloor.sim.tune import batch_plays_every_trial, tune
    from tradingfloor.sim.tune_report import write_tuning

    console = Console()
    about = _about(spec, params, terms, trials)
    reference = reference or not batch_plays_every_trial(spec, params)
    if reference:
        console.print("the rules engine plays every trial (the same engine for every setting)")
    with progress_bar(console, unit="trials") as progress:
        bar = progress.add_task(f"tuning {spec.game}", total=trials + 1)

        def played(trial: Any) -> None:
            progress.advance(bar)
            shown = _setting(trial.params)
            progress.console.print(f"trial {trial.number}: {shown} -> {trial.objective:.4f}")

        result = tune(
            spec,
            params,
            terms,
            trials,
            seed=spec.seed,
            play=lambda s: run(s, workers, ray, reference=reference),
            on_trial=played,
        )
        progress.advance(bar)
    page = write_tuning(result, about, out)
    best = _setting(result.best.params)
    first = result.fresh.numbers["seats"][0]
    console.print(
        f"best: {best} (objective {result.best.objective:.4f}; on fresh seeds "
        f"{result.fresh.objective:.4f}, first seat {100 * first['rate']:.1f}% "
        f"({100 * first['low']:.1f}-{100 * first['high']:.1f}%) against a par of "
        f"{100 * first['par']:.1f}%)"
    )
    console.print(f"report: {page}")


def _setting(params: dict[str, Any]) -> str:
    """A setting as the command line writes it: guarded=true, players=3, name=text."""
    import json

    from tradingfloor.sim.figures import point_label

    return point_label(json.dumps(params))
