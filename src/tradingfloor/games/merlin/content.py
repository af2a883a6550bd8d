"""The game's numbers, read from the TOML data files (a `content` folder replaces them)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin import bounds
from tradingfloor.games.merlin.pickling import picklable

DATA = Path(str(resources.files("tradingfloor.games.merlin"))) / "data"
"""The shipped data files (beside the package's sources, wherever this module runs from: compiled,
it is loaded from the build)."""
FILES = ("setup", "deck", "cards", "seasons", "market", "turn", "bank")
MODULE_FILES = ("magic", "spells", "potions", "readings", "regulations", "finance")
"""The magic module's data files (magic/content.py reads them) and the finance module's
(finance/content.py); an upload may hold them too."""
HOLDING_FEE_READINGS = bounds.READINGS
SUIT_LETTER = {"clubs": "C", "diamonds": "D", "spades": "S", "hearts": "H"}
RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKERS = ("X1", "X2")
"""The Jokers' card codes (magic.toml names which are in play)."""


@dataclass(frozen=True, slots=True)
class Wheel:
    """A season wheel: its portions' seasons, used from a climate counter on."""

    name: str
    from_climate: int
    portions: tuple[str, ...]


@dataclass(frozen=True)
class Content:
    """Every number of the game, by name."""

    starting_gold: int
    start_counters: Mapping[str, int]
    floors: Mapping[str, int]
    buyback_land: int
    buyback_commodity: int
    deck_by_module: Mapping[str, tuple[str, ...]]
    card_suit: Mapping[str, str]
    card_rank: Mapping[str, int]
    property_value: Mapping[int, int]
    land_commodity: Mapping[int, str]
    land_yield: Mapping[int, int]
    property_suit: str
    land_suit: str
    inflation_rank: int
    windfall_rank: int
    commodities: tuple[str, ...]
    climate_commodity: str
    tax_season: str
    multiplier: Mapping[str, int]
    wheels: tuple[Wheel, ...]
    stimulus_months: int
    stimulus_bids: int
    holding_fee: int
    holding_fee_per: str
    max_ask_multiple: int
    chauffeur_step: int
    chauffeur_return: int
    max_offers_per_turn: int
    pot_divisor: int
    last_two_above: int
    rank_minimum: int
    seven: int
    seven_research_step: int
    investment_multiplier: int
    tax_base_units: int
    tax_vote_step: int
    tax_counter_step: int
    bankruptcy_years: int
    bank_limited: bool


picklable(Wheel, Content)  # compiled, native records: pickled by their fields


def card_code(rank: int, suit: str) -> str:
    """A card's short name: rank label then suit letter, e.g. 10D, AC."""
    return f"{RANK_LABEL.get(rank, str(rank))}{SUIT_LETTER[suit]}"


Overrides = tuple[tuple[str, Any], ...]
Uploaded = tuple[tuple[str, str], ...]
"""Data files sent as text (a person's upload in the lobby): (file name, its TOML), by name."""
Source = str | Uploaded | None
"""Where the content comes from: a shipped variant or a folder, uploaded files, or the defaults."""


@lru_cache(maxsize=64)
def load(source: Source, overrides: Overrides = ()) -> Content:
    """The content of `source` (None: the defaults); a file it lacks keeps the default.

    `overrides` change single numbers by path, e.g. ("cards.property_value.2", 6). Every figure
    is checked against its kind and bounds (bounds.py): BadOptions names the file or the path.
    """
    raw = {name: _read(name, source) for name in FILES}
    found = bounds.check(raw)
    if found is not None:
        file, *place = found.path
        inner = ".".join(place) or "the file"
        raise BadOptions(f"{file}.toml of {_where(source)}: {inner} {found.says}")
    for path, value in overrides:
        _override(raw, path, value)
    found = bounds.check(raw)
    if found is not None:
        raise BadOptions(f"{'.'.join(found.path)} {found.says}")
    return _build(raw)


def figures(source: Source = None) -> list[tuple[str, Any, bounds.Spec]]:
    """Every single figure of `source`'s data files, by the path the `data` option names it,
    with its value and what it takes (its kind and bounds)."""
    load(source)  # refused here, in words, if the files are not valid
    return bounds.figures({name: _read(name, source) for name in FILES})


def _where(source: Source) -> str:
    if source is None:
        return "the data files"
    if isinstance(source, tuple):
        return "the uploaded files"
    return f"content {source!r}"


def _read(name: str, source: Source) -> dict[str, Any]:
    file = f"{name}.toml"
    try:
        if isinstance(source, tuple) and file in dict(source):
            return tomllib.loads(dict(source)[file])
        path = DATA / file
        if isinstance(source, str) and (resolve(source) / file).exists():
            path = resolve(source) / file
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise BadOptions(f"{file} of {_where(source)} is not valid TOML: {err}") from None
    except RecursionError:
        raise BadOptions(f"{file} of {_where(source)} nests its lists too deeply") from None
    except ValueError as err:  # an integer of thousands of digits
        raise BadOptions(f"{file} of {_where(source)} cannot be read: {err}") from None


