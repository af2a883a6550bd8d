"""`tradingfloor serve`: the multiplayer web app (lobby, match pages, API) on one port."""

from __future__ import annotations

from typing import Annotated

import typer

LIMITS = "Limits on strangers (0 switches a count off)"
HOSTING = "Bots and matches"


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
    create_per_minute: int = typer.Option(
        30,
        envvar="TRADINGFLOOR_CREATE_PER_MINUTE",
        help="matches one client address may create a minute (then 429 with Retry-After)",
        rich_help_panel=LIMITS,
    ),
    max_body: int = typer.Option(
        1_048_576,
        envvar="TRADINGFLOOR_MAX_BODY",
        help="largest request body in bytes (413 past it, before the body is read)",
        rich_help_panel=LIMITS,
    ),
    body_timeout: float = typer.Option(
        30.0,
        envvar="TRADINGFLOOR_BODY_TIMEOUT",
        help="seconds a request body may take to arrive (408 after)",
        rich_help_panel=LIMITS,
    ),
    header_timeout: float = typer.Option(
        5.0,
        envvar="TRADINGFLOOR_HEADER_TIMEOUT",
        help="seconds a connection may take to send a request's headers before it is closed",
        rich_help_panel=LIMITS,
    ),
    keep_alive: int = typer.Option(
        5,
        envvar="TRADINGFLOOR_KEEP_ALIVE",
        help="seconds an idle kept-alive connection stays open",
        rich_help_panel=LIMITS,
    ),
    connections_per_address: int = typer.Option(
        256,
        envvar="TRADINGFLOOR_CONNECTIONS_PER_ADDRESS",
        help="open connections from one client address (proxies excepted)",
        rich_help_panel=LIMITS,
    ),
    sockets_per_match: int = typer.Option(
        128,
        envvar="TRADINGFLOOR_SOCKETS_PER_MATCH",
        help="live WebSockets on one match",
        rich_help_panel=LIMITS,
    ),
    sockets_per_address: int = typer.Option(
        64,
        envvar="TRADINGFLOOR_SOCKETS_PER_ADDRESS",
        help="live WebSockets from one client address",
        rich_help_panel=LIMITS,
    ),
    proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--proxy",
            envvar="TRADINGFLOOR_PROXIES",
            metavar="ADDRESS",
            help="address of a reverse proxy in front of the server (repeat for several): only "
            "then is X-Forwarded-For believed, and the limits count the address it names",
            rich_help_panel=LIMITS,
        ),
    ] = None,
    bot_processes: int = typer.Option(
        0,
        envvar="TRADINGFLOOR_BOT_PROCESSES",
        help="worker processes in which searching bots think (0: one per core)",
        rich_help_panel=HOSTING,
    ),
    bot_seconds: float = typer.Option(
        2.0,
        envvar="TRADINGFLOOR_BOT_SECONDS",
        help="a bot's time budget for one decision (past it: the game's heuristic move)",
        rich_help_panel=HOSTING,
    ),
    max_running: int = typer.Option(
        1000,
        envvar="TRADINGFLOOR_MAX_RUNNING",
        help="running matches held at once; more are refused (503) until some end (0: no cap)",
        rich_help_panel=HOSTING,
    ),
) -> None:
    """Serve the web app: open http://HOST:PORT/ to create a match and invite friends."""
    from tradingfloor.cli.common import fail, need

    need("server")
    import uvicorn

    from tradingfloor.server.app import create_app
    from tradingfloor.server.connections import MAX_HEADER_BYTES, protocol, raise_open_files
    from tradingfloor.server.interpreter import settle
    from tradingfloor.server.limits import Limits
    from tradingfloor.server.runtime import Hosting
    from tradingfloor.server.storage import DEFAULT_DB

    if bot_delay < 0:
        fail("--bot-delay must be 0 or more")
    counts = {
        "--create-per-minute": create_per_minute,
        "--connections-per-address": connections_per_address,
        "--sockets-per-match": sockets_per_match,
        "--sockets-per-address": sockets_per_address,
    }
    for name, count in counts.items():
        if count < 0:
            fail(f"{name} must be 0 (no limit) or more")
    if max_body < 1 or body_timeout <= 0 or header_timeout <= 0 or keep_alive < 1:
        fail("--max-body, --body-timeout, --header-timeout and --keep-alive must be above 0")
    if bot_processes < 0 or max_running < 0 or bot_seconds <= 0:
        fail("--bot-processes and --max-running must be 0 or more, --bot-seconds above 0")
    hosting = Hosting(bot_processes=bot_processes, bot_seconds=bot_seconds, max_running=max_running)
    proxies = tuple(p.strip() for item in proxy or [] for p in item.split(",") if p.strip())
    limits = Limits(
        create_per_minute=create_per_minute,
        max_body=max_body,
        body_timeout=body_timeout,
        header_timeout=header_timeout,
        keep_alive=keep_alive,
        connections_per_address=connections_per_address,
        sockets_per_match=sockets_per_match,
        sockets_per_address=sockets_per_address,
        proxies=proxies,
    )
    try:
        web_app = create_app(db or DEFAULT_DB, bot_delay=bot_delay, limits=limits, hosting=hosting)
    except Exception as err:  # a bad URL or an unreachable database: say so, not a traceback
        fail(f"cannot open the database {db or DEFAULT_DB}: {err}")
    settle()
    raise_open_files()
    typer.echo(f"tradingfloor: http://{host}:{port}/  (database {db or DEFAULT_DB})")
    uvicorn.run(
        web_app,
        host=host,
        port=port,
        log_level=log_level,
        http=protocol(limits),
        timeout_keep_alive=keep_alive,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) or None,
        server_header=False,
        ws="websockets-sansio",
        # Views are small and go to nearby players: compressing each push costs more than it saves.
        ws_per_message_deflate=False,
        ws_max_size=65_536,  # a client only ever sends its hello
    )
