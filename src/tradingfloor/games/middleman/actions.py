"""Middleman's actions: writing the A and D rows, a buying order, a selling order."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from tradingfloor.core.actions import Action, ActionCodec

Digit = Annotated[StrictInt, Field(ge=0, le=9)]
Count = Annotated[StrictInt, Field(ge=0)]


class Rows(Action):
    """The secret rows A (supply) and D (demand): each a permutation of 0-9, the two different."""

    type: Literal["rows"] = "rows"
    a: tuple[Digit, ...]
    d: tuple[Digit, ...]


class Buy(Action):
    """A buying order: tins wanted and the offer per tin."""

    type: Literal["buy"] = "buy"
    tins: Count
    price: Count


class Sell(Action):
    """A selling order: tins for sale and the asking price per tin."""

    type: Literal["sell"] = "sell"
    tins: Count
    price: Count


MiddlemanAction = Annotated[Rows | Buy | Sell, Field(discriminator="type")]
CODEC = ActionCodec(MiddlemanAction)
