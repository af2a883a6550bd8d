"""Businessmen under PettingZoo, as `pettingzoo.classic` names its games: `businessmen_v1`.

`env(**kwargs)` is the AEC environment under PettingZoo's checking wrappers, `raw_env(options,
render_mode, **settings)` the bare AEC class and `parallel_env(**kwargs)` the Parallel one. The
arguments: the game's `options` (a dict), `render_mode` (`"ansi"` or `"human"`), and the
settings `max_cycles`, `reward`, `observation`, `illegal`, `wait_turns` (AEC only) and
`render_seat`; see `docs/rl.md`.

Businessmen is played turn by turn, so the AEC API gives a turn only to the seat the game asks
(`wait_turns=False`, not parallelizable); `wait_turns=True` gives every agent a turn each cycle
(the others WAIT), as the Parallel API steps, and makes it parallelizable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pettingzoo import AECEnv

from tradingfloor.rl.envs.versioned import named_parallel, wrapped
from tradingfloor.rl.pettingzoo_env import TradingfloorAEC, TradingfloorParallel

GAME = "businessmen"
NAME = "businessmen_v1"


class raw_env(TradingfloorAEC):  # PettingZoo's name for it
    """Businessmen's AEC environment without wrappers."""

    metadata: ClassVar[dict[str, Any]] = {**TradingfloorAEC.metadata, "name": NAME}

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(GAME, options, render_mode, **settings)


def env(**kwargs: Any) -> AECEnv:
    """Businessmen's AEC environment under PettingZoo's checking wrappers."""
    return wrapped(raw_env(**kwargs))


def parallel_env(options: Mapping[str, Any] | None = None, **kwargs: Any) -> TradingfloorParallel:
    """Businessmen's Parallel environment."""
    return named_parallel(GAME, NAME, options, kwargs)
