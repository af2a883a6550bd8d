"""Businessmen's balance figures of interest: where the VP came from, read from a finished game."""

from __future__ import annotations

from tradingfloor.games.businessmen.state import VP_SOURCES, BusinessmenState


def balance_figures(state: BusinessmenState) -> dict[str, float]:
    """VP by source, the mean per seat: `vp_cars`, `vp_exports`, `vp_improving` (gains), and
    `vp_events`, `vp_skipping` (losses, as negative figures), and the rounds played."""
    seats = state.seats
    figures = {
        f"vp_{source}": sum(seat.vp_from[index] for seat in seats) / len(seats)
        for index, source in enumerate(VP_SOURCES)
    }
    figures["rounds_played"] = float(state.round)
    return figures
