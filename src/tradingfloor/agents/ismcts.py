"""Information-set Monte Carlo tree search, generic over the core contract.

Each iteration samples a world the seat cannot tell from the true one (`decision.determinize`),
walks a tree of (joint) actions shared by every sample (single-observer ISMCTS, Cowling, Powley &
Whitehouse 2012), adds one node, plays the game out with a rollout policy and backs up each seat's
reward. Sealed simultaneous steps are one node whose actors choose independently with EXP3 (see
`bandits`); large action spaces are searched through a candidate abstraction with progressive
widening (see `candidates`). The same decision and the same `rng` state give the same choice when
the budget is counted in iterations.

Where the game has a prior bot, the default search is instead the lookahead of `lookahead`: the
prior's proposal and its neighbours compared on shared sampled worlds, played out by the prior.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.agents.bandits import (
    Arm,
    SeatBandit,
    exp3_choose,
    ucb_choose,
    update,
)
from tradingfloor.agents.candidates import CandidatePool
from tradingfloor.agents.lookahead import hooked_playout, improve, outcome, reopened
from tradingfloor.agents.playouts import ReplayPolicy, SkewedSampler
from tradingfloor.core.agent import Agent, Decision, RandomAgent, decision_for
from tradingfloor.core.game import Game, Result, State

DEFAULT_ITERATIONS = 100
SCORE_WEIGHT = 1.0  # how much of the reward is the score's standing rather than the win
MAX_ROLLOUT_ACTIONS = 100_000
PRIOR_WORLDS = 4  # sampled worlds in which the prior proposes each other root seat's action

LOOKAHEAD_PLAYOUTS = 20  # the lookahead's default budget: 4 worlds of 5 candidates (Middleman)
# Actions after which a lookahead playout stops and is scored as the game stands (`standing`
# hook), where the game has the hook: a few rounds of Businessmen, a few orbits of Merlin.
PLAYOUT_HORIZON = 80
Choice = tuple[int, Arm, float | None]  # (seat, arm, EXP3 probability or None for UCB)
Policy = Agent | SkewedSampler | ReplayPolicy


@dataclass
class Node:
    """A node of the search tree: one bandit per seat to act, children by joint action."""

    bandits: dict[int, SeatBandit] = field(default_factory=dict)
    children: dict[tuple[str, ...], Node] = field(default_factory=dict)


def parse_horizon(text: str) -> int | None:
    """A playout horizon as a lab seat spec writes it: a number of actions, or "end" (none)."""
    if text == "end":
        return None
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"a playout horizon is a number of actions or 'end', not {text!r}")
    return int(text)


def policy_agent(game: Game, kind: str) -> Agent | SkewedSampler:
    """The policy for playouts or priors: "skewed", "random" or one of the game's bots."""
    bots: Mapping[str, Any] = game.bots()
    if kind == "skewed":
        return SkewedSampler(game)
    if kind == "random":
        return RandomAgent()
    if kind not in bots:
        raise ValueError(f"{game.id} has no bot {kind!r} for search; choose from {', '.join(bots)}")
    agent: Agent = bots[kind]()
    return agent


