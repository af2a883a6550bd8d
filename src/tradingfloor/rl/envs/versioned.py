"""What each versioned module (`middleman_v1`, ...) is made of, as in `pettingzoo.classic`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NamedTuple

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tradingfloor.rl.pettingzoo_env import TradingfloorAEC, TradingfloorParallel


def wrapped(raw: TradingfloorAEC) -> AECEnv:
    """`raw` under PettingZoo's checks, as classic's `env()` gives it: actions inside the
    action space, and the API's calls in order (reset first)."""
    checked = wrappers.AssertOutOfBoundsWrapper(raw)
    ordered: AECEnv = wrappers.OrderEnforcingWrapper(checked)
    return ordered


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
