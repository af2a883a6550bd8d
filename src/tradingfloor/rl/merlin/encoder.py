"""Merlin Economics' RL encoder: the fixed catalogue as a masked menu, the view as named numbers."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.merlin.view import bot_view
from tradingfloor.rl.merlin.catalogue import SIZE, entry_words
from tradingfloor.rl.merlin.features import FEATURE_NAMES, FEATURES
from tradingfloor.rl.merlin.menu import MerlinMenu, build_menu
from tradingfloor.rl.merlin.observation import observe


class MerlinEncoder:
    """Every module's actions in one fixed catalogue; the observation of `observation.py`.

    The observation holds the whole public table and the seat's own secrets as they stand now;
    `docs/rl.md` says why no separate information-state tensor is given.
    """

    size = SIZE
    features = FEATURES
    feature_names = FEATURE_NAMES
    seat_view = staticmethod(bot_view)  # each entry made when first read: never the words
    automatic = False  # `auto` never acts: every decision is the seat's own

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        return observe(view)

    def menu(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> MerlinMenu:
        return build_menu(view, legal)

    def auto(self, view: Mapping[str, Any], legal: ActionSpace, rng: random.Random) -> Any:
        return None

    @staticmethod
    def action_words(index: int) -> str:
        """What catalogue entry `index` does, in words."""
        return entry_words(index)
