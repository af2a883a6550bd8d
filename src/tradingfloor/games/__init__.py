"""One package per game. Calling this package lists the registered games.

Importing a subpackage binds `tradingfloor.games` to this module, replacing the `games()`
function that `tradingfloor` exports; a callable module keeps `tradingfloor.games()` working.
"""

from __future__ import annotations

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from tradingfloor.core.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
