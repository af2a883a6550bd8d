"""Businessmen's rules as pure transitions over `BusinessmenState`."""

from __future__ import annotations

from typing import Any

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Result
from tradingfloor.core.rng import Rng
from tradingfloor.core.spaces import ActionSpace, NoActions
from tradingfloor.games.businessmen import flow, menus
from tradingfloor.games.businessmen.actions import (
    Buy,
    Export,
    Improve,
    Load,
    Pass,
    Skip,
    Store,
)
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.explain import refusal
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.spaces import Menu
from tradingfloor.games.businessmen.state import (
    EXPORT_VP,
    IMPROVE,
    INSURANCE_COST,
    SKIP_VP,
    START_COINS,
    START_PRICE,
    SUPPLY_PER_GOOD,
    BusinessmenState,
    Car,
    Seat,
)
from tradingfloor.games.businessmen.table import bump, gain_vp, log, pay, put, replace, with_seat


def new_state(
    players: int, decks: Decks, seed: int, goal: int, max_rounds: int
) -> BusinessmenState:
    """The table at setup (RULINGS Businessmen, preamble): 10 coins, level 1, prices at 3."""
    cursor = Rng(seed).cursor()
    goods_deck = tuple(cursor.shuffled(range(len(decks.goods_cards))))
    export_deck = tuple(cursor.shuffled(range(len(decks.export_cards))))
    seat = Seat(
        coins=START_COINS,
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
        supply=(SUPPLY_PER_GOOD,) * 6,
        market=(0,) * 6,
        prices=(START_PRICE,) * 6,
        bank=0,
        cars=(Car(None, (0,) * players),) * 3,
        goods_deck=goods_deck,
        goods_used=(),
        goods_card=None,
        export_deck=export_deck,
        export_used=(),
        export_card=None,
    )
    return flow.begin(state, "declare", 0)


def actors(state: BusinessmenState) -> tuple[int, ...]:
    """The one seat whose decision is awaited, or () when the game is over."""
    return () if state.turn is None or state.phase == "over" else (state.turn,)


def legal(state: BusinessmenState, seat: int) -> ActionSpace:
    """The menu of `seat` now, or NoActions saying why it has none."""
    if not 0 <= seat < state.players:
        return NoActions(f"there is no seat {seat} in this {state.players}-player game")
    if state.phase == "over":
        return NoActions("the game is over")
    if state.turn != seat:
        return NoActions(f"it is seat {state.turn}'s turn, not yours")
    return Menu(menus.menu(state, seat), lambda action: refusal(state, seat, action))


def apply(state: BusinessmenState, seat: int, action: Any) -> BusinessmenState:
    """`seat` takes `action`; IllegalAction (and nothing changed) if the rules refuse it."""
    why = legal(state, seat).check(action)
    if why:
        raise IllegalAction(why, seat, action)
    state = _do(state, seat, action)
    return flow.after_action(state, seat)


def _do(state: BusinessmenState, seat: int, action: Any) -> BusinessmenState:
    """The effect of a legal action, before the turn moves on."""
    if isinstance(action, Pass):
        return log(with_seat(state, seat, passed=True), "pass", seat=seat, phase=state.phase)
    if state.phase == "declare":
        return _declare(state, seat, isinstance(action, Skip))
    if isinstance(action, Buy):
        return _buy(state, seat, action)
    if isinstance(action, Load):
        return _load(state, seat, action)
    if isinstance(action, Store):
        return flow.keep_types(state, seat, tuple(GOODS.index(g) for g in action.keep))
    if isinstance(action, Export):
        return _export(state, seat, action)
    which = CHARACTERISTICS.index(action.characteristic)
    return (
        _improve(state, seat, which) if isinstance(action, Improve) else _insure(state, seat, which)
    )


def _declare(state: BusinessmenState, seat: int, skip: bool) -> BusinessmenState:
    """RULINGS Businessmen 12: a skip costs 1 VP now and pays 10 coins as the next round starts."""
    state = with_seat(state, seat, passed=True, skipping=skip)
    if skip:
        state = gain_vp(state, seat, -SKIP_VP)
    return log(state, "declare", seat=seat, skip=skip)


