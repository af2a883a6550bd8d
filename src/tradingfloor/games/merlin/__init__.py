"""Merlin Economics (Wizard Sano's draft v0.1.14a): the modular rules engine, its views and bots."""

from tradingfloor.games.merlin.game import Merlin

GAME = Merlin()

__all__ = ["GAME", "Merlin"]
