"""The `Agent` protocol: a policy that sees only what its seat sees.

It lives in `core/` (not `agents/`) so that each game's own bots in `games/<id>/bots.py` can keep it
while importing only from below.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from tradingfloor.core.game import Game, State
from tradingfloor.core.spaces import ActionSpace

ViewSource = Mapping[str, Any] | Callable[[], Mapping[str, Any]]
"""A seat's view, or a function that makes it when it is first read."""


class Decision:
    """Everything an agent is given: its seat's view, its legal actions, and a way to sample worlds.

    `determinize(rng)` returns a full state that the seat cannot tell apart from the true one (the
    game's `redetermine`); the agent never sees the true state itself.

    The view may be given as a function: it is then made the first time an agent reads it, and
    never for an agent that does not (random play, a search that only samples worlds), since a
    game's view is often the dearest part of a step.

    `bot_view` is the view as the game's own bots read it. A game may offer one (an optional
    hook, `game.bot_view(state, seat) -> Mapping`): every entry it has is the view's, but it may
    leave out the entries its bots never read (the words: events, news, texts) or make each entry
    only when it is read, so that bots never pay for them. It never shows more than the view, and
    the game's bots choose from it as from the view. Without one it is the view. Agents of other
    kinds (RL policies, PettingZoo) read `view`, which is always the game's view.
    """

    __slots__ = ("_bot_view", "_view", "determinize", "game", "legal", "seat")

    def __init__(
        self,
        game: Game,
        seat: int,
        view: ViewSource,
        legal: ActionSpace,
        determinize: Callable[[random.Random], State],
        bot_view: ViewSource | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self._view = view
        self.legal = legal
        self.determinize = determinize
        self._bot_view = bot_view

    @property
    def view(self) -> Mapping[str, Any]:
        """The seat's view (`game.view(state, seat)`), made once, when first read."""
        view = self._view
        if callable(view):
            view = self._view = view()
        return view

    @property
    def bot_view(self) -> Mapping[str, Any]:
        """The view for the game's own bots (the game's `bot_view`), made once, when first read;
        the view itself where the game has none or the view is made already."""
        bot_view = self._bot_view
        if bot_view is None or not callable(self._view):
            return self.view
        if callable(bot_view):
            bot_view = self._bot_view = bot_view()
        return bot_view

    def __repr__(self) -> str:
        return f"Decision(game={getattr(self.game, 'id', self.game)!r}, seat={self.seat})"


def decision_for(game: Game, state: State, seat: int) -> Decision:
    """The decision `seat` faces in `state` (its views made only if an agent reads them)."""
    bot_view = getattr(game, "bot_view", None)
    return Decision(
        game=game,
        seat=seat,
        view=lambda: game.view(state, seat),
        legal=game.legal(state, seat),
        determinize=lambda rng: game.redetermine(state, seat, rng),
        bot_view=None if bot_view is None else lambda: bot_view(state, seat),
    )


@runtime_checkable
class Agent(Protocol):
    """A player: given a decision and a random generator, returns a legal action."""

    name: str

    def act(self, decision: Decision, rng: random.Random) -> Any: ...


class RandomAgent:
    """Plays a random legal action."""

    name = "random"

    def act(self, decision: Decision, rng: random.Random) -> Any:
        return decision.legal.sample(rng)
