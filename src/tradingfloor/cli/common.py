"""Helpers shared by the CLI commands."""

from __future__ import annotations

from typing import NoReturn

import typer

from tradingfloor.extras import MissingExtra, require


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a clear error and exit."""
    typer.secho(f"error: {message}", err=True, fg=typer.colors.RED)
    raise typer.Exit(code)


def need(extra: str) -> None:
    """Exit with one line naming the pip extra to install, unless `extra` is installed."""
    try:
        require(extra)
    except MissingExtra as missing:
        fail(str(missing))
