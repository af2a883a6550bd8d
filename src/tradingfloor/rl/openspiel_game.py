"""The OpenSpiel games' old home: importing it registers every game (`rl.openspiel`).

Kept so that `import tradingfloor.rl.openspiel_game` goes on working; new code imports
`tradingfloor.rl.openspiel`.
"""

from __future__ import annotations

from tradingfloor.rl.openspiel import GAMES, SHORT_NAMES
from tradingfloor.rl.openspiel.middleman import MiddlemanGame, MiddlemanState

__all__ = ["GAMES", "SHORT_NAMES", "MiddlemanGame", "MiddlemanState"]
