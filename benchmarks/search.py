"""How long a person waits for the strong bot: one `ismcts` decision, as the server makes it.

Seeded heuristic games of each game are played to the end; at positions drawn from them where the
seat to act has more than one legal move, the `ismcts` kind (`tradingfloor.agents.make_agent`,
bounded by the server's time budget with `with_time_limit`) decides once, and the decision is
timed. The notes give the median, the 95th percentile and the largest time, and how many
decisions ran into the time budget (where search stops with what it has).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import tradingfloor
from benchmarks.harness import Figure, Sample, notes_at_most
from tradingfloor.agents import make_agent, with_time_limit
from tradingfloor.core.agent import decision_for
from tradingfloor.core.game import Game, State
from tradingfloor.server.runtime import Hosting

# Each game's table: its default seats, and every Merlin module on.
TABLES: dict[str, dict[str, Any]] = {
    "middleman": {"players": 3},
    "businessmen": {"players": 4},
    "merlin": {"players": 4, "modules": ["economy", "magic", "finance"]},
}
NAMES = {"merlin": "merlin, all modules"}
DECISIONS = 40  # timed decisions a run
PER_GAME = 4  # positions drawn from each heuristic game
THINK_S = Hosting().bot_seconds  # the server's time budget for one decision
# Issue 19: in every game, all modules on. A decision cut by the time budget is a weaker move,
# not a faster one: the target counts only where every decision finished its whole search.
TARGET = notes_at_most({"median s": 1.0, "p95 s": 3.0, "cut by the time budget": 0})


def positions(game: Game, options: dict[str, Any], count: int) -> list[tuple[State, int]]:
    """`count` (state, seat) pairs from seeded heuristic games where the seat has a choice."""
    heuristic = make_agent(game, "heuristic")
    found: list[tuple[State, int]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = game.new(options, seed)
        choices = []
        while actors := game.actors(state):
            for seat in actors:
                decision = decision_for(game, state, seat)
                listed = decision.legal.enumerate()
                if listed is None or len(listed) > 1:
                    choices.append((state, seat))
                state = game.apply(state, seat, heuristic.act(decision, rng))
        drawn = random.Random(f"positions-{seed}").sample(choices, min(PER_GAME, len(choices)))
        found.extend(drawn)
        seed += 1
    return found[:count]


def percentile(times: list[float], share: float) -> float:
    """The nearest-rank percentile of `times`."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def _decisions_sample(game: Game, options: dict[str, Any]) -> Sample:
    times = []
    for index, (state, seat) in enumerate(positions(game, options, DECISIONS)):
        agent = with_time_limit(make_agent(game, "ismcts"), THINK_S)
        decision = decision_for(game, state, seat)
        start = time.perf_counter()
        agent.act(decision, random.Random(index))
        times.append(time.perf_counter() - start)
    at_limit = sum(1 for t in times if t >= THINK_S)
    extra = {
        "median s": f"{statistics.median(times):.2f}",
        "p95 s": f"{percentile(times, 0.95):.2f}",
        "max s": f"{max(times):.2f}",
        "cut by the time budget": str(at_limit),
    }
    return Sample(len(times), len(times), sum(times), extra)


def figures() -> list[Figure]:
    out = []
    for game_id, options in TABLES.items():
        if game_id not in tradingfloor.games():
            continue
        game = tradingfloor.make(game_id)
        out.append(
            Figure(
                name=f"ismcts decision, {NAMES.get(game_id, game_id)}",
                what=(
                    f"one decision of the ismcts bot with the server's {THINK_S:g} s budget, at "
                    f"{DECISIONS} positions of seeded heuristic games where the seat has a choice; "
                    "games/s and actions/s count decisions a second; notes: median, p95, max"
                ),
                run=lambda game=game, options=options: _decisions_sample(game, options),
                runs=1,
                warmup=False,
                target=TARGET,
            )
        )
    return out
