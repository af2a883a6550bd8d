"""The `data` option: single figures of the decks file and of the setup, changed by name.

A figure is named by its path, as the lab's `--set`, `--sweep` and `--param` name it after
`data.`: `setup.start_coins` (figures.py), `goods_cards.0.oil` (the first goods card's oil),
`price_wheel.2.up_by`, `events_wheel.3` (lists counted from 0, as in Merlin's data). Only the
figures a file holds can be changed: a good that a card does not name stays off it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.businessmen.decks import MOVE, UNITS, deck_file, decks_of, load_decks
from tradingfloor.games.businessmen.figures import BOUNDS, NAMES, PRINTED
from tradingfloor.games.businessmen.names import CHARACTERISTICS, GOODS

Source = str | Mapping[str, str] | None
SETUP = "setup."
FIGURES_FILE = "games/businessmen/figures.py"
DECKS_FILE = "games/businessmen/data/default.toml"
LISTED = "`tradingfloor data businessmen` lists every figure by name"


def match_decks(source: Source, data: Mapping[str, Any]) -> Any:
    """The decks of `source` with the `data` option's figures changed (BadOptions in words)."""
    if not data:
        return load_decks(source)
    key = tuple(sorted(source.items())) if isinstance(source, Mapping) else source
    return _changed(key, tuple(sorted(data.items())))


@lru_cache(maxsize=64)
def _changed(key: str | tuple[tuple[str, str], ...] | None, changes: tuple[Any, ...]) -> Any:
    source: Source = dict(key) if isinstance(key, tuple) else key
    setup = {}
    deck = None
    for path, value in changes:
        if path.startswith(SETUP):
            setup[path.removeprefix(SETUP)] = _setup_figure(path, value)
            continue
        deck = deck if deck is not None else deck_file(source)
        _put(deck, path, value)
    figures = replace(PRINTED, **setup)
    if deck is None:
        return replace(load_decks(source), figures=figures)
    return decks_of(deck, figures)


def _setup_figure(path: str, value: Any) -> int:
    """A setup figure's new value, checked against its bounds."""
    name = path.removeprefix(SETUP)
    if name not in NAMES:
        raise BadOptions(
            f"Businessmen has no data figure {'data.' + path!r}; the setup's are "
            f"{', '.join('data.' + SETUP + n for n in NAMES)} ({LISTED})"
        )
    low, high = BOUNDS[name]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadOptions(f"data.{path} must be a whole number from {low:,} to {high:,}")
    return value


def _put(node: Any, path: str, value: Any) -> None:
    """Set the figure at `path` of the decks file's data, where the file holds one."""
    parts = path.split(".")
    for depth, part in enumerate(parts):
        if isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
            key: Any = int(part)
        elif isinstance(node, dict) and part in node:
            key = part
        else:
            raise BadOptions(f"Businessmen has no data figure {'data.' + path!r}; {LISTED}")
        if depth < len(parts) - 1:
            node = node[key]
        elif isinstance(node[key], dict | list):
            raise BadOptions(f"{'data.' + path!r} names several figures, not one; {LISTED}")
        else:
            node[key] = value


def data_figures(source: Source = None) -> list[tuple[str, Any, str, str]]:
    """Every figure a designer may change: (its name for --set, its value, what it takes, its
    file), the setup's then the decks file's."""
    out = [
        (f"data.{SETUP}{name}", getattr(PRINTED, name), _whole(*BOUNDS[name]), FIGURES_FILE)
        for name in NAMES
    ]
    deck = deck_file(source)
    goods, events = _one_of(GOODS), _one_of((*CHARACTERISTICS, "nothing"))
    for i, sector in enumerate(deck["events_wheel"]):
        out.append((f"data.events_wheel.{i}", sector, events, DECKS_FILE))
    for i, card in enumerate(deck["goods_cards"]):
        for good, units in card.items():
            out.append((f"data.goods_cards.{i}.{good}", units, _whole(*UNITS), DECKS_FILE))
    for i, export in enumerate(deck["export_cards"]):
        for j, good in enumerate(export["goods"]):
            out.append((f"data.export_cards.{i}.goods.{j}", good, goods, DECKS_FILE))
    for i, sector in enumerate(deck["price_wheel"]):
        out += _sector(f"data.price_wheel.{i}", sector, goods)
    return out


def _sector(name: str, sector: Mapping[str, Any], goods: str) -> list[tuple[str, Any, str, str]]:
    """A price-roulette sector's figures: an embargo's goods, or a shock's goods and moves."""
    if "embargo" in sector:
        return [
            (f"{name}.embargo.{j}", g, goods, DECKS_FILE) for j, g in enumerate(sector["embargo"])
        ]
    moves = [(side, goods) for side in ("up", "down")]
    moves += [(by, _whole(*MOVE)) for by in ("up_by", "down_by")]
    return [
        (f"{name}.{key}", sector[key], takes, DECKS_FILE) for key, takes in moves if key in sector
    ]


def _whole(low: int, high: int) -> str:
    return f"a whole number from {low:,} to {high:,}"


def _one_of(names: tuple[str, ...]) -> str:
    return "one of " + ", ".join(names)
