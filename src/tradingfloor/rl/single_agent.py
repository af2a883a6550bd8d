"""A single-agent Gymnasium environment: one seat of any game, the other seats played by bots.

```python
import gymnasium as gym
import tradingfloor.rl.single_agent  # registers tradingfloor/Middleman-v1 and the other games

env = gym.make("tradingfloor/Middleman-v1", opponents="heuristic")
observation, info = env.reset(seed=7)
observation, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())
```

The learner's seat is fixed (`seat=0`), rotated over the seats one episode after another
(`seat="rotate"`, starting again from seat 0 at every seeded reset), or drawn at each reset
(`seat="random"`). Between the learner's decisions the bots take theirs; in a sealed step
(Middleman's orders) the bots commit their parts before the learner is asked, which the learner
sees only as "committed". Decisions the game's encoder takes for a seat (Middleman's rows, dealt
at random) are taken for the learner without asking it. The reward comes at the end: the
learner's share of the win (1 alone, 1/k shared by k, 0 otherwise), or its score
(`reward="score"`). An illegal action ends the episode with reward -1 (`illegal="raise"` raises
instead), so that a learner that ignores the mask is told, and Gymnasium's checker may step with
unmasked samples.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tradingfloor.agents import make_agent
from tradingfloor.core.agent import Agent, decision_for
from tradingfloor.core.game import Game, Result, State
from tradingfloor.core.registry import games, make
from tradingfloor.rl.encoding import Encoder, encoder_for

SEAT_CHOICES = ("rotate", "random")
REWARDS = ("win", "score")
ILLEGAL = ("lose", "raise")
ILLEGAL_REWARD = -1.0
OBSERVATIONS = ("vector", "dict")
BOUND = 1e6  # the encoders' observations lie within +-BOUND (the generic one clips there)


class SingleAgentEnv(gymnasium.Env):  # type: ignore[misc]
    """One seat of a tradingfloor game against bots, under Gymnasium's single-agent API."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - Gymnasium declares it so

    def __init__(
        self,
        game: str = "middleman",
        options: Mapping[str, Any] | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | str = 0,
        reward: str = "win",
        observation: str = "vector",
        illegal: str = "lose",
        max_steps: int | None = None,
    ) -> None:
        self.game: Game = make(game)
        self.options = self.game.options(options)
        self.players = self.game.players(self.game.new(self.options, 0))
        self.opponents = _opponent_kinds(opponents, self.players)
        self.bots: list[Agent] = [make_agent(self.game, kind) for kind in self.opponents]
        self.seat_choice = _checked_seat(seat, self.players)
        self.reward_kind = _one_of("reward", reward, REWARDS)
        self.observation_kind = _one_of("observation", observation, OBSERVATIONS)
        self.illegal = _one_of("illegal", illegal, ILLEGAL)
        self.max_steps = max_steps
        self.encoder: Encoder = encoder_for(self.game)
        self.action_space = spaces.Discrete(self.encoder.size)
        self.observation_space = self._observation_space()
        self.seat = self.seat_choice if isinstance(self.seat_choice, int) else 0
        self.state: State = None
        self.steps = 0
        self.over = True
        self.episodes = 0
        self.rng = random.Random(0)
        self._menu: Any = None
        self._viewed: tuple[State, Mapping[str, Any]] = (None, {})
        self._mask: np.ndarray = np.zeros(self.encoder.size, dtype=np.int8)

    def _observation_space(self) -> spaces.Space[Any]:
        vector = spaces.Box(-BOUND, BOUND, (self.encoder.features,), np.float32)
        if self.observation_kind == "vector":
            return vector
        mask = spaces.Box(0, 1, (self.encoder.size,), np.int8)
        return spaces.Dict({"observation": vector, "action_mask": mask})

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game; `options` may name the learner's seat for this episode ({"seat": 1})."""
        chosen = self._chosen_seat(options or {})  # refused before anything changes
        super().reset(seed=seed)
        self.episodes = 0 if seed is not None else self.episodes + 1
        self.seat = self._episode_seat(chosen)
        self.rng = random.Random(int(self.np_random.integers(2**63)))
        self.state = self.game.new(self.options, int(self.np_random.integers(2**62)))
        self.steps = 0
        self.over = False
        self._advance()
        return self._observation(), self._info()

    def _chosen_seat(self, options: Mapping[str, Any]) -> int | str:
        """The seat choice for this episode: the reset option's, else the environment's."""
        unknown = set(options) - {"seat"}
        if unknown:
            raise ValueError(f"reset options may hold only 'seat', not {sorted(unknown)}")
        if "seat" in options:
            return _checked_seat(options["seat"], self.players)
        return self.seat_choice

    def _episode_seat(self, chosen: int | str) -> int:
        if chosen == "rotate":
            return self.episodes % self.players
        if chosen == "random":
            return int(self.np_random.integers(self.players))
        return int(chosen)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.over:
            raise RuntimeError("the episode is over: call reset() for a new one")
        try:
            chosen = self._menu.action(int(action))
        except ValueError as error:
            if self.illegal == "raise":
                raise
            self._end_by_illegal_action()
            info = {**self._info(), "illegal": str(error)}
            return self._observation(), ILLEGAL_REWARD, True, False, info
        self.state = self.game.apply(self.state, self.seat, chosen)
        self.steps += 1
        self._advance()
        result = self.game.result(self.state)
        truncated = result is None and self.max_steps is not None and self.steps >= self.max_steps
        reward = self._reward(result) if result is not None else 0.0
        self.over = result is not None or truncated
        return self._observation(), reward, result is not None, truncated, self._info()

    def _end_by_illegal_action(self) -> None:
        """The episode ends where it stands, the game unfinished."""
        self.over = True
        self._menu = None
        self._mask = np.zeros(self.encoder.size, dtype=np.int8)

    def _advance(self) -> None:
        """Let the bots (and the encoder, for the learner) act until the learner must decide."""
        self._menu = None
        self._mask = np.zeros(self.encoder.size, dtype=np.int8)
        while True:
            actors = self.game.actors(self.state)
            if not actors:
                return
            others = [seat for seat in actors if seat != self.seat]
            if others:
                for seat in others:
                    self._bot_acts(seat)
                continue
            view = self._view()
            legal = self.game.legal(self.state, self.seat)
            automatic = self.encoder.auto(view, legal, self.rng)
            if automatic is None:
                self._menu = self.encoder.menu(view, legal, self.rng)
                self._mask = np.array(self._menu.mask, dtype=np.int8)
                return
            self.state = self.game.apply(self.state, self.seat, automatic)

    def _view(self) -> Mapping[str, Any]:
        """The learner's view of the current state, drawn once per state (a view is dear)."""
        if self._viewed[0] is not self.state:
            self._viewed = (self.state, self.game.view(self.state, self.seat))
        return self._viewed[1]

    def _bot_acts(self, seat: int) -> None:
        bot = self.bots[seat if seat < self.seat else seat - 1]
        action = bot.act(decision_for(self.game, self.state, seat), self.rng)
        self.state = self.game.apply(self.state, seat, action)

    def _reward(self, result: Result) -> float:
        if self.reward_kind == "score":
            return float(result.scores[self.seat])
        return 1.0 / len(result.winners) if self.seat in result.winners else 0.0

    def action_masks(self) -> np.ndarray:
        """Which actions are legal now, as sb3-contrib's MaskablePPO reads them (all False once
        the episode is over)."""
        return self._mask.astype(bool)

    def _observation(self) -> Any:
        vector = self.encoder.observe(self._view())
        vector = np.clip(vector, -BOUND, BOUND).astype(np.float32)
        if self.observation_kind == "vector":
            return vector
        return {"observation": vector, "action_mask": self._mask.copy()}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat, "action_mask": self._mask.copy()}
        result = self.game.result(self.state)
        if result is not None:
            info["result"] = result.to_json()
        return info


