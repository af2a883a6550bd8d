"""The FastAPI app: lobby, views, actions, live updates, the finished game's record and replay."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

import anyio
from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from uvicorn.protocols.utils import ClientDisconnected

import tradingfloor
from tradingfloor.agents import bot_words, kinds
from tradingfloor.core import guides, plain, registry
from tradingfloor.core.errors import BadOptions
from tradingfloor.server import edge, file_options, pages, refusals, wire
from tradingfloor.server.limits import (
    CreationRate,
    Limits,
    SocketCount,
    client_address,
    more_values_than,
    retry_after,
)
from tradingfloor.server.runtime import Hosting, Runtime, Subscriber
from tradingfloor.server.service import (
    ApiError,
    BadRequest,
    Forbidden,
    MatchService,
    NotFound,
    SeatRequest,
    Unauthorized,
    Unprocessable,
)
from tradingfloor.server.storage import Store, default_url
from tradingfloor.server.updates import listing, match_summary, update_for

WEB = pages.WEB
log = logging.getLogger("tradingfloor.server")
Token = Annotated[str | None, Header(alias="Authorization", description="Bearer <seat token>")]
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # what the service makes ids of (hex)
problems = wire.problems


class TooMany(ApiError):
    """A stranger over a limit: try again after `retry` seconds."""

    status = 429

    def __init__(self, message: str, retry: float) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": retry_after(retry)}


def create_app(
    db: str | None = None,
    bot_delay: float = 0.5,
    poll: float = 0.5,
    limits: Limits | None = None,
    hosting: Hosting | None = None,
) -> FastAPI:
    """The web app over the database at `db` (default: TRADINGFLOOR_DB or ./tradingfloor.db),
    with the limits a stranger meets (default: `Limits()`) and how it hosts matches and bots
    (default: `Hosting()`)."""
    limits = limits or Limits()
    hosting = hosting or Hosting()
    store = Store(db or default_url())
    service = MatchService(store, max_running=hosting.max_running)
    runtime = Runtime(service, bot_delay=bot_delay, poll=poll, hosting=hosting)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await runtime.start()
        yield
        await runtime.stop()
        store.close()

    app = FastAPI(
        title="tradingfloor",
        summary="Play economic trading games with friends and bots.",
        description=(
            "Seats act with `Authorization: Bearer <seat token>`; each action carries the `seq` of "
            "the state it was made against (409 if the table has moved on). Live updates: open the "
            'WebSocket `/api/matches/{match_id}/ws`, send `{"token": ...}` (or `{}` to watch), '
            'and receive `{"type": "update", ...}` (the Update schema) on every change.'
        ),
        version=tradingfloor.__version__,
        lifespan=lifespan,
        docs_url=None,  # served by `pages` from local files, so that /docs works offline
        redoc_url=None,
    )
    app.state.service = service
    app.state.runtime = runtime
    app.state.limits = limits
    plain_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = wire.without_validator_shapes(plain_openapi())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    # The last added runs first: headers go on every answer, the body guard's refusals included.
    app.add_middleware(edge.BodyGuard, limit=limits.max_body, timeout=limits.body_timeout)
    app.add_middleware(edge.Headers)
    refusals.install(app)
    pages.install(app)
    _games_api(app, limits)
    _matches_api(app, service, runtime, limits)
    _live_api(app, service, runtime, limits)
    return app


def _games_api(app: FastAPI, limits: Limits) -> None:
    @app.get("/api/games", response_model=list[wire.GameInfo], tags=["lobby"])
    async def list_games() -> list[dict[str, Any]]:
        """Every registered game, its option and action schemas, its bot kinds and its renderer."""
        return [_game_info(game_id) for game_id in registry.games()]

    @app.post(
        "/api/games/{game_id}/preview",
        response_model=wire.Preview,
        tags=["lobby"],
        responses=problems(400, 404, 408, 413, 422),
    )
    async def preview(game_id: str, body: wire.PreviewOptions) -> dict[str, Any]:
        """The options completed with defaults, and how many seats they make."""
        game = _known_game(game_id)
        _check_options(game.id, body.options, limits)
        try:
            options = game.options(body.options)
            players = game.players(game.new(options, 0))
        except BadOptions as err:
            raise Unprocessable(plain.options_refusal(game, err)) from None
        except Exception as err:  # a game's own fault: say which, rather than a bare 500
            log.exception("%s could not start with %s", game.id, body.options)
            raise ApiError(f"{game.title} could not start with these options: {err}") from None
        return {"game": game.id, "options": options, "players": players}

    @app.get(
        "/api/games/{game_id}/rules",
        response_model=wire.Rules,
        tags=["lobby"],
        responses=problems(404),
    )
    async def rules(game_id: str) -> dict[str, Any]:
        """The game's short player's guide and its rules notes (Markdown), where it has them."""
        game = _known_game(game_id)
        return {
            "game": game.id,
            "title": game.title,
            "how_to_play": guides.how_to_play(game),
            "notes": await asyncio.to_thread(guides.rules_notes, game.id),
        }


def _matches_api(app: FastAPI, service: MatchService, runtime: Runtime, limits: Limits) -> None:
    rate = CreationRate(limits.create_per_minute)

    @app.post(
        "/api/matches",
        response_model=wire.Created,
        status_code=201,
        tags=["lobby"],
        responses=problems(400, 404, 408, 413, 422, 429, 503),
    )
    async def create_match(body: wire.CreateMatch, request: Request) -> dict[str, Any]:
        """Create a match: one invitation link per human seat, and a spectator link.

        Each client address may create `create_per_minute` matches a minute (429 after, with
        Retry-After)."""
        _check_options(body.game, body.options, limits)
        wait = rate.take(client_address(request.scope))
        if wait > 0:
            raise TooMany(
                f"Too many new matches from your address: try again in {retry_after(wait)} s "
                f"(the server takes {limits.create_per_minute} a minute from one address)",
                wait,
            )
        seats = None if body.seats is None else [SeatRequest(s.kind, s.name) for s in body.seats]
        match, tokens = await asyncio.to_thread(service.create, body.game, body.options, seats)
        runtime.kick(service.cached(match.id))
        return {
            "id": match.id,
            "game": match.game,
            "options": match.options,
            "seats": [
                {
                    **seat.public(),
                    "token": tokens.get(seat.seat),
                    "link": f"/play/{match.id}#token={tokens[seat.seat]}"
                    if seat.seat in tokens
                    else None,
                }
                for seat in match.seats
            ],
            "spectator": f"/play/{match.id}",
        }

    @app.get(
        "/api/matches",
        response_model=list[wire.MatchSummary],
        tags=["lobby"],
        responses=problems(422),
    )
    async def list_matches(
        status: Literal["running", "over"] | None = None,
    ) -> list[dict[str, Any]]:
        """The newest matches (running and finished), or only those with `status`."""
        return await asyncio.to_thread(listing, service, status, 100)  # may replay: a thread

    @app.get(
        "/api/matches/{match_id}",
        response_model=wire.MatchSummary,
        tags=["match"],
        responses=problems(400, 404),
    )
    async def get_match(match_id: str) -> dict[str, Any]:
        """The public facts of a match."""
        return match_summary(await _call(service, service.snapshot, _checked(match_id)))

    @app.get(
        "/api/matches/{match_id}/view",
        response_model=wire.Update,
        tags=["match"],
        responses=problems(400, 401, 403, 404),
    )
    async def get_view(match_id: str, authorization: Token = None) -> Any:
        """The current update for the token's seat, or the spectator's without a token."""
        snapshot = await _call(service, service.snapshot, _checked(match_id))
        return _fast(update_for(snapshot, service.seat_of(snapshot, _bearer(authorization))))

    @app.post(
        "/api/matches/{match_id}/actions",
        response_model=wire.Update,
        tags=["match"],
        responses=problems(400, 401, 403, 404, 408, 409, 413, 422),
    )
    async def post_action(match_id: str, body: wire.ActionIn, authorization: Token = None) -> Any:
        """Take an action for the token's seat, made against step `seq`; 409 if that is stale."""
        token = _bearer(authorization)
        if not token:
            raise Unauthorized("An action needs the seat's token: Authorization: Bearer <token>")
        match_id = _checked(match_id)
        held = service.latest(match_id) or await asyncio.to_thread(service.cached, match_id)
        seat = service.seat_of(held, token)  # NotFound, Forbidden
        assert seat is not None  # a token is given, so it opens a seat or is refused
        if more_values_than(body.action, limits.move_values):
            raise Unprocessable(
                f"A move holds at most {limits.move_values} values; this one holds more"
            )
        after = await _call(service, service.submit, match_id, seat, body.seq, body.action)
        await runtime.changed(after)
        return _fast(update_for(after, seat))

    @app.get(
        "/api/matches/{match_id}/record",
        response_model=wire.PublicRecord,
        tags=["replay"],
        responses=problems(400, 403, 404),
    )
    async def get_record(match_id: str) -> dict[str, Any]:
        """A finished match's record with its seed, which `tradingfloor replay` reads (refused
        while the match is running: the seed would predict the rest of the game)."""
        snapshot = await _finished(service, match_id)
        moves = await asyncio.to_thread(service.moves, match_id)
        result = snapshot.game.result(snapshot.state)
        return {
            "id": match_id,
            "game": snapshot.match.game,
            "version": snapshot.match.version,
            "options": snapshot.match.options,
            "seed": snapshot.match.seed,
            "seats": [s.public() for s in snapshot.match.seats],
            "moves": [{"seq": q, "seat": s, "action": a} for q, s, a in moves],
            "result": None if result is None else result.to_json(),
        }

    @app.get(
        "/api/matches/{match_id}/replay/{step}",
        response_model=wire.Update,
        tags=["replay"],
        responses=problems(400, 403, 404, 422),
    )
    async def get_replay(match_id: str, step: int) -> dict[str, Any]:
        """A finished match as a spectator saw it after `step` actions."""
        final = await _finished(service, match_id)
        at = await asyncio.to_thread(service.state_at, match_id, step)
        return {**update_for(at, None), "replay": True, "step": step, "steps": final.seq}

    @app.get(
        "/api/matches/{match_id}/chapters",
        response_model=list[wire.Chapter],
        tags=["replay"],
        responses=problems(400, 403, 404),
    )
    async def get_chapters(match_id: str) -> list[dict[str, Any]]:
        """A finished match's chapters (its rounds, say): the replay step where each starts."""
        await _finished(service, match_id)
        return await asyncio.to_thread(service.chapters, match_id)


