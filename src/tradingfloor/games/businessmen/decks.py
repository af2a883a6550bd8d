"""The decks and wheels as data (RULINGS Businessmen 1): a TOML file, validated, errors by line."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, model_validator

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.businessmen.figures import PRINTED, Figures
from tradingfloor.games.businessmen.names import (
    CHARACTERISTICS,
    GOODS,
    GoodName,
)

DEFAULT_PATH = Path(__file__).parent / "data" / "default.toml"
VARIANTS = Path(__file__).parent / "data" / "variants"

# The bounds of a decks file (docs/rules/businessmen.md, RULINGS Businessmen 1): each keeps the
# game as the rules run it and every view small.
UNITS = (1, 25)
"""Units of a good on a goods card: at most the good's whole supply (25 tiles, state.py)."""
MOVE = (1, 9)
"""How far a price shock moves a price: prices live on a scale of 1-10 (RULINGS Businessmen 7)."""
MOST_CARDS = 100
"""Goods cards, and export cards, in a file (the default has 30 and 12)."""
MOST_SECTORS = 60
"""Sectors of either roulette (the default has 12 and 8)."""
NUMBERS = {"goods_cards": UNITS, "up_by": MOVE, "down_by": MOVE}
"""Which bounds a refused number is held to, by the field (or the list) it lies in."""

Units = Annotated[StrictInt, Field(ge=UNITS[0], le=UNITS[1])]
Move = Annotated[StrictInt, Field(ge=MOVE[0], le=MOVE[1])]


class DeckError(BadOptions):
    """A data file that cannot be used; the message names the file and the line."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _ExportCard(_Strict):
    goods: list[GoodName] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct(self) -> _ExportCard:
        if len(set(self.goods)) != len(self.goods):
            raise ValueError("an export card names each good at most once")
        return self


class _PriceSector(_Strict):
    """Either a price shock (`up` rises `up_by`, `down` falls `down_by`) or an `embargo`."""

    up: GoodName | None = None
    down: GoodName | None = None
    up_by: Move = 3
    down_by: Move = 5
    embargo: list[GoodName] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> _PriceSector:
        shock = self.up is not None or self.down is not None
        if shock == (self.embargo is not None):
            raise ValueError("a sector is either a shock (up/down) or an embargo, not both")
        if self.embargo is not None and not self.embargo:
            raise ValueError("an embargo names at least one good")
        if self.embargo is not None and len(set(self.embargo)) != len(self.embargo):
            raise ValueError("an embargo names each good at most once")
        # RULINGS Businessmen 6: a shock moves "one good up 3 and another down 5".
        if self.up is not None and self.up == self.down:
            raise ValueError("a shock raises one good and lowers another, not the same one")
        return self


EventName = Literal["warehouse", "loader", "manager", "nothing"]
GoodsCard = Annotated[dict[GoodName, Units], Field(min_length=1)]


class _DeckFile(_Strict):
    events_wheel: list[EventName] = Field(min_length=1, max_length=MOST_SECTORS)
    goods_cards: list[GoodsCard] = Field(min_length=1, max_length=MOST_CARDS)
    export_cards: list[_ExportCard] = Field(min_length=1, max_length=MOST_CARDS)
    price_wheel: list[_PriceSector] = Field(min_length=1, max_length=MOST_SECTORS)


@dataclass(frozen=True, slots=True)
class PriceSector:
    """A sector of the price/embargo roulette, with goods as indices into GOODS."""

    up: int | None
    down: int | None
    up_by: int
    down_by: int
    embargo: tuple[int, ...]

    def describe(self) -> dict[str, Any]:
        if self.embargo:
            return {"embargo": [GOODS[g] for g in self.embargo]}
        out: dict[str, Any] = {}
        if self.up is not None:
            out["up"] = {"good": GOODS[self.up], "by": self.up_by}
        if self.down is not None:
            out["down"] = {"good": GOODS[self.down], "by": self.down_by}
        return out


@dataclass(frozen=True, slots=True)
class Decks:
    """Goods cards (units per good), export cards (goods), the price wheel and the events wheel,
    and the setup's and the round's figures."""

    goods_cards: tuple[tuple[int, ...], ...]
    export_cards: tuple[tuple[int, ...], ...]
    price_wheel: tuple[PriceSector, ...]
    events_wheel: tuple[int | None, ...]  # a characteristic index, or None for "nothing"
    figures: Figures = PRINTED  # the setup's and the round's figures (the `data` option's)


def variants() -> list[str]:
    """The decks shipped with the game, by name: "default" and the files in data/variants."""
    return ["default", *sorted(p.stem for p in VARIANTS.glob("*.toml"))]


def variant_path(name: str) -> Path | None:
    """The file of the shipped variant `name`, or None if there is none by that name."""
    if name == "default":
        return DEFAULT_PATH
    found = VARIANTS / f"{name}.toml"
    return found if name in variants() and found.is_file() else None


def load_decks(source: str | Path | Mapping[str, str] | None = None) -> Decks:
    """The decks of `source`; DeckError names the file and the line of any problem.

    `source` is None (the default decks), a shipped variant's name ("gentle"), uploaded files
    ({"cards.toml": "<its TOML text>"}, exactly one), or a path typed at the command line: a
    .toml file, or a folder holding decks.toml.
    """
    if source is None:
        return _load(str(DEFAULT_PATH), DEFAULT_PATH.stat().st_mtime_ns)
    if isinstance(source, Mapping):
        return _uploaded(tuple(source.items()))
    target = _file(source)
    try:
        stamp = target.stat().st_mtime_ns
    except OSError as err:
        raise DeckError(f"cannot read the decks file {target}: {err.strerror}") from None
    return _load(str(target), stamp)


def _file(source: str | Path) -> Path:
    """The decks file a shipped variant's name or a typed path names (DeckError if none)."""
    shipped = variant_path(str(source)) if isinstance(source, str) else None
    target = shipped or Path(source)
    if target.is_dir():
        target = target / "decks.toml"
    if target.suffix != ".toml":
        raise DeckError(
            f"there are no decks called {str(source)!r}: choose a shipped variant "
            f"({', '.join(variants())}), upload a .toml file, or give a .toml file's path"
        )
    return target


