"""Legal-action spaces: the small menus of one step of play, with a sampler that lets turns end."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.merlin.actions import EndTurn
from tradingfloor.games.merlin.rulebook import ActionRule
from tradingfloor.games.merlin.state import MerlinState

END_CHANCE = 0.25
"""How often a random sample ends the turn when it may: random play then ends its turns quickly."""
LISTED = 12
"""Above this many choices of a type, describe() gives the count instead of the list."""


class StepSpace(ActionSpace):
    """What a seat may do at one step of play (`step` names the module table's entry)."""

    def __init__(
        self, state: MerlinState, seat: int, step: str, rules: Mapping[str, ActionRule]
    ) -> None:
        self.state = state
        self.seat = seat
        self.step = step
        self.rules = rules

    def check(self, action: Any) -> str | None:
        if not isinstance(action, Action):
            return f"not a Merlin Economics action: {action!r}"
        kind = getattr(action, "type", None)
        rule = self.rules.get(str(kind))
        if rule is None:
            return f"you cannot {kind} now; you can: {', '.join(self.rules)}"
        return rule.why(self.state, self.seat, action)

    def sample(self, rng: random.Random) -> Action:
        if "end_turn" in self.rules and rng.random() < END_CHANCE:
            return EndTurn()
        # end_turn comes only by END_CHANCE or when nothing else is legal, so turns do things
        rules = [r for r in self.rules.values() if r.type != "end_turn"]
        rng.shuffle(rules)
        rules += [r for r in self.rules.values() if r.type == "end_turn"]
        for rule in rules:
            action = rule.sample(self.state, self.seat, rng)
            if action is not None:
                return action
        raise ValueError("no legal action")

    def enumerate(self) -> Sequence[Action]:
        return [a for rule in self.rules.values() for a in rule.choices(self.state, self.seat)]

    def describe(self) -> dict[str, Any]:
        """Each choice where a type has few, else the type with its fields' ranges (for forms)."""
        actions: list[dict[str, Any]] = []
        for name, rule in self.rules.items():
            menu = [a.to_json() for a in rule.choices(self.state, self.seat)]
            if not menu:
                if rule.sample(self.state, self.seat, random.Random(0)) is not None:
                    actions.append({"type": name, "fields": {}})  # too many to list (rank stacks)
            elif len(menu) <= LISTED:
                actions.extend(menu)
            else:
                actions.append({"type": name, "count": len(menu), "fields": _ranges(menu)})
        return {"step": self.step, "actions": actions}


def _ranges(menu: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The lowest and highest value of each whole-number field over a menu."""
    out: dict[str, dict[str, Any]] = {}
    for field in menu[0]:
        values = [m[field] for m in menu if isinstance(m.get(field), int)]
        if values:
            out[field] = {"min": min(values), "max": max(values)}
        elif field != "type":
            out[field] = {"choices": sorted({str(m[field]) for m in menu})}
    return out
