"""Merlin Economics' match options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)
from pydantic.config import JsonDict

from tradingfloor.core.errors import BadOptions
from tradingfloor.core.plain import options_error
from tradingfloor.games.merlin import content as content_files
from tradingfloor.games.merlin.bounds import plain

UPLOAD_LIMIT = 20_000
"""The most characters an uploaded data file may hold (the largest default file has under 1,400)."""
DATA_LIMIT = 200
"""The most figures the `data` option may change (the data files hold about 120)."""
DATA_PATH_LIMIT = 100
"""The most characters of a figure's path (the longest is under 40)."""
DATA_TEXT_LIMIT = 100
"""The most characters of a name given as a figure (a commodity, a season)."""

DESIGNED_PLAYERS = 4
"""Game Loop: "The game starts with at least 4 players." Fewer need `few_players`."""

KNOWN_MODULES = ("economy", "magic", "finance")
"""The modules this engine has, in the order their hooks run (MERLIN-MODULES.md §1)."""


class UploadedContent(BaseModel):
    """Data files a person uploads in the lobby, sent as text: {"files": {"cards.toml": "..."}}."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    files: dict[
        Annotated[StrictStr, Field(max_length=40)],
        Annotated[StrictStr, Field(max_length=UPLOAD_LIMIT)],
    ] = Field(
        title="Uploaded data files",
        description="file name (e.g. cards.toml) to its TOML text",
        max_length=len(content_files.FILES) + len(content_files.MODULE_FILES),
    )


DESIGNER: JsonDict = {"designer": True}
"""Options for designers, shown apart from the players' options in the lobby."""

MODULE_CHOICES: list[JsonValue] = [
    {"value": "economy", "title": "Economy", "about": "the basic game", "fixed": True},
    {
        "value": "magic",
        "title": "Magic",
        "about": "labs, spells, potions, golems, royal decrees and future readings",
    },
    {
        "value": "finance",
        "title": "Finance",
        "about": "futures, insurance, trades, property auctions, loans, bonds, stock and notes",
    },
]
"""The lobby's checkboxes for `modules`: the economy always on."""
LOBBY_MODULES: list[JsonValue] = list(KNOWN_MODULES)
"""The modules the lobby ticks for a new match: the complete game. The option's own default stays
the economy alone (a match made without naming its modules, e.g. by the API or in the tests)."""


class MerlinOptions(BaseModel):
    """The options of a match; every other number lives in the data files (`content`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: StrictInt = Field(
        4,
        ge=2,
        le=6,
        title="Players",
        description="4 to 6 (the designer's intent); 2 or 3 only with Few players",
    )
    few_players: StrictBool = Field(
        False,
        title="Few players",
        description="allow 2 or 3 players: not the designer's intent (the draft starts at 4)",
    )
    modules: tuple[Annotated[StrictStr, Field(max_length=40)], ...] = Field(
        ("economy",),
        max_length=8,
        title="Modules",
        description="the parts of the game switched on; the economy is the basic game",
        json_schema_extra={"checkboxes": MODULE_CHOICES, "lobby_default": LOBBY_MODULES},
    )
    volatility: StrictInt = Field(
        1,
        ge=0,
        le=10,
        title="Volatility",
        description="how far a 7 card raises the cost of the living",
    )
    max_orbits: StrictInt = Field(
        200,
        ge=1,
        le=10_000,
        title="Most orbits",
        description="a game still going after this many orbits ends; the richest player wins",
    )
    jokers: StrictBool = Field(
        False,
        title="Jokers",
        description="with magic: the two Jokers (tax men) are in the deck from the start; the "
        "table may vote them in or out unanimously",
    )
    decree_counters: Literal["each", "one"] = Field(
        "each",
        title="Royal decree counters",
        description="with magic: a decree moves each of the cost of the living, the research "
        "cost and the tax rate by one (each), or just one of them (one)",
    )
    investment_pays_on: Literal["any_turn", "owner_turn"] = Field(
        "any_turn",
        title="Investments pay on",
        description="any turn: an investment doubles on any roll of its number; owner turn: only "
        "on its owner's own rolls",
    )
    content: Annotated[StrictStr, Field(max_length=500)] | UploadedContent | None = Field(
        None,
        title="Game data",
        description="a shipped variant of the data files (quick: short seasons), or uploaded "
        "data files; the defaults when left empty",
        json_schema_extra={**DESIGNER, "examples": list[JsonValue](content_files.variants())},
    )
    data: dict[
        Annotated[StrictStr, Field(max_length=DATA_PATH_LIMIT)],
        StrictBool | StrictInt | float | Annotated[StrictStr, Field(max_length=DATA_TEXT_LIMIT)],
    ] = Field(
        default_factory=dict,
        max_length=DATA_LIMIT,
        title="Single figures",
        description="figures of the data files changed one by one, e.g. "
        "{'cards.property_value.2': 6, 'bank.limited': false}; also given as options named "
        "'data.<path>'",
        json_schema_extra=DESIGNER,
    )


def parse_options(options: Mapping[str, Any] | None) -> MerlinOptions:
    """Validated options, or BadOptions naming what is wrong."""
    given = dict(options or {})
    # The lab's --set and --sweep name options flatly: data.cards.property_value.2=6
    flat = {k[len("data.") :]: given.pop(k) for k in list(given) if k.startswith("data.")}
    if flat:
        given["data"] = {**dict(given.get("data") or {}), **flat}
    try:
        chosen = MerlinOptions.model_validate(given)
    except ValidationError as err:
        raise options_error("Merlin Economics", err, MerlinOptions) from None
    unknown = [m for m in chosen.modules if m not in KNOWN_MODULES]
    if unknown:
        named = ", ".join(plain(m) for m in unknown[:3])
        raise BadOptions(
            f"Merlin Economics has no module called {named}; "
            f"choose from: {', '.join(KNOWN_MODULES)}"
        )
    if chosen.players < DESIGNED_PLAYERS and not chosen.few_players:
        raise BadOptions(
            "Merlin Economics is played by 4 to 6 players ('The game starts with at least 4 "
            f"players'); {chosen.players} players need the option Few players (few_players: "
            "true), which is not the designer's intent"
        )
    if isinstance(chosen.content, UploadedContent):
        content_files.check_uploaded(chosen.content.files)
    if chosen.jokers and "magic" not in chosen.modules:
        raise BadOptions("the Jokers come with the magic module: add magic to the modules")
    if "economy" not in chosen.modules:
        raise BadOptions("Merlin Economics needs the economy module: it is the basic game")
    # The modules' hooks run in a fixed order (MERLIN-MODULES.md §1), whatever order they are named.
    modules = tuple(m for m in KNOWN_MODULES if m in chosen.modules)
    chosen = chosen.model_copy(update={"modules": modules})
    # Every figure of the data checked now, so that options are refused when they are given
    # (the content is cached: the match built from them reads it again for free).
    content_files.load(content_source(chosen), data_overrides(chosen))
    if "finance" in chosen.modules:
        from tradingfloor.games.merlin.finance import content as finance_content

        finance_content.load(content_source(chosen))
    return chosen


def content_source(options: MerlinOptions) -> content_files.Source:
    """Where the match's data comes from: a variant or folder, uploaded files, or the defaults."""
    if isinstance(options.content, UploadedContent):
        return tuple(sorted(options.content.files.items()))
    return options.content


def data_overrides(options: MerlinOptions) -> content_files.Overrides:
    """The `data` option's figures, by path, in a stable order."""
    return tuple(sorted(options.data.items()))
