"""Businessmen's actions and their JSON form, e.g. {"type": "buy", "good": "oil", "units": 3}."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, field_validator

from tradingfloor.core.actions import Action, ActionCodec
from tradingfloor.games.businessmen.names import GOODS, CarName, CharacteristicName, GoodName

# Every field has a title in the game's words: refusals of malformed moves are made from them.
Units = Annotated[StrictInt, Field(ge=1, title="Units")]
Good = Annotated[GoodName, Field(title="Good")]
Car = Annotated[CarName, Field(title="Car")]
Characteristic = Annotated[CharacteristicName, Field(title="Characteristic")]


class BusinessmenActionBase(Action):
    """A Businessmen action: flat fields of strings, integers and tuples of strings."""

    def to_json(self) -> dict[str, Any]:
        # What model_dump(mode="json") gives for these flat models (tuples become lists), built
        # directly: search and bots turn every listed action into JSON at every step.
        return {k: list(v) if type(v) is tuple else v for k, v in self.__dict__.items()}


class Play(BusinessmenActionBase):
    """Declared before the round: take part in it."""

    type: Literal["play"] = "play"


class Skip(BusinessmenActionBase):
    """Declared before the round: skip it (−1 VP, 10 coins as the next round starts)."""

    type: Literal["skip"] = "skip"


class Pass(BusinessmenActionBase):
    """Final for this phase: no more buying, loading, exporting, improving or insuring."""

    type: Literal["pass"] = "pass"


class Buy(BusinessmenActionBase):
    """Phase 1: buy units of one good from the market, 1 coin a unit."""

    type: Literal["buy"] = "buy"
    good: Good
    units: Units = Field(title="Units to buy")


class Load(BusinessmenActionBase):
    """Phase 2: load one good into a car: as many units as loader, room and stock allow."""

    type: Literal["load"] = "load"
    car: Car
    good: Good


class Store(BusinessmenActionBase):
    """Phase 2 storing, or a discard after an event: the goods types kept in the main warehouse."""

    type: Literal["store"] = "store"
    keep: tuple[GoodName, ...] = Field(title="Goods kept in the main warehouse")

    @field_validator("keep")
    @classmethod
    def _canonical(cls, keep: tuple[str, ...]) -> tuple[str, ...]:
        # One spelling per choice, so that ["oil", "wood"] and ["wood", "oil"] are the same action.
        if len(set(keep)) != len(keep):
            raise ValueError("name each good at most once")
        return tuple(sorted(keep, key=GOODS.index))


class Export(BusinessmenActionBase):
    """Phase 3: export exactly 4, 6 or 8 units of one good on the export card."""

    type: Literal["export"] = "export"
    good: Good
    units: Units = Field(title="Units to export")


class Improve(BusinessmenActionBase):
    """Phase 4: raise one characteristic by one level."""

    type: Literal["improve"] = "improve"
    characteristic: Characteristic


class Insure(BusinessmenActionBase):
    """Phase 6: insure one characteristic for the next round's events (removes its marker)."""

    type: Literal["insure"] = "insure"
    characteristic: Characteristic


BusinessmenAction = Play | Skip | Pass | Buy | Load | Store | Export | Improve | Insure
ACTION_TYPES = (Play, Skip, Pass, Buy, Load, Store, Export, Improve, Insure)
CODEC = ActionCodec(Annotated[BusinessmenAction, Field(discriminator="type")])
