"""The registry of games: `make(id)` and `games()`; games are imported on first use."""

from __future__ import annotations

import importlib

from tradingfloor.core.errors import UnknownGame
from tradingfloor.core.game import Game

# id -> "module:attribute" of the game object; imported lazily so that listing games stays cheap.
_BUILTIN: dict[str, str] = {
    "middleman": "tradingfloor.games.middleman:GAME",
    "merlin": "tradingfloor.games.merlin:GAME",
    "businessmen": "tradingfloor.games.businessmen:GAME",
}
_loaded: dict[str, Game] = {}


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(set(_BUILTIN) | set(_loaded))


def make(game_id: str) -> Game:
    """The game registered as `game_id`; an unknown id raises UnknownGame listing the known ones."""
    if game_id in _loaded:
        return _loaded[game_id]
    target = _BUILTIN.get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {', '.join(games())}")
    module_name, attribute = target.split(":")
    game: Game = getattr(importlib.import_module(module_name), attribute)
    _loaded[game_id] = game
    return game


def register(game: Game) -> None:
    """Add a game object (a plug-in, or a small game made for tests)."""
    _loaded[game.id] = game


def unregister(game_id: str) -> None:
    """Remove a game added with `register`."""
    _loaded.pop(game_id, None)
