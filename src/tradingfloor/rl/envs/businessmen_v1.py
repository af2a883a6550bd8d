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

from tradingfloor.rl.envs.versioned import versioned

GAME = "businessmen"
NAME = "businessmen_v1"

raw_env, env, parallel_env = versioned(GAME, NAME, "Businessmen")
