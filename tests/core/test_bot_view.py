"""`Decision.bot_view`: the game's own view for its bots where it has one (made once, when first
read), else the view; `Decision.view` is always the game's view."""

from __future__ import annotations

from typing import Any

import tradingfloor
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import State


class WithBotView:
    """Middleman with a bot view (its view's phase only), counting the views of each kind made."""

    def __init__(self) -> None:
        self.game = tradingfloor.make("middleman")
        self.made = {"view": 0, "bot_view": 0}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.made["view"] += 1
        return self.game.view(state, seat)

    def bot_view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.made["bot_view"] += 1
        return {"phase": self.game.view(state, seat)["phase"]}


def test_a_games_bot_view_is_made_once_when_read_and_the_view_stays_the_games() -> None:
    game: Any = WithBotView()
    state = game.game.new({"players": 3}, seed=1)
    decision = decision_for(game, state, 0)
    assert game.made == {"view": 0, "bot_view": 0}
    assert decision.bot_view == {"phase": game.game.view(state, 0)["phase"]}
    assert decision.bot_view is decision.bot_view
    assert game.made == {"view": 0, "bot_view": 1}
    assert decision.view == game.game.view(state, 0)
    assert game.made == {"view": 1, "bot_view": 1}


def test_once_the_view_is_made_bots_read_it() -> None:
    game: Any = WithBotView()
    state = game.game.new({"players": 3}, seed=1)
    decision = decision_for(game, state, 1)
    view = decision.view
    assert decision.bot_view is view
    assert game.made == {"view": 1, "bot_view": 0}


def test_without_a_bot_view_bots_read_the_view() -> None:
    game = tradingfloor.make("middleman")
    state = game.new({"players": 3}, seed=2)
    decision = decision_for(game, state, 0)
    assert decision.bot_view is decision.view
    assert decision.bot_view == game.view(state, 0)
