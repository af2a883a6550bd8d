"""The legal-action menu: every choice listed, refusals explained, random play that moves on."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from tradingfloor.core.draws import below
from tradingfloor.core.spaces import ChoiceSpace
from tradingfloor.games.businessmen.actions import ACTION_TYPES, Pass, Skip
from tradingfloor.games.businessmen.explain import refusal
from tradingfloor.games.businessmen.state import BusinessmenState
from tradingfloor.games.businessmen.words import label

# Random play picks "pass" or "skip" this seldom when something else is on offer, so that random
# games buy, load and improve like a table would, and end in a reasonable number of rounds.
QUIET_ODDS: Final = 0.1
QUIET = (Pass, Skip)
ACTIVE: Final = frozenset(kind for kind in ACTION_TYPES if kind not in QUIET)  # every other action


class Menu(ChoiceSpace):
    """`seat`'s listed menu in `state`; `explain(action)` says why an action that is not on it is
    refused, and `words(action)` says the move as a person reads it (each entry's `label`).

    `active` is how many of the first actions are active ones (neither passing nor skipping),
    where the lister knows it: random play draws among those, and the rest come after them.
    """

    refusal = "that is not one of your choices now"  # ChoiceSpace's, for every menu

    def __init__(
        self, actions: Sequence[Any], state: BusinessmenState, seat: int, active: int | None = None
    ) -> None:
        # ChoiceSpace's fields, set here rather than by its __init__: a menu is made every step.
        self.actions = tuple(actions)
        if not self.actions:
            raise ValueError("a menu needs at least one action; use NoActions")
        self.state, self.seat = state, seat
        self.active = _active_count(self.actions) if active is None else active

    def explain(self, action: Any) -> str:
        """Why the rules refuse `action`, which is not on the menu."""
        return refusal(self.state, self.seat, action)

    def words(self, action: Any) -> str:
        """The move as a person reads it."""
        return label(self.state, self.seat, action)

    def check(self, action: Any) -> str | None:
        # The menus list shared action objects, and bots and search mostly hand one of them back:
        # looked for by identity first, in C, before pydantic's field-by-field == (Python-level).
        if any(choice is action for choice in self.actions):
            return None
        return None if action in self.actions else self.explain(action)

    def describe(self) -> dict[str, Any]:
        say = self.words
        return {"actions": [{**action.to_json(), "label": say(action)} for action in self.actions]}

    def sample(self, rng: random.Random) -> Any:
        # An active action (the first `active` ones) but seldom, when the menu has quiet ones too.
        # Drawn by `below`, as rng.randrange draws (compiled, without randrange's Python frames).
        actions, active = self.actions, self.active
        if 0 < active < len(actions) and rng.random() >= QUIET_ODDS:
            return actions[below(active, rng)]
        return actions[below(len(actions), rng)]  # ChoiceSpace.sample


def _active_count(actions: tuple[Any, ...]) -> int:
    """How many of `actions` are active, for a menu whose active actions come first (checked)."""
    # The menus' actions are of these very classes: their classes are looked up in a set, in C,
    # not isinstance()'d (pydantic's isinstance is a Python-level check).
    flags = list(map(ACTIVE.__contains__, map(type, actions)))
    count = sum(flags)
    if any(flags[count:]):
        raise ValueError("a menu lists its active actions before passing and skipping")
    return count
