"""The bandits that choose one seat's action at a search node.

A seat that moves alone uses UCB1 with availability counts (ISMCTS: an action's exploration term
counts the visits in which it was legal). Seats that commit together at a sealed simultaneous step
each use their own EXP3, as simultaneous-move MCTS does (Teytaud & Flory 2011; Lanctot et al.
2013): each seat's choice is made without knowing the others', so nobody searches as if the
others had moved first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.agents.candidates import CandidatePool, action_key

UCB_C = 0.7
EXP3_GAMMA = 0.2
PRIOR_TRUST = 30  # playouts' worth of confidence credited to the prior policy's proposal
LCB_C = 2.0  # the final choice maximises mean - LCB_C / sqrt(visits): evidence, not luck


@dataclass
class Arm:
    """One candidate action and what search has learnt about it."""

    action: Any
    key: str
    visits: int = 0
    total: float = 0.0
    available: int = 0
    gain: float = 0.0  # EXP3's importance-weighted cumulative reward
    trust: int = 0  # playouts' worth of confidence given before any playout (the prior's proposal)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SeatBandit:
    """One seat's choice at one node: its candidate pool, its arms, and progressive widening."""

    pool: CandidatePool
    arms: list[Arm] = field(default_factory=list)
    visits: int = 0
    widen_base: int = 0

    def __post_init__(self) -> None:
        self.widen_base = len(self.pool.actions)
        self.sync()
        for arm in self.arms[: self.pool.prior_count]:
            # The prior's proposal is trusted ahead of evidence, so luck does not overturn it.
            arm.trust = PRIOR_TRUST

    def sync(self) -> None:
        for action in self.pool.actions[len(self.arms) :]:
            arm = Arm(action, action_key(action))
            if self.arms:  # a late arm starts level with the average, not behind every other
                arm.gain = sum(a.gain for a in self.arms) / len(self.arms)
            self.arms.append(arm)

    def maybe_widen(self, widening: float) -> None:
        """Progressive widening: allow widen_base + widening * sqrt(visits) arms."""
        allowed = self.widen_base + int(widening * math.sqrt(self.visits))
        while len(self.arms) < allowed and self.visits:
            best = self.best()
            if not self.pool.widen(best.action):
                break
            self.sync()

    def legal_arms(self, space_contains: Any) -> list[Arm]:
        return [a for a in self.arms if space_contains(a.action)]

    def best(self) -> Arm:
        """The arm to play for real: the best lower confidence bound on its mean reward.

        The most visited arm is the usual choice, but EXP3 spreads visits widely on small budgets;
        a lower bound keeps a barely tried arm with a lucky mean from being played.
        """
        return max(self.arms, key=lower_bound)


def lower_bound(arm: Arm) -> float:
    """The arm's mean less LCB_C / sqrt(visits + trust); an arm never tried ranks last."""
    weight = arm.visits + arm.trust
    if arm.visits == 0:
        return -1.0 + (0.5 if arm.trust else 0.0)
    return arm.mean - LCB_C / math.sqrt(weight)


def ucb_choose(arms: Sequence[Arm]) -> Arm:
    """UCB1 over the arms legal now, untried arms first (in pool order)."""
    for arm in arms:
        arm.available += 1
    for arm in arms:
        if arm.visits == 0:
            return arm
    return max(arms, key=lambda a: a.mean + UCB_C * math.sqrt(math.log(a.available) / a.visits))


def exp3_probabilities(arms: Sequence[Arm]) -> list[float]:
    """EXP3's mixed strategy over `arms`: softmax of the gains, mixed with uniform exploration.

    The learning rate is gamma / K, as in simultaneous-move MCTS (Lanctot et al. 2013): on small
    budgets it keeps exploring widely, and the final choice is made on means (`best`).
    """
    k = len(arms)
    eta = EXP3_GAMMA / k
    top = max(a.gain for a in arms)
    weights = [math.exp(eta * (a.gain - top)) for a in arms]
    total = sum(weights)
    return [(1 - EXP3_GAMMA) * w / total + EXP3_GAMMA / k for w in weights]


def exp3_choose(arms: Sequence[Arm], rng: random.Random) -> tuple[Arm, float]:
    """An arm drawn from EXP3's strategy, with the probability it was drawn with."""
    probs = exp3_probabilities(arms)
    pick = rng.random()
    for arm, p in zip(arms, probs, strict=True):
        pick -= p
        if pick <= 0:
            return arm, p
    return arms[-1], probs[-1]


def update(arm: Arm, reward: float, probability: float | None) -> None:
    """Back up one playout's reward; EXP3 arms also get the importance-weighted gain."""
    arm.visits += 1
    arm.total += reward
    if probability is not None:
        arm.gain += reward / probability
