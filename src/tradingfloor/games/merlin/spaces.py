"""Legal-action spaces: the small menus of one step of play, with a sampler that lets turns end."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import (
    PLAIN_FLOAT,
    PLAIN_GETRANDBITS,
    PLAIN_RANDOM,
    below,
    shuffle_steps,
    shuffled_lazily,
)
from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.actions import EndTurn
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Picker
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.turn_order import rank_form

END_CHANCE: Final = 0.25
"""How often a random sample ends the turn when it may: random play then ends its turns quickly."""
LISTED = 12
"""Above this many choices of a type, describe() gives a form instead of the list."""
LISTED_AMOUNTS = 4
"""The same for moves that name an amount of gold: a number field reads better than many buttons."""
AMOUNTS = ("turn_bid", "invest", "store", "take_back", "bid", "ask", "raise_bid", "lower_bid")
LIST_LIMIT = 2000
"""Above this many legal actions, enumerate() gives None: the space is searched by sampling and
by its forms' fields, never listed in proportion to the gold held."""


END_TURN_ACTION = EndTurn()
"""The one end_turn action (actions are immutable: a sample may give the same one each time)."""


Steps = tuple[tuple[int, int, Any], ...]
"""A shuffle's steps (`shuffle_steps`), the bits held as the objects `getrandbits` is given."""


