"""`tradingfloor data GAME`: every number of a game that the lab can sweep and tune, by name."""

from __future__ import annotations

from typing import Annotated

import typer

from tradingfloor.cli.common import fail


def register(app: typer.Typer) -> None:
    app.command("data")(data)


def data(
    game: Annotated[str, typer.Argument(help="game id, e.g. merlin")],
    grep: Annotated[str | None, typer.Option(help="only the names that contain this text")] = None,
) -> None:
    """List every tunable number of GAME: its name (for --set, --sweep and --param), its default,
    what it takes, and where it lives."""
    import json

    from rich.console import Console
    from rich.table import Table

    from tradingfloor.core.errors import TradingfloorError
    from tradingfloor.core.registry import make
    from tradingfloor.sim.tunables import tunables

    try:
        found = tunables(make(game))
    except TradingfloorError as err:
        fail(str(err))
    shown = [t for t in found if grep is None or grep in t.name]
    table = Table(title=f"{game}: {len(shown)} tunable number{'' if len(shown) == 1 else 's'}")
    for column in ("name", "default", "takes", "where"):
        table.add_column(column, overflow="fold", no_wrap=column == "name")
    for tunable in shown:
        default = tunable.default
        # As --set takes it: a text as itself, anything else as JSON (true, 2.5).
        written = default if isinstance(default, str) else json.dumps(default)
        table.add_row(tunable.name, written, tunable.takes, tunable.where)
    Console().print(table)
