"""The names on the board: the six goods, the three characteristics, the three cars."""

from __future__ import annotations

from typing import Final, Literal

# Typed as tuples of any length: the compiled rules (tradingfloor/compiled.py) then keep each as
# the one tuple it is, where a tuple of a fixed length would be unpacked and made again at each use.
GOODS: Final[tuple[str, ...]] = ("oil", "wood", "metal", "meat", "grain", "fish")
CHARACTERISTICS: Final[tuple[str, ...]] = ("warehouse", "loader", "manager")
CARS: Final[tuple[str, ...]] = ("yellow", "blue", "green")

GoodName = Literal["oil", "wood", "metal", "meat", "grain", "fish"]
CharacteristicName = Literal["warehouse", "loader", "manager"]
CarName = Literal["yellow", "blue", "green"]
