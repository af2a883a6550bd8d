"""The magic module: labs (MERLIN-MODULES.md §2). To be built."""

from __future__ import annotations

from tradingfloor.games.merlin.rulebook import Log, Module
from tradingfloor.games.merlin.state import MerlinState

PART = Module(name="magic.labs")


def place_lab(state: MerlinState, seat: int, card: str, log: Log) -> MerlinState:
    """Place a lab from hand on its own, unfunded (Spades: a "Spell lab that generate spell cards
    when funded")."""
    raise NotImplementedError
