"""Middleman's actions: writing the A and D rows, a buying order, a selling order."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StrictInt

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


_new = object.__new__
# The slots of a model instance, set past the frozen model's __setattr__ by their own
# descriptors, as `model_construct` sets them (`object.__setattr__` checks the type each time).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_TAGS: dict[type[Action], str] = {Buy: "buy", Sell: "sell"}


# Random play draws an action at nearly every move, and validating the twenty digits of rows
# just shuffled cost more than the shuffle: a drawn action is made as `model_construct` makes
# one, its fields and the fields given set in one frame.


def drawn_rows(a: tuple[int, ...], d: tuple[int, ...]) -> Rows:
    """`Rows(a=a, d=d)` for rows a space has just shuffled from the digits, not validated again."""
    action = _new(Rows)
    _set_dict(action, {"type": "rows", "a": a, "d": d})
    _set_fields_set(action, {"a", "d"})  # the fields given, as validating them would record
    _set_extra(action, None)
    _set_private(action, None)
    return action


def drawn_order(kind: type[Buy] | type[Sell], tins: int, price: int) -> Buy | Sell:
    """`kind(tins=tins, price=price)` for an order a space has just drawn within its bounds."""
    action = _new(kind)
    _set_dict(action, {"type": _TAGS[kind], "tins": tins, "price": price})
    _set_fields_set(action, {"tins", "price"})
    _set_extra(action, None)
    _set_private(action, None)
    return action


MiddlemanAction = Annotated[Rows | Buy | Sell, Field(discriminator="type")]
CODEC = ActionCodec(MiddlemanAction)
