"""What a finished game pays each seat: its share of the win, or its final score scaled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tradingfloor.core.game import Game, Result, State

ScoreScale = Callable[[Game, State], float]
"""A game's score unit, read from its fresh state: a final score over it is the `score` reward."""


def _starting_cash(game: Game, fresh: State) -> float:
    """Middleman: a seat's cash at the start (10 x players, §2); final cash over it."""
    return float(game.view(fresh, None)["players"][0]["cash"])


def _goal(game: Game, fresh: State) -> float:
    """Businessmen: the VP goal (option `goal`); final VP over it."""
    return float(game.view(fresh, None)["goal"])


def _starting_score(game: Game, fresh: State) -> float:
    """A seat's score at the start (Merlin: its starting gold, 10); final score over it."""
    standing: Any = getattr(game, "standing")  # noqa: B009 (optional in the Game protocol)
    return float(standing(fresh).scores[0])


SCORE_SCALES: dict[str, ScoreScale] = {
    "middleman": _starting_cash,
    "businessmen": _goal,
    "merlin": _starting_score,
}
"""Each game's score unit; a game not listed is paid its raw score."""


def score_scale(game: Game, fresh: State) -> float:
    """The unit of `game`'s score reward (1 for a game without one)."""
    scale = SCORE_SCALES.get(game.id)
    unit = scale(game, fresh) if scale is not None else 1.0
    return unit if unit > 0 else 1.0


def win_shares(result: Result, players: int) -> list[float]:
    """1 for a sole winner, 1/k for each of k winners sharing the win, 0 otherwise."""
    shares = [0.0] * players
    for seat in result.winners:
        shares[seat] = 1.0 / len(result.winners)
    return shares


def scaled_scores(result: Result, unit: float) -> list[float]:
    """Each seat's final score (`Result.scores`) over the game's score unit."""
    return [score / unit for score in result.scores]
