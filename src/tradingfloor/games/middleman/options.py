"""Middleman's match options, and the research variants' (docs/rules/middleman.md, Variants)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError
from pydantic.config import JsonDict

from tradingfloor.core.errors import BadOptions
from tradingfloor.core.plain import options_error
from tradingfloor.games.middleman.state import DIGITS, PRINTED, ROUNDS, TOP_PRICE, Variant

VARIANT: JsonDict = {"designer": True, "variant": True}
"""A research variant's option: not the printed game, shown apart from the players' options."""
VARIANT_OPTIONS = ("rounds", "digits", "top_price", "starting_cash")
MOST_STARTING_CASH = 1_000
"""The most cash a seat may start with in the research variant (the printed game: 20 to 80)."""


class MiddlemanOptions(BaseModel):
    """`players`: 2-8 (RULINGS Middleman 1); `guarded`: refuse orders that could not be paid;
    `rounds`, `digits`, `top_price`, `starting_cash`: research variants (the printed game by
    default)."""

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
    rounds: StrictInt = Field(
        ROUNDS,
        ge=1,
        le=ROUNDS,
        title="Rounds (research variant)",
        description="a shorter game for research, not the printed game: only the first rounds "
        "of the 10 are played",
        json_schema_extra=VARIANT,
    )
    digits: StrictInt = Field(
        DIGITS,
        ge=2,
        le=DIGITS,
        title="Digits in a row (research variant)",
        description="smaller rows for research, not the printed game: each row holds the digits "
        "0 to this number less one instead of 0 to 9",
        json_schema_extra=VARIANT,
    )
    top_price: StrictInt = Field(
        TOP_PRICE,
        ge=1,
        le=TOP_PRICE,
        title="Top price (research variant)",
        description="a cheaper market for research, not the printed game: the market pays at "
        "most this per tin instead of 10",
        json_schema_extra=VARIANT,
    )
    starting_cash: Annotated[StrictInt, Field(ge=0, le=MOST_STARTING_CASH)] | None = Field(
        None,
        title="Starting cash (research variant)",
        description="each trader's cash at the start, for research, not the printed game: "
        "ten times the number of players when left empty",
        json_schema_extra={**VARIANT, "default_words": "10 × players"},
    )

    @property
    def variant(self) -> Variant:
        """The figures these options play with: PRINTED unless a research variant is chosen."""
        chosen = Variant(self.rounds, self.digits, self.top_price, self.starting_cash)
        return PRINTED if chosen == PRINTED else chosen


def parse_options(options: Mapping[str, Any] | None) -> MiddlemanOptions:
    """Validated options, or BadOptions saying in words what is wrong ("Players must be at most
    8")."""
    try:
        chosen = MiddlemanOptions.model_validate(dict(options or {}))
    except ValidationError as err:
        raise options_error("Middleman", err, MiddlemanOptions) from None
    if chosen.rounds > chosen.digits:
        raise BadOptions(
            f"a row of {chosen.digits} digits has only {chosen.digits} columns, so the game "
            f"cannot last {chosen.rounds} rounds: choose at most {chosen.digits} rounds"
        )
    if chosen.starting_cash == 10 * chosen.players:
        # Middleman §2's own figure: the printed game, whose options read as they always have.
        chosen = chosen.model_copy(update={"starting_cash": None})
    return chosen


def dumped(chosen: MiddlemanOptions) -> dict[str, Any]:
    """The options as a dict; a variant's options only where they leave the printed game, so that
    the printed game's options read as they always have."""
    out = chosen.model_dump()
    for name in VARIANT_OPTIONS:
        if out[name] == MiddlemanOptions.model_fields[name].default:
            del out[name]
    return out
