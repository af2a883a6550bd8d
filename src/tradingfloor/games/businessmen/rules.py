"""Businessmen's rules as pure transitions over `BusinessmenState`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Result
from tradingfloor.core.rng import Rng
from tradingfloor.core.spaces import ActionSpace, NoActions
from tradingfloor.core.words import seat as seat_words
from tradingfloor.games.businessmen import flow, menus
from tradingfloor.games.businessmen.actions import (
    ACTION_TYPES,
    Buy,
    Export,
    Improve,
    Load,
    Pass,
    Skip,
    Store,
)
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.draft import Draft
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.spaces import Menu
from tradingfloor.games.businessmen.state import (
    EXPORT_VP,
    IMPROVE,
    INSURANCE_COST,
    BusinessmenState,
    Car,
    Seat,
)
from tradingfloor.games.businessmen.table import bump, put

ACTION_CLASSES: Final = frozenset(ACTION_TYPES)
# What the log says of each seat's declaration (of a table of up to 8), by skip then seat: one
# dict for every entry that says the same, as flow.FORCED_PASSES.
DECLARED: Final = tuple(
    tuple({"seat": seat, "skip": skip} for seat in range(8)) for skip in (False, True)
)

# The action classes as constants, which compiled code reads directly: an imported name is looked
# up in the module's dict at each use, and `_do` compares an action's class with them every step.
_PASS: Final = Pass
_SKIP: Final = Skip
_BUY: Final = Buy
_LOAD: Final = Load
_STORE: Final = Store
_EXPORT: Final = Export
_IMPROVE: Final = Improve


def new_state(
    players: int, decks: Decks, seed: int, goal: int, max_rounds: int
) -> BusinessmenState:
    """The table at setup (RULINGS Businessmen, preamble): 10 coins, level 1, prices at 3 (or
    the decks' own figures)."""
    cursor = Rng(seed).cursor()
    goods_deck = tuple(cursor.shuffled(range(len(decks.goods_cards))))
    export_deck = tuple(cursor.shuffled(range(len(decks.export_cards))))
    seat = Seat(
        coins=decks.figures.start_coins,
        vp=0,
        levels=(1, 1, 1),
        markers=(False, False, False),
        insured=(False, False, False),
        main=(0,) * 6,
        temp=(0,) * 6,
    )
    state = BusinessmenState(
        decks=decks,
        goal=goal,
        max_rounds=max_rounds,
        rng=cursor.rng,
        round=1,
        first=0,
        phase="declare",
        turn=None,
        seats=(seat,) * players,
        supply=(decks.figures.supply_per_good,) * 6,
        market=(0,) * 6,
        prices=(decks.figures.start_price,) * 6,
        bank=0,
        cars=(Car(None, (0,) * players),) * 3,
        goods_deck=goods_deck,
        goods_used=(),
        goods_card=None,
        export_deck=export_deck,
        export_used=(),
        export_card=None,
    )
    table = Draft(state)
    flow.begin(table, "declare", 0)
    return table.freeze()


def actors(state: BusinessmenState) -> tuple[int, ...]:
    """The one seat whose decision is awaited, or () when the game is over."""
    turn = state.turn  # read once: the benchmark and the bots ask at every step
    return () if turn is None or state.phase == "over" else (turn,)


def legal(state: BusinessmenState, seat: int) -> ActionSpace:
    """The menu of `seat` now, or NoActions saying why it has none."""
    global _last_menu
    last = _last_menu
    if seat == state.turn and state.phase != "over":  # the seat whose move it is: listed
        if last is not None and last[0] is state:
            return last[1]  # listed already
        actions, active = menus.listed(state, seat)
        menu = Menu(actions, state, seat, active)
        _last_menu = (state, menu)  # a global: read again, it would be looked up again
        return menu
    if not 0 <= seat < len(state.seats):
        return NoActions(f"there is no Seat {seat + 1} in this {state.players}-player game")
    if state.phase == "over":
        return NoActions("the game is over")
    if state.turn is None:
        return NoActions("no move is awaited now")
    return NoActions(f"it is {seat_words(state.turn)}'s move, not yours")


# The last menu listed, with its state: players and bots list a menu, then apply an action of it
# to the same state, and the menu of a state never changes. One seat has a menu in a state.
_last_menu: tuple[BusinessmenState, Menu] | None = None


def refused(state: BusinessmenState, seat: int, action: Any) -> str | None:
    """Why the rules refuse `action` from `seat`, or None: `legal(state, seat).check(action)`."""
    last = _last_menu
    space: ActionSpace
    if last is not None and last[0] is state and seat == state.turn:
        space = last[1]  # just listed: players and bots apply an action of the menu they listed
    else:
        space = legal(state, seat)
    if type(space) is Menu:
        for choice in space.actions:
            if choice is action:  # the menus' own action objects: no field-by-field comparison
                return None
    return space.check(action)


def play(state: BusinessmenState, seat: int, action: Any) -> BusinessmenState:
    """`apply` of any object at all: IllegalAction for one that is not a Businessmen action."""
    # The class first: pydantic's isinstance() is a Python-level check, and this runs per step.
    if type(action) not in ACTION_CLASSES and not isinstance(action, ACTION_TYPES):
        raise IllegalAction(f"not a Businessmen action: {action!r}", seat, action)
    return apply(state, seat, action)


def apply(state: BusinessmenState, seat: int, action: Any) -> BusinessmenState:
    """`seat` takes `action`; IllegalAction (and nothing changed) if the rules refuse it."""
    why = refused(state, seat, action)
    if why:
        raise IllegalAction(why, seat, action)
    table = Draft(state)
    _do(table, seat, action)
    flow.after_action(table, seat)
    return table.freeze()


def _do(table: Draft, seat: int, action: Any) -> None:
    """The effect of a legal action, before the turn moves on."""
    # A legal action equals an action of the menu, so it is of that action's very class: the
    # class is compared, not isinstance()'d (pydantic's isinstance is a Python-level check).
    kind = type(action)
    if kind is _PASS:
        table.passed[seat] = True
        table.note("pass", {"seat": seat, "phase": table.phase})
    elif table.phase == "declare":
        _declare(table, seat, kind is _SKIP)
    elif kind is _BUY:
        _buy(table, seat, action)
    elif kind is _LOAD:
        _load(table, seat, action)
    elif kind is _STORE:
        flow.keep_types(table, seat, tuple(GOODS.index(g) for g in action.keep))
    elif kind is _EXPORT:
        _export(table, seat, action)
    elif kind is _IMPROVE:
        _improve(table, seat, CHARACTERISTICS.index(action.characteristic))
    else:
        _insure(table, seat, CHARACTERISTICS.index(action.characteristic))


def _declare(table: Draft, seat: int, skip: bool) -> None:
    """RULINGS Businessmen 12: a skip costs 1 VP now and pays 10 coins as the next round starts."""
    table.passed[seat] = True
    if table.seats[seat].skipping is not skip:  # a new round has every seat playing
        table.edit(seat).skipping = skip
    if skip:
        table.gain_vp(seat, -table.decks.figures.skip_vp, "skipping")
    table.note("declare", DECLARED[skip][seat])


def _buy(table: Draft, seat: int, action: Buy) -> None:
    """RULINGS Businessmen 3: 1 coin a unit, into the temporary warehouse."""
    good, units = GOODS.index(action.good), action.units
    table.pay(seat, units)
    me = table.edit(seat)
    me.temp = bump(me.temp, good, units)
    me.bought = put(me.bought, good, True)
    table.market = bump(table.market, good, -units)
    table.note("buy", {"seat": seat, "good": action.good, "units": units})


def _load(table: Draft, seat: int, action: Load) -> None:
    """RULINGS Businessmen 4: the mandatory maximum, from the temporary warehouse first."""
    car, good = CARS.index(action.car), GOODS.index(action.good)
    units = menus.load_units(table, seat, car, good)
    me = table.edit(seat)
    from_temp = min(units, me.temp[good])
    me.temp = bump(me.temp, good, -from_temp)
    me.main = bump(me.main, good, from_temp - units)
    wagon = table.cars[car]
    table.cars = put(table.cars, car, Car(good, bump(wagon.units, seat, units)))
    load = wagon.load + units
    table.note(
        "load", {"seat": seat, "car": action.car, "good": action.good, "units": units, "load": load}
    )


def _export(table: Draft, seat: int, action: Export) -> None:
    """RULINGS Businessmen 8: the units go back to the supply; 1, 2 or 3 VP; no coins."""
    good, units = GOODS.index(action.good), action.units
    me = table.edit(seat)
    me.main = bump(me.main, good, -units)
    me.exported = put(me.exported, good, True)
    table.supply = bump(table.supply, good, units)
    table.gain_vp(seat, EXPORT_VP[units], "exports")
    table.note(
        "export", {"seat": seat, "good": action.good, "units": units, "vp": EXPORT_VP[units]}
    )


def _improve(table: Draft, seat: int, which: int) -> None:
    """RULINGS Businessmen 9: 10 coins and 1 VP to level 2, 20 coins and 2 VP to level 3."""
    level = table.seats[seat].levels[which] + 1
    coins, vp = IMPROVE[level]
    table.pay(seat, coins)
    table.gain_vp(seat, vp, "improving")
    me = table.edit(seat)
    me.levels = put(me.levels, which, level)
    name = CHARACTERISTICS[which]
    table.note(
        "improve", {"seat": seat, "characteristic": name, "level": level, "coins": coins, "vp": vp}
    )


def _insure(table: Draft, seat: int, which: int) -> None:
    """RULINGS Businessmen 11: 10 coins; the warning marker comes off."""
    table.pay(seat, INSURANCE_COST)
    me = table.edit(seat)
    me.insured = put(me.insured, which, True)
    me.markers = put(me.markers, which, False)
    table.note("insure", {"seat": seat, "characteristic": CHARACTERISTICS[which]})


def result(state: BusinessmenState) -> Result | None:
    """RULINGS Businessmen 13: among those at the goal, the most coins wins (equal: shared)."""
    if state.phase != "over":
        return None
    vp = [s.vp for s in state.seats]
    coins = [s.coins for s in state.seats]
    return final_result(vp, coins, state.ended == "goal", state.goal, state.max_rounds)


def final_result(
    vp: Sequence[int], coins: Sequence[int], at_goal: bool, goal: int, max_rounds: int
) -> Result:
    """The result of a game over with these VP and coins: `at_goal` when a player reached `goal`,
    else the round limit (`max_rounds`) ended it."""
    if at_goal:
        keys = [(v >= goal, c if v >= goal else v, c) for v, c in zip(vp, coins, strict=True)]
        reason = f"a player reached {goal} VP; of those with {goal} VP or more, the most coins won"
    else:
        keys = [(True, v, c) for v, c in zip(vp, coins, strict=True)]
        reason = f"the round limit ({max_rounds}) ended the game: most VP, then most coins"
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    winners = tuple(s for s, rank in enumerate(ranks) if rank == 1)
    return Result(tuple(float(v) for v in vp), ranks, winners, reason)
