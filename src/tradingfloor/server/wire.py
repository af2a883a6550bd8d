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
    game: str = Field(
        ...,
        title="Game",
        description="a game id from GET /api/games",
        examples=registry.games(),
    )
    options: dict[str, Any] = Field(
        default_factory=dict, title="Options", description="the game's options"
    )
    seats: list[SeatSpec] | None = Field(
        None,
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
    error: str
    seq: int | None = None