def deck_file(source: str | Path | Mapping[str, str] | None = None) -> dict[str, Any]:
    """The decks file of `source` as checked data, every default filled in (a price shock's
    `up_by` and `down_by`): the figures that the `data` option changes one by one."""
    load_decks(source)  # refused here, in words, if the file cannot be used
    if source is None:
        text, name = DEFAULT_PATH.read_text(encoding="utf-8"), str(DEFAULT_PATH)
    elif isinstance(source, Mapping):
        name, text = next(iter(source.items()))
    else:
        name = str(_file(source))
        text = Path(name).read_text(encoding="utf-8")
    return _validated(text, name).model_dump(exclude_none=True)


def decks_of(data: Mapping[str, Any], figures: Figures = PRINTED) -> Decks:
    """The decks of a decks file's data changed by single figures (`deck_file`'s, changed);
    DeckError names the figure as the `data` option names it (data.goods_cards.0.oil)."""
    try:
        checked = _DeckFile.model_validate(data)
    except ValidationError as err:
        problem = err.errors()[0]
        loc = tuple(problem["loc"])
        path = ".".join(str(part) for part in loc)
        raise DeckError(f"data.{path}: {_plain(problem, loc)}") from None
    return replace(_build(checked), figures=figures)


@lru_cache(maxsize=16)
def _load(path: str, stamp: int) -> Decks:
    text = Path(path).read_text(encoding="utf-8")
    return parse_decks(text, path)


@lru_cache(maxsize=16)
def _uploaded(files: tuple[tuple[str, str], ...]) -> Decks:
    """Decks from uploaded files: one TOML file, sent as text."""
    if len(files) != 1:
        raise DeckError(
            f"upload one decks file (a .toml file), not {len(files)}: it holds the goods "
            "cards, the export cards and both roulettes"
        )
    name, text = files[0]
    if not name.endswith(".toml"):
        raise DeckError(f"a decks file is a .toml file, not {name!r}")
    return parse_decks(text, name)


