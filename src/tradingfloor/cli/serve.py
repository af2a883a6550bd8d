"""`tradingfloor serve`: the multiplayer web app (lobby, match pages, API) on one port."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option(
        None,
        "--db",
        envvar="TRADINGFLOOR_DB",
        help="database URL: a SQLite path or URL (default ./tradingfloor.db) or postgresql://...",
    ),
    bot_delay: float = typer.Option(0.5, help="seconds a bot waits before it acts"),
    log_level: str = typer.Option("info", help="uvicorn log level"),
) -> None:
    """Serve the web app: open http://HOST:PORT/ to create a match and invite friends."""
    import uvicorn

    from tradingfloor.cli.common import fail
    from tradingfloor.server.app import create_app
    from tradingfloor.server.interpreter import settle
    from tradingfloor.server.storage import DEFAULT_DB

    if bot_delay < 0:
        fail("--bot-delay must be 0 or more")
    try:
        web_app = create_app(db or DEFAULT_DB, bot_delay=bot_delay)
    except Exception as err:  # a bad URL or an unreachable database: say so, not a traceback
        fail(f"cannot open the database {db or DEFAULT_DB}: {err}")
    settle()
    typer.echo(f"tradingfloor: http://{host}:{port}/  (database {db or DEFAULT_DB})")
    # Views are small and go to nearby players: compressing each push costs more than it saves.
    uvicorn.run(
        web_app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_per_message_deflate=False,
    )
