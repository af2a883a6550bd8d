"""tradingfloor's games in OpenSpiel: importing this package registers them with pyspiel.

    import pyspiel
    import tradingfloor.rl.openspiel  # registers every game: python_middleman, ...

    game = pyspiel.load_game("python_merlin", {"magic": True, "finance": True})

`adapter` holds what every game shares (chance, turns, actions, returns); `middleman` and
`seeded` each game's own parts. Importing it needs OpenSpiel: pip install 'tradingfloor[openspiel]'.
"""

# ruff: noqa: E402 (the extra is checked before pyspiel and the modules that import it)
from __future__ import annotations

from tradingfloor.extras import require

require("openspiel")  # before pyspiel: one line naming the extra, not a traceback

import pyspiel

from tradingfloor.rl.openspiel.adapter import ContractGame, game_type
from tradingfloor.rl.openspiel.context import context_for
from tradingfloor.rl.openspiel.middleman import MiddlemanGame
from tradingfloor.rl.openspiel.seeded import BusinessmenGame, MerlinGame

GAMES: tuple[type[ContractGame], ...] = (MiddlemanGame, BusinessmenGame, MerlinGame)
"""The registered games' classes."""

SHORT_NAMES = tuple(game.spec.short_name for game in GAMES)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game in GAMES:
        if game.spec.short_name not in registered:
            default = context_for(game.spec, None)
            pyspiel.register_game(game_type(game.spec, default), game)


_register()
