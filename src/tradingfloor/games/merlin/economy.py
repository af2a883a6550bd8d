"""The `economy` module: the basic game's actions and hooks, in the draft's core-loop order."""

from __future__ import annotations

from typing import Any

from tradingfloor.games.merlin import (
    bankruptcy,
    market,
    market_upkeep,
    permits,
    production,
    seasons,
    tableau,
    taxes,
    turn_order,
)
from tradingfloor.games.merlin.records import replace, replace_fields
from tradingfloor.games.merlin.rulebook import Log, Module
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.turns import END_TURN


def _reset_turn(state: MerlinState, log: Log) -> MerlinState:
    """A new turn: nothing bought yet, no offers made."""
    eco = state.economy
    if not (eco.fresh or eco.buying or eco.offers_made) and eco.offer is None:
        return state  # (a turn with nothing bought and no offer made leaves nothing to reset)
    fresh: dict[str, Any] = {"fresh": (), "buying": False, "offers_made": 0, "offer": None}
    return replace(state, economy=replace_fields(state.economy, fresh))


MODULE = Module(
    name="economy",
    actions={
        **turn_order.RULES,
        "vote": taxes.RULES,
        "offer": tableau.ANSWERS,
        "turn": (
            *tableau.RULES,
            *market.RULES,
            *bankruptcy.RULES,
            *permits.RULES,
            END_TURN,
        ),
        # Core Loop: buying permits comes last ("Permits are bought at the end").
        "buying": (*permits.RULES, *bankruptcy.RULES, END_TURN),
    },
    on_turn_start=(_reset_turn, market_upkeep.collect_escrow),
    # RULINGS Merlin 6: "A roll's production comes before the wheel turns."
    on_roll=(
        production.on_seven,
        production.on_production,
        production.on_payouts,
        seasons.on_double,
    ),
    on_portion=(bankruptcy.on_portion, taxes.on_portion, market_upkeep.stimulus),
)
