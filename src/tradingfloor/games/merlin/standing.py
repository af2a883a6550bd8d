"""Where a Merlin game stands now: how it would be scored if the orbit cap ended it at this point.

Search cuts its playouts short and scores them with this (the optional `standing` hook of
`core.game.Game`), instead of playing each to the end.
"""

from __future__ import annotations

from tradingfloor.core.game import Result
from tradingfloor.games.merlin import rules
from tradingfloor.games.merlin.state import MerlinState


def standing(state: MerlinState) -> Result:
    """The result if the game ended now: RULINGS 4's cap scoring (gold plus holdings at buy-back
    values, debts to players deducted) among the players not out; a finished game's own result."""
    over = rules.result(state)
    if over is not None:
        return over
    still_in = [not out for out in state.core.out]
    scores = [rules.score(state, seat) for seat in range(state.players)]
    return Result.from_scores(scores, "standing now: gold plus holdings", eligible=still_in)
