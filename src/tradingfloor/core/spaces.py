"""Legal-action spaces: what a seat may do now, as a set that can be tested, sampled and listed."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from tradingfloor.core.native import mypyc_attr

# Compiled where the build is used (tradingfloor/compiled.py), each space stays a base that a
# game's interpreted Python may subclass: only some games' spaces are compiled.


@mypyc_attr(allow_interpreted_subclasses=True)
class ActionSpace(ABC):
    """The actions one seat may take in one state."""

    @abstractmethod
    def check(self, action: Any) -> str | None:
        """Why `action` is refused, in words a player understands, or None if it is legal."""

    def contains(self, action: Any) -> bool:
        return self.check(action) is None

    @abstractmethod
    def sample(self, rng: random.Random) -> Any:
        """A legal action drawn at random (not necessarily uniformly over every action)."""

    def enumerate(self) -> Sequence[Any] | None:
        """Every legal action, or None where the space is too large to list."""
        return None

    @abstractmethod
    def describe(self) -> dict[str, Any]:
        """A JSON-ready description for interfaces: the action types and their fields' ranges."""

    @property
    def empty(self) -> bool:
        return False


@mypyc_attr(allow_interpreted_subclasses=True)
class NoActions(ActionSpace):
    """The space of a seat that has nothing to do now; every action is refused with `why`."""

    def __init__(self, why: str) -> None:
        self.why = why

    def check(self, action: Any) -> str | None:
        return self.why

    def sample(self, rng: random.Random) -> Any:
        raise ValueError(self.why)

    def enumerate(self) -> Sequence[Any]:
        return ()

    def describe(self) -> dict[str, Any]:
        return {"actions": [], "why": self.why}

    @property
    def empty(self) -> bool:
        return True


@mypyc_attr(allow_interpreted_subclasses=True)
class ChoiceSpace(ActionSpace):
    """A short, fully listed menu of actions."""

    def __init__(
        self, actions: Sequence[Any], refusal: str = "that is not one of your choices now"
    ) -> None:
        if not actions:
            raise ValueError("a ChoiceSpace needs at least one action; use NoActions")
        self.actions = tuple(actions)
        self.refusal = refusal

    def check(self, action: Any) -> str | None:
        return None if action in self.actions else self.refusal

    def sample(self, rng: random.Random) -> Any:
        return self.actions[rng.randrange(len(self.actions))]

    def enumerate(self) -> Sequence[Any]:
        return self.actions

    def describe(self) -> dict[str, Any]:
        return {"actions": [_dump(a) for a in self.actions]}


@mypyc_attr(allow_interpreted_subclasses=True)
class UnionSpace(ActionSpace):
    """Several spaces offered at once, e.g. "buy some goods" or "pass"."""

    def __init__(self, spaces: Sequence[ActionSpace]) -> None:
        self.spaces = tuple(s for s in spaces if not s.empty)
        if not self.spaces:
            raise ValueError("a UnionSpace needs at least one non-empty space")

    def check(self, action: Any) -> str | None:
        reasons = [s.check(action) for s in self.spaces]
        if any(r is None for r in reasons):
            return None
        return next((r for r in reasons if r), "that is not a legal action now")

    def sample(self, rng: random.Random) -> Any:
        return self.spaces[rng.randrange(len(self.spaces))].sample(rng)

    def enumerate(self) -> Sequence[Any] | None:
        out: list[Any] = []
        for space in self.spaces:
            listed = space.enumerate()
            if listed is None:
                return None
            out.extend(listed)
        return out

    def describe(self) -> dict[str, Any]:
        actions: list[Any] = []
        for space in self.spaces:
            actions.extend(space.describe().get("actions", []))
        return {"actions": actions}


def _dump(action: Any) -> Any:
    dump = getattr(action, "model_dump", None)
    return dump(mode="json") if dump else action
