"""The finance module's table at the start: no offers, contracts, debts or listings yet."""

from __future__ import annotations

from tradingfloor.games.merlin.finance.state import Finance


def new_finance() -> Finance:
    """Nothing is written, owed or listed before the first turn."""
    return Finance()
