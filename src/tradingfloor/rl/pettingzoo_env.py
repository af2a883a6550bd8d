"""PettingZoo environments (AEC and Parallel) for every registered game.

Each seat is an agent `player_<seat>`. Observations are dicts of the encoder's vector and an
`action_mask`; the action space is Discrete(menu size + 1), whose last index is WAIT: the only legal
action of a seat that has nothing to do now (it matters only in the Parallel API, where every live
agent sends an action each step). A finished game gives each seat its share of the win (1 for a
sole winner, 1/k for each of k sharing it, 0 otherwise).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tradingfloor.core.game import Game, Result, State
from tradingfloor.core.registry import make
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.rl.encoding import Encoder, encoder_for

MAX_ACTIONS = 200_000  # a game still going after this many actions is truncated


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class _LazyView(Mapping[str, Any]):
    """A seat's view of the table's current state, drawn (and kept) on the first look into it."""

    def __init__(self, table: GameTable, seat: int) -> None:
        self._table, self._seat = table, seat

    def _view(self) -> Mapping[str, Any]:
        view: Mapping[str, Any] = self._table.view(self._seat)
        return view

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())


class GameTable:
    """One game with its encoder: the shared core of both environments.

    What the game says of the current state (its actors, a seat's view, legal space and menu) is
    asked once per state and kept until the state changes: the environments ask for it several
    times a step, and a view can cost more than the step itself.
    """

    def __init__(self, game_id: str, options: Mapping[str, Any] | None) -> None:
        self.game: Game = make(game_id)
        self.options = self.game.options(options)
        self.encoder: Encoder = encoder_for(self.game)
        self.players = self.game.players(self.game.new(self.options, 0))
        self.wait = self.encoder.size
        self.rng = random.Random()
        self.state: State = None
        self.actions = 0
        self._forget()

    def spaces(self) -> tuple[spaces.Space[Any], spaces.Space[Any]]:
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-1e6, 1e6, (self.encoder.features,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.wait + 1,), np.int8),
            }
        )
        return observation, spaces.Discrete(self.wait + 1)

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        self._enter(self.game.new(self.options, self.rng.getrandbits(62)))
        self.actions = 0
        self.take_automatic_actions()

    def _enter(self, state: State) -> None:
        self.state = state
        self._forget()

    def _forget(self) -> None:
        """Drop what was kept of the previous state."""
        self._actors: tuple[int, ...] | None = None
        self._views: dict[int, Any] = {}
        self._legal: dict[int, ActionSpace] = {}
        self._menus: dict[int, Any] = {}

    def actors(self) -> tuple[int, ...]:
        if self._actors is None:
            self._actors = self.game.actors(self.state)
        return self._actors

    def view(self, seat: int) -> Any:
        if seat not in self._views:
            self._views[seat] = self.game.view(self.state, seat)
        return self._views[seat]

    def legal(self, seat: int) -> ActionSpace:
        if seat not in self._legal:
            self._legal[seat] = self.game.legal(self.state, seat)
        return self._legal[seat]

    def menu(self, seat: int) -> Any:
        """The seat's menu in the current state (drawn once per state, so observing is pure)."""
        if seat not in self._menus:
            self._menus[seat] = self.encoder.menu(self.view(seat), self.legal(seat), self.rng)
        return self._menus[seat]

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        mask = np.zeros(self.wait + 1, dtype=np.int8)
        if seat in self.actors():
            mask[: self.wait] = self.menu(seat).mask
        else:
            mask[self.wait] = 1
        return {"observation": self.encoder.observe(self.view(seat)), "action_mask": mask}

    def play(self, seat: int, index: int) -> None:
        """Seat `seat` takes menu entry `index`; ValueError where the mask forbids it."""
        if seat not in self.actors():
            if index != self.wait:
                raise ValueError(f"{agent_name(seat)} has nothing to do now: send WAIT")
            return
        action = self.menu(seat).action(int(index))
        self._enter(self.game.apply(self.state, seat, action))
        self.actions += 1
        self.take_automatic_actions()

    def take_automatic_actions(self) -> None:
        """Decisions the encoder takes for the seats (Middleman's rows dealt at random).

        The encoder is given a view that the game draws only if the encoder reads it."""
        while True:
            automatic = False
            for seat in self.actors():
                view = _LazyView(self, seat)
                action = self.encoder.auto(view, self.legal(seat), self.rng)
                if action is not None:
                    self._enter(self.game.apply(self.state, seat, action))
                    automatic = True
            if not automatic:
                return

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def rewards(self) -> dict[str, float]:
        result = self.result()
        shares = {agent_name(s): 0.0 for s in range(self.players)}
        if result is not None:
            for seat in result.winners:
                shares[agent_name(seat)] = 1.0 / len(result.winners)
        return shares

    def truncated(self) -> bool:
        return self.actions >= MAX_ACTIONS


class TradingfloorAEC(AECEnv):  # type: ignore[misc]
    """A tradingfloor game under PettingZoo's AEC API: seats act one at a time, sealed steps too."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tradingfloor_aec_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": True,
    }

    def __init__(
        self, game: str, options: Mapping[str, Any] | None = None, render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.table = GameTable(game, options)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        observation, action = self.table.spaces()
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.table.play(self.possible_agents.index(agent), int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.table.result() is not None:
            self.rewards = self.table.rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.table.truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        actors = self.table.actors()
        self.agent_selection = agent_name(actors[0]) if actors else self.agents[0]
        if self.table.truncated():
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return str(self.table.game.view(self.table.state, None))

    def close(self) -> None:
        pass


class TradingfloorParallel(ParallelEnv):  # type: ignore[misc]
    """A tradingfloor game under PettingZoo's Parallel API: each step, the acting seats act at once.

    Seats not acting this step send WAIT. In Middleman every seat still in acts at every step.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tradingfloor_parallel_v0",
        "render_modes": ["ansi"],
    }

    def __init__(
        self, game: str, options: Mapping[str, Any] | None = None, render_mode: str | None = None
    ) -> None:
        self.table = GameTable(game, options)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        self._observation, self._action = self.table.spaces()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        for seat in self.table.actors():
            agent = agent_name(seat)
            if agent not in actions:
                raise ValueError(f"{agent} must act this step")
            self.table.play(seat, int(actions[agent]))
        over = self.table.result() is not None
        truncated = not over and self.table.truncated()
        rewards = self.table.rewards() if over else dict.fromkeys(self.agents, 0.0)
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        rewards = {a: rewards[a] for a in self.agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Any]:
        return {a: self.table.observe(self.possible_agents.index(a)) for a in self.agents}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return str(self.table.game.view(self.table.state, None))

    def close(self) -> None:
        pass


def aec_env(game: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> TradingfloorAEC:
    """The AEC environment of `game` (any id in `tradingfloor.games()`)."""
    return TradingfloorAEC(game, options, **kwargs)


def parallel_env(
    game: str, options: Mapping[str, Any] | None = None, **kwargs: Any
) -> TradingfloorParallel:
    """The Parallel environment of `game`."""
    return TradingfloorParallel(game, options, **kwargs)
