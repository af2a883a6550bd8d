"""One game with its encoder, as both PettingZoo environments present it: the shared core.

What the game says of the current state is asked once per state and kept (`GameTable`); the
environments only decide whose turn it is, what they hand back, and when an episode ends.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from tradingfloor.core.errors import BadOptions
from tradingfloor.core.game import Game, Result, State
from tradingfloor.core.registry import make
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.rl.encoding import Encoder, encoder_for
from tradingfloor.rl.envs.render import as_text, renderer
from tradingfloor.rl.envs.rewards import scaled_scores, score_scale, win_shares


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class _LazyView(Mapping[str, Any]):
    """The encoder's view of a seat (`GameTable.seen`), drawn (and kept) on the first look."""

    def __init__(self, table: GameTable, seat: int) -> None:
        self._table, self._seat = table, seat

    def _view(self) -> Mapping[str, Any]:
        return self._table.seen(self._seat)

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

    Between `begin_cycle` and the next, only the seats the game asked at its start may act (the
    others may only WAIT, even where the game has turned to them within the cycle); before any,
    after a reset, every seat the game asks may.
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
        # What the encoder reads: its own lean view where it names one, else the game's view.
        self._seat_view: Callable[[State, int], Mapping[str, Any]] = getattr(
            self.encoder, "seat_view", self.game.view
        )
        self.players = self.game.players(self.game.new(self.options, 0))
        self.wait = self.encoder.size
        self.reward, self.illegal = reward, illegal
        self.rng = random.Random()
        self.state: State = None
        self.actions = 0
        self.score_unit = 1.0
        self.asked_order: tuple[int, ...] = ()
        self._asked: frozenset[int] | None = None  # None: whoever the game asks now
        self._wait_only: np.ndarray = np.zeros(self.wait + 1, dtype=np.int8)
        self._wait_only[self.wait] = 1
        self._wait_only.flags.writeable = False
        # (copied per asked mask: cheaper than np.zeros with its dtype to read each time)
        self._none_yet: np.ndarray = np.zeros(self.wait + 1, dtype=np.int8)
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
        self.asked_order, self._asked = (), None

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
        self._seen: dict[int, Mapping[str, Any]] = {}
        self._legal: dict[int, ActionSpace] = {}
        self._menus: dict[int, Any] = {}
        self._masks: dict[int, np.ndarray] = {}

    def begin_cycle(self) -> None:
        """The seats the game asks now are the ones this cycle asks."""
        self.asked_order = self.actors()
        self._asked = frozenset(self.asked_order)
        self._masks = {}

    def end_cycles(self) -> None:
        """The episode is over: nobody is asked any more."""
        self.asked_order, self._asked = (), frozenset()
        self._masks = {}

    def asks(self, seat: int) -> bool:
        """Whether the seat may act now: the game asks it, and so did the cycle at its start."""
        return seat in self.actors() and (self._asked is None or seat in self._asked)

    def actors(self) -> tuple[int, ...]:
        if self._actors is None:
            self._actors = self.game.actors(self.state)
        return self._actors

    def view(self, seat: int | None) -> Any:
        if seat not in self._views:
            self._views[seat] = self.game.view(self.state, seat)
        return self._views[seat]

    def seen(self, seat: int) -> Mapping[str, Any]:
        """The seat's view as the encoder reads it (`Encoder.seat_view`: the same entries)."""
        if seat not in self._seen:
            self._seen[seat] = self._seat_view(self.state, seat)
        return self._seen[seat]

    def legal(self, seat: int) -> ActionSpace:
        if seat not in self._legal:
            self._legal[seat] = self.game.legal(self.state, seat)
        return self._legal[seat]

    def menu(self, seat: int) -> Any:
        """The seat's menu in the current state (drawn once per state, so observing is pure)."""
        if seat not in self._menus:
            self._menus[seat] = self.encoder.menu(self.seen(seat), self.legal(seat), self.rng)
        return self._menus[seat]

    def mask(self, seat: int) -> np.ndarray:
        """The seat's legal indices now (read-only): its menu's where asked, else WAIT alone."""
        mask = self._masks.get(seat)
        if mask is None:
            if self.asks(seat):
                mask = self._none_yet.copy()
                mask[: self.wait] = self.menu(seat).mask
                mask.setflags(write=False)  # (as `flags.writeable = False`, cheaper)
            else:
                mask = self._wait_only
            self._masks[seat] = mask
        return mask

    def features(self, seat: int) -> np.ndarray:
        """The encoder's observation vector of the seat's view."""
        return self.encoder.observe(self.seen(seat))

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
        if not self.asks(seat):
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

        The encoder is given a view that the game draws only if the encoder reads it. An
        encoder whose `automatic` is False never takes one (its `auto` answers None): it is not
        asked, nor the game for each actor's legal space."""
        if not getattr(self.encoder, "automatic", True):
            return
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
