"""Businessmen: buy goods, load the cars, export and build up a business to 20 VP."""

from tradingfloor.games.businessmen.game import Businessmen

GAME = Businessmen()

__all__ = ["GAME", "Businessmen"]
