"""The JSON shapes of the HTTP API (pydantic), as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: str = Field("human", description='"human", or one of the game\'s bot kinds')
    name: str | None = Field(None, max_length=40, description="shown at the table")


class CreateMatch(Strict):
    game: str = Field(..., description="a game id from GET /api/games")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seats: list[SeatSpec] | None = Field(
        None, description="one entry per seat, in seat order; all human if left out"
    )


class PreviewOptions(Strict):
    options: dict[str, Any] = Field(default_factory=dict)


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


class GameInfo(BaseModel):
    id: str
    title: str
    version: str
    bots: list[str]
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
    seq: int = Field(..., description="the seq of the state the action was made against")
    action: Any = Field(..., description="the action's JSON, e.g. {'type': 'buy', ...}")


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
    """A finished match's record without its seed."""

    id: str
    game: str
    version: str
    options: dict[str, Any]
    seats: list[SeatOut]
    moves: list[RecordedMove]
    result: dict[str, Any] | None


class Problem(BaseModel):
    error: str
    seq: int | None = None
