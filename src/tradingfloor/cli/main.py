"""The `tradingfloor` command. Each subcommand lives in its own module with a `register(app)`.

Modules import their heavy dependencies inside the command functions, so `--help` stays fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tradingfloor.cli import bench, data_cmd, play, replay, rules_cmd, serve, simulate, tune
from tradingfloor.extras import MissingExtra

app = typer.Typer(
    name="tradingfloor",
    help="The digital table for economic trading games: play, serve, simulate and tune, replay.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(wanted: bool) -> None:
    if wanted:
        from tradingfloor import __version__

        typer.echo(f"tradingfloor {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    """The options before a command."""


for module in (play, serve, simulate, tune, data_cmd, replay, bench, rules_cmd):
    module.register(app)


def main() -> None:
    """Run the command; a part used without its pip extra is one line saying what to install."""
    try:
        app()
    except MissingExtra as missing:
        typer.secho(f"error: {missing}", err=True, fg=typer.colors.RED)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
