"""Middleman in OpenSpiel (`python_middleman`): its rows dealt by an explicit chance player.

Middleman has no chance of its own: its only randomness is the rows, which the game leaves to
the players. Here chance deals each seat's rows A and D digit by digit (uniformly over the pairs
of different permutations, RULINGS Middleman 2: dealing them is a convenience), so that the
players' decisions are the trading; then every seat still in sends an order at each step, a
simultaneous node. Parameters: `players`, `guarded`, and the research variants' `rounds`,
`digits` and `top_price` (docs/rules/middleman.md, Variants).
"""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

from tradingfloor.games.middleman.actions import Rows
from tradingfloor.rl.openspiel.adapter import ContractGame, ContractState, Node
from tradingfloor.rl.openspiel.context import SPECS, Context, GameSpec

MIDDLEMAN = GameSpec(
    game_id="middleman",
    short_name="python_middleman",
    long_name="Python Middleman (tradingfloor)",
    parameters={"players": 3, "guarded": False, "rounds": 10, "digits": 10, "top_price": 10},
    options=dict,
    simultaneous=True,
    max_players=8,
    turns=lambda params: 2 * int(params["rounds"]),  # a buying and a selling step a round
)
SPECS[MIDDLEMAN.short_name] = MIDDLEMAN


class Dealt(tuple[tuple[int, ...], ...]):
    """The rows dealt so far; immutable, so a cloned state shares them."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Dealt:
        return self


@cache
def _blank_table(context: Context) -> Any:
    """The table before any row is written (the seed plays no part in Middleman's rules)."""
    return context.core.new(context.options, seed=0)


class MiddlemanGame(ContractGame):
    """Middleman: `players` (2-8), `guarded`, and the research variants' options."""

    spec = MIDDLEMAN

    def max_chance_outcomes_count(self) -> int:
        return self.digits

    @property
    def digits(self) -> int:
        return int(self.context.params["digits"])

    def new_initial_state(self) -> MiddlemanState:
        return MiddlemanState(self)


class MiddlemanState(ContractState):
    """A Middleman table: rows being dealt by chance, or a step awaiting every seat's order."""

    def __init__(self, game: MiddlemanGame) -> None:
        super().__init__(game)
        self.digits = game.digits
        self.dealt: Dealt = Dealt()  # rows dealt so far: A0, D0, A1, D1, ...

    def first_table(self) -> Any:
        return _blank_table(self.context)

    def auto_moves(self, table: Any, turns: int = 0) -> Any:
        """None: chance deals the rows (the encoder's one automatic move), orders are asked."""
        return table

    def chance_pending(self) -> bool:
        rows = 2 * self.context.players
        return len(self.dealt) < rows or len(self.dealt[-1]) < self.digits

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next digit of the row being dealt; row D never copies row A (Middleman §2)."""
        index, row = self._row_being_dealt()
        left = [d for d in range(self.digits) if d not in row]
        row_a = self.dealt[index - 1] if index % 2 == 1 else None  # odd rows are D rows
        if row_a is None or row != row_a[: len(row)]:
            return [(d, 1.0 / len(left)) for d in left]
        # Weight each digit by the completions it leaves that differ from row A: exactly uniform
        # over the D rows different from A, and never A itself.
        tail = math.factorial(len(left) - 1)
        weights = [tail - 1 if d == row_a[len(row)] else tail for d in left]
        total = sum(weights)
        return [(d, w / total) for d, w in zip(left, weights, strict=True) if w > 0]

    def _row_being_dealt(self) -> tuple[int, tuple[int, ...]]:
        """Which row (A0, D0, A1, ...) the next chance digit goes to, and its digits so far."""
        if self.dealt and len(self.dealt[-1]) < self.digits:
            return len(self.dealt) - 1, self.dealt[-1]
        return len(self.dealt), ()

    def apply_chance(self, outcome: int) -> None:
        index, row = self._row_being_dealt()
        self.dealt = Dealt((*self.dealt[:index], (*row, int(outcome))))
        if index % 2 == 1 and len(self.dealt[-1]) == self.digits:
            seat = index // 2
            rows = Rows(a=self.dealt[-2], d=self.dealt[-1])
            self.node = Node(self.context.core.apply(self.node.table, seat, rows))

    def observation_text(self, seat: int) -> str:
        """The seat's rows as dealt so far, and its view of the table, as JSON."""
        own = [list(row) for row in self.dealt[2 * seat : 2 * seat + 2]]
        view = self.context.core.view(self.node.table, seat)
        return json.dumps({"rows dealt": own, "view": view}, sort_keys=True)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == -1:  # pyspiel.PlayerId.CHANCE
            return f"digit {action}"
        return super()._action_to_string(player, action)
