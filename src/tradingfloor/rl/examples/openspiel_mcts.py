"""OpenSpiel's MCTS in seat 0 of Middleman against tradingfloor's own bots.

MCTS needs a sequential game, so it searches `pyspiel.convert_to_turn_based(python_middleman)`.
It searches the true state (every row included), so it is an interface demonstration rather than a
fair opponent. The bots in the other seats decide through the ordinary contract, on a mirror of the
simultaneous game that receives the same chance digits and orders.

    python -m tradingfloor.rl.examples.openspiel_mcts --games 2 --simulations 50
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import tradingfloor
import tradingfloor.rl.openspiel
from tradingfloor.agents import kinds, make_agent
from tradingfloor.core.agent import Agent, decision_for
from tradingfloor.rl.middleman import MAX_PRICE, MAX_TINS, index_of
from tradingfloor.rl.openspiel.middleman import MiddlemanState

MIDDLEMAN = tradingfloor.make("middleman")


def default_opponent() -> str:
    return "heuristic" if "heuristic" in kinds(MIDDLEMAN) else "random"


def play(seed: int, simulations: int, opponents: Sequence[str]) -> list[float]:
    """One game: MCTS in seat 0, `opponents` (bot kinds) elsewhere; returns each seat's share."""
    players = 1 + len(opponents)
    game = pyspiel.load_game("python_middleman", {"players": players})
    turn_based = pyspiel.convert_to_turn_based(game)
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        turn_based,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    agents = [make_agent(MIDDLEMAN, kind) for kind in opponents]
    agent_rng = random.Random(seed)
    state = turn_based.new_initial_state()
    mirror = game.new_initial_state()  # the simultaneous game, for the bots' decisions
    orders: dict[int, int] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            digits, chances = zip(*state.chance_outcomes(), strict=True)
            digit = int(rng.choice(digits, p=chances))
            state.apply_action(digit)
            mirror.apply_action(digit)
            continue
        seat = state.current_player()
        if seat == 0:
            action = bot.step(state)
        else:
            action = bot_order(agents[seat - 1], mirror, seat, agent_rng)
        orders[seat] = action
        state.apply_action(action)
        if set(orders) == set(MIDDLEMAN.actors(mirror.node.table)):  # the step resolves
            mirror.apply_actions([orders.get(s, 0) for s in range(players)])
            orders = {}
    return [float(r) for r in state.returns()]


def bot_order(agent: Agent, mirror: MiddlemanState, seat: int, rng: random.Random) -> int:
    """The bot's order as an OpenSpiel action."""
    order = agent.act(decision_for(MIDDLEMAN, mirror.node.table, seat), rng)
    # No market holds more than 72 tins, so a larger order is the same as 72 (see rl.middleman).
    return index_of(min(order.tins, MAX_TINS), min(order.price, MAX_PRICE))


def main(argv: Sequence[str] | None = None) -> list[list[float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default=f"{default_opponent()},{default_opponent()}")
    args = parser.parse_args(argv)
    opponents = args.opponents.split(",")
    results = []
    for g in range(args.games):
        shares = play(args.seed + g, args.simulations, opponents)
        print(
            f"game {g}: MCTS {shares[0]:.2f}, "
            + ", ".join(
                f"{kind} {share:.2f}" for kind, share in zip(opponents, shares[1:], strict=True)
            )
        )
        results.append(shares)
    return results


if __name__ == "__main__":
    main()
