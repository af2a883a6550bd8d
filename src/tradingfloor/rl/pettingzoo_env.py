"""PettingZoo environments (AEC and Parallel) for every registered game.

Each seat is an agent `player_<seat>`. The action space is Discrete(menu size + 1), whose last
index is WAIT: the only legal action of a seat the game is not asking in this cycle. A cycle is
one step of the game: the seats it asks then (every seat still in, for a simultaneous step) each
act once; the Parallel API takes a cycle per `step`, the AEC API a turn per agent. The settings
(`max_cycles`, `reward`, `observation`, `illegal`, `wait_turns`, `render_seat`) are described in
`rl.envs.settings` and `docs/rl.md`; `rl.envs` gives each game a versioned name (`middleman_v1`).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tradingfloor.core.errors import BadOptions
from tradingfloor.core.game import Game, Result, State
from tradingfloor.core.registry import make
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.rl.encoding import Encoder, encoder_for
from tradingfloor.rl.envs.render import as_text, renderer
from tradingfloor.rl.envs.rewards import scaled_scores, score_scale, win_shares
from tradingfloor.rl.envs.settings import DEFAULT_MAX_CYCLES, RENDER_MODES, EnvSettings


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

    What the game says of the current state (its actors, a seat's view, legal space, menu and
    mask) is asked once per state and kept until the state changes: the environments ask for it
    several times a step, and a view can cost more than the step itself.

    `asked` holds the seats the current cycle asks (`begin_cycle`); the others may only WAIT,
    even where the game has turned to them within the cycle.
    """

    def __init__(
        self,
        game_id: str,
        options: Mapping[str, Any] | None,
        *,
        reward: str = "win",
        illegal: str = "raise",
    ) -> None:
        self.game: Game = make(game_id)
        self.made_with = self.game.options(options)  # a reset without options goes back to it
        self.options = self.made_with
        self.encoder: Encoder = encoder_for(self.game)
        self.players = self.game.players(self.game.new(self.options, 0))
        self.wait = self.encoder.size
        self.reward, self.illegal = reward, illegal
        self.rng = random.Random()
        self.state: State = None
        self.actions = 0
        self.score_unit = 1.0
        self.asked_order: tuple[int, ...] = ()
        self.asked: frozenset[int] = frozenset()
        self._wait_only: np.ndarray = np.zeros(self.wait + 1, dtype=np.int8)
        self._wait_only[self.wait] = 1
        self._wait_only.flags.writeable = False
        self._forget()

    def spaces(self, observation: str = "dict") -> tuple[spaces.Space[Any], spaces.Space[Any]]:
        """The observation space (a Dict, or the Box of features alone) and the action space."""
        features = spaces.Box(-1e6, 1e6, (self.encoder.features,), np.float32)
        if observation == "box":
            return features, spaces.Discrete(self.wait + 1)
        mask = spaces.Box(0, 1, (self.wait + 1,), np.int8)
        return spaces.Dict({"observation": features, "action_mask": mask}), spaces.Discrete(
            self.wait + 1
        )

    def reset(self, seed: int | None, options: Mapping[str, Any] | None = None) -> None:
        """A new game (under `options` for this game only); ValueError, changing nothing, where
        the options are bad or would change the number of players."""
        chosen = self.made_with if options is None else self.reset_options(options)
        self.options = chosen
        if seed is not None:
            self.rng = random.Random(seed)
        fresh = self.game.new(self.options, self.rng.getrandbits(62))
        self.score_unit = score_scale(self.game, fresh) if self.reward == "score" else 1.0
        self._enter(fresh)
        self.actions = 0
        self.take_automatic_actions()
        self.begin_cycle()

    def reset_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options the environment was made with, updated with `options` and checked."""
        if not isinstance(options, Mapping):
            raise ValueError(f"reset options must be a dict of the game's options, not {options!r}")
        unknown = [key for key in options if key not in self.made_with]
        if unknown:
            # PettingZoo's api_test resets with options={"options": 1}: warn rather than refuse.
            warnings.warn(
                f"reset ignores {', '.join(map(repr, unknown))}: {self.game.title} has no such "
                f"option (its options: {', '.join(self.made_with)})",
                UserWarning,
                stacklevel=4,
            )
        known = {key: value for key, value in options.items() if key in self.made_with}
        try:
            chosen = self.game.options({**self.made_with, **known})
        except BadOptions as err:
            raise ValueError(f"{self.game.title} refuses these reset options: {err}") from err
        players = self.game.players(self.game.new(chosen, 0))
        if players != self.players:
            others = ", ".join(key for key in self.made_with if key != "players")
            raise ValueError(
                f"reset cannot change the number of players ({self.players} here, {players} "
                "asked): PettingZoo fixes an environment's agents when it is made, so make a new "
                f"environment with these options. Reset takes the game's other options: {others}"
            )
        return chosen

    def _enter(self, state: State) -> None:
        self.state = state
        self._forget()

    def _forget(self) -> None:
        """Drop what was kept of the previous state."""
        self._actors: tuple[int, ...] | None = None
        self._views: dict[int | None, Any] = {}
        self._legal: dict[int, ActionSpace] = {}
        self._menus: dict[int, Any] = {}
        self._masks: dict[int, np.ndarray] = {}

    def begin_cycle(self) -> None:
        """The seats the game asks now are the ones this cycle asks."""
        self.asked_order = self.actors()
        self.asked = frozenset(self.asked_order)
        self._masks = {}

    def end_cycles(self) -> None:
        """The episode is over: nobody is asked any more."""
        self.asked_order, self.asked = (), frozenset()
        self._masks = {}

    def actors(self) -> tuple[int, ...]:
        if self._actors is None:
            self._actors = self.game.actors(self.state)
        return self._actors

    def view(self, seat: int | None) -> Any:
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

    def mask(self, seat: int) -> np.ndarray:
        """The seat's legal indices now (read-only): its menu's where asked, else WAIT alone."""
        mask = self._masks.get(seat)
        if mask is None:
            if seat in self.asked and seat in self.actors():
                mask = np.zeros(self.wait + 1, dtype=np.int8)
                mask[: self.wait] = self.menu(seat).mask
                mask.flags.writeable = False
            else:
                mask = self._wait_only
            self._masks[seat] = mask
        return mask

    def features(self, seat: int) -> np.ndarray:
        """The encoder's observation vector of the seat's view."""
        return self.encoder.observe(self.view(seat))

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.features(seat), "action_mask": self.mask(seat)}

    def checked(self, seat: int, index: Any) -> int:
        """`index` where the seat's mask allows it; else ValueError, or under
        `illegal="random"` a legal index drawn at random (seeded with the game)."""
        mask = self.mask(seat)
        try:
            chosen = int(index)
        except (TypeError, ValueError):
            chosen = -1
        if 0 <= chosen <= self.wait and mask[chosen]:
            return chosen
        if self.illegal == "random":
            legal = np.flatnonzero(mask)
            return int(legal[self.rng.randrange(len(legal))])
        if seat not in self.asked or seat not in self.actors():
            raise ValueError(
                f"{agent_name(seat)} has nothing to do now: send WAIT ({self.wait}), not {index!r}"
            )
        raise ValueError(
            f"action {index!r} is not legal now for {agent_name(seat)} (see the action mask)"
        )

    def play(self, seat: int, index: Any) -> None:
        """Seat `seat` takes menu entry `index` (WAIT: nothing); see `checked` for illegal ones."""
        chosen = self.checked(seat, index)
        if chosen != self.wait:
            self.apply(seat, self.menu(seat).action(chosen))

    def apply(self, seat: int, action: Any) -> None:
        """Seat `seat` takes the game's `action`, then the environment its automatic ones."""
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
        """Each agent's reward for the game as it stands: 0 each until it is over."""
        result = self.result()
        if result is None:
            paid = [0.0] * self.players
        elif self.reward == "score":
            paid = scaled_scores(result, self.score_unit)
        else:
            paid = win_shares(result, self.players)
        return {agent_name(seat): reward for seat, reward in enumerate(paid)}

    def render_text(self, seat: int | None) -> str:
        """The seat's view (None: a spectator's) as the game's terminal renderer draws it."""
        return as_text(renderer(self.game.id)(self.view(seat)))


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
            if seat in self.table.asked:
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