def parse_decks(text: str, source: str = "<decks>") -> Decks:
    """Decks from TOML text; DeckError names `source` and the line of any problem."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DeckError(f"{source}: not valid TOML: {err}") from None
    except RecursionError:
        raise DeckError(f"{source}: its lists are nested too deeply to read") from None
    except ValueError as err:  # an integer of thousands of digits
        raise DeckError(f"{source}: cannot be read: {err}") from None
    return _build(_validated(text, source, raw))


def _validated(text: str, source: str, raw: Any = None) -> _DeckFile:
    """The decks file's TOML `text` (or its data, `raw`) checked; DeckError names the line."""
    try:
        return _DeckFile.model_validate(tomllib.loads(text) if raw is None else raw)
    except ValidationError as err:
        problem = err.errors()[0]
        loc = tuple(problem["loc"])
        line = locate(text, loc)
        at = f", line {line}" if line else ""
        raise DeckError(f"{source}{at}: {_place(loc)}: {_plain(problem, loc)}") from None


def _place(loc: tuple[Any, ...]) -> str:
    """Where in the file, as a designer reads it: "goods_cards 1, oil" (cards counted from 1)."""
    if not loc:
        return "the file"
    parts = [str(loc[0])]
    for part in loc[1:]:
        parts.append(str(part + 1) if isinstance(part, int) else f", {part}")
    return " ".join(parts).replace(" ,", ",")


def _plain(problem: Mapping[str, Any], loc: tuple[Any, ...] = ()) -> str:
    """A validator's complaint in words."""
    kind, ctx = problem["type"], problem.get("ctx") or {}
    bounds = next((NUMBERS[p] for p in reversed(loc) if p in NUMBERS), None)
    if kind in ("greater_than_equal", "less_than_equal", "int_type") and bounds is not None:
        return f"must be a whole number from {bounds[0]} to {bounds[1]}"
    if kind in ("int_type", "int_parsing"):
        return "must be a whole number"
    if kind == "too_long":
        return f"holds at most {ctx.get('max_length')} entries"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}".replace("'", "")
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a field of a decks file: remove it or check its spelling"
    if kind == "too_short":
        return "needs at least one entry"
    if kind in ("list_type", "dict_type", "string_type", "model_type"):
        return {
            "list_type": "must be a list",
            "dict_type": "must be a table",
            "string_type": "must be a name in quotes",
            "model_type": "must be a table",
        }[kind]
    if kind == "value_error":
        return str(problem["msg"]).removeprefix("Value error, ")
    return str(problem["msg"])


def _build(data: _DeckFile) -> Decks:
    index = {name: i for i, name in enumerate(GOODS)}
    cards = tuple(tuple(_units(card, name) for name in GOODS) for card in data.goods_cards)
    exports = tuple(tuple(index[g] for g in card.goods) for card in data.export_cards)
    wheel = tuple(
        PriceSector(
            up=None if s.up is None else index[s.up],
            down=None if s.down is None else index[s.down],
            up_by=s.up_by,
            down_by=s.down_by,
            embargo=tuple(index[g] for g in s.embargo or ()),
        )
        for s in data.price_wheel
    )
    events = tuple(
        None if name == "nothing" else CHARACTERISTICS.index(name) for name in data.events_wheel
    )
    return Decks(cards, exports, wheel, events)


def _units(card: dict[GoodName, int], name: str) -> int:
    return next((units for good, units in card.items() if good == name), 0)


_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_\-]+)\s*\]\]?")


def locate(text: str, loc: tuple[Any, ...]) -> int | None:
    """The 1-based line of the TOML key that pydantic's error location `loc` points at."""
    if not loc:
        return None
    lines = text.splitlines()
    top = str(loc[0])
    start, end = _table_span(lines, top, loc[1] if len(loc) > 1 else None)
    if start is None:
        return _key_line(lines, top, 0, len(lines)) or None
    keys = [str(p) for p in loc[2:] if not isinstance(p, int)]
    for key in keys:
        found = _key_line(lines, key, start, end)
        if found:
            return found
    return start + 1


def _table_span(lines: list[str], name: str, index: Any) -> tuple[int | None, int]:
    """Where the `index`-th [[name]] table (or the [name] table) starts and ends (0-based)."""
    seen = -1
    for number, line in enumerate(lines):
        match = _HEADER.match(line)
        if match and match.group(1) == name:
            seen += 1
            if not isinstance(index, int) or seen == index:
                end = next(
                    (n for n in range(number + 1, len(lines)) if _HEADER.match(lines[n])),
                    len(lines),
                )
                return number, end
    return None, len(lines)


def _key_line(lines: list[str], key: str, start: int, end: int) -> int:
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for number in range(start, end):
        if pattern.match(lines[number]):
            return number + 1
    return 0
