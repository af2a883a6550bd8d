"""Running a simulation: check the spec, choose the engine and backend, collect the rows."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tradingfloor.agents import kinds
from tradingfloor.core.registry import make
from tradingfloor.sim.backends import OnRow, run_local, run_ray
from tradingfloor.sim.lists import list_options, with_lists
from tradingfloor.sim.match import Row
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.vectorized import vectorized_engine


def prepared(spec: RunSpec) -> RunSpec:
    """`spec` checked against its game, with `players` set from the seats where the game has it.

    Raises UnknownGame, BadOptions or ValueError (unknown bot kind) before any game is played.
    """
    game = make(spec.game)
    if not spec.seats:
        raise ValueError("name at least one seat")
    catalogue = kinds(game)
    for seat in spec.seats:
        if seat.partition(":")[0] not in catalogue:
            raise ValueError(
                f"unknown bot kind {seat!r} for {game.id}; choose from {', '.join(catalogue)}"
            )
    spec = with_lists(spec, list_options(game))  # modules=economy,magic is a list
    options = dict(spec.options)
    swept = {name for name, _ in spec.sweeps}
    if "players" in game.options() and "players" not in options and "players" not in swept:
        options["players"] = len(spec.seats)
    spec = replace(spec, options=options)
    for task in replace(spec, games=1).tasks():  # one game at each point of the grid
        game.options(task.options)  # BadOptions names what is wrong
    return spec


def run(
    spec: RunSpec,
    workers: int = 1,
    ray_address: str | None = None,
    on_row: OnRow | None = None,
    reference: bool = False,
) -> list[Row]:
    """Every game of `spec`, as rows in index order.

    A game's batch engine plays the run when it has a policy for every seat (see `vectorized`) and
    `reference` is not asked; otherwise the rules engine plays it, on Ray when `ray_address` is
    given ("auto" joins the running cluster, "local" starts one here), else on `workers`
    local processes.
    """
    tasks = prepared(spec).tasks()
    batch = None if reference else vectorized_engine(spec.game, tasks, workers)
    if batch is not None:
        rows = batch(tasks)
        if on_row is not None:
            for row in rows:
                on_row(row)
        return rows
    if ray_address is not None:
        # "local" starts a Ray instance on this machine; "auto" or an address joins a cluster.
        return run_ray(tasks, None if ray_address == "local" else ray_address, on_row)
    return run_local(tasks, workers, on_row)


def rule_summary(spec: RunSpec) -> dict[str, Any]:
    """The rule version and the options of a run, for its report."""
    game = make(spec.game)
    options = prepared(spec).options
    return {
        "game": game.id,
        "title": game.title,
        "version": game.version,
        "options": game.options(options),
    }
