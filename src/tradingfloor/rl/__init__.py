"""Adapters to the RL tool chains: PettingZoo (AEC and Parallel), Gymnasium spaces, OpenSpiel.

`rl.pettingzoo_env.aec_env(game_id)` and `parallel_env(game_id)` serve every registered game;
`rl.openspiel_game` registers Middleman with pyspiel as `python_middleman`. Everything here needs
the rl extra (pip install 'tradingfloor[rl]'); OpenSpiel needs the openspiel extra too.
"""

from tradingfloor.extras import require

require("rl")