def reward(result: Result | None, players: int) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win, blended with where its score stands.

    The score term (the score over the largest absolute score, mapped to [0, 1]) keeps search
    learning in positions it cannot win, where every move would otherwise look the same.
    """
    if result is None:  # a playout that did not end counts as a draw
        return [1.0 / players] * players
    share = [0.0] * players
    for seat in result.winners:
        share[seat] = 1.0 / len(result.winners)
    scale = max((abs(score) for score in result.scores), default=0.0) or 1.0
    return [
        (1 - SCORE_WEIGHT) * share[s] + SCORE_WEIGHT * (1 + result.scores[s] / scale) / 2
        for s in range(players)
    ]


class ISMCTSAgent:
    """Searches `iterations` playouts (or `seconds` of them), then plays its best-supported move.

    `search`: "lookahead" (policy improvement over the prior bot), "tree" (ISMCTS), or "auto": the
    lookahead where the game has a prior bot, else the tree. `reopen`: withdraw the others' sealed
    commitments in sampled worlds where the game offers `withdraw` (tree search).
    `time_limit`: a hard bound in seconds on one decision whatever the budget (the server's time
    budget): search stops there with what it has, the prior's proposal where it has too little.
    `horizon`: the actions after which a lookahead playout stops and is scored as the game stands
    now, where the game offers the `standing` hook (None: every playout to the end).
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "auto",
        prior: str | None = "auto",
        widening: float = 1.0,
        reopen: bool = True,
        search: str = "auto",
        time_limit: float | None = None,
        horizon: int | None = PLAYOUT_HORIZON,
    ) -> None:
        if search not in ("auto", "tree", "lookahead"):
            raise ValueError(f"search is 'auto', 'tree' or 'lookahead', not {search!r}")
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise ValueError("an ISMCTS budget must be at least one iteration or a positive time")
        if horizon is not None and horizon < 1:
            raise ValueError("a playout horizon must be at least one action")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.prior = prior
        self.widening = widening
        self.reopen = reopen
        self.search = search
        self.time_limit = time_limit
        self.horizon = horizon

    def act(self, decision: Decision, rng: random.Random) -> Any:
        listed = decision.legal.enumerate()
        if listed is not None and len(listed) == 1:
            return listed[0]
        own = random.Random(rng.getrandbits(64))
        prior = self.prior_for(decision.game)
        bot = None if isinstance(prior, SkewedSampler) else prior
        if bot is not None and self.search != "tree":
            return self.look_ahead(decision, bot, own)
        if self.search == "lookahead":
            raise ValueError(f"{decision.game.id}: the lookahead search needs a prior bot")
        search = Search(self, decision, own)
        return search.run()

    def prior_for(self, game: Game) -> Agent | SkewedSampler | None:
        """The prior policy: "auto" is the game's heuristic bot, where it has one."""
        prior = self.prior_kind(game)
        return None if prior is None else policy_agent(game, prior)

    def prior_kind(self, game: Game) -> str | None:
        """The prior policy's name: "auto" is "heuristic" where the game has that bot."""
        if self.prior == "auto":
            return "heuristic" if "heuristic" in game.bots() else None
        return self.prior

    def look_ahead(self, decision: Decision, prior: Agent, rng: random.Random) -> Any:
        """Policy improvement over the prior on shared worlds (see `lookahead`), whose playouts
        are played by the prior itself unless `rollout` names another policy (on the game's own
        simulator where it offers `fast_playout` and that policy is its heuristic), and stop at
        the horizon where the game can say how it stands there."""
        game = decision.game
        policy: Policy = prior if self.rollout == "auto" else policy_agent(game, self.rollout)
        horizon = self.horizon if hasattr(game, "standing") else None
        kind = self.prior_kind(game) if self.rollout == "auto" else self.rollout
        fast = hooked_playout(game, kind, playout_limit(horizon))

        def playout(state: State, stream: random.Random) -> Result | None:
            return outcome(game, play_to_end(game, policy, state, stream, horizon))

        budget = self.iterations
        if budget is None and self.seconds is None:
            budget = LOOKAHEAD_PLAYOUTS
        return improve(decision, prior, fast or playout, rng, budget, self.seconds, self.time_limit)


