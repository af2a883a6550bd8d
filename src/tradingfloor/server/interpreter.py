"""Interpreter settings for a long-running server process, so that pauses stay short."""

from __future__ import annotations

import contextlib
import gc
import sys

from tradingfloor.agents import kinds, make_agent
from tradingfloor.core import registry

# Bots think in worker threads: hand the interpreter back to the event loop sooner than the
# default 5 ms, so that a thinking bot does not hold up the pushes to people.
SWITCH_INTERVAL_S = 0.001


def settle() -> None:
    """Load every game and bot, then freeze what is loaded so no collection walks it again.

    A full collection walks every tracked object. Left alone it walks the ~80,000 objects of the
    libraries and games too, a pause of 50-120 ms that lands on whichever pushes are waiting."""
    for game_id in registry.games():
        game = registry.make(game_id)
        for kind in kinds(game):
            # A plugin agent that cannot be built says so when a match asks for it, not here.
            with contextlib.suppress(Exception):
                make_agent(game, kind)
    gc.collect()
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
