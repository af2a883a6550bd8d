"""The magic module's data: magic.toml's figures and the four card files, checked in words.

A bad file is refused with the file, the line and what is wrong, e.g. "spells.toml, line 12 (the
spell Pickpocket): target must be one of player, land, ...". A content folder or an upload may
replace any file; a file it lacks keeps the default.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin import content as economy_content
from tradingfloor.games.merlin.content import resolve

DATA = Path(__file__).parent.parent / "data"
FILES = tuple(name for name in economy_content.MODULE_FILES if name != "finance")
TABLE_OF = {
    "spells": "spell",
    "potions": "potion",
    "readings": "reading",
    "regulations": "regulation",
}

Name = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=30)]
Title = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Draft = Annotated[StrictStr, Field(min_length=1, max_length=300)]
Copies = Annotated[StrictInt, Field(ge=0, le=6)]
Amount = Annotated[StrictInt, Field(ge=0, le=100)]
Number = Annotated[StrictInt, Field(ge=2, le=12)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- magic.toml ----------------------------------------------------------------------------------


class Research(Strict):
    spell_suit: Literal["spades", "hearts", "clubs", "diamonds"] = "spades"
    potion_suit: Literal["spades", "hearts", "clubs", "diamonds"] = "hearts"
    lab_ranks: tuple[Annotated[StrictInt, Field(ge=1, le=13)], ...] = Field(max_length=13)
    lab_successful: Annotated[StrictInt, Field(ge=1, le=10)]


class Shops(Strict):
    mead_grain: Annotated[StrictInt, Field(ge=1, le=10)]
    mead_commodity: Name
    maintenance_start: Annotated[StrictInt, Field(ge=1, le=20)]
    gold_multiplier: Annotated[StrictInt, Field(ge=1, le=5)]
    tax_units: Annotated[StrictInt, Field(ge=1, le=5)]


class HitPoints(Strict):
    stone: Annotated[StrictInt, Field(ge=1, le=5)]
    bronze: Annotated[StrictInt, Field(ge=1, le=5)]
    property: Annotated[StrictInt, Field(ge=1, le=5)]
    topped: Annotated[StrictInt, Field(ge=1, le=5)]
    defender: Annotated[StrictInt, Field(ge=0, le=5)]


class Golems(Strict):
    stone_rank: Annotated[StrictInt, Field(ge=1, le=13)]
    bronze_rank: Annotated[StrictInt, Field(ge=1, le=13)]
    attack_suits: tuple[Literal["spades", "hearts", "clubs", "diamonds"], ...]
    stone_roll: Number
    bronze_roll: Number
    soul_commodity: Name
    souls: Annotated[StrictInt, Field(ge=0, le=5)]
    hp: HitPoints
    ruin: Literal["destroyed", "idle"]


class Decrees(Strict):
    king_rank: Annotated[StrictInt, Field(ge=1, le=13)]
    monarchy_crowns: Annotated[StrictInt, Field(ge=1, le=20)]
    counters: tuple[Literal["cost_of_living", "research_cost", "tax_rate"], ...]


class Readings(Strict):
    per_turn: Annotated[StrictInt, Field(ge=0, le=3)]
    crystal_most_waiver: Annotated[StrictInt, Field(ge=0, le=36)]  # in 36ths of a roll
    tea_least_waiver: Annotated[StrictInt, Field(ge=0, le=36)]


class Votes(Strict):
    volatility_least: Annotated[StrictInt, Field(ge=0, le=10)]
    volatility_most: Annotated[StrictInt, Field(ge=0, le=10)]


class Figures(Strict):
    research: Research
    shops: Shops
    golems: Golems
    decrees: Decrees
    readings: Readings
    votes: Votes
    jokers: tuple[Annotated[StrictStr, Field(pattern=r"^X[1-9]$")], ...] = Field(max_length=4)


# --- the card files ------------------------------------------------------------------------------

SpellTarget = Literal[
    "player", "land", "property", "lab", "specialized", "stack", "player_bought", "reading"
]
SpellEffect = Literal[
    "pickpocket",
    "blight",
    "fallow",
    "rot",
    "siphon",
    "corrosion",
    "dispel",
    "greed",
    "bad_omen",
    "bandit_roads",
]


class Spell(Strict):
    name: Name
    title: Title
    target: SpellTarget
    effect: SpellEffect
    amount: Amount = 0
    copies: Copies
    draft: Draft


PotionTarget = Literal["own_land", "own_property", "own_stack", "self"]
PotionEffect = Literal[
    "growth",
    "golden_touch",
    "iron_skin",
    "lucky_charm",
    "brine",
    "warding",
    "safe_passage",
    "clear_skies",
]


class Potion(Strict):
    name: Name
    title: Title
    recipe: dict[Name, Annotated[StrictInt, Field(ge=1, le=5)]] = Field(min_length=1, max_length=3)
    target: PotionTarget
    effect: PotionEffect
    amount: Amount = 0
    copies: Copies
    draft: Draft


class Trigger(Strict):
    roll_any: tuple[Number, ...] = ()
    after_turns: Annotated[StrictInt, Field(ge=1, le=50)] | None = None
    after_orbits: Annotated[StrictInt, Field(ge=1, le=20)] | None = None


ReadingEffect = Literal[
    "row_each",
    "row_per_property",
    "irrigation",
    "drought",
    "bumper",
    "thaw",
    "market_day",
    "golem_blight",
    "price_scare",
    "smog",
]


class ReadingCard(Strict):
    name: Name
    title: Title
    kind: Literal["tea", "crystal"]
    trigger: Trigger
    waived_by: tuple[Number, ...] = Field(max_length=11)
    effect: ReadingEffect
    amount: Amount = 0
    commodity: Name | None = None  # the commodity a roll's reading acts on (drought, bumper)
    copies: Copies
    draft: Draft


RegulationEffect = Literal[
    "oil_levy",
    "no_lending_bankrupt",
    "permit_quota",
    "trade_tariff",
    "golem_licence",
    "investment_ceiling",
    "spell_duty",
    "maintenance_standard",
]


class Regulation(Strict):
    name: Name
    title: Title
    effect: RegulationEffect
    value: Amount = 0
    least: Amount = 0
    most: Amount = 0
    module: Literal["magic", "finance"] = "magic"
    draft: Draft


MODELS: dict[str, type[Strict]] = {
    "spells": Spell,
    "potions": Potion,
    "readings": ReadingCard,
    "regulations": Regulation,
}


@dataclass(frozen=True)
class MagicContent:
    """The magic module's figures and cards, by name."""

    figures: Figures
    spells: Mapping[str, Spell]
    potions: Mapping[str, Potion]
    readings: Mapping[str, ReadingCard]
    regulations: Mapping[str, Regulation]

    def deck_of(self, kind: str) -> tuple[str, ...]:
        """The card ids of a custom deck (`spells`, `potions`, `readings`), unshuffled: one per
        copy, "<name>.<copy>"."""
        cards: Mapping[str, Spell | Potion | ReadingCard] = getattr(self, kind)
        return tuple(f"{name}.{i}" for name, c in cards.items() for i in range(1, c.copies + 1))


