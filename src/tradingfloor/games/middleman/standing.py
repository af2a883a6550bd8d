"""Where a Middleman game stands now: how it would be scored if it ended at this point.

Search may cut its playouts short and score them with this (the optional `standing` hook of
`core.game.Game`), instead of playing each to the end.
"""

from __future__ import annotations

from tradingfloor.core.game import Result
from tradingfloor.games.middleman import rules
from tradingfloor.games.middleman.state import MiddlemanState


def standing(state: MiddlemanState) -> Result:
    """The result if the game ended now: Middleman §5, the most cash wins and tins count for
    nothing; RULINGS Middleman 7, a player out counts 0 and cannot win."""
    over = rules.result(state)
    if over is not None:
        return over
    scores = [0 if state.out[s] else state.cash[s] for s in range(state.players)]
    still_in = [not gone for gone in state.out]
    return Result.from_scores(scores, "standing now: the most cash", eligible=still_in)