def _live_api(app: FastAPI, service: MatchService, runtime: Runtime, limits: Limits) -> None:
    sockets = SocketCount(limits.sockets_per_match, limits.sockets_per_address)

    @app.websocket("/api/matches/{match_id}/ws")
    async def live(websocket: WebSocket, match_id: str) -> None:
        """Send {"token": ...} (or {} to watch) first; every change is then pushed as
        {"type": "update"}. A refusal is {"type": "error"} and a close code of 4000 + the HTTP
        status (4429: too many live connections), its reason in words."""
        await websocket.accept()
        address = client_address(websocket.scope)
        full = sockets.enter(match_id, address)
        if full is not None:
            await _refuse_socket(websocket, 429, full)
            return
        try:
            await _live(websocket, service, runtime, match_id)
        finally:
            sockets.leave(match_id, address)


async def _live(
    websocket: WebSocket, service: MatchService, runtime: Runtime, match_id: str
) -> None:
    try:
        hello = await asyncio.wait_for(websocket.receive(), timeout=30)
        if hello["type"] == "websocket.disconnect":
            return
        token = _hello_token(hello.get("text"))
        snapshot = await _call(service, service.snapshot, _checked(match_id))
        seat = service.seat_of(snapshot, token)
    except ApiError as err:
        await _refuse_socket(websocket, err.status, err.message)
        return
    except (TimeoutError, WebSocketDisconnect):
        return
    subscriber = Subscriber(match_id, seat)
    runtime.subscribe(subscriber, snapshot)
    try:
        await _serve_socket(websocket, subscriber)
    finally:
        runtime.unsubscribe(subscriber)


