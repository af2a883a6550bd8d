"""A Merlin decision as a masked menu over the fixed catalogue."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import numpy as np

from tradingfloor.core.spaces import ActionSpace
from tradingfloor.games.merlin.memo import ByIdentity, kept
from tradingfloor.games.merlin.rulebook import ActionRule
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.rl.merlin.catalogue import FAMILY, INDEX, SIZE, entry_words
from tradingfloor.rl.merlin.context import ViewDigest
from tradingfloor.rl.merlin.graded import GRADERS, NEEDS, READS, Fields
from tradingfloor.rl.merlin.listed import LISTERS


class Later(NamedTuple):
    """An action known legal, made only when it is taken (`MerlinMenu.action`): most entries
    of a menu never are, and making an action checks every field."""

    kind: type[Any]
    terms: dict[str, Any]


class MerlinMenu:
    """The legal catalogue entries now: `mask` (int8, `SIZE`) and `action(index)`."""

    def __init__(self, actions: Mapping[int, Any]) -> None:
        self.actions = dict(actions)  # each an action, or a `Later` one
        self._mask: np.ndarray | None = None

    @property
    def mask(self) -> np.ndarray:
        """Made on the first read and kept (a plain attribute, as mypyc's classes have)."""
        if self._mask is None:
            # (a few entries: set one by one in a bytearray, cheaper than NumPy's indexing)
            marks = bytearray(SIZE)
            for index in self.actions:
                marks[index] = 1
            self._mask = np.frombuffer(marks, dtype=np.int8)
        return self._mask

    def action(self, index: int) -> Any:
        """The action of catalogue entry `index`; ValueError where it is not legal now."""
        found = self.actions.get(index)
        if found is None:
            if not 0 <= index < SIZE:
                raise ValueError(f"action {index} is not in Merlin's catalogue (0 to {SIZE - 1})")
            raise ValueError(
                f"action {index} ({entry_words(index)}) is not legal now (see the action mask)"
            )
        if type(found) is Later:
            found = self.actions[index] = found.kind(**found.terms)
        return found


def build_menu(view: Mapping[str, Any], legal: ActionSpace) -> MerlinMenu:
    """The menu of a seat's legal space: listed types by their actions' keys, graded types by
    each key's action at its level where the space accepts it."""
    if not isinstance(legal, StepSpace):
        return MerlinMenu({})
    digest = ViewDigest(view)
    state, seat = legal.state, legal.seat
    found: dict[int, Any] = {}
    met: dict[Callable[[ViewDigest], bool], bool] = {}  # (several types need the same)
    for name, rule, graded, need in _STEP_TYPES.get(legal.rules, _catalogued):
        if rule.blocked is not None and rule.blocked(state, seat):
            continue  # (as `legal.offers(name)`: no action of the type is legal now)
        if need is not None:
            answer = met.get(need)
            if answer is None:
                answer = met[need] = need(digest)
            if not answer:
                continue  # (the type has no entry without it: `graded.NEEDS`)
        if graded:
            fields: Fields = {} if name == "rank_bid" else rule.fields(state, seat)
            _graded(name, fields, digest, legal, found)
        else:
            listed = rule.choices(state, seat)
            if listed:  # (most listed types have no legal action now)
                _listed(name, listed, digest, found)
    return MerlinMenu(found)


StepType = tuple[str, ActionRule, bool, Callable[[ViewDigest], bool] | None]


def _catalogued(rules: Mapping[str, ActionRule]) -> tuple[StepType, ...]:
    """A step's action types that the catalogue holds, each with its rule, whether it is graded
    and what its entries need of the view, in the step's order."""
    return tuple(
        (name, rule, FAMILY[name].graded, NEEDS.get(name))
        for name, rule in rules.items()
        if name in FAMILY
    )


_STEP_TYPES: ByIdentity[tuple[StepType, ...]] = ByIdentity(limit=256)
"""Per step's rules (a module table's entry, the same object all match long): `_catalogued`."""


def _listed(name: str, actions: list[Any], digest: ViewDigest, found: dict[int, Any]) -> None:
    """Each listed action under its key's index, the lowest-ranked where keys repeat."""
    lister = LISTERS[name]
    ranks: dict[int, float] = {}
    for action in actions:
        ranked = lister(action, digest)
        if ranked is None:
            continue
        index = INDEX.get((name, ranked[0]))
        if index is not None and (index not in ranks or ranked[1] < ranks[index]):
            ranks[index] = ranked[1]
            found[index] = action


RANGE_DECIDED: dict[str, frozenset[str]] = {
    "bid": frozenset({"commodity", "price"}),
    "ask": frozenset({"commodity", "price"}),
    "raise_bid": frozenset({"order", "amount"}),
    "want": frozenset({"price"}),
    "write_future": frozenset({"commodity", "price"}),
}
"""Per action type, the fields whose every value in the space's range (`ActionRule.fields`) is
legal whatever the others name: the rule refuses such a field only outside its range (a bid's
price above the gold in hand, a commodity not held). An action of these types is legal as soon
as another that differs from it only in these fields is: each group of the type's candidates
(the same other fields) is checked once, at its first candidate (`test_merlin_menu_grading`
checks this against the per-action check on seeded positions)."""


CATALOGUE_DECIDED: dict[str, frozenset[str]] = {
    "want": frozenset({"item", "ref"}),
}
"""Per action type, the fields that the catalogue's candidates name only where the rule takes
them once they lie in the space's ranges: a covered bid's class names a ref of its own kind (a
commodity for a future, a seat for a security, a spell for a spell, a recipe for a recipe) and
the space's refs are every kind's legal ones, so a bid fitting them is refused only for what
its group shares (a full table, no gold). Grouped as `RANGE_DECIDED`'s fields are, and checked
the same way by `test_merlin_menu_grading`."""


def _graded(
    name: str, fields: Fields, digest: ViewDigest, legal: ActionSpace, found: dict[int, Any]
) -> None:
    """Each key's action at its level, where it lies in the fields' ranges and the space accepts
    it; an action two levels give is kept at the first."""
    if name != "rank_bid" and not (fields and all(fields.values())):
        return  # (a field without a legal value: no action of the type, `ActionRule.count`)
    for group in candidates(name, fields, digest):
        if legal.check(group.action) is None:
            found[group.entry] = group.action
            found.update(group.others)


class Group(NamedTuple):
    """A type's candidates that are legal together or not at all (the same fields but those of
    `RANGE_DECIDED` and `CATALOGUE_DECIDED`): the first one's entry and action, checked for the
    group (made with the group, so once while the group is kept: actions are immutable), and
    the others' entries, each a `Later` action."""

    entry: int
    action: Any
    others: dict[int, Later]


def candidates(name: str, fields: Fields, digest: ViewDigest) -> list[Group]:
    """The type's candidates whose fields lie in the space's ranges, each action once (at its
    first entry), by group in the grader's order; kept while the fields and what the grader
    reads of the view (`graded.READS`) are the same, or, for the fields of `TESTED`, while the
    same of the candidates' values lie in their ranges."""
    reads = READS.get(name)
    if reads is None:
        return _candidates(name, fields, digest)
    tested = TESTED.get(name, _NONE)
    key = (
        name,
        *(
            f if f in tested else (f, v if type(v) is range else tuple(v))
            for f, v in fields.items()
        ),
        reads(fields, digest),
    )
    if tested:
        return _sifted(name, key, fields, digest)
    found = _CANDIDATES.get(key)
    if found is None:
        if len(_CANDIDATES) >= CANDIDATES_KEPT:
            _CANDIDATES.clear()
        found = _CANDIDATES[key] = _candidates(name, fields, digest)
    return found


CANDIDATES_KEPT = 4096
_CANDIDATES: dict[tuple[Any, ...], list[Group]] = kept({})

TESTED: dict[str, frozenset[str]] = {
    "bid": frozenset({"price"}),
    "ask": frozenset({"price"}),
    "want": frozenset({"price"}),
    "write_future": frozenset({"price", "year", "portion"}),
    "write_insurance": frozenset({"rolls", "payout", "premium"}),
    "issue_bonds": frozenset({"count", "face", "orbits", "price"}),
    "issue_stock": frozenset({"count", "price"}),
    "issue_notes": frozenset({"count", "price"}),
}
"""Per action type, the fields whose range its grader only asks whether it holds a candidate's
own value of that field (as `_fits` asks): its candidates are made once for any ranges of these
(`Sieve`), and a menu's ranges only pick which of them fit, so that a range that moves with the
gold in hand (a bid's price) keeps the candidates. `test_merlin_menu_long_way` holds the menus
to every candidate made and checked."""


class Sieve(NamedTuple):
    """A type's candidates for any ranges of its `TESTED` fields (each action once), the
    (field, value) of those fields that they name, and their groups by which of these fit."""

    candidates: list[tuple[int, type[Any], dict[str, Any]]]
    named: tuple[tuple[str, Any], ...]
    groups: dict[tuple[bool, ...], list[Group]]


class _Every:
    """The range of a `TESTED` field while its type's candidates are made: it holds any value."""

    def __contains__(self, value: object) -> bool:
        return True


EVERY = _Every()


def _sifted(name: str, key: tuple[Any, ...], fields: Fields, digest: ViewDigest) -> list[Group]:
    """The groups of the kept candidates whose `TESTED` values lie in the fields' ranges."""
    sieve = _SIEVES.get(key)
    if sieve is None:
        if len(_SIEVES) >= CANDIDATES_KEPT:
            _SIEVES.clear()
        sieve = _SIEVES[key] = _sieve(name, fields, digest)
    fit = tuple(value in fields[field] for field, value in sieve.named)
    found = sieve.groups.get(fit)
    if found is None:
        fitting = [c for c in sieve.candidates if _fits(c[2], fields)]
        found = sieve.groups[fit] = _grouped(name, fields, fitting)
    return found


_SIEVES: dict[tuple[Any, ...], Sieve] = kept({})


def _sieve(name: str, fields: Fields, digest: ViewDigest) -> Sieve:
    tested = TESTED[name]
    anything = {f: EVERY if f in tested else v for f, v in fields.items()}
    found = _fitting(name, anything, digest)
    named = dict.fromkeys(
        (f, terms[f]) for _, _, terms in found for f in tested if f in terms and f in fields
    )
    return Sieve(found, tuple(named), {})


def _candidates(name: str, fields: Fields, digest: ViewDigest) -> list[Group]:
    return _grouped(name, fields, _fitting(name, fields, digest))


def _fitting(
    name: str, fields: Fields, digest: ViewDigest
) -> list[tuple[int, type[Any], dict[str, Any]]]:
    """The grader's candidates with an entry and fields in the ranges, each action once."""
    found = []
    seen: set[tuple[Any, ...]] = set()  # each candidate's fields: the same fields, the same action
    for key, kind, terms in GRADERS[name](fields, digest):
        index = INDEX.get((name, key))
        same = (kind, *terms.items())
        if index is None or same in seen or not _fits(terms, fields):
            continue
        seen.add(same)
        found.append((index, kind, terms))
    return found


def _grouped(
    name: str, fields: Fields, found: list[tuple[int, type[Any], dict[str, Any]]]
) -> list[Group]:
    """Candidates by group (the same fields but the decided ones), in their order."""
    decided = RANGE_DECIDED.get(name, _NONE) | CATALOGUE_DECIDED.get(name, _NONE)
    if not decided <= fields.keys():
        decided = _NONE  # (the space gives no range for one of them: each candidate is checked)
    groups: dict[tuple[Any, ...], Group] = {}
    for index, kind, terms in found:
        group = tuple(value for field, value in terms.items() if field not in decided)
        if group in groups:
            groups[group].others[index] = Later(kind, terms)
        else:
            groups[group] = Group(index, kind(**terms), {})
    return list(groups.values())


_NONE: frozenset[str] = frozenset()


def _fits(terms: Mapping[str, Any], fields: Fields) -> bool:
    """Whether each field an action names lies in the space's range for it (a cheap test that
    spares most refused actions being built and refused in words)."""
    for field, value in terms.items():
        values = fields.get(field)
        if values is not None and value is not None and value not in values:
            return False
    return True
