"""What a seat observes of an OpenSpiel state: tensors from the game's encoder, text from views.

- Observation: `encoder.observe(view)`, and the view as JSON.
- Information state (perfect recall): `encoder.information_state(view)` where the encoder has it
  (none otherwise: the game then provides no information-state tensor), and as text the view
  with the seat's digest of every earlier decision point (its view there and its own action).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from tradingfloor.rl.openspiel.context import Context


class ContractObserver:
    """One kind of observation: the seat's current observation, or its information state."""

    def __init__(self, context: Context, perfect_recall: bool) -> None:
        self.context = context
        self.perfect_recall = perfect_recall
        size = context.info_size if perfect_recall else context.encoder.features
        self.tensor: np.ndarray = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        if state.node.table is None:
            self.tensor[:] = 0.0  # the seed is not drawn yet: there is no table
            return
        view = self.context.core.view(state.node.table, player)
        if self.perfect_recall:
            self.tensor[:] = self.context.encoder.information_state(view)  # type: ignore[attr-defined]
        else:
            self.tensor[:] = self.context.encoder.observe(view)

    def string_from(self, state: Any, player: int) -> str:
        seen: str = state.observation_text(player)
        if not self.perfect_recall:
            return seen
        node = state.node
        before = node.trail.digest(player, state.seen_at) if node.trail else ""
        return f"{seen}\ndecision points before: {node.turns}, what I saw and did there: {before}"


def make(context: Context, iig_obs_type: Any, params: dict[str, Any] | None) -> ContractObserver:
    """The observer OpenSpiel asks for: the information state where it asks for perfect recall."""
    if params:
        raise ValueError(f"observation parameters are not supported: {params}")
    if iig_obs_type is not None and _public_only(iig_obs_type):
        raise ValueError("only a seat's own observations are offered, not public ones alone")
    perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
    return ContractObserver(context, perfect_recall)


def _public_only(iig_obs_type: Any) -> bool:
    import pyspiel

    return bool(iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)


def view_text(context: Context, table: Any, seat: int | None) -> str:
    """A seat's view of the table as JSON (a spectator's for None)."""
    return json.dumps(context.core.view(table, seat), sort_keys=True)


def spectator_text(context: Context, table: Any) -> str:
    """The table as a spectator sees it."""
    return view_text(context, table, None)
