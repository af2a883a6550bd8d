"""What each versioned module (`middleman_v1`, ...) is made of, as in `pettingzoo.classic`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NamedTuple

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from tradingfloor.rl.pettingzoo_env import TradingfloorAEC, TradingfloorParallel


def wrapped(raw: TradingfloorAEC) -> AECEnv:
    """`raw` under PettingZoo's checks, as classic's `env()` gives it: actions inside the
    action space, and the API's calls in order (reset first)."""
    return _Ordered(_InBounds(raw), raw)


# PettingZoo's wrappers read every attribute of the environment through each wrapper's
# __getattr__: in a loop of `last()` and `step()` that was a third of Middleman's step. The two
# below make the same checks and hand back the same values, reading the raw environment's
# attributes directly where PettingZoo's classes read them through the wrappers.


class _InBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's AssertOutOfBoundsWrapper, reading whose turn it is from the raw environment."""

    def __init__(self, raw: TradingfloorAEC) -> None:
        super().__init__(raw)
        self._raw = raw

    def step(self, action: Any) -> None:
        raw = self._raw
        agent = raw.agent_selection
        assert (
            action is None and (raw.terminations[agent] or raw.truncations[agent])
        ) or raw.action_space(agent).contains(action), "action is not in action space"
        raw.step(action)


class _Ordered(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's OrderEnforcingWrapper; once reset, `last()` and `agent_iter()` read the raw
    environment (before, PettingZoo's own errors are raised)."""

    def __init__(self, env: AECEnv, raw: TradingfloorAEC) -> None:
        super().__init__(env)
        self._raw = raw

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        return self._raw.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset or not self._raw.agents:
            super().step(action)  # PettingZoo's error or warning
            return
        self._has_updated = True
        self.env.step(action)

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own class names itself: the environment's name

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            return super().agent_iter(max_iter)  # type: ignore[no-any-return]
        return _OrderedIterable(self, max_iter)


class _OrderedIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _OrderedIterator:
        return _OrderedIterator(self.env, self.max_iter)


class _OrderedIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's iterator over the agents' turns, reading the raw environment's agents."""

    def __next__(self) -> str:
        raw = self.env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        agent: str = raw.agent_selection
        return agent


def named_parallel(
    game: str, name: str, options: Mapping[str, Any] | None, kwargs: dict[str, Any]
) -> TradingfloorParallel:
    """The Parallel environment of `game`, its metadata naming it `name`."""
    env = TradingfloorParallel(game, options, **kwargs)
    env.metadata = {**env.metadata, "name": name}  # type: ignore[misc]
    return env


class Versioned(NamedTuple):
    """A versioned module's names: `raw_env` (the AEC class), `env()` and `parallel_env()`."""

    raw_env: type[TradingfloorAEC]
    env: Callable[..., AECEnv]
    parallel_env: Callable[..., TradingfloorParallel]


def versioned(game: str, name: str, title: str) -> Versioned:
    """The names of `game`'s module `name` (`middleman_v1`), as `pettingzoo.classic` gives them."""

    class raw_env(TradingfloorAEC):  # PettingZoo's name for it
        metadata: ClassVar[dict[str, Any]] = {**TradingfloorAEC.metadata, "name": name}

        def __init__(
            self,
            options: Mapping[str, Any] | None = None,
            render_mode: str | None = None,
            **settings: Any,
        ) -> None:
            super().__init__(game, options, render_mode, **settings)

    raw_env.__doc__ = f"{title}'s AEC environment without wrappers."
    raw_env.__qualname__ = "raw_env"
    raw_env.__module__ = f"tradingfloor.rl.envs.{name}"

    def env(**kwargs: Any) -> AECEnv:
        return wrapped(raw_env(**kwargs))

    def parallel_env(
        options: Mapping[str, Any] | None = None, **kwargs: Any
    ) -> TradingfloorParallel:
        return named_parallel(game, name, options, kwargs)

    env.__doc__ = f"{title}'s AEC environment under PettingZoo's checking wrappers."
    parallel_env.__doc__ = f"{title}'s Parallel environment."
    return Versioned(raw_env, env, parallel_env)
