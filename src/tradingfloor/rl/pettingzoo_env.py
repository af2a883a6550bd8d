"""PettingZoo environments (AEC and Parallel) for every registered game.

Each seat is an agent `player_<seat>`. The action space is Discrete(menu size + 1), whose last
index is WAIT: the only legal action of a seat the game is not asking in this cycle. A cycle is
one step of the game: the seats it asks then (every seat still in, for a simultaneous step) each
act once; the Parallel API takes a cycle per `step`, the AEC API a turn per agent. The settings
(`max_cycles`, `reward`, `observation`, `illegal`, `wait_turns`, `render_seat`) are described in
`rl.envs.settings` and `docs/rl.md`; `rl.envs` gives each game a versioned name (`middleman_v1`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import gymnasium
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tradingfloor.rl.envs.settings import DEFAULT_MAX_CYCLES, RENDER_MODES, EnvSettings
from tradingfloor.rl.envs.table import GameTable, agent_name

__all__ = ["GameTable", "TradingfloorAEC", "TradingfloorParallel", "aec_env", "parallel_env"]


class _TableEnv:
    """What both APIs share: the table, the settings, the agents, their spaces and drawing."""

    def _open(self, game: str, options: Mapping[str, Any] | None, settings: EnvSettings) -> None:
        self.table = GameTable(game, options, reward=settings.reward, illegal=settings.illegal)
        settings.check(self.table.players)
        self.settings = settings
        self.render_mode = self.settings.render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation, self._action = self.table.spaces(self.settings.observation)
        self.max_cycles = settings.max_cycles  # an attribute, as PettingZoo's own games have it
        self.cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action

    def _observation_of(self, agent: str) -> Any:
        seat = self._seats[agent]
        if self.settings.observation == "box":
            return self.table.features(seat)
        return self.table.observe(seat)

    def _info_of(self, agent: str) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self._seats[agent])}

    def render(self) -> str | None:
        """`ansi`: the game's terminal drawing of `render_seat`'s view (default: a spectator's)
        as text; `human`: the same, printed."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi or human)")
            return None
        text = self.table.render_text(self.settings.render_seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass


class TradingfloorAEC(_TableEnv, AECEnv):  # type: ignore[misc]
    """A tradingfloor game under PettingZoo's AEC API: a turn per agent, sealed steps too.

    Each cycle gives a turn to each seat the game asks, in seat order; with `wait_turns`, to
    every agent (the others may only WAIT), as the Parallel API steps: then, and only then, the
    environment is parallelizable (`aec_to_parallel`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tradingfloor_aec_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        reward: str = "win",
        observation: str = "dict",
        illegal: str = "raise",
        wait_turns: bool = False,
        render_seat: int | None = None,
    ) -> None:
        super().__init__()
        settings = EnvSettings(
            max_cycles, reward, observation, illegal, wait_turns, render_mode, render_seat
        )
        self._open(game, options, settings)
        # Per environment: aec_to_parallel reads `is_parallelizable` from the instance.
        parallelizable = self.settings.wait_turns
        self.metadata = {**type(self).metadata, "is_parallelizable": parallelizable}  # type: ignore[misc]
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action)
        self._turns: list[str] = []
        self._turn = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.cycles = 0
        self._start_cycle()

    def observe(self, agent: str) -> Any:
        return self._observation_of(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.table.play(self._seats[agent], action)
        self._turn += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        cycle_done = self._turn == len(self._turns)
        # With wait turns a cycle is played out (the rest WAIT) before the game's end is told,
        # as the Parallel API tells it at the end of a step.
        over = self.table.result() is not None
        if over and (cycle_done or not self.settings.wait_turns):
            self.rewards = self.table.rewards()
            self._end(self.terminations)
        elif cycle_done:
            self.cycles += 1
            if self.cycles >= self.max_cycles:
                self._end(self.truncations)
            else:
                self._start_cycle()
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _start_cycle(self) -> None:
        self.table.begin_cycle()
        if self.settings.wait_turns:
            self._turns = list(self.agents)
        else:
            self._turns = [agent_name(seat) for seat in self.table.asked_order]
        self._turn = 0
        self._select()

    def _select(self) -> None:
        self.agent_selection = self._turns[self._turn]
        self._inform()

    def _inform(self, everyone: bool = False) -> None:
        """The selected agent's info holds its mask; so does every agent's with wait turns (as
        `aec_to_parallel` hands them on) or once the episode is over (only WAIT is left).
        Otherwise the others' are empty until their turn: each other seat of a sealed step
        would cost a view of the game a turn."""
        if everyone or self.settings.wait_turns:
            self.infos = {agent: self._info_of(agent) for agent in self.agents}
            return
        self.infos = {agent: {} for agent in self.agents}
        self.infos[self.agent_selection] = self._info_of(self.agent_selection)

    def _end(self, ended: dict[str, bool]) -> None:
        """Every agent's episode is over (terminated or truncated, as `ended` says)."""
        ended.update(dict.fromkeys(self.agents, True))
        self.table.end_cycles()
        self.agent_selection = self.agents[0]
        self._inform(everyone=True)


class TradingfloorParallel(_TableEnv, ParallelEnv):  # type: ignore[misc]
    """A tradingfloor game under PettingZoo's Parallel API: a cycle per step.

    The seats the game asks act at once; the others send WAIT (or nothing).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tradingfloor_parallel_v0",
        "render_modes": list(RENDER_MODES),
    }

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        reward: str = "win",
        observation: str = "dict",
        illegal: str = "raise",
        render_seat: int | None = None,
    ) -> None:
        settings = EnvSettings(
            max_cycles, reward, observation, illegal, True, render_mode, render_seat
        )
        self._open(game, options, settings)
        self.metadata = dict(type(self).metadata)  # type: ignore[misc]
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.table.reset(seed, options)
        self.table.begin_cycle()
        self.agents = list(self.possible_agents)
        self.cycles = 0
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        for seat, action in self._checked(actions):
            self.table.apply(seat, action)
        self.cycles += 1
        over = self.table.result() is not None
        truncated = not over and self.cycles >= self.max_cycles
        if over or truncated:
            self.table.end_cycles()
        else:
            self.table.begin_cycle()
        rewards = self.table.rewards()
        observations, infos = self._observations(), self._infos()
        rewards = {agent: rewards[agent] for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _checked(self, actions: Mapping[str, Any]) -> list[tuple[int, Any]]:
        """The asked seats' actions, in seat order, each from the menu its agent observed, after
        checking every action sent."""
        if not self.agents:
            raise ValueError("the episode is over: call reset() before stepping again")
        for agent in actions:
            if agent not in self.agents:
                raise ValueError(f"{agent!r} is not an agent of this episode: {self.agents}")
        moves = []
        for agent in self.agents:
            seat = self._seats[agent]
            if seat in self.table.asked_order:
                if agent not in actions:
                    raise ValueError(f"{agent} must act this step (see its action mask)")
                index = self.table.checked(seat, actions[agent])
                if index != self.table.wait:
                    moves.append((seat, self.table.menu(seat).action(index)))
            elif agent in actions:
                self.table.checked(seat, actions[agent])
        return moves

    def _observations(self) -> dict[str, Any]:
        return {agent: self._observation_of(agent) for agent in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {agent: self._info_of(agent) for agent in self.agents}


def aec_env(game: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> TradingfloorAEC:
    """The AEC environment of `game` (any id in `tradingfloor.games()`), without wrappers."""
    return TradingfloorAEC(game, options, **kwargs)


def parallel_env(
    game: str, options: Mapping[str, Any] | None = None, **kwargs: Any
) -> TradingfloorParallel:
    """The Parallel environment of `game`."""
    return TradingfloorParallel(game, options, **kwargs)
