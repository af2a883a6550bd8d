"""Where a Businessmen game stands now: how it would be scored if it ended at this point.

Search cuts its playouts short and scores them with this (the optional `standing` hook of
`core.game.Game`), instead of playing each to the end.
"""

from __future__ import annotations

from tradingfloor.core.game import Result
from tradingfloor.games.businessmen import rules
from tradingfloor.games.businessmen.state import BusinessmenState


def standing(state: BusinessmenState) -> Result:
    """The result if the game ended now: at the goal as the rules end it, else as the round limit.

    RULINGS Businessmen 13: once a player has reached the goal, among those at the goal the most
    coins wins; at the round limit, the most VP, then the most coins. The scores are the VP.
    """
    over = rules.result(state)
    if over is not None:
        return over
    vp = [s.vp for s in state.seats]
    coins = [s.coins for s in state.seats]
    if any(v >= state.goal for v in vp):
        keys = [
            (v >= state.goal, c if v >= state.goal else v, c)
            for v, c in zip(vp, coins, strict=True)
        ]
        reason = f"standing now: of those with {state.goal} VP or more, the most coins"
    else:
        keys = [(True, v, c) for v, c in zip(vp, coins, strict=True)]
        reason = "standing now: most VP, then most coins"
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    winners = tuple(s for s, rank in enumerate(ranks) if rank == 1)
    return Result(tuple(float(v) for v in vp), ranks, winners, reason)
