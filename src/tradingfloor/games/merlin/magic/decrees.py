"""The magic module: decrees (MERLIN-MODULES.md §2). To be built."""

from __future__ import annotations

from tradingfloor.games.merlin.rulebook import Module
from tradingfloor.games.merlin.state import MerlinState

PART = Module(name="magic.decrees")


def invest_cap(state: MerlinState, seat: int, card: str) -> int | None:
    """How much more gold may go on `card` under an Investment Ceiling, or None (no ceiling)."""
    return None


def buy_refusal(state: MerlinState, seat: int) -> str | None:
    """Why `seat` may not buy another permit this turn (a Permit Quota), or None."""
    return None
