"""Adapters to the RL tool chains: PettingZoo (AEC and Parallel), Gymnasium spaces, OpenSpiel.

`rl.envs.middleman_v1` (`businessmen_v1`, `merlin_v1`) are the PettingZoo environments under
versioned names, and `rl.pettingzoo_env.aec_env(game_id)` / `parallel_env(game_id)` serve every
registered game; each game's encoding is in `rl.middleman`, `rl.businessmen`, `rl.merlin`.
Importing `rl.openspiel` registers every game with pyspiel (`python_middleman`, ...). Everything
here needs the rl extra (pip install 'tradingfloor[rl]'); OpenSpiel needs the openspiel extra too.
"""

from tradingfloor.extras import require

require("rl")
