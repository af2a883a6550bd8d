"""What a seat may do in each phase, and why anything else is refused."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

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
    LOADER,
    LOADER_LIMIT,
    MANAGER,
    MANAGER_LIMIT,
)
from tradingfloor.games.businessmen.table import (
    added,
    over_room,
    room_for_types,
    some,
    total,
    types_held,
)

if TYPE_CHECKING:  # the draft imports the words (its log entries' text): not at run time
    from tradingfloor.games.businessmen.draft import Board

PASS: Final = Pass()
PLAY: Final = Play()
SKIP: Final = Skip()
BUYS = {(g, u): Buy(good=GOODS[g], units=u) for g in range(6) for u in range(1, 6)}  # type: ignore[arg-type]
BUYS_UP_TO: Final = tuple(
    tuple(BUYS[g, u] for u in range(1, 6)) for g in range(6)
)  # by good, 1-5 units
LOADS: Final = {(c, g): Load(car=CARS[c], good=GOODS[g]) for c in range(3) for g in range(6)}  # type: ignore[arg-type]
EXPORTS: Final = {(g, u): Export(good=GOODS[g], units=u) for g in range(6) for u in EXPORT_VP}  # type: ignore[arg-type]
IMPROVES: Final = tuple(Improve(characteristic=name) for name in CHARACTERISTICS)  # type: ignore[arg-type]
CHEAPEST_IMPROVEMENT: Final = min(coins for coins, _ in IMPROVE.values())  # RULINGS Businessmen 9
FEWEST_EXPORTED: Final = min(EXPORT_VP)  # RULINGS Businessmen 8: an export is of 4, 6 or 8 units
INSURES: Final = tuple(Insure(characteristic=name) for name in CHARACTERISTICS)  # type: ignore[arg-type]

PHASE_HINTS = {
    "declare": "before the round, declare whether you play it or skip it",
    "buy": "it is the buying phase: buy units of one good, or pass",
    "load": "it is the loading phase: load a car, or pass",
    "store": "it is time to choose which goods types your main warehouse keeps",
    "export": "it is the export phase: export 4, 6 or 8 units of a good on the card, or pass",
    "improve": "it is the improving phase: improve a characteristic, or pass",
    "discard": "your main warehouse lost a level: choose which goods types it keeps",
    "insure": "it is the insurance phase: insure a characteristic, or pass",
}


def options(state: Board, seat: int) -> list[Any]:
    """The actions open to `seat` in this phase, besides passing (empty: nothing to do)."""
    # A chain of comparisons, as in `can_act`: each lister is then a native call, compiled.
    phase = state.phase
    if phase == "buy":
        return buy_options(state, seat)
    if phase == "load":
        return _load_menu(state, seat)
    if phase == "store" or phase == "discard":
        return store_options(state, seat)
    if phase == "export":
        return _export_menu(state, seat)
    if phase == "improve":
        return _improve_menu(state, seat)
    if phase == "insure":
        return _insure_menu(state, seat)
    return [PLAY, SKIP] if phase == "declare" else []


def menu(state: Board, seat: int) -> list[Any]:
    """Every action on `seat`'s menu now, passing included where the phase allows it."""
    return list(listed(state, seat)[0])


PASSING: Final = frozenset(("buy", "load", "export", "improve", "insure"))  # phases one may pass in
DECLARING: Final[tuple[Any, ...]] = (PLAY, SKIP)  # every seat's menu in the declaring phase


def listed(state: Board, seat: int) -> tuple[tuple[Any, ...], int]:
    """`menu`, with how many of its first actions are active (neither a pass nor a skip): the
    passing and skipping, where the menu has them, come last."""
    phase = state.phase
    if phase == "declare":
        return DECLARING, 1
    choices = options(state, seat)
    active = len(choices)  # the listers list active actions only
    if phase in PASSING:
        choices.append(PASS)
    return tuple(choices), active


def _can_buy(state: Board, seat: int) -> bool:
    """Whether `buy_options` lists anything."""
    me = state.seats[seat]
    if me.coins <= 0:
        return False  # a unit costs a coin: most seats of a random game, at most buying phases
    # A good on the market has a unit at least, so only the limit and the coins can stop a buy.
    if MANAGER_LIMIT[me.levels[MANAGER] - 1] <= 0:
        return False
    bought = me.bought
    # A loop rather than any() over a generator: every seat is asked after every purchase.
    for good, units in enumerate(state.market):  # noqa: SIM110
        if units > 0 and not bought[good]:
            return True
    return False


def _can_load(state: Board, seat: int) -> bool:
    """Whether `load_options` lists anything."""
    me = state.seats[seat]
    main, temp = me.main, me.temp
    if not some(main) and not some(temp):
        return False  # nothing to load: most seats of a random game, at most loading phases
    if LOADER_LIMIT[me.levels[LOADER] - 1] <= 0:
        return False
    for car, wagon in enumerate(state.cars):
        if CAPACITY[car] - total(wagon.units) <= 0:
            continue
        good = wagon.good
        if good is None:
            if some(main) or some(temp):
                return True
        elif main[good] + temp[good] > 0:
            return True
    return False


def _must_store(state: Board, seat: int) -> bool:
    """Whether `store_options` lists anything: more types than the main warehouse holds."""
    return over_room(state.seats[seat])


def _can_export(state: Board, seat: int) -> bool:
    """Whether `export_options` lists anything."""
    if not any(units >= FEWEST_EXPORTED for units in state.seats[seat].main):
        return False  # no good held in an exportable number: most seats, at most export phases
    return bool(export_options(state, seat))