def kind_of(card_id: str) -> str:
    """The content name of a custom card id: pickpocket.2 -> pickpocket."""
    return card_id.rsplit(".", 1)[0]


Source = str | tuple[tuple[str, str], ...] | None


@lru_cache(maxsize=32)
def load(source: Source) -> MagicContent:
    """The magic content of `source` (a folder, uploaded files, or None for the defaults)."""
    texts = {name: _text(name, source) for name in FILES}
    figures = _model(texts["magic"], "magic", Figures, tomllib.loads(texts["magic"]), None)
    cards = {name: _cards(name, texts[name]) for name in TABLE_OF}
    content = MagicContent(
        figures=figures,
        spells=cards["spells"],
        potions=cards["potions"],
        readings=cards["readings"],
        regulations=cards["regulations"],
    )
    _check_readings(content, texts["readings"])
    return content


def _text(name: str, source: Source) -> str:
    file = f"{name}.toml"
    if isinstance(source, tuple) and file in dict(source):
        return dict(source)[file]
    if isinstance(source, str) and (resolve(source) / file).is_file():
        return (resolve(source) / file).read_text(encoding="utf-8")
    return (DATA / file).read_text(encoding="utf-8")


def _cards(name: str, text: str) -> dict[str, Any]:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BadOptions(f"{name}.toml is not valid TOML: {err}") from None
    table = TABLE_OF[name]
    unknown = sorted(set(raw) - {table})
    if unknown:
        raise BadOptions(f"{name}.toml: unknown table {unknown[0]!r}; its cards are [[{table}]]")
    entries = raw.get(table, [])
    if not isinstance(entries, list) or not entries:
        raise BadOptions(f"{name}.toml must list its cards as [[{table}]] tables")
    out: dict[str, Any] = {}
    for index, entry in enumerate(entries):
        card = _model(text, name, MODELS[name], entry, index)
        if card.name in out:  # type: ignore[attr-defined]
            line = _line(text, table, index, "name")
            raise BadOptions(f"{name}.toml, line {line}: a second card named {card.name!r}")  # type: ignore[attr-defined]
        out[card.name] = card  # type: ignore[attr-defined]
    return out