def check_uploaded(files: dict[str, str]) -> None:
    """Uploaded content names only the game's data files (BadOptions says which are known)."""
    known = {f"{name}.toml" for name in (*FILES, *MODULE_FILES)}
    unknown = sorted(set(files) - known)
    if unknown:
        named = ", ".join(bounds.plain(name) for name in unknown[:3])
        raise BadOptions(
            f"Merlin Economics has no data file called {named}; "
            f"upload any of {', '.join(sorted(known))}"
        )


def variants() -> list[str]:
    """The content variants shipped with the game."""
    return sorted(p.name for p in (DATA / "variants").iterdir() if p.is_dir())


def _override(raw: dict[str, Any], path: str, value: Any) -> None:
    """Set one number of the raw data by its dotted path (file.table.key, list items by index)."""
    parts = path.split(".")
    node: Any = raw
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
            key: Any = int(part)
        elif isinstance(node, dict) and part in node:
            key = part
        else:
            raise BadOptions(
                f"no number at data path {'data.' + path!r} (nothing called {part!r} there); "
                f"`tradingfloor data merlin` lists every figure by name"
            )
        if last:
            if isinstance(node[key], dict | list):
                raise BadOptions(
                    f"data path {'data.' + path!r} names a table, not a number; "
                    f"`tradingfloor data merlin` lists every figure by name"
                )
            node[key] = value
        else:
            node = node[key]


def resolve(folder: str) -> Path:
    """A content folder: a path, or the name of a variant shipped in `data/variants/`."""
    shipped = DATA / "variants" / folder
    if shipped.is_dir() and "/" not in folder:
        return shipped
    if Path(folder).is_dir():
        return Path(folder)
    raise BadOptions(
        f"there is no content {folder!r}; the shipped variants are: {', '.join(variants())}"
    )


def _numbers(table: Mapping[str, Any]) -> dict[int, Any]:
    return {int(key): value for key, value in table.items()}


def _build(raw: Mapping[str, dict[str, Any]]) -> Content:
    """The content of data files that `bounds.check` passed."""
    setup, deck, cards, seasons, market, turn, bank = (raw[name] for name in FILES)
    suits: dict[str, str] = {}
    ranks: dict[str, int] = {}
    by_module: dict[str, tuple[str, ...]] = {}
    for module, sets in deck["modules"].items():
        codes = []
        for spec in sets if isinstance(sets, list) else [sets]:  # one set, or a list of sets
            for suit in spec["suits"]:
                for rank in spec["ranks"]:
                    code = card_code(int(rank), suit)
                    suits[code], ranks[code] = suit, int(rank)
                    codes.append(code)
        by_module[module] = tuple(codes)
    for joker in JOKERS:  # Jokers (Optional): in the deck only with the magic module's option
        suits[joker], ranks[joker] = "joker", 0
    wheels = tuple(
        Wheel(str(w["name"]), int(w["from_climate"]), tuple(w["portions"]))
        for w in seasons["wheels"]
    )
    roles = cards["roles"]
    return Content(
        starting_gold=int(setup["starting_gold"]),
        start_counters={k: int(v) for k, v in setup["counters"].items()},
        floors={k: int(v) for k, v in setup["floors"].items()},
        buyback_land=int(setup["buyback"]["land"]),
        buyback_commodity=int(setup["buyback"]["commodity"]),
        deck_by_module=by_module,
        card_suit=suits,
        card_rank=ranks,
        property_value=_numbers(cards["property_value"]),
        land_commodity=_numbers(cards["land_commodity"]),
        land_yield=_numbers(cards["land_yield"]),
        property_suit=str(roles["property_suit"]),
        land_suit=str(roles["land_suit"]),
        inflation_rank=int(roles["inflation_rank"]),
        windfall_rank=int(roles["windfall_rank"]),
        commodities=tuple(seasons["commodities"]),
        climate_commodity=str(seasons["climate_commodity"]),
        tax_season=str(seasons["tax_season"]),
        multiplier={k: int(v) for k, v in seasons["multiplier"].items()},
        wheels=tuple(sorted(wheels, key=lambda w: w.from_climate)),
        stimulus_months=int(market["stimulus_months"]),
        stimulus_bids=int(market["stimulus_bids"]),
        holding_fee=int(market["holding_fee"]),
        holding_fee_per=str(market["holding_fee_per"]),
        max_ask_multiple=int(market["max_ask_multiple"]),
        chauffeur_step=int(market["chauffeur_step"]),
        chauffeur_return=int(market["chauffeur_return"]),
        max_offers_per_turn=int(market["max_offers_per_turn"]),
        pot_divisor=int(turn["auction"]["pot_divisor"]),
        last_two_above=int(turn["auction"]["last_two_above"]),
        rank_minimum=int(turn["auction"]["rank_minimum"]),
        seven=int(turn["dice"]["seven"]),
        seven_research_step=int(turn["dice"]["seven_research_step"]),
        investment_multiplier=int(turn["dice"]["investment_multiplier"]),
        tax_base_units=int(turn["taxes"]["base_units"]),
        tax_vote_step=int(turn["taxes"]["vote_step"]),
        tax_counter_step=int(turn["taxes"]["counter_step"]),
        bankruptcy_years=int(turn["bankruptcy"]["years"]),
        bank_limited=bool(bank["limited"]),
    )
