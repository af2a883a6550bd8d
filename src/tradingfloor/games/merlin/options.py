"""Merlin Economics' match options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from tradingfloor.core.errors import BadOptions

KNOWN_MODULES = ("economy",)
"""The modules this engine has; `magic` and `finance` are still to come (docs/rules/merlin.md)."""


class MerlinOptions(BaseModel):
    """The options of a match; every other number lives in the data files (`content`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: StrictInt = Field(
        4,
        ge=2,
        le=6,
        description="4-6 seats (the designer's intent); 2-3 are allowed, not the designer's intent",
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
    data: dict[str, int | float | str] = Field(
        default_factory=dict,
        description="single numbers of the data files changed by path, e.g. "
        "{'cards.property_value.2': 6}; also given as options named 'data.<path>'",
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
    if "economy" not in chosen.modules:
        raise BadOptions("bad merlin options: the 'economy' module is the basic game and required")
    return chosen