async def _refuse_socket(websocket: WebSocket, status: int, words: str) -> None:
    """Say why in a message and in the close frame's reason (at most 123 bytes of UTF-8)."""
    words = refusals.clean(words)
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_json({"type": "error", "error": words})
        reason = words.encode()[:123].decode("utf-8", "ignore")
        await websocket.close(code=4000 + status, reason=reason)


async def _serve_socket(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Send queued updates until the client goes away (its messages only tell us that)."""
    async with anyio.create_task_group() as group:

        async def send() -> None:
            # A client that closes while an update is on its way is gone, not an error.
            with contextlib.suppress(WebSocketDisconnect, ClientDisconnected, RuntimeError):
                while True:
                    await websocket.send_text(await subscriber.queue.get())
            group.cancel_scope.cancel()

        async def receive() -> None:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
            group.cancel_scope.cancel()

        group.start_soon(send)
        group.start_soon(receive)


def _fast(update: dict[str, Any]) -> JSONResponse:
    """An update as it is: built by `update_for`, so re-validating it against the model is waste."""
    return JSONResponse(update)


async def _call(service: MatchService, function: Any, match_id: str, *args: Any) -> Any:
    """Run a service call about a match on the loop (SQLite, the match held in memory) or in a
    worker thread (a server database, or a match to load: loading replays its log)."""
    if service.inline and service.loaded(match_id):
        return function(match_id, *args)
    return await asyncio.to_thread(function, match_id, *args)


HELLO = 'The first message must be JSON text: {"token": "<seat token>"}, or {} to watch'


def _hello_token(text: str | None) -> str | None:
    """The seat token of the socket's first message; None to watch; BadRequest if it is not
    a token (never silently a spectator)."""
    if text is None or len(text) > 4096:
        raise BadRequest(HELLO)
    try:
        hello = json.loads(text)
    except (ValueError, RecursionError):
        raise BadRequest(HELLO) from None
    if not isinstance(hello, dict):
        raise BadRequest(HELLO)
    if "token" not in hello:
        return None
    token = hello["token"]
    if not isinstance(token, str) or not token.strip():
        raise BadRequest(f"The token must be the seat's token as text. {HELLO}")
    if not token.isascii() or not token.isprintable():
        raise Forbidden("This token opens no seat of this match: use your own invitation link")
    return token


def _checked(match_id: str) -> str:
    """`match_id` if it could be one; else NotFound, before any database sees it."""
    if not MATCH_ID.match(match_id):
        raise NotFound(f"There is no match {match_id!r}")
    return match_id


def _check_options(game_id: str, options: Any, limits: Limits) -> None:
    """Options of a size a game can hold, and naming files only as a shipped variant or
    uploaded text, never as a path on the server: checked before the game sees them, with
    bounded work (a game's refusal words every wrong entry, so thousands would take seconds)."""
    if more_values_than(options, limits.option_values):
        raise Unprocessable(
            f"The options hold more than {limits.option_values:,} values; no game takes that many"
        )
    said = file_options.refusal(game_id, options, limits)
    if said is not None:
        raise Unprocessable(said)


def _bearer(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise Unauthorized("Use the header Authorization: Bearer <seat token>")
    return value.strip()


async def _finished(service: MatchService, match_id: str) -> Any:
    snapshot = await _call(service, service.snapshot, _checked(match_id))
    if not snapshot.over:
        raise Forbidden("The record, the replay and the chapters open once the game is over")
    return snapshot


def _known_game(game_id: str) -> Any:
    if game_id not in registry.games():
        known = ", ".join(registry.games())
        raise NotFound(f"There is no game called {game_id!r}; the games are: {known}")
    return registry.make(game_id)


@functools.cache
def _game_info(game_id: str) -> dict[str, Any]:
    game = registry.make(game_id)
    renderer = game.id if (WEB / "renderers" / f"{game.id}.js").exists() else "generic"
    return {
        "id": game.id,
        "title": game.title,
        "version": game.version,
        "bots": list(kinds(game)),
        "bot_kinds": [{"kind": kind, **words} for kind, words in bot_words(game).items()],
        "blurb": guides.blurb(game),
        "rules": f"/rules/{game.id}",
        "renderer": renderer,
        "schemas": game.schemas(),
        "default_options": game.options({}),
        "how_to_play": guides.how_to_play(game),
    }
