"""Businessmen's balance figures of interest: where the VP came from, read from a finished game."""

from __future__ import annotations

from collections.abc import Sequence

from tradingfloor.games.businessmen.state import VP_SOURCES, BusinessmenState


def balance_figures(state: BusinessmenState) -> dict[str, float]:
    """VP by source, the mean per seat: `vp_cars`, `vp_exports`, `vp_improving` (gains), and
    `vp_events`, `vp_skipping` (losses, as negative figures), and the rounds played."""
    return figures([seat.vp_from for seat in state.seats], state.round)


def figures(vp_from: Sequence[Sequence[int]], rounds: int) -> dict[str, float]:
    """The balance figures of a game over after `rounds`, each seat's VP tallied by source
    (`vp_from`, in VP_SOURCES order)."""
    out = {
        f"vp_{source}": sum(tally[index] for tally in vp_from) / len(vp_from)
        for index, source in enumerate(VP_SOURCES)
    }
    out["rounds_played"] = float(rounds)
    return out
