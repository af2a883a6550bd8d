"""Print the benchmark table: every figure, median of several runs, with min and max (the
soak: one run of ten minutes)."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table

from benchmarks import fast, openspiel_anchor, reference, server_load, soak
from benchmarks.harness import Measured, measure

SOURCES = [reference, fast, openspiel_anchor, server_load, soak]


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
    for column in ("figure", "games/s", "actions/s", "x anchor", "notes"):
        table.add_column(column, justify="left" if column in ("figure", "notes") else "right")
    for row in rows:
        ratio = f"{row.median_games / anchor.median_games:.2f}" if anchor else "-"
        table.add_row(
            row.figure.name,
            _spread(row.median_games, row.games_per_s),
            _spread(row.median_actions, row.actions_per_s),
            ratio,
            ", ".join(f"{k} {v}" for k, v in row.extra.items()),
        )
    return table


def _spread(median: float, values: list[float]) -> str:
    return f"{median:,.0f} ({min(values):,.0f}-{max(values):,.0f})"


if __name__ == "__main__":
    main(sys.argv[1:])
