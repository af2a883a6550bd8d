"""Businessmen's match options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from tradingfloor.core.errors import BadOptions


class BusinessmenOptions(BaseModel):
    """`players` 2-4; `decks` replaces the default cards and wheels; `goal`; `max_rounds`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: StrictInt = Field(4, ge=2, le=4, description="number of seats, 2-4")
    decks: StrictStr | None = Field(
        None, description="path of a TOML file with goods cards, export cards and both wheels"
    )
    goal: StrictInt = Field(20, ge=1, le=200, description="victory points that end the game")
    max_rounds: StrictInt = Field(
        100, ge=1, le=10_000, description="a stalled game ends after this round: most VP wins"
    )


def parse_options(options: Mapping[str, Any] | None) -> BusinessmenOptions:
    """Validated options, or BadOptions naming what is wrong."""
    try:
        return BusinessmenOptions.model_validate(dict(options or {}))
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}" for e in err.errors()
        )
        raise BadOptions(f"bad businessmen options: {problems}") from None
