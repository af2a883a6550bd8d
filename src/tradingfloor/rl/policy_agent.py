"""A trained policy seated as a bot: it sees its seat's decision through the RL encoding."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from tradingfloor.core.agent import Decision
from tradingfloor.rl.encoding import encoder_for

Policy = Callable[[dict[str, np.ndarray]], int]
"""Maps an observation dict ({"observation", "action_mask"}) to an action index."""


class PolicyAgent:
    """An `Agent` that asks `policy` for a menu index, exactly as the environments present it."""

    def __init__(self, name: str, policy: Policy) -> None:
        self.name = name
        self.policy = policy

    def act(self, decision: Decision, rng: random.Random) -> Any:
        encoder = encoder_for(decision.game)
        automatic = encoder.auto(decision.view, decision.legal, rng)
        if automatic is not None:
            return automatic  # what the environments decide for the seat (Middleman's rows)
        menu = encoder.menu(decision.view, decision.legal, rng)
        mask = np.append(menu.mask, np.int8(0))  # WAIT is never legal for a seat that acts
        observation = {"observation": encoder.observe(decision.view), "action_mask": mask}
        return menu.action(int(self.policy(observation)))


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Probabilities over the legal indices only."""
    shifted = np.where(mask > 0, logits, -np.inf)
    shifted = shifted - shifted.max()
    weights = np.exp(shifted)
    return np.asarray(weights / weights.sum())


def linear_policy(weights: np.ndarray) -> Policy:
    """The greedy policy of a linear softmax: the legal index with the highest logit."""

    def policy(observation: dict[str, np.ndarray]) -> int:
        logits = weights @ np.append(observation["observation"], 1.0)
        return int(np.argmax(masked_softmax(logits, observation["action_mask"])))

    return policy
