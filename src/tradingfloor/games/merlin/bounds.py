"""The data files' shape and bounds: what each figure is and how far it may go, checked in words.

Every figure a designer can set (in an uploaded file, a content folder, or one by one through
the `data` option) has a kind (a whole number, a switch, a name) and bounds that keep the game
playable and every legal space, view and bot small. A figure out of its bounds, of the wrong kind,
missing, or unknown is refused with its place: "setup.starting_gold must be a whole number from
0 to 1,000".
docs/rules/merlin.md lists the bounds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SUITS = ("clubs", "diamonds", "spades", "hearts")
READINGS = ("unit", "holder")
"""The readings of the holding fee (RULINGS Merlin 7)."""
NAME = re.compile(r"[a-z][a-z0-9_]*")
SHOWN = 40  # characters of a refused value quoted back


@dataclass(frozen=True)
class Problem:
    """What is wrong and where: the path from the file's name down (list items by index)."""

    path: tuple[str, ...]
    says: str  # "must be a whole number from 0 to 1,000, not 5000"


class Spec:
    """What one place of the data holds."""

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        raise NotImplementedError

    def words(self) -> str:
        """What it takes, as a noun phrase (for refusals and the rules notes)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Whole(Spec):
    """A whole number from `least` to `most` (never true or false, never 2.0)."""

    least: int
    most: int

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        whole = isinstance(value, int) and not isinstance(value, bool)
        if whole and self.least <= value <= self.most:
            return None
        return Problem(path, f"must be {self.words()}{_not(value)}")

    def words(self) -> str:
        return f"a whole number from {self.least:,} to {self.most:,}"


@dataclass(frozen=True)
class Switch(Spec):
    """true or false."""

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        return (
            None
            if isinstance(value, bool)
            else Problem(path, f"must be {self.words()}{_not(value)}")
        )

    def words(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class OneOf(Spec):
    """One of a few names."""

    choices: tuple[str, ...]

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        if isinstance(value, str) and value in self.choices:
            return None
        return Problem(path, f"must be {self.words()}{_not(value)}")

    def words(self) -> str:
        return f"one of {', '.join(self.choices)}"


@dataclass(frozen=True)
class Name(Spec):
    """A name: lowercase letters, digits and underscores, starting with a letter."""

    most: int = 30

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        if isinstance(value, str) and len(value) <= self.most and NAME.fullmatch(value):
            return None
        return Problem(path, f"must be {self.words()}{_not(value)}")

    def words(self) -> str:
        return f"a name of 1 to {self.most} lowercase letters, digits and _, starting with a letter"


@dataclass(frozen=True)
class Text(Spec):
    """A short text of printable characters."""

    most: int = 30

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        if isinstance(value, str) and 0 < len(value) <= self.most and value.isprintable():
            return None
        return Problem(path, f"must be {self.words()}{_not(value)}")

    def words(self) -> str:
        return f"a text of 1 to {self.most} printable characters"


@dataclass(frozen=True)
class Many(Spec):
    """A list of `least` to `most` items, each an `item`; with `distinct`, none twice."""

    item: Spec
    least: int
    most: int
    distinct: bool = False

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        if not isinstance(value, list) or not self.least <= len(value) <= self.most:
            return Problem(path, f"must be {self.words()}")
        for index, item in enumerate(value):
            found = self.item.problem(item, (*path, str(index)))
            if found is not None:
                return found
        if self.distinct and len({repr(v) for v in value}) != len(value):
            return Problem(path, "names an entry twice; each may appear once")
        return None

    def words(self) -> str:
        return f"a list of {self.least} to {self.most} entries, each {self.item.words()}"


@dataclass(frozen=True)
class Table(Spec):
    """A table with exactly these entries."""

    fields: Mapping[str, Spec] = field(default_factory=dict)

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        if not isinstance(value, dict):
            return Problem(path, "must be a table")
        for name, spec in self.fields.items():
            if name not in value:
                return Problem((*path, name), f"is missing: give {spec.words()}")
            found = spec.problem(value[name], (*path, name))
            if found is not None:
                return found
        unknown = sorted(set(value) - set(self.fields))
        if unknown:
            known = ", ".join(self.fields)
            return Problem(path, f"has nothing called {quoted(unknown[0])}; it has: {known}")
        return None

    def words(self) -> str:
        return f"a table of {', '.join(self.fields)}"


@dataclass(frozen=True)
class Keyed(Spec):
    """A table of `least` to `most` entries, each keyed by a `key` and holding a `value`."""

    key: Whole | Name
    value: Spec
    least: int
    most: int

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        if not isinstance(value, dict) or not self.least <= len(value) <= self.most:
            return Problem(path, f"must be {self.words()}")
        for key, item in value.items():
            if _key_problem(self.key, key):
                return Problem(path, f"has an entry {quoted(key)}; each is {self._keys()}")
            found = self.value.problem(item, (*path, str(key)))
            if found is not None:
                return found
        return None

    def _keys(self) -> str:
        if isinstance(self.key, Whole):
            return f"a number from {self.key.least} to {self.key.most}"
        return self.key.words()

    def words(self) -> str:
        return (
            f"a table of {self.least} to {self.most} entries, each keyed by {self._keys()} and "
            f"holding {self.value.words()}"
        )


def _key_problem(spec: Whole | Name, key: Any) -> bool:
    if isinstance(spec, Whole):
        if not isinstance(key, str) or not key.isdigit() or len(key) > 3:
            return True
        return spec.problem(int(key), ()) is not None
    return spec.problem(key, ()) is not None


def _not(value: Any) -> str:
    """ ", not <the value>" where it can be shown briefly."""
    if isinstance(value, bool):
        return f", not {'true' if value else 'false'}"
    if isinstance(value, int):
        return f", not {value:,}" if abs(value) < 10**15 else ", not a number that large"
    if isinstance(value, float):
        return f", not {value:g}"
    if isinstance(value, str):
        return f", not {quoted(value)}"
    if isinstance(value, list):
        return ", not a list"
    if isinstance(value, dict):
        return ", not a table"
    return ""


def plain(text: str) -> str:
    """A name said back as it is where it is short printable ASCII, else quoted safely."""
    if text.isascii() and text.isprintable() and len(text) <= SHOWN:
        return text
    return quoted(text)


def quoted(text: str) -> str:
    """A text quoted back safely: escaped, and cut if long."""
    shown = ascii(text)
    return shown if len(shown) <= SHOWN else shown[: SHOWN - 4] + "...'"


# --- the figures and their bounds ----------------------------------------------------------------


@dataclass(frozen=True)
class Either(Spec):
    """One of two shapes (a single table, or a list of them): the first's problem if neither."""

    first: Spec
    second: Spec

    def problem(self, value: Any, path: tuple[str, ...]) -> Problem | None:
        found = self.first.problem(value, path)
        if found is None or self.second.problem(value, path) is None:
            return None
        return found if not isinstance(value, list) else self.second.problem(value, path)

    def words(self) -> str:
        return f"{self.first.words()}, or {self.second.words()}"


