"""Businessmen's match options, in the game's words (refused in words: core.plain)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictInt, StrictStr, ValidationError
from pydantic.config import JsonDict

from tradingfloor.core.plain import options_error
from tradingfloor.games.businessmen.data_option import match_decks
from tradingfloor.games.businessmen.decks import Decks, variants

UPLOAD_LIMIT = 50_000
"""The most characters an uploaded decks file may hold (the default file has under 5,000)."""

DATA_LIMIT = 300
"""The most figures the `data` option may change (the default data has about 230)."""
DATA_PATH_LIMIT = 100
"""The most characters of a figure's path (the longest is under 40)."""

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
    data: dict[
        Annotated[StrictStr, Field(max_length=DATA_PATH_LIMIT)],
        StrictInt | Annotated[StrictStr, Field(max_length=20)],
    ] = Field(
        default_factory=dict,
        max_length=DATA_LIMIT,
        title="Single figures",
        description="figures of the setup and of the decks changed one by one, e.g. "
        "{'setup.start_coins': 15, 'goods_cards.0.oil': 5}; also given as options named "
        "'data.<path>'",
        json_schema_extra=DESIGNER,
    )


def parse_options(options: Mapping[str, Any] | None) -> BusinessmenOptions:
    """Validated options (the decks file read and checked, with its single figures changed), or
    BadOptions saying in words what is wrong ("Players must be at most 4")."""
    given = dict(options or {})
    # The lab's --set and --sweep name figures flatly: data.setup.start_coins=15
    flat = {k.removeprefix("data."): given.pop(k) for k in list(given) if k.startswith("data.")}
    if flat:
        given["data"] = {**dict(given.get("data") or {}), **flat}
    try:
        chosen = BusinessmenOptions.model_validate(given)
    except ValidationError as err:
        raise options_error("Businessmen", err, BusinessmenOptions) from None
    match_decks(decks_source(chosen), chosen.data)  # every figure checked now, in words
    return chosen


def dumped(chosen: BusinessmenOptions) -> dict[str, Any]:
    """The options as a dict; `data` only where it changes a figure, so that a game of the
    printed figures reads as it always has."""
    out = chosen.model_dump(mode="json")
    if not out["data"]:
        del out["data"]
    return out


def match_decks_of(chosen: BusinessmenOptions) -> Decks:
    """The decks, wheels and figures a match of these options plays with."""
    decks: Decks = match_decks(decks_source(chosen), chosen.data)
    return decks


def decks_source(chosen: BusinessmenOptions) -> str | Mapping[str, str] | None:
    """What `load_decks` reads for these options."""
    if isinstance(chosen.decks, UploadedDecks):
        return chosen.decks.files
    return chosen.decks
