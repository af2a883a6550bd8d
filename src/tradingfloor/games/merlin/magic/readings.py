"""The magic module: readings (MERLIN-MODULES.md §2). To be built."""

from __future__ import annotations

from tradingfloor.games.merlin.rulebook import Module

PART = Module(name="magic.readings")
