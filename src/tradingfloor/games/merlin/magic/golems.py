"""The magic module: golems (MERLIN-MODULES.md §2). To be built."""

from __future__ import annotations

from tradingfloor.games.merlin.rulebook import Module
from tradingfloor.games.merlin.state import MerlinState

PART = Module(name="magic.golems")


def invest_refusal(state: MerlinState, seat: int, card: str) -> str | None:
    """Why `seat` may not invest in their property `card` now, or None."""
    return None
