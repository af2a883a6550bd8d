"""What each versioned module (`middleman_v1`, ...) is made of, as in `pettingzoo.classic`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
