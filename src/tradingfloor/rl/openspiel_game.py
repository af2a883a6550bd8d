"""Middleman as an OpenSpiel Python game, registered with pyspiel as `python_middleman`.

Simultaneous moves with imperfect information and an explicit chance player: chance deals every
seat's rows A and D digit by digit (uniformly over the pairs of different permutations), then each
step every seat still in sends an order, one Discrete action (tins x 11 + price, as in the
PettingZoo environments). The state wraps the reference engine's state, so the rules are the same.
Importing this module needs pyspiel (`pip install tradingfloor[bench]`).
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pyspiel

from tradingfloor.core.registry import make
from tradingfloor.games.middleman.actions import Rows
from tradingfloor.rl.middleman import SIZE, MiddlemanEncoder, MiddlemanMenu, order_of

DIGITS = 10
DEFAULT_PARAMS = {"players": 3, "guarded": False}
MIDDLEMAN = make("middleman")
ENCODER = MiddlemanEncoder()

GAME_TYPE = pyspiel.GameType(
    short_name="python_middleman",
    long_name="Python Middleman (tradingfloor)",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


class MiddlemanGame(pyspiel.Game):  # type: ignore[misc]
    """The game: `players` (2-8) and `guarded` as in the reference engine's options."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        self.table_options = MIDDLEMAN.options(params)  # BadOptions for a bad player count
        players = int(self.table_options["players"])
        super().__init__(
            GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=SIZE,
                max_chance_outcomes=DIGITS,
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=2 * DIGITS * players + 2 * 10,
            ),
            params,
        )

    def new_initial_state(self) -> MiddlemanSpielState:
        return MiddlemanSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MiddlemanObserver:
        return MiddlemanObserver(params)


class MiddlemanSpielState(pyspiel.State):  # type: ignore[misc]
    """A Middleman table: rows being dealt by chance, or a step awaiting every seat's order."""

    def __init__(self, game: MiddlemanGame) -> None:
        super().__init__(game)
        self.table = MIDDLEMAN.new(game.table_options, seed=0)
        self.players = int(game.table_options["players"])
        self.dealt: list[list[int]] = []  # rows dealt so far: A0, D0, A1, D1, ...

    # Chance: dealing the rows.

    def dealing(self) -> bool:
        return len(self.dealt) < 2 * self.players or len(self.dealt[-1]) < DIGITS

    def current_player(self) -> int:
        if MIDDLEMAN.result(self.table) is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealing():
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next digit of the row being dealt; row D never copies row A (Middleman §2)."""
        index, row = self._row_being_dealt()
        left = [d for d in range(DIGITS) if d not in row]
        row_a = self.dealt[index - 1] if index % 2 == 1 else None  # odd rows are D rows
        if row_a is None or row != row_a[: len(row)]:
            return [(d, 1.0 / len(left)) for d in left]
        # Weight each digit by the completions it leaves that differ from row A: exactly uniform
        # over the D rows different from A, and never A itself.
        tail = math.factorial(len(left) - 1)
        weights = [tail - 1 if d == row_a[len(row)] else tail for d in left]
        total = sum(weights)
        return [(d, w / total) for d, w in zip(left, weights, strict=True) if w > 0]

    def _row_being_dealt(self) -> tuple[int, list[int]]:
        """Which row (A0, D0, A1, ...) the next chance digit goes to, and its digits so far."""
        if self.dealt and len(self.dealt[-1]) < DIGITS:
            return len(self.dealt) - 1, self.dealt[-1]
        return len(self.dealt), []

    def _apply_action(self, action: int) -> None:
        if not self.dealt or len(self.dealt[-1]) == DIGITS:
            self.dealt.append([])
        self.dealt[-1].append(int(action))
        if len(self.dealt) % 2 == 0 and len(self.dealt[-1]) == DIGITS:
            seat = len(self.dealt) // 2 - 1
            rows = Rows(a=tuple(self.dealt[-2]), d=tuple(self.dealt[-1]))
            self.table = MIDDLEMAN.apply(self.table, seat, rows)

    # The players: one sealed order each per step.

    def _legal_actions(self, player: int) -> list[int]:
        if player not in MIDDLEMAN.actors(self.table):
            return [0]  # a seat that is out sends nothing; 0 stands for it
        menu = MiddlemanMenu(MIDDLEMAN.legal(self.table, player))
        return [int(i) for i in np.flatnonzero(menu.mask)]

    def _apply_actions(self, actions: list[int]) -> None:
        for seat in MIDDLEMAN.actors(self.table):
            menu = MiddlemanMenu(MIDDLEMAN.legal(self.table, seat))
            self.table = MIDDLEMAN.apply(self.table, seat, menu.action(int(actions[seat])))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"digit {action}"
        tins, price = order_of(action)
        return f"{tins} tins at {price}"

    def is_terminal(self) -> bool:
        return MIDDLEMAN.result(self.table) is not None

    def returns(self) -> list[float]:
        """Each seat's share of the win: 1 for a sole winner, 1/k each for k sharing it."""
        result = MIDDLEMAN.result(self.table)
        shares = [0.0] * self.players
        if result is not None:
            for seat in result.winners:
                shares[seat] = 1.0 / len(result.winners)
        return shares

    def __str__(self) -> str:
        return json.dumps({"dealt": self.dealt, "table": MIDDLEMAN.view(self.table, None)})


class MiddlemanObserver:
    """A seat's view as the PettingZoo encoder's vector, and as JSON for the strings."""

    def __init__(self, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(ENCODER.features, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MiddlemanSpielState, player: int) -> None:
        self.tensor[:] = ENCODER.observe(MIDDLEMAN.view(state.table, player))

    def string_from(self, state: MiddlemanSpielState, player: int) -> str:
        view = MIDDLEMAN.view(state.table, player)
        own = state.dealt[2 * player : 2 * player + 2]  # a seat sees its own rows as dealt
        return json.dumps({"rows dealt": own, "view": view}, sort_keys=True)


pyspiel.register_game(GAME_TYPE, MiddlemanGame)
