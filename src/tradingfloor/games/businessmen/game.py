"""Businessmen under the core contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tradingfloor.core.game import Result
from tradingfloor.games.businessmen import determinize, rules
from tradingfloor.games.businessmen.actions import CODEC, BusinessmenAction
from tradingfloor.games.businessmen.options import (
    BusinessmenOptions,
    dumped,
    match_decks_of,
    parse_options,
)
from tradingfloor.games.businessmen.state import BusinessmenState
from tradingfloor.games.businessmen.view import bot_view, view


class Businessmen:
    """Businessmen: a market of goods, three cars to fill, exports, and a tablet to improve."""

    id = "businessmen"
    version = "1"
    title = "Businessmen"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> BusinessmenState:
        chosen = parse_options(options)
        decks = match_decks_of(chosen)
        return rules.new_state(chosen.players, decks, seed, chosen.goal, chosen.max_rounds)

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return dumped(parse_options(options))

    # The rules' own functions, without a method's frame between: asked at every step.
    actors = staticmethod(rules.actors)
    legal = staticmethod(rules.legal)

    def parse_action(self, obj: Any) -> BusinessmenAction:
        action: BusinessmenAction = CODEC.parse(obj)
        return action

    # Any object is refused but the rules' actions (`rules.play`), without a method's frame between.
    apply = staticmethod(rules.play)

    def view(self, state: BusinessmenState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def bot_view(self, state: BusinessmenState, seat: int | None) -> dict[str, Any]:
        """The view the game's own bots read: `view` without the words and the public history."""
        return bot_view(state, seat)

    def redetermine(
        self, state: BusinessmenState, seat: int, rng: random.Random
    ) -> BusinessmenState:
        return determinize.redetermine(state, seat, rng)

    def result(self, state: BusinessmenState) -> Result | None:
        return rules.result(state)

    def standing(self, state: BusinessmenState) -> Result:
        """How the game would be scored if it ended now (search scores cut playouts with it)."""
        from tradingfloor.games.businessmen.standing import standing

        return standing(state)

    def fast_playout(self, state: BusinessmenState, horizon: int | None) -> Result:
        """The heuristic bot in every seat from `state` for at most `horizon` actions (None: to
        the end), on the lean table: the result, or the `standing` where it was cut."""
        from tradingfloor.games.businessmen.fast_playout import fast_playout

        return fast_playout(state, horizon)

    def players(self, state: BusinessmenState) -> int:
        return state.players

    def schemas(self) -> dict[str, Any]:
        return {"options": BusinessmenOptions.model_json_schema(), "action": CODEC.schema()}

    def data_figures(self) -> list[tuple[str, Any, str, str]]:
        """Every figure of the setup and of the decks file, as the `data` option names it
        (`data.<path>`), with its default, what it takes and its file (`tradingfloor data`)."""
        from tradingfloor.games.businessmen.data_option import data_figures

        return data_figures()

    def bots(self) -> Mapping[str, Any]:
        from tradingfloor.games.businessmen.bots import BOTS

        return BOTS

    def balance_figures(self, state: BusinessmenState) -> dict[str, float]:
        from tradingfloor.games.businessmen.balance import balance_figures

        return balance_figures(state)

    def move_words(self, state: BusinessmenState, seat: int, action: Any) -> str:
        """A move in the game's words, as it is made in `state` ("Buy 3 oil (3 coins)")."""
        from tradingfloor.games.businessmen.words import label

        return label(state, seat, action)

    def how_to_play(self) -> str:
        """A short player's guide (Markdown), for the web page and `tradingfloor rules`."""
        return (Path(__file__).parent / "how_to_play.md").read_text(encoding="utf-8")

    def conformance_options(self) -> Sequence[Mapping[str, Any]]:
        # Short games (a low goal and a round cap) keep the suite's full random games quick.
        return [
            {"players": 2, "goal": 6, "max_rounds": 8},
            {"players": 4, "goal": 6, "max_rounds": 8},
        ]
