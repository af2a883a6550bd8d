"""Middleman (Eric Solomon): the rules engine, its views and its bots."""

from tradingfloor.games.middleman.allocation import allocate
from tradingfloor.games.middleman.game import Middleman

GAME = Middleman()

__all__ = ["GAME", "Middleman", "allocate"]
