"""`tradingfloor bench`: print the benchmark table (the same as `make bench`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer

from tradingfloor.cli.common import fail

# The measurements live in the repository's benchmarks/ folder, beside this (editable) install.
REPO = Path(__file__).resolve().parents[3]


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)


def bench(
    only: Annotated[
        list[str] | None, typer.Argument(help="measure only figures named with one of these words")
    ] = None,
) -> None:
    """Measure every engine's throughput and print one table, with OpenSpiel as the anchor."""
    if not (REPO / "benchmarks" / "__main__.py").exists():
        fail(f"the benchmarks folder is not beside this install (looked in {REPO})")
    command = [sys.executable, "-m", "benchmarks", *(only or [])]
    raise typer.Exit(subprocess.call(command, cwd=REPO))
