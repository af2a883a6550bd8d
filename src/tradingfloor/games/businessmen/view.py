"""What a seat sees of a Businessmen table: all of it but the decks' order and future spins."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tradingfloor.core.game import Event
from tradingfloor.games.businessmen import rules, words
from tradingfloor.games.businessmen.draft import LogEntry
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    LOADER_LIMIT,
    MANAGER_LIMIT,
    WAREHOUSE_TYPES,
    BusinessmenState,
    Seat,
)


def view(state: BusinessmenState, seat: int | None) -> dict[str, Any]:
    """The table as `seat` (None: a spectator) sees it; the same for every seat but `seat`.

    Besides the table, the words a person reads: `status`, `stage` (the phase), `chapter`, `help`
    (what the phase asks for), `yours` (a seat's own figures, said to it), `news` (what the latest
    action did), every event's `text`, and `recap` once over.
    """
    decks = state.decks
    events = _events(state.log, seat)
    out: dict[str, Any] = {
        "game": "businessmen",
        "seat": seat,
        "round": state.round,
        "first": state.first,
        "phase": state.phase,
        "turn": state.turn,
        "actors": list(rules.actors(state)),
        "goal": state.goal,
        "max_rounds": state.max_rounds,
        "goods": list(GOODS),
        "prices": _goods(state.prices).copy(),
        "market": _goods(state.market).copy(),
        "supply": _goods(state.supply).copy(),
        "bank": state.bank,
        "cars": [_car(state, index) for index in range(3)],
        "goods_card": None if state.goods_card is None else _goods(_card(state)).copy(),
        "export_card": _export_card(state),
        "decks": {
            "goods_left": len(state.goods_deck),
            "goods_turned": len(state.goods_used),
            "export_left": len(state.export_deck),
            "export_turned": len(state.export_used),
        },
        # Turned cards lie face up beside their decks: public, unlike the undrawn cards' order.
        "turned": {
            "goods": [_goods(decks.goods_cards[card]).copy() for card in state.goods_used],
            "export": [list(_names(decks.export_cards[c])) for c in state.export_used],
        },
        "price_wheel": [sector.describe() for sector in decks.price_wheel],
        "price_spin": state.price_spin,
        "embargo": list(_names(state.embargo)),
        "events_wheel": [
            "nothing" if hit is None else CHARACTERISTICS[hit] for hit in decks.events_wheel
        ],
        "event_spins": [{"seat": s, "sector": sector} for s, sector in state.event_spins],
        "players": [_tablet(s, me) for s, me in enumerate(state.seats)],
        "events": events,
        "status": words.status(state),
        "stage": words.PHASES[state.phase],
        "chapter": words.chapter(state),
        "help": words.HELP.get(state.phase, ""),
        "news": [e["text"] for e in events if e["n"] > state.news_from],
    }
    if seat is not None and 0 <= seat < state.players:
        out["yours"] = words.yours(state, seat)
    result = rules.result(state)
    if result is not None:
        out["result"] = result.to_json()
        out["recap"] = words.recap(state)
    return out


# A view is built at every decision of a bot or a search, and most of its parts repeat from view
# to view: the parts below are made once per distinct value and copied into each view, so that
# no two views share a dict or a list. Their keys are tuples of ints (units, prices, levels).


@lru_cache(maxsize=4096)
def _goods(values: tuple[int, ...]) -> dict[str, int]:
    """Units (or prices) per good, every good named."""
    return dict(zip(GOODS, values, strict=True))


@lru_cache(maxsize=4096)
def _held(values: tuple[int, ...]) -> dict[str, int]:
    """Units per good, the goods held only."""
    return {name: units for name, units in zip(GOODS, values, strict=True) if units}


@lru_cache(maxsize=256)
def _names(goods: tuple[int, ...]) -> tuple[str, ...]:
    """The names of goods given by index."""
    return tuple(GOODS[g] for g in goods)


@lru_cache(maxsize=256)
def _flagged(flags: tuple[bool, ...]) -> tuple[str, ...]:
    """The names of the goods whose flag is set."""
    return tuple(name for name, flag in zip(GOODS, flags, strict=True) if flag)


@lru_cache(maxsize=64)
def _levels(levels: tuple[int, int, int]) -> dict[str, int]:
    return dict(zip(CHARACTERISTICS, levels, strict=True))


@lru_cache(maxsize=64)
def _limits(levels: tuple[int, int, int]) -> dict[str, int]:
    warehouse, loader, manager = levels
    return {
        "types": WAREHOUSE_TYPES[warehouse - 1],
        "load": LOADER_LIMIT[loader - 1],
        "buy": MANAGER_LIMIT[manager - 1],
    }


def _events(log: tuple[Event, ...], seat: int | None) -> list[dict[str, Any]]:
    """core.game.visible_events, inlined: a view lists the events of the last two rounds."""
    return [
        e.json.copy() if type(e) is LogEntry else e.to_json()
        for e in log
        if e.visible_to is None or (seat is not None and seat in e.visible_to)
    ]


def _card(state: BusinessmenState) -> tuple[int, ...]:
    assert state.goods_card is not None
    return state.decks.goods_cards[state.goods_card]


def _export_card(state: BusinessmenState) -> list[str] | None:
    if state.export_card is None:
        return None
    return list(_names(state.decks.export_cards[state.export_card]))


def _car(state: BusinessmenState, index: int) -> dict[str, Any]:
    car = state.cars[index]
    return {
        "name": CARS[index],
        "capacity": CAPACITY[index],
        "vp": CAR_VP[index],
        "good": None if car.good is None else GOODS[car.good],
        "load": car.load,
        "units": list(car.units),
    }


def _tablet(seat: int, me: Seat) -> dict[str, Any]:
    return {
        "seat": seat,
        "coins": me.coins,
        "vp": me.vp,
        "levels": _levels(me.levels).copy(),
        "limits": _limits(me.levels).copy(),
        # Not cached: True == 1, and a cache keyed by (True, ...) would answer for (1, ...) too.
        "markers": dict(zip(CHARACTERISTICS, me.markers, strict=True)),
        "insured": dict(zip(CHARACTERISTICS, me.insured, strict=True)),
        "main": _held(me.main).copy(),
        "temp": _held(me.temp).copy(),
        "skipping": me.skipping,
        "owed": me.owed,
        "passed": me.passed,
        "bought": list(_flagged(me.bought)),
        "exported": list(_flagged(me.exported)),
    }