def _buy(state: BusinessmenState, seat: int, action: Buy) -> BusinessmenState:
    """RULINGS Businessmen 3: 1 coin a unit, into the temporary warehouse."""
    good, units = GOODS.index(action.good), action.units
    me = state.seats[seat]
    state = pay(state, seat, units)
    state = with_seat(
        state, seat, temp=bump(me.temp, good, units), bought=put(me.bought, good, True)
    )
    state = replace(state, market=bump(state.market, good, -units))
    return log(state, "buy", seat=seat, good=action.good, units=units)


def _load(state: BusinessmenState, seat: int, action: Load) -> BusinessmenState:
    """RULINGS Businessmen 4: the mandatory maximum, from the temporary warehouse first."""
    car, good = CARS.index(action.car), GOODS.index(action.good)
    units = menus.load_units(state, seat, car, good)
    me = state.seats[seat]
    from_temp = min(units, me.temp[good])
    state = with_seat(
        state,
        seat,
        temp=bump(me.temp, good, -from_temp),
        main=bump(me.main, good, from_temp - units),
    )
    wagon = state.cars[car]
    state = replace(state, cars=put(state.cars, car, Car(good, bump(wagon.units, seat, units))))
    return log(state, "load", seat=seat, car=action.car, good=action.good, units=units)


def _export(state: BusinessmenState, seat: int, action: Export) -> BusinessmenState:
    """RULINGS Businessmen 8: the units go back to the supply; 1, 2 or 3 VP; no coins."""
    good, units = GOODS.index(action.good), action.units
    me = state.seats[seat]
    state = with_seat(
        state, seat, main=bump(me.main, good, -units), exported=put(me.exported, good, True)
    )
    state = replace(state, supply=bump(state.supply, good, units))
    state = gain_vp(state, seat, EXPORT_VP[units])
    return log(state, "export", seat=seat, good=action.good, units=units, vp=EXPORT_VP[units])


def _improve(state: BusinessmenState, seat: int, which: int) -> BusinessmenState:
    """RULINGS Businessmen 9: 10 coins and 1 VP to level 2, 20 coins and 2 VP to level 3."""
    level = state.seats[seat].levels[which] + 1
    coins, vp = IMPROVE[level]
    state = pay(state, seat, coins)
    state = with_seat(state, seat, levels=put(state.seats[seat].levels, which, level))
    state = gain_vp(state, seat, vp)
    name = CHARACTERISTICS[which]
    return log(state, "improve", seat=seat, characteristic=name, level=level, coins=coins, vp=vp)


def _insure(state: BusinessmenState, seat: int, which: int) -> BusinessmenState:
    """RULINGS Businessmen 11: 10 coins; the warning marker comes off."""
    me = state.seats[seat]
    state = pay(state, seat, INSURANCE_COST)
    state = with_seat(
        state, seat, insured=put(me.insured, which, True), markers=put(me.markers, which, False)
    )
    return log(state, "insure", seat=seat, characteristic=CHARACTERISTICS[which])


def result(state: BusinessmenState) -> Result | None:
    """RULINGS Businessmen 13: among those at the goal, the most coins wins (equal: shared)."""
    if state.phase != "over":
        return None
    vp = [s.vp for s in state.seats]
    coins = [s.coins for s in state.seats]
    if state.ended == "goal":
        keys = [
            (v >= state.goal, c if v >= state.goal else v, c)
            for v, c in zip(vp, coins, strict=True)
        ]
        reason = f"a player reached {state.goal} VP; the most coins among those at {state.goal}+"
    else:
        keys = [(True, v, c) for v, c in zip(vp, coins, strict=True)]
        reason = f"the round limit ({state.max_rounds}) ended the game: most VP, then most coins"
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    winners = tuple(s for s, rank in enumerate(ranks) if rank == 1)
    return Result(tuple(float(v) for v in vp), ranks, winners, reason)
