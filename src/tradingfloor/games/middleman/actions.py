"""Middleman's actions: writing the A and D rows, a buying order, a selling order."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field, StrictInt

from tradingfloor.core.actions import Action, ActionCodec

Digit = Annotated[StrictInt, Field(ge=0, le=9)]
Count = Annotated[StrictInt, Field(ge=0)]


class Rows(Action):
    """The secret rows A (supply) and D (demand): each a permutation of 0-9, the two different."""

    type: Literal["rows"] = "rows"
    a: tuple[Digit, ...] = Field(
        title="Row A", description="the digits 0 to 9, each once, in the order you choose"
    )
    d: tuple[Digit, ...] = Field(
        title="Row D", description="the digits 0 to 9, each once, in another order than row A"
    )


class Buy(Action):
    """A buying order: tins wanted and the offer per tin."""

    type: Literal["buy"] = "buy"
    tins: Count = Field(title="Tins wanted", description="how many tins you want to buy")
    price: Count = Field(
        title="Offer per tin", description="what you pay for each tin you get; 0 takes leftovers"
    )


class Sell(Action):
    """A selling order: tins for sale and the asking price per tin."""

    type: Literal["sell"] = "sell"
    tins: Count = Field(title="Tins for sale", description="how many of your tins you offer")
    price: Count = Field(
        title="Price per tin", description="what you ask for each tin; the market pays at most 10"
    )


_Action = TypeVar("_Action", bound=Action)
_new = object.__new__
_set = object.__setattr__  # a frozen model refuses its own __setattr__
_TAGS: dict[type[Action], str] = {Rows: "rows", Buy: "buy", Sell: "sell"}


def drawn(kind: type[_Action], **fields: Any) -> _Action:
    """`kind(**fields)` for fields a space has just drawn within its bounds, not validated again.

    It sets what `model_construct` sets, without its generality: random play draws an action at
    every move, and validating the twenty digits of rows just shuffled from 0-9 cost more than
    the shuffle. The fields come in the model's order, after its `type` tag."""
    action = _new(kind)
    _set(action, "__dict__", {"type": _TAGS[kind], **fields})
    _set(action, "__pydantic_fields_set__", set(fields))  # as validating them would record
    _set(action, "__pydantic_extra__", None)
    _set(action, "__pydantic_private__", None)
    return action


MiddlemanAction = Annotated[Rows | Buy | Sell, Field(discriminator="type")]
CODEC = ActionCodec(MiddlemanAction)
