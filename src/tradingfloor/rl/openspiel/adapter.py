"""Any tradingfloor game as an OpenSpiel Python game, over the core contract and its RL encoder.

- Chance: every game draws its randomness from a seeded generator in its state (DESIGN.md), so
  the whole of a game's chance is its seed. The root is a chance node that draws the seed,
  uniformly among `seeds` seeds; after it the game is decided by the players' actions. The seed
  is secret (no seat's information state holds it), so it is a deal nobody sees, not a known
  future. A game with chance of its own to model (Middleman's rows) overrides the chance part.
- Turns: the seats of `actors` decide; one seat is an ordinary turn, several a simultaneous node
  (a sealed step); seats not asked have no legal action.
- Actions: the encoder's fixed catalogue (`size`), masked by its menu for the seat; a menu is
  made once per state, with a generator fixed by the state, so legal actions and the action
  applied always agree. An action the encoder takes for a seat without asking it (`auto`) is
  taken for it at once.
- Returns: each seat's share of the win (1/k each for k sharing it); a game cut at `max_turns`
  decision points (OpenSpiel needs a bound) ends with no winner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pyspiel

from tradingfloor.rl.encoding import MenuEncoder
from tradingfloor.rl.openspiel import observer
from tradingfloor.rl.openspiel.context import Context, GameSpec, context_for
from tradingfloor.rl.openspiel.trail import Trail

AUTO_LIMIT = 10_000  # actions the encoder may take in a row for seats before it is a fault


def game_type(spec: GameSpec, context: Context) -> pyspiel.GameType:
    """OpenSpiel's description of the game."""
    kind = pyspiel.GameType
    return kind(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=kind.Dynamics.SIMULTANEOUS if spec.simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=context.info_size > 0,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec.parameters),
    )


@dataclass(frozen=True, eq=False)
class Node:
    """Where a game stands: its table (None before the seed is drawn), the decision points so
    far, and the trail of them. Immutable, shared by cloned states; `menus` is a cache."""

    table: Any
    turns: int = 0
    trail: Trail | None = None
    menus: dict[int, Any] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)  # the table's actors and result, once

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return Node, (self.table, self.turns, self.trail)


class LazyView(Mapping[str, Any]):
    """A seat's view, made only when something reads it."""

    def __init__(self, core: Any, table: Any, seat: int) -> None:
        self._made: Callable[[], dict[str, Any]] = lambda: core.view(table, seat)
        self._view: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._made()
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


class ContractGame(pyspiel.Game):  # type: ignore[misc]
    """A tradingfloor game under OpenSpiel; a subclass names its `spec`."""

    spec: ClassVar[GameSpec]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.context = context_for(self.spec, params)
        super().__init__(
            game_type(self.spec, self.context),
            pyspiel.GameInfo(
                num_distinct_actions=self.context.encoder.size,
                max_chance_outcomes=self.max_chance_outcomes_count(),
                num_players=self.context.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.context.max_turns,
            ),
            dict(self.context.params),
        )

    def max_chance_outcomes_count(self) -> int:
        """The most outcomes a chance node has: the seeds to draw from."""
        return int(self.context.params["seeds"])

    def new_initial_state(self) -> ContractState:
        return ContractState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> observer.ContractObserver:
        return observer.make(self.context, iig_obs_type, params)