COUNTER = Whole(0, 100)
RANK = Whole(1, 13)
SMALL = Whole(0, 10)
CARD_SET = Table(
    {
        "suits": Many(OneOf(SUITS), 1, 4, distinct=True),
        "ranks": Many(RANK, 1, 13, distinct=True),
    }
)

FILES = Table(
    {
        "setup": Table(
            {
                "starting_gold": Whole(0, 1000),
                "counters": Table(
                    {"research_cost": COUNTER, "cost_of_living": COUNTER, "tax_rate": COUNTER}
                ),
                "floors": Table(
                    {"research_cost": COUNTER, "cost_of_living": COUNTER, "tax_rate": COUNTER}
                ),
                "buyback": Table({"land": Whole(0, 100), "commodity": Whole(0, 100)}),
            }
        ),
        "deck": Table({"modules": Keyed(Name(), Either(CARD_SET, Many(CARD_SET, 1, 4)), 1, 3)}),
        "cards": Table(
            {
                "property_value": Keyed(RANK, Whole(0, 100), 0, 13),
                "land_commodity": Keyed(RANK, Name(), 0, 13),
                "land_yield": Keyed(RANK, SMALL, 0, 13),
                "roles": Table(
                    {
                        "property_suit": OneOf(SUITS),
                        "land_suit": OneOf(SUITS),
                        "inflation_rank": RANK,
                        "windfall_rank": RANK,
                    }
                ),
            }
        ),
        "seasons": Table(
            {
                "commodities": Many(Name(), 1, 6, distinct=True),
                "climate_commodity": Name(),
                "tax_season": Name(),
                "multiplier": Keyed(Name(), Whole(0, 5), 1, 8),
                "wheels": Many(
                    Table(
                        {
                            "name": Text(),
                            "from_climate": Whole(0, 1000),
                            "portions": Many(Name(), 1, 24),
                        }
                    ),
                    1,
                    8,
                ),
            }
        ),
        "market": Table(
            {
                "stimulus_months": Whole(1, 24),
                "stimulus_bids": SMALL,
                "holding_fee": Whole(0, 20),
                "holding_fee_per": OneOf(READINGS),
                "max_ask_multiple": Whole(1, 20),
                "chauffeur_step": Whole(1, 100),
                "chauffeur_return": SMALL,
                "max_offers_per_turn": SMALL,
            }
        ),
        "turn": Table(
            {
                "auction": Table(
                    {
                        "pot_divisor": Whole(1, 10),
                        "last_two_above": Whole(1, 6),
                        "rank_minimum": SMALL,
                    }
                ),
                "dice": Table(
                    {
                        "seven": Whole(2, 12),
                        "seven_research_step": SMALL,
                        "investment_multiplier": SMALL,
                    }
                ),
                "taxes": Table({"base_units": SMALL, "vote_step": SMALL, "counter_step": SMALL}),
                "bankruptcy": Table({"years": Whole(1, 10)}),
            }
        ),
        "bank": Table({"limited": Switch()}),
    }
)
"""Every data file's figures: each one's kind and bounds (the rules notes list them)."""


