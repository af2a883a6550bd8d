"""Why an action is refused, in words a player understands."""

from __future__ import annotations

from typing import Any

from tradingfloor.games.businessmen import menus
from tradingfloor.games.businessmen.actions import (
    Buy,
    Export,
    Improve,
    Insure,
    Load,
    Pass,
    Play,
    Skip,
    Store,
)
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    EXPORT_VP,
    IMPROVE,
    INSURANCE_COST,
    MANAGER,
    MANAGER_LIMIT,
    BusinessmenState,
)
from tradingfloor.games.businessmen.table import room_for_types, types_held

EXPECTED = {
    "declare": (Play, Skip),
    "buy": (Buy, Pass),
    "load": (Load, Pass),
    "store": (Store,),
    "discard": (Store,),
    "export": (Export, Pass),
    "improve": (Improve, Pass),
    "insure": (Insure, Pass),
}


def refusal(state: BusinessmenState, seat: int, action: Any) -> str:
    """The reason `action` is not on `seat`'s menu now."""
    hint = menus.PHASE_HINTS.get(state.phase, "the game is over")
    if not isinstance(action, EXPECTED.get(state.phase, ())):
        return hint
    explain = {Buy: _buy, Load: _load, Store: _store, Export: _export, Improve: _improve}
    reason = explain[type(action)](state, seat, action) if type(action) in explain else None
    if isinstance(action, Insure):
        reason = _insure(state, seat, action)
    return reason or hint


def _buy(state: BusinessmenState, seat: int, action: Buy) -> str | None:
    good = GOODS.index(action.good)
    me = state.seats[seat]
    limit = MANAGER_LIMIT[me.levels[MANAGER] - 1]
    if state.market[good] == 0:
        return f"there is no {action.good} on the market"
    if me.bought[good]:
        return f"you already bought {action.good} this round; buy another good or pass"
    if action.units > limit:
        return f"your Manager (level {me.levels[MANAGER]}) buys at most {limit} units of a good"
    if action.units > state.market[good]:
        return f"only {state.market[good]} {action.good} are left on the market"
    if action.units > me.coins:
        return f"{action.units} units cost {action.units} coins and you have {me.coins}"
    return None


def _load(state: BusinessmenState, seat: int, action: Load) -> str | None:
    car, good = CARS.index(action.car), GOODS.index(action.good)
    wagon = state.cars[car]
    me = state.seats[seat]
    if wagon.good not in (None, good):
        carried = GOODS[wagon.good] if wagon.good is not None else ""
        return f"the {action.car} car carries {carried}; a car carries one type of goods"
    if wagon.load >= CAPACITY[car]:
        return f"the {action.car} car is full"
    if me.held(good) == 0:
        return f"you have no {action.good} in your warehouses"
    return None


def _store(state: BusinessmenState, seat: int, action: Store) -> str | None:
    me = state.seats[seat]
    held = [GOODS[g] for g in types_held(me)]
    room = room_for_types(me)
    if any(name not in held for name in action.keep):
        return f"you can only keep types you hold: {', '.join(held)}"
    if len(action.keep) != room:
        return f"your main warehouse keeps {room} types: choose {room} of {', '.join(held)}"
    return None


def _export(state: BusinessmenState, seat: int, action: Export) -> str | None:
    good = GOODS.index(action.good)
    card = state.decks.export_cards[state.export_card] if state.export_card is not None else ()
    me = state.seats[seat]
    if good not in card:
        return f"{action.good} is not on this round's export card"
    if good in state.embargo:
        return f"{action.good} is under embargo this round"
    if me.exported[good]:
        return f"you already exported {action.good} this round"
    if action.units not in EXPORT_VP:
        return "an export is exactly 4, 6 or 8 units"
    if me.main[good] < action.units:
        return f"your main warehouse holds only {me.main[good]} {action.good}"
    return None


def _improve(state: BusinessmenState, seat: int, action: Improve) -> str | None:
    which = CHARACTERISTICS.index(action.characteristic)
    me = state.seats[seat]
    if me.levels[which] >= 3:
        return f"your {action.characteristic} is already at level 3"
    cost = IMPROVE[me.levels[which] + 1][0]
    if me.coins < cost:
        return f"level {me.levels[which] + 1} costs {cost} coins and you have {me.coins}"
    return None


def _insure(state: BusinessmenState, seat: int, action: Insure) -> str | None:
    which = CHARACTERISTICS.index(action.characteristic)
    me = state.seats[seat]
    if me.insured[which]:
        return f"your {action.characteristic} is already insured"
    if me.coins < INSURANCE_COST:
        return f"insurance costs {INSURANCE_COST} coins and you have {me.coins}"
    return None
