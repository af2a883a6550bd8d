"""Middleman's balance figures of interest, read from a finished game's public history."""

from __future__ import annotations

import math

from tradingfloor.games.middleman.state import MiddlemanState


def balance_figures(state: MiddlemanState) -> dict[str, float]:
    """How often a round's supply exceeded its demand, the mean market sizes, and who went out."""
    supply = {step.round: step.market for step in state.history if step.side == "buy"}
    demand = {step.round: step.market for step in state.history if step.side == "sell"}
    # Only rounds that reached their selling step have both figures (a game can end mid-round).
    rounds = sorted(set(supply) & set(demand))
    exceeds = sum(1 for r in rounds if supply[r] > demand[r])
    count = len(rounds) or math.nan  # no complete round: the shares are undefined, not zero
    return {
        "supply_exceeds_demand": exceeds / count,
        "mean_supply": sum(supply[r] for r in rounds) / count,
        "mean_demand": sum(demand[r] for r in rounds) / count,
        "rounds_played": float(len(rounds)),
        "players_out": float(sum(state.out)),
    }
