"""The JSON shapes of the HTTP API (pydantic), as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tradingfloor.core import registry


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: str = Field(
        "human",
        title="Who plays the seat",
        description='"human", or one of the game\'s bot kinds',
        examples=["human", "random"],
    )
    name: str | None = Field(
        None, max_length=40, title="The seat's name", description="shown at the table"
    )


class CreateMatch(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"game": "middleman"},
                {
                    "game": "middleman",
                    "options": {"players": 3},
                    "seats": [
                        {"kind": "human", "name": "Ann"},
                        {"kind": "human"},
                        {"kind": "random"},
                    ],
                },
                {"game": "businessmen", "options": {"players": 2, "decks": "gentle"}},
                {"game": "merlin", "options": {"content": "quick"}},
            ]
        },
    )

    game: str = Field(
        ...,
        max_length=64,
        title="Game",
        description="a game id from GET /api/games",
        examples=registry.games(),
    )
    options: dict[str, Any] = Field(
        default_factory=dict, title="Options", description="the game's options"
    )
    seats: list[SeatSpec] | None = Field(
        None,
        max_length=16,  # the games seat at most 8
        title="Seats",
        description="one entry per seat, in seat order; all human if left out",
    )


class PreviewOptions(Strict):
    options: dict[str, Any] = Field(default_factory=dict, title="Options")


class Preview(BaseModel):
    game: str
    options: dict[str, Any]
    players: int


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str


class Invitation(SeatOut):
    link: str | None = Field(None, description="this seat's private link (human seats only)")
    token: str | None = Field(None, description="this seat's token (in the link's #fragment)")


class Created(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    seats: list[Invitation]
    spectator: str


class BotKind(BaseModel):
    kind: str = Field(..., description="the kind's id, sent as a seat's `kind`")
    title: str = Field(..., description='its name for people, e.g. "Beginner"')
    strength: str = Field(..., description="one line on how it plays (may be empty)")


class GameInfo(BaseModel):
    id: str
    title: str
    version: str
    bots: list[str]
    bot_kinds: list[BotKind] = Field(..., description="each bot kind in words, in order")
    blurb: str = Field(..., description="a line about the game (its guide's first paragraph)")
    rules: str = Field(..., description="the address of the game's rules page")
    renderer: str = Field(..., description="the web renderer module: the game id or 'generic'")
    schemas: dict[str, Any]
    default_options: dict[str, Any]
    how_to_play: str | None = Field(None, description="a short player's guide in Markdown")


class MatchSummary(BaseModel):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    status: str
    seq: int
    created: str
    seats: list[SeatOut]
    result: dict[str, Any] | None


class ActionIn(Strict):
    seq: int = Field(
        ..., title="Step (seq)", description="the seq of the state the action was made against"
    )
    action: Any = Field(
        ...,
        title="Action",
        description="the action's JSON, e.g. {'type': 'buy', ...}",
        json_schema_extra={"type": "object"},
    )


class Update(BaseModel):
    """Everything a seat (or a spectator) is told about a match at one step."""

    match: str
    game: str
    seq: int
    seat: int | None
    view: dict[str, Any]
    legal: dict[str, Any] | None
    actors: list[int]
    result: dict[str, Any] | None
    seats: list[SeatOut]
    over: bool
    step: int | None = None
    steps: int | None = None
    replay: bool = False


class RecordedMove(BaseModel):
    seq: int
    seat: int
    action: dict[str, Any]


class PublicRecord(BaseModel):
    """A finished match's record, with its seed: the game is over, so it predicts nothing.

    A `MatchRecord` (core/record.py) loads it as it is, so `tradingfloor replay FILE` replays it."""

    id: str
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatOut]
    moves: list[RecordedMove]
    result: dict[str, Any] | None


class Chapter(BaseModel):
    step: int = Field(..., description="the replay step where the chapter starts")
    title: str = Field(..., description='the chapter in the game\'s words, e.g. "Round 4"')


class Rules(BaseModel):
    game: str
    title: str
    how_to_play: str | None = Field(None, description="the short player's guide in Markdown")
    notes: str | None = Field(None, description="the rules notes with every ruling, in Markdown")


class Problem(BaseModel):
    """A refusal: the reason in a sentence for a person (and the table's step, for a stale move)."""

    error: str = Field(..., description="why, in words")
    seq: int | None = Field(None, description="the match's current step (409 and 422 on a move)")


WHY = {
    400: "The request cannot be read: not JSON, not UTF-8, or a request the game cannot start",
    401: "A seat's token is needed, as the header Authorization: Bearer <token>",
    403: "The token opens no seat of this match, or the game is not over yet",
    404: "There is no such game, match or replay step",
    408: "The request's body took too long to arrive",
    409: "The table has moved on: the move was made against an older step (`seq` is the current)",
    413: "The request's body is larger than the server takes (1 MB unless the server says less)",
    422: "The request is refused in words: a field, an option, a seat, a move, or text no "
    "database keeps (a NUL, half a surrogate pair)",
    429: "Too many new matches from this address (Retry-After says how many seconds to wait)",
    503: "The server runs as many matches as it takes: try again when one has finished",
}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}


def problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The `responses` of an operation: each refusal status it answers, with the Problem body."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        out[code] = {"model": Problem, "description": WHY[code]}
        if code in (429, 503):
            out[code]["headers"] = RETRY_AFTER
    return out


def without_validator_shapes(document: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document without FastAPI's own 422 shape ({"detail": [...]}), which this
    server never sends: it answers Problem. FastAPI adds that 422 to every operation that has
    parameters; those whose 422 can happen declare it with Problem, the others cannot answer
    it (their parameters are text that any address satisfies)."""
    for item in document.get("paths", {}).values():
        for operation in item.values():
            responses = operation.get("responses", {})
            shape = responses.get("422", {}).get("content", {}).get("application/json", {})
            if "HTTPValidationError" in str(shape.get("schema", {})):
                del responses["422"]
    schemas = document.get("components", {}).get("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    return document
