"""Merlin Economics under the core contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.game import Result
from tradingfloor.games.merlin import determinize, rules
from tradingfloor.games.merlin.actions import CODEC
from tradingfloor.games.merlin.options import MerlinOptions, parse_options
from tradingfloor.games.merlin.setup import new_state
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.view import bot_view, view


class Merlin:
    """Wizard Sano's Merlin Economics: permits, dice, commodities and a market, built as modules."""

    id = "merlin"
    version = "1"
    title = "Merlin Economics"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> MerlinState:
        return new_state(parse_options(options), seed)

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return parse_options(options).model_dump(mode="json")

    # (the compiled functions themselves: a method that calls them runs as Python, every move)
    actors = staticmethod(rules.actors)
    legal = staticmethod(rules.legal)
    apply = staticmethod(rules.apply)  # it refuses an object that is no Merlin Economics action

    def parse_action(self, obj: Any) -> Action:
        action: Action = CODEC.parse(obj)
        return action

    def view(self, state: MerlinState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def bot_view(self, state: MerlinState, seat: int | None) -> Mapping[str, Any]:
        """The view as the game's own bots read it: equal to `view`, each entry made when first
        read (core/agent.py's `Decision.bot_view`)."""
        return bot_view(state, seat)

    def redetermine(self, state: MerlinState, seat: int, rng: random.Random) -> MerlinState:
        return determinize.redetermine(state, seat, rng)

    def result(self, state: MerlinState) -> Result | None:
        return rules.result(state)

    def standing(self, state: MerlinState) -> Result:
        """How the game would be scored if it ended now (search scores cut playouts with it)."""
        from tradingfloor.games.merlin.standing import standing

        return standing(state)

    def players(self, state: MerlinState) -> int:
        return state.players

    def schemas(self) -> dict[str, Any]:
        return {"options": MerlinOptions.model_json_schema(), "action": CODEC.schema()}

    def bots(self) -> Mapping[str, Any]:
        from tradingfloor.games.merlin.bots import BOTS

        return BOTS

    def data_figures(self) -> list[tuple[str, Any, str, str]]:
        """Every figure of the data files, as the `data` option names it (`data.<path>`), with
        its default, what it takes and its file (the lab's `tradingfloor data merlin`)."""
        from tradingfloor.games.merlin import content

        return [
            (f"data.{path}", value, spec.words(), f"games/merlin/data/{path.split('.')[0]}.toml")
            for path, value, spec in content.figures()
        ]

    def balance_figures(self, state: MerlinState) -> dict[str, float]:
        from tradingfloor.games.merlin.balance import balance_figures

        return balance_figures(state)

    def move_words(self, state: MerlinState, seat: int, action: Any) -> str:
        """A move in the rules' words, as it is made in `state`."""
        from tradingfloor.games.merlin.words import label

        return label(state, seat, action)

    def how_to_play(self) -> str:
        """A short player's guide (Markdown), for the web page and `tradingfloor rules`."""
        return (Path(__file__).parent / "how_to_play.md").read_text(encoding="utf-8")

    def conformance_options(self) -> Sequence[Mapping[str, Any]]:
        return [
            {"players": 4, "max_orbits": 12},
            {"players": 4, "modules": ["economy", "magic"], "max_orbits": 10},
            {"players": 4, "modules": ["economy", "magic", "finance"], "max_orbits": 10},
            {"players": 5, "modules": ["economy", "finance"], "max_orbits": 8},
            {
                "players": 5,
                "modules": ["economy", "magic"],
                "jokers": True,
                "decree_counters": "one",
                "max_orbits": 6,
            },
            {"players": 6, "max_orbits": 6},
            {
                "players": 3,
                "few_players": True,
                "max_orbits": 15,
                "content": "quick",
                "investment_pays_on": "owner_turn",
            },
        ]
