"""Middleman's match options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

from tradingfloor.core.plain import options_error


class MiddlemanOptions(BaseModel):
    """`players`: 2-8 (RULINGS Middleman 1); `guarded`: refuse orders that could not be paid."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: StrictInt = Field(
        3, ge=2, le=8, title="Players", description="2 to 8 traders at the table"
    )
    guarded: StrictBool = Field(
        False,
        title="Careful mode: refuse orders you cannot pay for",
        description=(
            "a buying order that could cost more than the cash you hold is refused when you send "
            "it, so nobody goes out; without it such an order is sent, and puts you out of the "
            "game if it is filled"
        ),
    )


def parse_options(options: Mapping[str, Any] | None) -> MiddlemanOptions:
    """Validated options, or BadOptions saying in words what is wrong ("Players must be at most
    8")."""
    try:
        return MiddlemanOptions.model_validate(dict(options or {}))
    except ValidationError as err:
        raise options_error("Middleman", err, MiddlemanOptions) from None
