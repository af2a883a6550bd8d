"""The `tradingfloor` command. Each subcommand lives in its own module with a `register(app)`.

Modules import their heavy dependencies inside the command functions, so `--help` stays fast.
"""

from __future__ import annotations

import typer

from tradingfloor.cli import bench, data_cmd, play, replay, rules_cmd, serve, simulate, tune

app = typer.Typer(
    name="tradingfloor",
    help="The digital table for economic trading games: play, serve, simulate and tune, replay.",
    no_args_is_help=True,
    add_completion=False,
)

for module in (play, serve, simulate, tune, data_cmd, replay, bench, rules_cmd):
    module.register(app)

if __name__ == "__main__":
    app()
