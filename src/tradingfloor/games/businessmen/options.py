"""Businessmen's match options, in the game's words (refused in words: core.plain)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictInt, StrictStr, ValidationError
from pydantic.config import JsonDict

from tradingfloor.core.plain import options_error
from tradingfloor.games.businessmen.decks import load_decks, variants

UPLOAD_LIMIT = 50_000
"""The most characters an uploaded decks file may hold (the default file has under 5,000)."""

DESIGNER: JsonDict = {"designer": True}
"""Options for designers, shown apart from the players' options in the lobby."""


class UploadedDecks(BaseModel):
    """A decks file uploaded in the lobby, sent as text: {"files": {"cards.toml": "..."}}."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    files: dict[
        Annotated[StrictStr, Field(max_length=100)],
        Annotated[StrictStr, Field(max_length=UPLOAD_LIMIT)],
    ] = Field(
        title="Uploaded decks file",
        description="one TOML file (its name and its text) with the goods cards, the export cards "
        "and both roulettes",
    )


class BusinessmenOptions(BaseModel):
    """A match's options: players, the VP that end it, the cards and roulettes, a round limit."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: StrictInt = Field(4, ge=2, le=4, title="Players", description="2 to 4")
    goal: StrictInt = Field(
        20,
        ge=1,
        le=200,
        title="Victory points to win",
        description="a player who reaches them ends the game at the end of that round (the "
        "rules say 20; fewer make a shorter game)",
    )
    decks: Annotated[StrictStr, Field(max_length=500)] | UploadedDecks | None = Field(
        None,
        title="Cards and roulettes",
        description="a shipped variant (gentle: a kinder events roulette) or an uploaded TOML file "
        "of goods cards, export cards and both roulettes; the default when left empty",
        json_schema_extra={**DESIGNER, "examples": list[JsonValue](variants())},
    )
    max_rounds: StrictInt = Field(
        100,
        ge=1,
        le=10_000,
        title="Most rounds",
        description="a game still going after this round ends: most VP wins, then most coins",
        json_schema_extra=DESIGNER,
    )


def parse_options(options: Mapping[str, Any] | None) -> BusinessmenOptions:
    """Validated options (the decks file read and checked), or BadOptions saying in words what
    is wrong ("Players must be at most 4")."""
    try:
        chosen = BusinessmenOptions.model_validate(dict(options or {}))
    except ValidationError as err:
        raise options_error("Businessmen", err, BusinessmenOptions) from None
    load_decks(decks_source(chosen))
    return chosen


def decks_source(chosen: BusinessmenOptions) -> str | Mapping[str, str] | None:
    """What `load_decks` reads for these options."""
    if isinstance(chosen.decks, UploadedDecks):
        return chosen.decks.files
    return chosen.decks
