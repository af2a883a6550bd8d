"""What a seat sees of a Businessmen table: all of it but the decks' order and future spins."""

from __future__ import annotations

from typing import Any

from tradingfloor.core.game import Event
from tradingfloor.games.businessmen import rules
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
    """The table as `seat` (None: a spectator) sees it; the same for every seat but `seat`."""
    goods_cards = state.decks.goods_cards
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
        "prices": _goods(state.prices),
        "market": _goods(state.market),
        "supply": _goods(state.supply),
        "bank": state.bank,
        "cars": [_car(state, index) for index in range(3)],
        "goods_card": None if state.goods_card is None else _goods(_card(state)),
        "export_card": _export_card(state),
        "decks": {
            "goods_left": len(state.goods_deck),
            "goods_turned": len(state.goods_used),
            "export_left": len(state.export_deck),
            "export_turned": len(state.export_used),
        },
        # Turned cards lie face up beside their decks: public, unlike the undrawn cards' order.
        "turned": {
            "goods": [_goods(goods_cards[card]) for card in state.goods_used],
            "export": [[GOODS[g] for g in state.decks.export_cards[c]] for c in state.export_used],
        },
        "price_wheel": [sector.describe() for sector in state.decks.price_wheel],
        "price_spin": state.price_spin,
        "embargo": [GOODS[g] for g in state.embargo],
        "events_wheel": [
            "nothing" if hit is None else CHARACTERISTICS[hit] for hit in state.decks.events_wheel
        ],
        "event_spins": [{"seat": s, "sector": sector} for s, sector in state.event_spins],
        "players": [_tablet(s, me) for s, me in enumerate(state.seats)],
        "events": _events(state.log, seat),
    }
    result = rules.result(state)
    if result is not None:
        out["result"] = result.to_json()
    return out


def _goods(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(GOODS, values, strict=True))


def _events(log: tuple[Event, ...], seat: int | None) -> list[dict[str, Any]]:
    """core.game.visible_events, inlined: a view lists up to LOG_LENGTH events."""
    return [
        {"kind": e.kind, **e.data}
        for e in log
        if e.visible_to is None or (seat is not None and seat in e.visible_to)
    ]


def _card(state: BusinessmenState) -> tuple[int, ...]:
    assert state.goods_card is not None
    return state.decks.goods_cards[state.goods_card]


def _export_card(state: BusinessmenState) -> list[str] | None:
    if state.export_card is None:
        return None
    return [GOODS[g] for g in state.decks.export_cards[state.export_card]]


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
    level = dict(zip(CHARACTERISTICS, me.levels, strict=True))
    return {
        "seat": seat,
        "coins": me.coins,
        "vp": me.vp,
        "levels": level,
        "limits": {
            "types": WAREHOUSE_TYPES[level["warehouse"] - 1],
            "load": LOADER_LIMIT[level["loader"] - 1],
            "buy": MANAGER_LIMIT[level["manager"] - 1],
        },
        "markers": dict(zip(CHARACTERISTICS, me.markers, strict=True)),
        "insured": dict(zip(CHARACTERISTICS, me.insured, strict=True)),
        "main": {name: units for name, units in zip(GOODS, me.main, strict=True) if units},
        "temp": {name: units for name, units in zip(GOODS, me.temp, strict=True) if units},
        "skipping": me.skipping,
        "owed": me.owed,
        "passed": me.passed,
        "bought": [name for name, done in zip(GOODS, me.bought, strict=True) if done],
        "exported": [name for name, done in zip(GOODS, me.exported, strict=True) if done],
    }
