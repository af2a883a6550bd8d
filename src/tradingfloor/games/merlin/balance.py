"""Merlin Economics' balance figures of interest, read from a finished game."""

from __future__ import annotations

import math

from tradingfloor.games.merlin.state import INCOME, MerlinState

ENDINGS = {
    "last": "ended_last_player",
    "cap": "ended_orbit_cap",
    "nobody": "ended_nobody",
    "monarchy": "ended_monarchy",
}
"""How a game can end (`rules.REASONS`' keys) and the figure that counts each: 1.0 where it did."""


def balance_figures(state: MerlinState) -> dict[str, float]:
    """How the game ended, orbits played, gold by source, properties when permits ran out."""
    figures = {**endings(state), **orbits(state), **gold_by_source(state), **permits_out(state)}
    if state.magic is not None:
        from tradingfloor.games.merlin.magic.balance import magic_figures

        figures.update(magic_figures(state))
    return figures


def ending(state: MerlinState) -> str:
    """How a finished game ended, as `rules.result` reads it: nobody left in is "nobody"."""
    if not state.core.in_game():
        return "nobody"
    return state.core.ended or "last"


def endings(state: MerlinState) -> dict[str, float]:
    """One figure per way to end: 1.0 for the way this game ended, 0.0 for the others."""
    how = ending(state)
    return {figure: float(how == key) for key, figure in ENDINGS.items()}


def orbits(state: MerlinState) -> dict[str, float]:
    """`orbits`: the orbits completed; the orbit cap ends a game as its last orbit completes, so a
    capped game reports `max_orbits` (a game won mid-orbit does not count that orbit)."""
    return {"orbits": float(state.core.orbit)}


def gold_by_source(state: MerlinState) -> dict[str, float]:
    """`gold_<source>`: the gold all players received from each source (`INCOME`) over the game,
    and `production_share`: production's share of it all (NaN where nobody received any)."""
    income = state.core.ledger.income
    figures = {f"gold_{source}": float(income[i]) for i, source in enumerate(INCOME)}
    total = sum(income)
    figures["production_share"] = income[INCOME.index("production")] / total if total else math.nan
    return figures


def permits_out(state: MerlinState) -> dict[str, float]:
    """Properties per player when the deck first held no permit: `properties_when_permits_ran_out`
    (the mean over all seats; a player already out owns none and counts 0) and
    `properties_spread_when_permits_ran_out` (most minus fewest); NaN if it never happened."""
    owned = state.economy.permits_out
    if owned is None:
        return {
            "properties_when_permits_ran_out": math.nan,
            "properties_spread_when_permits_ran_out": math.nan,
        }
    return {
        "properties_when_permits_ran_out": sum(owned) / len(owned),
        "properties_spread_when_permits_ran_out": float(max(owned) - min(owned)),
    }