class Asker:
    """How a sample asks one rule for a move: `ActionRule.sample`, by the rule's pick or else its
    menu. (Made once per step's rules: compiled, a rule's `Picker` or `Lister` is read typed
    here, where `ActionRule.sample` checked its class at every ask; one class, not one per way,
    so that reading an asker from a list checks its class at once.)"""

    def __init__(self, rule: ActionRule) -> None:
        self.rule: Final = rule
        pick, choices = rule.pick, rule.choices
        self.picker: Final = pick if isinstance(pick, Picker) else None
        self.lister: Final = choices if pick is None and isinstance(choices, Lister) else None

    def ask(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        picker = self.picker
        if picker is not None:
            return picker.__call__(state, seat, rng)
        lister = self.lister
        if lister is not None:
            menu = lister.__call__(state, seat)
            return menu[below(len(menu), rng)] if menu else None  # as ActionRule.sample draws
        return self.rule.sample(state, seat, rng)  # (a plain function: the rule's own sample)


class Shuffled:
    """A step's rules (a module table's entry, the same object all match long) as a sample asks
    them: its end_turn rule (or None), and those a sample shuffles, every rule but end_turn, with
    the steps of their shuffle and how each is asked. (A compiled class: its fields are read
    typed, where a tuple's items were checked at every sample.)"""

    def __init__(self, rules: Mapping[str, ActionRule]) -> None:
        self.rules: Final = rules
        self.end_turn: Final = rules.get("end_turn")
        self.others: Final = tuple(rule for name, rule in rules.items() if name != "end_turn")
        self.askers: Final = tuple(Asker(rule) for rule in self.others)
        self.steps: Final[Steps] = shuffle_steps(len(self.others))


KEPT_STEPS = 64
"""How many steps' rules `_shuffle_of` keeps (a table has about fifteen steps; past this many,
tables of other matches, all are forgotten at once)."""
_SHUFFLED: Final[list[Shuffled]] = []
"""Each step's rules as shuffled, searched by identity in the order kept: a match's few steps
are found in a few comparisons, where a dict keyed by id() boxed a large number and hashed it at
every sample."""


def _shuffle_of(rules: Mapping[str, ActionRule]) -> Shuffled:
    """`Shuffled(rules)`, kept (found, or made and kept; an entry holds its rules, so the object
    found is the very one asked for)."""
    for kept in _SHUFFLED:
        if kept.rules is rules:
            return kept
    if len(_SHUFFLED) >= KEPT_STEPS:
        _SHUFFLED.clear()
    made = Shuffled(rules)
    _SHUFFLED.append(made)
    return made


def _first_in_lazy_order(
    rules: tuple[Asker, ...],
    steps: Steps,
    state: MerlinState,
    seat: int,
    rng: random.Random,
) -> Action | None:
    """The first move of `rules` asked in `shuffled_lazily`'s order with its draws, from a plain
    generator (None: none has a move): written out, a sample's types are placed without a
    generator's resumption, and each partner is drawn as `_randbelow` draws it, by rejection
    from `getrandbits` of the bound's bits."""
    order = list(rules)
    for place, bound, bits in steps:
        partner = PLAIN_GETRANDBITS(rng, bits)
        while partner >= bound:
            partner = PLAIN_GETRANDBITS(rng, bits)
        rule = order[partner]
        order[partner] = order[place]  # (place itself is never read again)
        action = rule.ask(state, seat, rng)
        if action is not None:
            return action
    return order[0].ask(state, seat, rng) if order else None  # the last left: no draw


class StepSpace(ActionSpace):
    """What a seat may do at one step of play (`step` names the module table's entry)."""

    def __init__(
        self, state: MerlinState, seat: int, step: str, rules: Mapping[str, ActionRule]
    ) -> None:
        self.state = state
        self.seat = seat
        self.step = step
        self.rules = rules
        self.drawn: Action | None = None  # the action the last sample gave
        self.allowed: object = None  # the action `contains` last found legal

    def check(self, action: Any) -> str | None:
        if not isinstance(action, Action):
            return f"not a Merlin Economics action: {action!r}"
        kind = getattr(action, "type", None)
        rule = self.rules.get(str(kind))
        if rule is None:
            return f"you cannot {kind} now; you can: {', '.join(self.rules)}"
        return rule.why(self.state, self.seat, action)

    def contains(self, action: Any) -> bool:
        """Whether `action` is legal now; a legal one is remembered (a bot asks, then `apply`
        asks again of the same space: `vetted`)."""
        if self.check(action) is not None:
            return False
        self.allowed = action
        return True

    def offers(self, kind: str) -> bool:
        """False when every action of type `kind` is refused now (the type is not of this step,
        or its rule says it is blocked); True when some may be legal."""
        rule = self.rules.get(kind)
        return rule is not None and (
            rule.blocked is None or not rule.blocked(self.state, self.seat)
        )

    def sample(self, rng: random.Random) -> Action:
        action = self._draw(rng)
        self.drawn = action
        return action

    def vetted(self, action: object) -> bool:
        """Whether `action` is the very object this space's last sample gave (legal by
        construction, as the conformance suite checks) or its last `contains` found legal (the
        space's state is immutable and actions are frozen): `apply` need not ask the rules
        again."""
        return action is self.drawn or action is self.allowed

    def _draw(self, rng: random.Random) -> Action:
        shuffled = _shuffle_of(self.rules)
        end_turn, others, steps = shuffled.end_turn, shuffled.others, shuffled.steps
        plain = type(rng) is PLAIN_RANDOM
        if end_turn is not None and (PLAIN_FLOAT(rng) if plain else rng.random()) < END_CHANCE:
            return END_TURN_ACTION
        # end_turn comes only by END_CHANCE or when nothing else is legal, so turns do things.
        # The other types are asked in a uniformly random order, drawn as far as it is asked:
        # most samples stop at the first few types, so the rest are never placed.
        state, seat = self.state, self.seat
        if plain:
            action = _first_in_lazy_order(shuffled.askers, steps, state, seat, rng)
            if action is not None:
                return action
        else:
            for rule in shuffled_lazily(others, rng):
                action = rule.sample(state, seat, rng)
                if action is not None:
                    return action
        if end_turn is not None:
            action = end_turn.sample(state, seat, rng)
            if action is not None:
                return action
        raise ValueError("no legal action")

    def enumerate(self) -> Sequence[Action] | None:
        """Every legal action, or None where there are more than LIST_LIMIT (counted first)."""
        if self.count() > LIST_LIMIT:
            return None
        return [a for rule in self.rules.values() for a in rule.choices(self.state, self.seat)]

    def count(self) -> int:
        """How many legal actions there are, at most, without listing them."""
        return sum(rule.count(self.state, self.seat) for rule in self.rules.values())

    def describe(self) -> dict[str, Any]:
        """Each choice with its label where a type has few, else a form for the type: its title
        and each field's range or labelled choices (the rank auction is always a form)."""
        actions: list[dict[str, Any]] = []
        for name, rule in self.rules.items():
            if name == "rank_bid":
                actions.extend(rank_form(self.state, self.seat))
                continue
            limit = LISTED_AMOUNTS if name in AMOUNTS else LISTED
            if rule.ranges is not None:
                count = rule.count(self.state, self.seat)
                if count > limit:
                    fields = rule.ranges(self.state, self.seat)
                    actions.append(words.form(self.state, name, fields, count))
                    continue
            menu = rule.choices(self.state, self.seat)
            if len(menu) > limit:
                fields = rule.fields(self.state, self.seat)
                actions.append(words.form(self.state, name, fields, len(menu)))
                continue
            labels: set[str] = set()
            for action in menu:
                label = words.label(self.state, self.seat, action)
                if label not in labels:  # moves that read the same are the same to a person
                    labels.add(label)
                    actions.append({**action.to_json(), "label": label})
        return {"step": self.step, "actions": actions}
