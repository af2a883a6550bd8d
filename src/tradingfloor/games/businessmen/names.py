"""The names on the board: the six goods, the three characteristics, the three cars."""

from __future__ import annotations

from typing import Literal

GOODS = ("oil", "wood", "metal", "meat", "grain", "fish")
CHARACTERISTICS = ("warehouse", "loader", "manager")
CARS = ("yellow", "blue", "green")

GoodName = Literal["oil", "wood", "metal", "meat", "grain", "fish"]
CharacteristicName = Literal["warehouse", "loader", "manager"]
CarName = Literal["yellow", "blue", "green"]
