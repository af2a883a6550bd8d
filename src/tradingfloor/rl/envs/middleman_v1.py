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

from tradingfloor.rl.envs.versioned import versioned

GAME = "middleman"
NAME = "middleman_v1"

raw_env, env, parallel_env = versioned(GAME, NAME, "Middleman")
