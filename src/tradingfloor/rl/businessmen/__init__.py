"""Businessmen's RL encoding: a fixed catalogue of 116 actions and a named, scaled observation.

`docs/rl.md` lists the catalogue and every observation entry.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.businessmen.view import table_view
from tradingfloor.rl.businessmen import observation, recall
from tradingfloor.rl.businessmen.catalogue import ACTIONS, SIZE, BusinessmenMenu, index_of

__all__ = ["ACTIONS", "SIZE", "BusinessmenEncoder", "BusinessmenMenu", "index_of"]


class BusinessmenEncoder:
    """Observation: the round, the goods, the cars, the decks, the wheels and every tablet, from
    the observer's seat; menu: the fixed catalogue, masked by the legal space."""

    size = SIZE
    features = observation.FEATURES
    feature_names = observation.NAMES
    information_state_features = observation.FEATURES + recall.FEATURES
    information_state_names = observation.NAMES + recall.NAMES
    seat_view = staticmethod(table_view)  # the view without its words and events

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        return observation.scaled(view)

    def information_state(self, view: Mapping[str, Any]) -> np.ndarray:
        """The observation and every card turned since its deck was last shuffled."""
        state: np.ndarray = np.concatenate([observation.scaled(view), recall.values(view)])
        return state

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        return BusinessmenMenu(legal)

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        # Every Businessmen decision is the player's own (none is dealt at random by the rules).
        return None
