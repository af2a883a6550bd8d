"""Finance tables for scripted tests: a game with every module after its auction, arranged finance
holdings, and the conservation check every part shares."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.games.merlin.helpers import act, after_auction, arrange, balance, rig
from tests.games.merlin.magic.helpers import conserved
from tradingfloor.games.merlin.finance.state import Finance
from tradingfloor.games.merlin.state import MerlinState

__all__ = ["act", "after_finance", "arrange", "arrange_finance", "conserved", "rig"]

MODULES = ["economy", "magic", "finance"]


def after_finance(
    players: int = 4,
    seed: int = 1,
    first_roll: tuple[int, int] = (1, 2),
    modules: list[str] | None = None,
    **options: Any,
) -> MerlinState:
    """A game with the finance module (and magic, unless `modules` says otherwise) whose auction
    gave the order 0, 1, 2, ... (seat 0 to play, its first roll `first_roll`)."""
    return after_auction(players, seed, first_roll, modules=modules or MODULES, **options)


def arrange_finance(state: MerlinState, **changes: Any) -> MerlinState:
    """Set fields of the finance part directly (futures, debts, ...); gold on the table is counted
    as starting gold so that conservation still holds."""
    assert isinstance(state.finance, Finance)
    return balance(replace(state, finance=replace(state.finance, **changes)))