def _model(text: str, name: str, model: type[Strict], raw: Any, index: int | None) -> Any:
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = [str(p) for p in first["loc"]]
        field = where[0] if where else ""
        table = TABLE_OF.get(name, "")
        line = _line(text, table, index, field)
        title = raw.get("title") or raw.get("name") if isinstance(raw, dict) else None
        which = f" (the {table} {title})" if table and title else ""
        path = ".".join(where) or "the file"
        raise BadOptions(f"{name}.toml, line {line}{which}: {path}: {first['msg']}") from None


def _line(text: str, table: str, index: int | None, field: str) -> int:
    """The line of `field` in the `index`-th [[table]] of `text` (or of the file, for None)."""
    lines = text.splitlines()
    start, end = 0, len(lines)
    if index is not None:
        heads = [i for i, line in enumerate(lines) if line.strip() == f"[[{table}]]"]
        if index < len(heads):
            start = heads[index]
            end = heads[index + 1] if index + 1 < len(heads) else len(lines)
    for i in range(start, end):
        stripped = lines[i].strip()
        if field and (stripped.startswith(f"{field} ") or stripped.startswith(f"{field}=")):
            return i + 1
        if field and (stripped == f"[{field}]" or stripped.startswith(f"[{field}.")):
            return i + 1
    return start + 1


WAYS = {n: 6 - abs(7 - n) for n in range(2, 13)}
"""In how many of the 36 rolls of two dice each total comes."""


def _check_readings(content: MagicContent, text: str) -> None:
    """Future reading cards: "Crystal Ball predictions have a higher chance of occurring": a
    crystal ball's waiver numbers come at most `crystal_most_waiver` times in 36, tea leaves' at
    least `tea_least_waiver` times."""
    rules = content.figures.readings
    for index, card in enumerate(content.readings.values()):
        chance = sum(WAYS[n] for n in set(card.waived_by))
        trigger = card.trigger
        given = [
            bool(trigger.roll_any),
            trigger.after_turns is not None,
            trigger.after_orbits is not None,
        ]
        line = _line(text, "reading", index, "waived_by")
        if sum(given) != 1:
            raise BadOptions(
                f"readings.toml, line {_line(text, 'reading', index, 'trigger')} (the reading "
                f"{card.title}): a trigger is exactly one of roll_any, after_turns, after_orbits"
            )
        if card.effect in ("drought", "bumper") and card.commodity is None:
            raise BadOptions(
                f"readings.toml, line {_line(text, 'reading', index, 'effect')} (the reading "
                f"{card.title}): a {card.effect} card names the commodity it acts on (commodity)"
            )
        if card.kind == "crystal" and chance > rules.crystal_most_waiver:
            raise BadOptions(
                f"readings.toml, line {line} (the reading {card.title}): a crystal ball's waiver "
                f"numbers may come at most {rules.crystal_most_waiver} times in 36 rolls, these "
                f"come {chance}"
            )
        if card.kind == "tea" and chance < rules.tea_least_waiver:
            raise BadOptions(
                f"readings.toml, line {line} (the reading {card.title}): tea leaves' waiver "
                f"numbers must come at least {rules.tea_least_waiver} times in 36 rolls, these "
                f"come {chance}"
            )