class Search:
    """One decision's search tree and the policies it plays out with."""

    def __init__(self, agent: ISMCTSAgent, decision: Decision, rng: random.Random) -> None:
        self.agent = agent
        self.decision = decision
        self.game = decision.game
        self.rng = rng
        # The prior (the game's heuristic bot, by default) proposes a root candidate.
        self.prior_policy = agent.prior_for(self.game)
        self.rollout_policy = self.playout_policy(agent.rollout)
        self.root = Node()
        self.done = 0  # iterations so far

    def playout_policy(self, kind: str) -> Policy:
        """ "auto": replay the prior's orders where there is a prior, else skewed samples."""
        if kind == "auto":
            kind = "replay" if self.prior_policy is not None else "skewed"
        if kind == "replay":
            slow = self.prior_policy
            if slow is None or isinstance(slow, SkewedSampler):
                raise ValueError(f"{self.game.id}: replay playouts need a prior bot to replay")
            return ReplayPolicy(self.game, slow, SkewedSampler(self.game))
        return policy_agent(self.game, kind)

    def run(self) -> Any:
        """Search within the budget; the root seat's action with the best lower confidence bound."""
        deadline = _deadline(self.agent.seconds, self.agent.time_limit)
        budget = self.agent.iterations
        if budget is None and self.agent.seconds is None:
            budget = DEFAULT_ITERATIONS
        while self.done < (budget or 1 << 62):
            if deadline is not None and self.done and time.perf_counter() >= deadline:
                break
            self.iterate()
            self.done += 1
        return self.root.bandits[self.decision.seat].best().action

    def iterate(self) -> None:
        """One determinization, selection down to a new node, a playout, and the backup."""
        state = self.reopened(self.decision.determinize(self.rng))
        node, path = self.root, []
        while actors := self.game.actors(state):
            choices = self.select(node, state, actors)
            for seat, arm, _ in choices:
                state = self.game.apply(state, seat, arm.action)
            path.append((node, choices))
            key = tuple(arm.key for _, arm, _ in choices)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        final = self.play_out(state)
        rewards = reward(self.game.result(final), self.game.players(final))
        for visited, choices in path:
            for seat, arm, probability in choices:
                visited.bandits[seat].visits += 1
                update(arm, rewards[seat], probability)

    def reopened(self, state: State) -> State:
        """The world with the others' sealed commitments withdrawn (see `lookahead.reopened`)."""
        if not self.agent.reopen:
            return state
        return reopened(self.game, state, self.decision.seat)

    def select(self, node: Node, state: State, actors: tuple[int, ...]) -> list[Choice]:
        """Each actor's arm: UCB1 when alone, its own EXP3 at a sealed simultaneous step."""
        choices: list[Choice] = []
        for seat in actors:
            arms = self.legal_arms(node, state, seat)
            if len(actors) == 1:
                choices.append((seat, ucb_choose(arms), None))
            else:
                arm, probability = exp3_choose(arms, self.rng)
                choices.append((seat, arm, probability))
        return choices

    def legal_arms(self, node: Node, state: State, seat: int) -> list[Arm]:
        """The seat's candidate arms at `node` that are legal in this determinization."""
        space = self.game.legal(state, seat)
        bandit = node.bandits.get(seat)
        other = seat != self.decision.seat
        modelled = node is self.root and other and self.prior_policy is not None
        if bandit is None:
            # The prior policy may be slow, so only the root's candidates include its choice.
            priors = self.priors(state, seat) if node is self.root else []
            pool = CandidatePool(self.game, space, self.rng, priors, abstract=not modelled)
            bandit = node.bandits[seat] = SeatBandit(pool)
        elif modelled and self.done < PRIOR_WORLDS:
            # Another seat at the root plays what the prior policy would in its shoes; its
            # secrets differ between worlds, so the proposals of several worlds are its arms.
            for action in self.priors(state, seat):
                bandit.pool.include(action)
            bandit.sync()
        bandit.maybe_widen(self.agent.widening)
        arms = bandit.legal_arms(space.contains)
        if not arms:  # this world allows none of the candidates so far: take one of its own
            bandit.pool.include(space.sample(self.rng))
            bandit.sync()
            arms = bandit.legal_arms(space.contains)
        return arms

    def priors(self, state: State, seat: int) -> list[Any]:
        if self.prior_policy is None:
            return []
        if isinstance(self.prior_policy, SkewedSampler):
            return [self.prior_policy.sample(self.game.legal(state, seat), self.rng)]
        return [self.prior_policy.act(decision_for(self.game, state, seat), self.rng)]

    def play_out(self, state: State) -> State:
        return play_to_end(self.game, self.rollout_policy, state, self.rng)


def _deadline(*seconds: float | None) -> float | None:
    """The perf_counter time at which the first of these spans (from now) runs out."""
    spans = [s for s in seconds if s is not None]
    return time.perf_counter() + min(spans) if spans else None


def play_to_end(
    game: Game, policy: Policy, state: State, rng: random.Random, horizon: int | None = None
) -> State:
    """Play with `policy` in every seat to the end, or until `horizon` actions (at most
    MAX_ROLLOUT_ACTIONS) have been taken; a sealed simultaneous step is always finished."""
    limit = playout_limit(horizon)
    taken = 0
    while taken < limit:
        actors = game.actors(state)
        if not actors:
            return state
        for seat in actors:
            state = game.apply(state, seat, playout_action(game, policy, state, seat, rng))
        taken += len(actors)
    return state


def playout_limit(horizon: int | None) -> int:
    """The actions after which a playout with this horizon stops (at most MAX_ROLLOUT_ACTIONS)."""
    return MAX_ROLLOUT_ACTIONS if horizon is None else min(horizon, MAX_ROLLOUT_ACTIONS)


def playout_action(game: Game, policy: Policy, state: State, seat: int, rng: random.Random) -> Any:
    """`policy`'s action for `seat` in `state`."""
    if isinstance(policy, ReplayPolicy):
        return policy.act(state, seat, rng)
    if isinstance(policy, SkewedSampler):
        return policy.sample(game.legal(state, seat), rng)
    if isinstance(policy, RandomAgent):
        return game.legal(state, seat).sample(rng)
    return policy.act(decision_for(game, state, seat), rng)