def _can_improve(state: Board, seat: int) -> bool:
    """Whether `improve_options` lists anything."""
    me = state.seats[seat]
    if me.coins < CHEAPEST_IMPROVEMENT:
        return False  # most seats of a random game, at most improving phases
    # A loop rather than any() over a generator: every seat is asked at every improving phase.
    for level in me.levels:  # noqa: SIM110
        if level < 3 and me.coins >= IMPROVE[level + 1][0]:
            return True
    return False


def _can_insure(state: Board, seat: int) -> bool:
    """Whether `insure_options` lists anything."""
    me = state.seats[seat]
    return me.coins >= INSURANCE_COST and not all(flag for flag in me.insured)


def buy_options(state: Board, seat: int) -> list[Buy]:
    """RULINGS Businessmen 3: one type not yet bought this round, up to the Manager's limit."""
    me = state.seats[seat]
    limit = min(MANAGER_LIMIT[me.levels[MANAGER] - 1], me.coins)
    out: list[Buy] = []
    if limit <= 0:
        return out
    for g, units in enumerate(state.market):
        if units > 0 and not me.bought[g]:
            out += BUYS_UP_TO[g][: min(limit, units)]  # 1, 2, ... units of good g
    return out


def load_units(state: Board, seat: int, car: int, good: int) -> int:
    """RULINGS Businessmen 4: the mandatory maximum (0 if this load is impossible)."""
    me = state.seats[seat]
    wagon = state.cars[car]
    if wagon.good not in (None, good):
        return 0
    room = CAPACITY[car] - total(wagon.units)
    return min(LOADER_LIMIT[me.levels[LOADER] - 1], room, me.held(good))


def load_options(state: Board, seat: int) -> list[tuple[int, int, int]]:
    """(car, good, units) for every load `seat` can make: those where `load_units` is positive."""
    me = state.seats[seat]
    limit = LOADER_LIMIT[me.levels[LOADER] - 1]
    held = added(me.main, me.temp)
    out = []
    for car, wagon in enumerate(state.cars):
        most = min(limit, CAPACITY[car] - total(wagon.units))  # the loader and the car's room
        if most <= 0:
            continue
        # A car takes only the good it carries, or any good while it is empty.
        for good in range(6) if wagon.good is None else (wagon.good,):
            if held[good] > 0:
                out.append((car, good, min(most, held[good])))
    return out


@cache
def _subsets(types: tuple[int, ...], keep: int) -> tuple[Store, ...]:
    return tuple(
        Store(keep=tuple(GOODS[g] for g in chosen))  # type: ignore[misc]
        for chosen in combinations(types, keep)
    )


def store_options(state: Board, seat: int) -> list[Store]:
    """RULINGS Businessmen 5: keep as many types as the main warehouse holds; the player chooses."""
    me = state.seats[seat]
    held = tuple(types_held(me))
    room = room_for_types(me)
    if len(held) <= room:
        return []
    return list(_subsets(held, room))


def export_options(state: Board, seat: int) -> list[tuple[int, int]]:
    """RULINGS Businessmen 8: 4, 6 or 8 units of a good on the card, not embargoed, once a round."""
    if state.export_card is None:
        return []
    me = state.seats[seat]
    card = state.decks.export_cards[state.export_card]
    return [
        (good, units)
        for good in card
        if good not in state.embargo and not me.exported[good]
        for units in EXPORT_VP
        if me.main[good] >= units
    ]


def improve_options(state: Board, seat: int) -> list[int]:
    """RULINGS Businessmen 9: any characteristic below level 3 whose next level the seat can pay."""
    me = state.seats[seat]
    return [c for c in range(3) if me.levels[c] < 3 and me.coins >= IMPROVE[me.levels[c] + 1][0]]


def insure_options(state: Board, seat: int) -> list[int]:
    """RULINGS Businessmen 11: 10 coins per characteristic not insured yet."""
    me = state.seats[seat]
    return [c for c in range(3) if not me.insured[c] and me.coins >= INSURANCE_COST]


def _load_menu(state: Board, seat: int) -> list[Any]:
    """The loads of `load_options`, as actions."""
    return [LOADS[c, g] for c, g, _ in load_options(state, seat)]


def _export_menu(state: Board, seat: int) -> list[Any]:
    """The exports of `export_options`, as actions."""
    return [EXPORTS[key] for key in export_options(state, seat)]


def _improve_menu(state: Board, seat: int) -> list[Any]:
    """The improvements of `improve_options`, as actions."""
    return [IMPROVES[c] for c in improve_options(state, seat)]


def _insure_menu(state: Board, seat: int) -> list[Any]:
    """The insurances of `insure_options`, as actions."""
    return [INSURES[c] for c in insure_options(state, seat)]


def can_act(state: Board, phase: str, seat: int) -> bool:
    """Whether `options(state, seat)` would list anything in `phase`, without listing it."""
    # A chain of comparisons rather than a look-up of the phase's test: compiled, each test is then
    # a native call, and the turn's search (`flow.seek`) asks for every seat at every step.
    if phase == "buy":
        return _can_buy(state, seat)
    if phase == "load":
        return _can_load(state, seat)
    if phase == "store" or phase == "discard":
        return _must_store(state, seat)
    if phase == "export":
        return _can_export(state, seat)
    if phase == "improve":
        return _can_improve(state, seat)
    if phase == "insure":
        return _can_insure(state, seat)
    return phase == "declare"  # every seat declares: to play the round or to skip it
