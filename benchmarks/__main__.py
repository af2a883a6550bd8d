"""Print the benchmark table: every figure, median of several runs, with min and max (the
soak: one run of ten minutes)."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table

from benchmarks import (
    fast,
    lab,
    memory,
    openspiel_anchor,
    reference,
    rl_steps,
    search,
    server_load,
    soak,
)
from benchmarks.harness import Measured, measure

SOURCES = [reference, fast, lab, rl_steps, search, openspiel_anchor, server_load, memory, soak]
NUMBERS = ("games/s", "actions/s", "x anchor")
MET = {True: "[green]yes[/green]", False: "[red]no[/red]", None: "-"}


def main(selected: list[str]) -> None:
    console = Console(width=max(140, Console().width))
    figures = [f for source in SOURCES for f in source.figures()]
    if selected:
        figures = [f for f in figures if any(word in f.name for word in selected)]
    measured: list[Measured] = []
    with console.status("measuring...") as status:
        for figure in figures:
            status.update(f"measuring {figure.name}")
            measured.append(measure(figure))
    console.print(_table(measured))
    for row in measured:
        console.print(f"[dim]{row.figure.name}: {row.figure.what}[/dim]")


def _table(rows: list[Measured]) -> Table:
    anchor = next((r for r in rows if r.figure.anchor), None)
    table = Table(title="tradingfloor benchmarks (median of runs; min-max)")
    columns = ("figure", "games/s", "actions/s", "x anchor", "target", "met", "notes")
    for column in columns:
        table.add_column(column, justify="right" if column in NUMBERS else "left")
    for row in rows:
        target = row.figure.target
        table.add_row(
            row.figure.name,
            _spread(row.median_games, row.games_per_s),
            _spread(row.median_actions, row.actions_per_s),
            f"{row.ratio(anchor):.3f}" if anchor and row.figure.versus_anchor else "-",
            target.text if target else "-",
            MET[row.met(anchor)],
            ", ".join(f"{k} {v}" for k, v in row.extra.items()),
        )
    return table


def _spread(median: float, values: list[float]) -> str:
    return f"{_rate(median)} ({_rate(min(values))}-{_rate(max(values))})"


def _rate(value: float) -> str:
    """A rate with about three significant digits below 100 (1.74, 17.4), whole above."""
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


if __name__ == "__main__":
    main(sys.argv[1:])
