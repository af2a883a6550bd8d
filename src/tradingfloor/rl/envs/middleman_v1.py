"""Middleman under PettingZoo, as `pettingzoo.classic` names its games: `middleman_v1`.

`env(**kwargs)` is the AEC environment under PettingZoo's checking wrappers, `raw_env(options,
render_mode, **settings)` the bare AEC class and `parallel_env(**kwargs)` the Parallel one. The
arguments: the game's `options` (a dict), `render_mode` (`"ansi"` or `"human"`), and the
settings `max_cycles`, `reward`, `observation`, `illegal`, `wait_turns` (AEC only) and
`render_seat`; see `docs/rl.md`.

Every seat still in acts at every step (the orders are sealed), so the AEC turns of a cycle go
to every seat still in; a seat that is out of the game gets none. With `wait_turns=True` it gets
a turn too (it may only WAIT), as in the Parallel API, and the environment is parallelizable.
The action index of an order (tins, price) is `tins * 11 + price` (`rl.middleman.index_of`); the
rows are dealt at random by the environment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pettingzoo import AECEnv

from tradingfloor.rl.envs.versioned import named_parallel, wrapped
from tradingfloor.rl.pettingzoo_env import TradingfloorAEC, TradingfloorParallel

GAME = "middleman"
NAME = "middleman_v1"


class raw_env(TradingfloorAEC):  # PettingZoo's name for it
    """Middleman's AEC environment without wrappers."""

    metadata: ClassVar[dict[str, Any]] = {**TradingfloorAEC.metadata, "name": NAME}

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(GAME, options, render_mode, **settings)


def env(**kwargs: Any) -> AECEnv:
    """Middleman's AEC environment under PettingZoo's checking wrappers."""
    return wrapped(raw_env(**kwargs))


def parallel_env(options: Mapping[str, Any] | None = None, **kwargs: Any) -> TradingfloorParallel:
    """Middleman's Parallel environment."""
    return named_parallel(GAME, NAME, options, kwargs)
