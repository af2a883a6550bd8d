"""Merlin Economics' match options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from tradingfloor.core.errors import BadOptions

DESIGNED_PLAYERS = 4
"""Game Loop: "The game starts with at least 4 players." Fewer need `few_players`."""

KNOWN_MODULES = ("economy",)
"""The modules this engine has; `magic` and `finance` are still to come (docs/rules/merlin.md)."""


class MerlinOptions(BaseModel):
    """The options of a match; every other number lives in the data files (`content`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: StrictInt = Field(
        4,
        ge=2,
        le=6,
        description="4-6 seats (the designer's intent); 2-3 only with few_players",
    )
    few_players: StrictBool = Field(
        False,
        description="allow 2-3 players: NOT the designer's intent (the draft starts at 4)",
    )
    modules: tuple[StrictStr, ...] = Field(
        ("economy",), description="modules switched on; 'economy' is the basic game and required"
    )
    volatility: StrictInt = Field(
        1, ge=0, le=10, description="how far a 7 card moves the cost of the living"
    )
    max_orbits: StrictInt = Field(
        200, ge=1, le=10_000, description="orbits after which a stalled game ends (RULINGS 4)"
    )
    investment_pays_on: Literal["any_turn", "owner_turn"] = Field(
        "any_turn", description="whether an investment doubles on any roll or only its owner's"
    )
    content: StrictStr | None = Field(
        None, description="a folder of TOML files replacing the default data files"
    )
    data: dict[str, StrictBool | StrictInt | float | StrictStr] = Field(
        default_factory=dict,
        description="single numbers of the data files changed by path, e.g. "
        "{'cards.property_value.2': 6, 'bank.limited': false}; also given as options named "
        "'data.<path>'",
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
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}" for e in err.errors()
        )
        raise BadOptions(f"bad merlin options: {problems}") from None
    unknown = [m for m in chosen.modules if m not in KNOWN_MODULES]
    if unknown:
        raise BadOptions(
            f"bad merlin options: unknown module(s) {', '.join(unknown)}; "
            f"this engine has: {', '.join(KNOWN_MODULES)}"
        )
    if chosen.players < DESIGNED_PLAYERS and not chosen.few_players:
        raise BadOptions(
            "bad merlin options: players: Merlin Economics is played by 4-6 ('The game starts "
            f"with at least 4 players'); {chosen.players} players need the option few_players: "
            "true, "
            "which is not the designer's intent"
        )
    if "economy" not in chosen.modules:
        raise BadOptions("bad merlin options: the 'economy' module is the basic game and required")
    return chosen
