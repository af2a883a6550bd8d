"""Middleman under the core contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tradingfloor.core.game import Result
from tradingfloor.games.middleman import determinize, rules
from tradingfloor.games.middleman.actions import CODEC, Buy, Rows, Sell
from tradingfloor.games.middleman.options import MiddlemanOptions, dumped, parse_options
from tradingfloor.games.middleman.state import MiddlemanState, Variant
from tradingfloor.games.middleman.view import view


class Middleman:
    """Eric Solomon's Middleman: sealed bids for tins of tuna against a market the players make."""

    id = "middleman"
    version = "1"
    title = "Middleman"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> MiddlemanState:
        players, guarded, variant = _table(options)
        return rules.new_state(players, guarded, seed, variant)

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return dumped(parse_options(options))

    # The rules' own functions, called without a method's frame of its own: random play calls
    # them at every move.
    actors = staticmethod(rules.actors)
    legal = staticmethod(rules.legal)
    apply = staticmethod(rules.apply)  # it refuses an object that is no Middleman action

    def parse_action(self, obj: Any) -> Rows | Buy | Sell:
        action: Rows | Buy | Sell = CODEC.parse(obj)
        return action

    def view(self, state: MiddlemanState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def redetermine(self, state: MiddlemanState, seat: int, rng: random.Random) -> MiddlemanState:
        return determinize.redetermine(state, seat, rng)

    def withdraw(self, state: MiddlemanState, seat: int) -> MiddlemanState:
        return determinize.withdraw(state, seat)

    def result(self, state: MiddlemanState) -> Result | None:
        return rules.result(state)

    def players(self, state: MiddlemanState) -> int:
        return state.players

    def schemas(self) -> dict[str, Any]:
        return {"options": MiddlemanOptions.model_json_schema(), "action": CODEC.schema()}

    def bots(self) -> Mapping[str, Any]:
        from tradingfloor.games.middleman.bots import BOTS

        return BOTS

    def balance_figures(self, state: MiddlemanState) -> dict[str, float]:
        from tradingfloor.games.middleman.balance import balance_figures

        return balance_figures(state)

    def move_words(self, state: MiddlemanState, seat: int, action: Any) -> str:
        """A move in the game's words, as it is made in `state` ("Offer 3 a tin for 2 tins")."""
        from tradingfloor.games.middleman.words import move_words

        return move_words(state, seat, action)

    def how_to_play(self) -> str:
        """The short player's guide (Markdown)."""
        return (Path(__file__).parent / "how_to_play.md").read_text(encoding="utf-8")

    def conformance_options(self) -> Sequence[Mapping[str, Any]]:
        return [{"players": 2}, {"players": 3}, {"players": 5, "guarded": True}, {"players": 8}]


_PLAIN = frozenset({int, bool, str, type(None)})  # option values that say all they are, hashed
Table = tuple[int, bool, Variant]  # what a new game needs of its options


def _table(options: Mapping[str, Any] | None) -> Table:
    """The players, guarded play and variant of `options`, remembered for options of plain
    values: random play starts a game every few moves, and validating the options and making
    their variant were nearly half the cost of starting one."""
    if not options:
        return _plain_table((), ())
    if not _PLAIN.issuperset(map(type, options.values())):
        return _table_of(parse_options(options))  # a list or a float: parsed (and refused) afresh
    return _plain_table(tuple(options.items()), tuple(map(type, options.values())))


@lru_cache(maxsize=256)
def _plain_table(given: tuple[tuple[str, Any], ...], types: tuple[type, ...]) -> Table:
    """The table of the options `given`; their `types` are in the key so that 1 is remembered
    apart from True (equal in Python, not to the options' strict fields)."""
    return _table_of(parse_options(dict(given)))


def _table_of(chosen: MiddlemanOptions) -> Table:
    return chosen.players, chosen.guarded, chosen.variant
