"""Every game under a versioned PettingZoo name, as in `pettingzoo.classic`.

`from tradingfloor.rl.envs import middleman_v1`, then `middleman_v1.env()` (AEC, with
PettingZoo's order-enforcing wrappers), `middleman_v1.raw_env(...)` (the bare AEC class) or
`middleman_v1.parallel_env()`; likewise `businessmen_v1` and `merlin_v1`. The version goes up
whenever the same arguments would give a different environment.
"""

VERSIONED = {"middleman": "middleman_v1", "businessmen": "businessmen_v1", "merlin": "merlin_v1"}
"""Each game's versioned module in this package, by game id."""