def check(raw: Mapping[str, Any]) -> Problem | None:
    """The first figure of the data files `raw` (file name -> its table) out of its kind or bounds,
    or that does not fit the others (a wheel's season the multipliers lack), or None."""
    for name, spec in FILES.fields.items():
        found = spec.problem(raw.get(name), (name,))
        if found is not None:
            return found
    return _fit(raw)


def _fit(raw: Mapping[str, Any]) -> Problem | None:
    """The names that the files share: commodities, seasons, and wheels of one length."""
    seasons, cards = raw["seasons"], raw["cards"]
    commodities = seasons["commodities"]
    named: list[tuple[tuple[str, ...], Any]] = [
        (("seasons", "climate_commodity"), seasons["climate_commodity"])
    ]
    named += [(("cards", "land_commodity", k), v) for k, v in cards["land_commodity"].items()]
    for path, name in named:
        if name not in commodities:
            return Problem(path, f"must be one of the commodities ({', '.join(commodities)})")
    known = list(seasons["multiplier"])
    placed: list[tuple[tuple[str, ...], Any]] = [(("seasons", "tax_season"), seasons["tax_season"])]
    for w, wheel in enumerate(seasons["wheels"]):
        placed += [
            (("seasons", "wheels", str(w), "portions", str(p)), s)
            for p, s in enumerate(wheel["portions"])
        ]
    for path, name in placed:
        if name not in known:
            return Problem(path, f"must be a season of the multipliers ({', '.join(known)})")
    if len({len(w["portions"]) for w in seasons["wheels"]}) != 1:
        return Problem(("seasons", "wheels"), "must all have the same number of portions")
    return None


def figures(raw: Mapping[str, Any]) -> list[tuple[str, Any, Spec]]:
    """Every single figure of the data files `raw` (checked ones): its path as the `data` option
    names it, its value and its spec, e.g. ("setup.starting_gold", 10, Whole(0, 1000))."""
    out: list[tuple[str, Any, Spec]] = []

    def walk(value: Any, spec: Spec, path: str) -> None:
        if isinstance(spec, Table):
            for name, inner in spec.fields.items():
                walk(value[name], inner, f"{path}.{name}" if path else name)
        elif isinstance(spec, Keyed):
            for key, inner in value.items():
                walk(inner, spec.value, f"{path}.{key}")
        elif isinstance(spec, Many):
            for index, inner in enumerate(value):
                walk(inner, spec.item, f"{path}.{index}")
        elif isinstance(spec, Either):
            fits = spec.first.problem(value, ()) is None
            walk(value, spec.first if fits else spec.second, path)
        else:
            out.append((path, value, spec))

    walk(dict(raw), FILES, "")
    return out


def bounds_table() -> list[tuple[str, str]]:
    """(path, what it takes) for every figure: the rules notes' table of bounds. A table keyed
    by names is walked as `<name>`, a list of tables as `<n>`."""
    rows: list[tuple[str, str]] = []

    def walk(spec: Spec, path: str) -> None:
        if isinstance(spec, Table):
            for name, inner in spec.fields.items():
                walk(inner, f"{path}.{name}" if path else name)
        elif isinstance(spec, Keyed) and isinstance(spec.value, Table | Either):
            rows.append((path, f"a table of {spec.least} to {spec.most} entries by {spec._keys()}"))
            walk(spec.value, f"{path}.<name>")
        elif isinstance(spec, Either):  # a card set, or a list of them: listed as one set
            walk(spec.first, path)
        elif isinstance(spec, Many) and isinstance(spec.item, Table):
            rows.append((path, f"a list of {spec.least} to {spec.most} tables"))
            walk(spec.item, f"{path}.<n>")
        else:
            rows.append((path, spec.words()))

    walk(FILES, "")
    return rows
