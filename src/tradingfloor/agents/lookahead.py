"""Policy improvement over a prior policy: its proposal against its neighbours, on shared worlds.

A rollout algorithm (Tesauro & Galperin 1996; Bertsekas, Tsitsiklis & Wu 1997): the candidates are
the prior's proposal and the actions one step from it along each integer field its space
describes (every listed action, where the space is small enough to list). Each sampled world is
set up once: the others' hidden commitments withdrawn (`withdraw` hook), every other seat still to
act given the prior's choice in its shoes. Then every candidate is played out in that same world
with the same random stream, the rest of the game played by the playout policy. Common worlds make
the comparison of candidates far less noisy than independent playouts; a candidate replaces the
prior's proposal only where its gain over it, world by world, is clearly above the noise.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from tradingfloor.agents.candidates import LISTED_LIMIT, action_key, neighbours, typed_fields
from tradingfloor.core.agent import Agent, Decision, decision_for
from tradingfloor.core.game import Game, Result, State

Playout = Callable[[State, random.Random], Result | None]
"""Plays a world on from a state, to the end or a horizon, and says how it came out (`outcome`)."""
MIN_WORLDS = 2  # a single world gives no measure of the playouts' noise
ALPHA = 0.05  # chance that noise alone overrules the prior, over all candidates of one decision
FAST_POLICY = "heuristic"  # the bot a game's `fast_playout` hook plays in every seat


def candidates(game: Game, decision: Decision, proposal: Any) -> list[Any]:
    """The prior's proposal first, then its next neighbours (or every listed action), each once."""
    space = decision.legal
    listed = space.enumerate()
    if listed is not None and len(listed) <= LISTED_LIMIT:
        others = list(listed)
    else:
        obj = proposal.to_json() if hasattr(proposal, "to_json") else None
        fields = typed_fields(space)
        others = neighbours(game, space, fields, obj, (-1, 1)) if isinstance(obj, dict) else []
    out, seen = [proposal], {action_key(proposal)}
    for action in others:
        key = action_key(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def world(game: Game, decision: Decision, prior: Agent, rng: random.Random) -> State:
    """A sampled world in which every seat but the decision's own has made the prior's choice."""
    state = reopened(game, decision.determinize(rng), decision.seat)
    for seat in game.actors(state):
        if seat != decision.seat:
            state = game.apply(state, seat, prior.act(decision_for(game, state, seat), rng))
    return state


def reopened(game: Game, state: State, seat: int) -> State:
    """`state` with every other seat's sealed commitment to this step withdrawn, where it can be.

    `redetermine` can only redraw a hidden commitment from what was legal; withdrawn, it is chosen
    by the search's model of that seat instead, as for the seats still to commit.
    """
    withdraw = getattr(game, "withdraw", None)
    if withdraw is None:
        return state
    waiting = game.actors(state)
    for other in range(game.players(state)):
        if other != seat and other not in waiting:
            state = withdraw(state, other)
    return state


def outcome(game: Game, state: State) -> Result | None:
    """How a playout came out: the game's result once it is over, else, where the game offers
    the `standing` hook, how it would be scored if it ended now (a playout cut at its horizon)."""
    result = game.result(state)
    if result is not None:
        return result
    standing = getattr(game, "standing", None)
    return None if standing is None else standing(state)


def hooked_playout(game: Game, policy: str | None, horizon: int | None) -> Playout | None:
    """The game's optional `fast_playout` hook as the playout, where the playouts are its
    `heuristic` bot in every seat: the very results of playing that bot on the rules engine, from
    the game's own simulator. None where the game has no hook or the playouts play another policy.
    """
    hook = getattr(game, "fast_playout", None)
    if hook is None or policy != FAST_POLICY:
        return None

    def playout(state: State, stream: random.Random) -> Result | None:
        # The heuristic draws nothing from `stream`: the game's own generator, in the state,
        # holds every chance of the playout, and the hook draws from it in the rules' order.
        result: Result | None = hook(state, horizon)
        return result

    return playout


def value(result: Result | None, seat: int, players: int) -> float:
    """The seat's share of the win plus where its score stands, (1 + score / largest) / 2."""
    if result is None:  # a playout that did not end counts as a draw
        return 1.0 / players + 0.5
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    scale = max((abs(score) for score in result.scores), default=0.0) or 1.0
    return share + (1 + result.scores[seat] / scale) / 2


def improve(
    decision: Decision,
    prior: Agent,
    playout: Playout,
    rng: random.Random,
    playouts: int | None,
    seconds: float | None,
    limit: float | None = None,
) -> Any:
    """The candidate that surely beats the prior's proposal by the most, else the proposal.

    `seconds` ends the search once every candidate has MIN_WORLDS worlds; `limit` ends it even
    sooner, between two playouts, keeping only the worlds every candidate was played in."""
    game = decision.game
    proposal = prior.act(decision, rng)
    actions = candidates(game, decision, proposal)
    if len(actions) == 1:
        return proposal
    worlds = None if playouts is None else max(MIN_WORLDS, playouts // len(actions))
    deadline = None if seconds is None else time.perf_counter() + seconds
    hard = None if limit is None else time.perf_counter() + limit
    values: list[list[float]] = [[] for _ in actions]  # per candidate, per world
    while len(values[0]) < (worlds or 1 << 62):
        past = deadline is not None and time.perf_counter() >= deadline
        if past and len(values[0]) >= MIN_WORLDS:
            break
        shared = world(game, decision, prior, rng)
        stream = rng.getrandbits(64)
        players = game.players(shared)
        for index, action in enumerate(actions):
            if hard is not None and time.perf_counter() >= hard:
                return _settled(actions, values)
            result = playout(game.apply(shared, decision.seat, action), random.Random(stream))
            values[index].append(value(result, decision.seat, players))
    return actions[overruling(values)]


def _settled(actions: list[Any], values: list[list[float]]) -> Any:
    """At the time limit: the best over the worlds complete for every candidate, or the prior's
    proposal with fewer than MIN_WORLDS of them."""
    complete = min(len(v) for v in values)
    if complete < MIN_WORLDS:
        return actions[0]
    return actions[overruling([v[:complete] for v in values])]


def overruling(values: Sequence[Sequence[float]], alpha: float = ALPHA) -> int:
    """The candidate with the largest gain over the proposal (index 0), world by world, among those
    whose mean gain clears the noise; 0 where none does.

    A gain clears the noise where it exceeds `z` standard errors, `z` set so that alpha is split
    over all the candidates (Bonferroni): the more candidates, the likelier one looks good by luck.
    The error uses the candidate's own spread of gains or, where larger, the spread pooled over
    all candidates, since two or three worlds can show a noisy candidate as steady by chance.
    One lucky playout must not overrule the prior: in a long game with much chance (Businessmen)
    the best of several noisy playouts is mostly the luckiest, and playing it loses to the prior.
    """
    gains = [
        [mine - prior for mine, prior in zip(candidate, values[0], strict=True)]
        for candidate in values[1:]
    ]
    if not gains:
        return 0
    spreads = [statistics.variance(gain) for gain in gains]
    pooled = statistics.fmean(spreads)
    z = statistics.NormalDist().inv_cdf(1 - alpha / len(gains))
    best, best_gain = 0, 0.0
    for index, (gain, spread) in enumerate(zip(gains, spreads, strict=True), start=1):
        mean = statistics.fmean(gain)
        error = math.sqrt(max(spread, pooled) / len(gain))
        if mean > z * error and mean > best_gain:
            best, best_gain = index, mean
    return best


__all__ = [
    "candidates",
    "hooked_playout",
    "improve",
    "outcome",
    "overruling",
    "reopened",
    "value",
    "world",
]
