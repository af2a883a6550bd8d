"""Businessmen's match options, in the game's words; refusals of bad options too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictInt, StrictStr, ValidationError
from pydantic.config import JsonDict

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.businessmen.decks import load_decks, variants

UPLOAD_LIMIT = 200_000
"""The most characters an uploaded decks file may hold (the default file has under 5,000)."""

DESIGNER: JsonDict = {"designer": True}
"""Options for designers, shown apart from the players' options in the lobby."""


class UploadedDecks(BaseModel):
    """A decks file uploaded in the lobby, sent as text: {"files": {"cards.toml": "..."}}."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    files: dict[StrictStr, Annotated[StrictStr, Field(max_length=UPLOAD_LIMIT)]] = Field(
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
    decks: StrictStr | UploadedDecks | None = Field(
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
    """Validated options (the decks file read and checked), or BadOptions saying what is wrong."""
    try:
        chosen = BusinessmenOptions.model_validate(dict(options or {}))
    except ValidationError as err:
        raise BadOptions(_options_error(err)) from None
    load_decks(decks_source(chosen))
    return chosen


def decks_source(chosen: BusinessmenOptions) -> str | Mapping[str, str] | None:
    """What `load_decks` reads for these options."""
    if isinstance(chosen.decks, UploadedDecks):
        return chosen.decks.files
    return chosen.decks


def _options_error(err: ValidationError) -> str:
    """Bad options in words, each named by its title: "Players must be at most 4"."""
    fields = BusinessmenOptions.model_fields
    said: list[str] = []
    for problem in err.errors():
        name = str(problem["loc"][0]) if problem["loc"] else ""
        if problem["type"] == "extra_forbidden":
            known = ", ".join(f"{f.title} ({key})" for key, f in fields.items())
            text = f"Businessmen has no option called {name!r}; its options are {known}"
        elif name == "decks":
            text = (
                f"{fields['decks'].title} must be a shipped variant ({', '.join(variants())}) "
                "or one uploaded TOML file"
            )
        else:
            title = fields[name].title if name in fields else "The options"
            text = f"{title} {_must(problem)}"
        if text not in said:
            said.append(text)
    return "; ".join(said)


def _must(problem: Mapping[str, Any]) -> str:
    kind, ctx = problem["type"], problem.get("ctx") or {}
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "must be a whole number"
    if kind == "greater_than_equal":
        return f"must be at least {ctx['ge']}"
    if kind == "less_than_equal":
        return f"must be at most {ctx['le']}"
    if kind == "dict_type":
        return "must be a set of options"
    return "is not a value this option takes"