def _opponent_kinds(opponents: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One bot kind per other seat: a single kind for all, a comma list, or a sequence."""
    kinds = opponents.split(",") if isinstance(opponents, str) else list(opponents)
    kinds = [kind.strip() for kind in kinds]
    if len(kinds) == 1:
        kinds = kinds * (players - 1)
    if len(kinds) != players - 1:
        raise ValueError(
            f"a {players}-player game needs {players - 1} opponents (or one kind for all), "
            f"not {len(kinds)}: {', '.join(kinds)}"
        )
    return tuple(kinds)


def _checked_seat(seat: Any, players: int) -> int | str:
    if isinstance(seat, str) and seat in SEAT_CHOICES:
        return seat
    if isinstance(seat, int | np.integer) and not isinstance(seat, bool) and 0 <= seat < players:
        return int(seat)
    raise ValueError(
        f"seat must be a seat number 0-{players - 1}, 'rotate' or 'random', not {seat!r}"
    )


def _one_of(what: str, value: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}, not {value!r}")
    return value


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game's single-agent environment: `tradingfloor/Middleman-v1`."""
    return f"tradingfloor/{game_id.capitalize()}-{VERSION}"


VERSION = "v1"


def register_all() -> None:
    """Register every game's environment with Gymnasium (done when this module is imported)."""
    for game_id in games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="tradingfloor.rl.single_agent:SingleAgentEnv",
                kwargs={"game": game_id},
            )


register_all()