class ContractState(pyspiel.State):  # type: ignore[misc]
    """A table of the game: the seed to draw, a decision point, or the end."""

    def __init__(self, game: ContractGame) -> None:
        super().__init__(game)
        self.context = game.context
        self.node = Node(self.first_table())

    def first_table(self) -> Any:
        """The table before the first chance node: none until the seed is drawn."""
        return None

    # Chance: the seed, drawn at the root.

    def chance_pending(self) -> bool:
        return self.node.table is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = int(self.context.params["seeds"])
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def apply_chance(self, outcome: int) -> None:
        table = self.context.core.new(self.context.options, seed=int(outcome))
        self.node = Node(self.auto_moves(table))

    # Whose turn.

    def current_player(self) -> int:
        if self.chance_pending():
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        actors = self.actors()
        if len(actors) == 1:
            return int(actors[0])
        if not self.context.spec.simultaneous:
            raise RuntimeError(f"{self.context.spec.short_name}: several seats act at once")
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def is_terminal(self) -> bool:
        if self.chance_pending():
            return False
        return self.result() is not None or self.node.turns >= self.context.max_turns

    def actors(self) -> tuple[int, ...]:
        """The seats whose decision the table awaits (asked of the game once per state)."""
        facts = self.node.facts
        if "actors" not in facts:
            facts["actors"] = self.context.core.actors(self.node.table)
        return facts["actors"]  # type: ignore[no-any-return]

    def result(self) -> Any:
        """The game's result, None while it goes on (asked of the game once per state)."""
        facts = self.node.facts
        if "result" not in facts:
            facts["result"] = self.context.core.result(self.node.table)
        return facts["result"]

    def returns(self) -> list[float]:
        """Each seat's share of the win: 1 for a sole winner, 1/k each for k sharing it."""
        shares = [0.0] * self.context.players
        result = None if self.chance_pending() else self.result()
        if result is not None:
            for seat in result.winners:
                shares[seat] = 1.0 / len(result.winners)
        return shares

    # The players' actions: the encoder's catalogue.

    def menu(self, seat: int) -> Any:
        """The seat's menu here (made once per state)."""
        menu = self.node.menus.get(seat)
        if menu is None:
            core, table = self.context.core, self.node.table
            legal = core.legal(table, seat)
            rng = self.context.rng(self.node.turns, seat)
            menu = self.context.encoder.menu(core.view(table, seat), legal, rng)
            if not np.any(menu.mask):
                raise RuntimeError(
                    f"{self.context.spec.short_name}: the encoder offers seat {seat} no action "
                    f"though it must act ({legal.describe()})"
                )
            self.node.menus[seat] = menu
        return menu

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player not in self.actors():
            return []
        return [int(i) for i in np.flatnonzero(self.menu(player).mask)]

    def _apply_action(self, action: int) -> None:
        if self.chance_pending():
            self.apply_chance(int(action))
            return
        self.play({self.current_player(): int(action)})

    def _apply_actions(self, actions: list[int]) -> None:
        self.play({seat: int(actions[seat]) for seat in self.actors()})

    def play(self, chosen: dict[int, int]) -> None:
        """Every chosen seat's action, in seat order, then the encoder's automatic ones."""
        core, node = self.context.core, self.node
        table = node.table
        for seat in sorted(chosen):
            table = core.apply(table, seat, self.menu(seat).action(chosen[seat]))
        actions = tuple(chosen.get(seat) for seat in range(self.context.players))
        before = node.trail
        trail = before.then(node.table, actions) if before else Trail(node.table, actions, None)
        self.node = Node(self.auto_moves(table, node.turns + 1), node.turns + 1, trail)

    def auto_moves(self, table: Any, turns: int = 0) -> Any:
        """The table after the actions the encoder takes for seats without asking them."""
        core, encoder = self.context.core, self.context.encoder
        if type(encoder).auto is MenuEncoder.auto:
            return table  # the generic encoder never acts for a seat
        for count in range(AUTO_LIMIT):
            if core.result(table) is not None:
                return table
            for seat in core.actors(table):
                legal = core.legal(table, seat)
                view = LazyView(core, table, seat)  # most encoders never read it here
                action = encoder.auto(view, legal, self.context.rng(turns, seat, count))
                if action is not None:
                    table = core.apply(table, seat, action)
                    break
            else:
                return table
        raise RuntimeError(f"{self.context.spec.short_name}: the encoder never stops acting")

    # What seats see.

    def observation_text(self, seat: int) -> str:
        """The seat's view of the current table, as JSON."""
        if self.node.table is None:
            return "the seed is not drawn yet"
        return observer.view_text(self.context, self.node.table, seat)

    def seen_at(self, table: Any, seat: int) -> str:
        """What the seat saw of an earlier table (the trail's digests read it)."""
        return observer.view_text(self.context, table, seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        words = getattr(self.context.core, "move_words", None)
        try:
            move = self.menu(player).action(int(action))
        except (ValueError, RuntimeError):
            return f"action {action}"
        said = words(self.node.table, player, move) if words else str(move)
        return f"{action}: {said}"

    def __str__(self) -> str:
        if self.chance_pending():
            return "the seed is not drawn yet"
        return observer.spectator_text(self.context, self.node.table)
