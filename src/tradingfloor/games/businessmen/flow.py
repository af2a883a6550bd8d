"""The round's phase machine: whose turn it is, and every automatic step between decisions."""

from __future__ import annotations

from tradingfloor.core.rng import RngCursor
from tradingfloor.games.businessmen import menus
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    RISE,
    SKIP_PAY,
    BusinessmenState,
    Car,
)
from tradingfloor.games.businessmen.table import (
    bump,
    clamp_price,
    clockwise,
    gain_vp,
    log,
    pay,
    put,
    replace,
    room_for_types,
    types_held,
    with_seat,
)

# Phases where the turn goes round and round until everyone has passed (RULINGS Businessmen 3, 4).
CIRCLING = ("buy", "load")


def seek(state: BusinessmenState, start: int) -> BusinessmenState:
    """Give the turn to the first seat from `start` that has a decision; else end the phase.

    A seat with nothing it could do passes at once: in every phase, what a seat can do only
    shrinks as the phase goes on, so that pass is the one it would have to make anyway.
    """
    for seat in clockwise(state, start):
        me = state.seats[seat]
        if me.passed or me.skipping:
            continue
        if menus.options(state, seat):
            return replace(state, turn=seat)
        state = with_seat(state, seat, passed=True)
        if state.phase in CIRCLING:
            state = log(state, "pass", seat=seat, forced=True)
    return end_phase(state)


def after_action(state: BusinessmenState, seat: int) -> BusinessmenState:
    """Whose turn it is after `seat` acted."""
    if state.phase == "buy" and not any(state.market):
        return end_phase(state)  # RULINGS Businessmen 3: until the market is empty
    if state.phase in CIRCLING:
        return seek(state, seat + 1)
    if state.phase == "discard":
        return spin_events(replace(state, phase="discard", turn=None))
    return seek(state, state.first)


def end_phase(state: BusinessmenState) -> BusinessmenState:
    """Move on from the phase that has just finished to the next decision."""
    following = {
        "declare": begin_round,
        "buy": begin_loading,
        "load": begin_storing,
        "store": send_cars,
        "export": lambda s: begin(s, "improve", s.first),
        "improve": spin_events,
        "insure": end_round,
    }
    return following[state.phase](state)


def begin(state: BusinessmenState, phase: str, start: int) -> BusinessmenState:
    """Enter `phase` with nobody passed, the turn going clockwise from `start`."""
    seats = tuple(replace(s, passed=False) if s.passed else s for s in state.seats)
    return seek(replace(state, phase=phase, turn=None, seats=seats), start)  # type: ignore[arg-type]


def begin_round(state: BusinessmenState) -> BusinessmenState:
    """RULINGS Businessmen 2, 12: pay last round's skippers; turn a goods and an export card."""
    for seat in range(state.players):
        if state.seats[seat].owed:
            state = with_seat(pay(state, seat, -SKIP_PAY), seat, owed=False)
            state = log(state, "skip-pay", seat=seat, coins=SKIP_PAY)
    return begin(turn_cards(state), "buy", state.first)


def turn_cards(state: BusinessmenState) -> BusinessmenState:
    """RULINGS Businessmen 2: the market gets the goods card's goods, as far as the supply lasts."""
    cursor = state.rng.cursor()
    card, goods_deck, goods_used = _draw(state.goods_deck, state.goods_used, cursor)
    export, export_deck, export_used = _draw(state.export_deck, state.export_used, cursor)
    wanted = state.decks.goods_cards[card]
    market = tuple(min(wanted[g], state.supply[g]) for g in range(6))
    supply = tuple(state.supply[g] - market[g] for g in range(6))
    state = replace(
        state,
        rng=cursor.rng,
        goods_card=card,
        goods_deck=goods_deck,
        goods_used=goods_used,
        export_card=export,
        export_deck=export_deck,
        export_used=export_used,
        market=market,
        supply=supply,
    )
    return log(
        state,
        "cards",
        market={GOODS[g]: market[g] for g in range(6) if market[g]},
        export=[GOODS[g] for g in state.decks.export_cards[export]],
    )


def _draw(
    deck: tuple[int, ...], used: tuple[int, ...], cursor: RngCursor
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The top card; a spent deck is rebuilt from its turned cards, shuffled."""
    if not deck:
        deck, used = tuple(cursor.shuffled(used)), ()
    return deck[0], deck[1:], used


def begin_loading(state: BusinessmenState) -> BusinessmenState:
    """RULINGS Businessmen 4: loading starts left of the round's first player."""
    return begin(state, "load", state.first + 1)


def begin_storing(state: BusinessmenState) -> BusinessmenState:
    """RULINGS Businessmen 5: the temporary warehouse empties into the main one."""
    seats = tuple(
        replace(s, main=tuple(m + t for m, t in zip(s.main, s.temp, strict=True)), temp=(0,) * 6)
        for s in state.seats
    )
    return begin(replace(state, seats=seats), "store", state.first)


def keep_types(state: BusinessmenState, seat: int, keep: tuple[int, ...]) -> BusinessmenState:
    """The main warehouse keeps the types in `keep`; the rest go back to the supply."""
    me = state.seats[seat]
    dropped = {GOODS[g]: me.main[g] for g in range(6) if me.main[g] and g not in keep}
    main = tuple(me.main[g] if g in keep else 0 for g in range(6))
    supply = tuple(state.supply[g] + me.main[g] - main[g] for g in range(6))
    state = replace(with_seat(state, seat, main=main, passed=True), supply=supply)
    return log(state, "store", seat=seat, keep=[GOODS[g] for g in keep], dropped=dropped)


def send_cars(state: BusinessmenState) -> BusinessmenState:
    """Phase 3: the price roulette, full cars sent and paid, VP, price moves; then exports."""
    cursor = state.rng.cursor()
    spin = cursor.below(len(state.decks.price_wheel))
    sector = state.decks.price_wheel[spin]
    prices = state.prices
    # RULINGS Businessmen 6: a shock moves prices before the cars are paid.
    if sector.up is not None:
        prices = put(prices, sector.up, clamp_price(prices[sector.up] + sector.up_by))
    if sector.down is not None:
        prices = put(prices, sector.down, clamp_price(prices[sector.down] - sector.down_by))
    state = replace(state, rng=cursor.rng, price_spin=spin, embargo=sector.embargo, prices=prices)
    after = {GOODS[g]: prices[g] for g in range(6)}  # the prices the cars are paid at
    state = log(state, "price-wheel", sector=spin, **sector.describe(), prices=after)
    falls = [0] * 6
    for index, car in enumerate(state.cars):
        if car.good is None or car.load < CAPACITY[index] or car.good in state.embargo:
            continue
        falls[car.good] += CAPACITY[index]
        state = _send(state, index)
    state = _move_prices(state, falls)
    return begin(state, "export", state.first)


def _send(state: BusinessmenState, index: int) -> BusinessmenState:
    """RULINGS Businessmen 7: pay each owner units x price; VP to a seat that filled it alone."""
    car = state.cars[index]
    good = car.good
    assert good is not None
    price = state.prices[good]
    paid = {}
    for seat, units in enumerate(car.units):
        if units:
            state = pay(state, seat, -units * price)
            paid[seat] = units * price
    owners = [seat for seat, units in enumerate(car.units) if units]
    alone = owners[0] if len(owners) == 1 else None
    # Businessmen "Skip the move": a skipper "will be able to receive only money for the sent cars
    # on which his goods were" (RULINGS Businessmen 12 pays them): money, and no VP for the car.
    skipper = alone if alone is not None and state.seats[alone].skipping else None
    if skipper is not None:
        alone = None
    if alone is not None:
        state = gain_vp(state, alone, CAR_VP[index])
    state = replace(
        state,
        supply=bump(state.supply, good, car.load),
        cars=put(state.cars, index, Car(None, (0,) * state.players)),
    )
    return log(
        state,
        "send",
        car=CARS[index],
        good=GOODS[good],
        price=price,
        paid={str(s): c for s, c in paid.items()},
        alone=alone,
        vp=CAR_VP[index] if alone is not None else 0,
        **({"alone_skipping": skipper} if skipper is not None else {}),
    )


def _move_prices(state: BusinessmenState, falls: list[int]) -> BusinessmenState:
    """RULINGS Businessmen 7: goods sent fall by each car's capacity; all the others rise 3."""
    prices = tuple(
        clamp_price(state.prices[g] - falls[g] if falls[g] else state.prices[g] + RISE)
        for g in range(6)
    )
    state = replace(state, prices=prices)
    return log(state, "prices", prices={GOODS[g]: prices[g] for g in range(6)})


def spin_events(state: BusinessmenState) -> BusinessmenState:
    """Phase 5: each seat still to spin does so, clockwise from the first player."""
    state = replace(state, phase="discard", turn=None)
    spun = {seat for seat, _ in state.event_spins}
    for seat in clockwise(state, state.first):
        if seat in spun or state.seats[seat].skipping:
            continue
        state = _spin_for(state, seat)
        me = state.seats[seat]
        if len(types_held(me)) > room_for_types(me):
            # RULINGS Businessmen 10: discard down to the new number of types at once.
            return replace(
                state, turn=seat, seats=put(state.seats, seat, replace(me, passed=False))
            )
    # RULINGS Businessmen 11: insurance covers the next round's phase 5 only.
    seats = tuple(replace(s, insured=(False, False, False)) for s in state.seats)
    return begin(replace(state, seats=seats), "insure", state.first)


def _spin_for(state: BusinessmenState, seat: int) -> BusinessmenState:
    """RULINGS Businessmen 10: one spin of the events wheel for `seat`."""
    cursor = state.rng.cursor()
    sector = cursor.below(len(state.decks.events_wheel))
    state = replace(state, rng=cursor.rng, event_spins=(*state.event_spins, (seat, sector)))
    hit = state.decks.events_wheel[sector]
    me = state.seats[seat]
    if hit is None:
        return log(state, "event", seat=seat, sector=sector, hit=None)
    name = CHARACTERISTICS[hit]
    if me.insured[hit]:
        state = with_seat(state, seat, insured=put(me.insured, hit, False))
        return log(state, "event", seat=seat, sector=sector, hit=name, insured=True)
    level = me.levels[hit]
    loss = 2 if level == 3 else 1
    state = with_seat(
        state,
        seat,
        levels=put(me.levels, hit, max(1, level - 1)),
        markers=put(me.markers, hit, True),
    )
    state = gain_vp(state, seat, -loss)
    return log(
        state, "event", seat=seat, sector=sector, hit=name, level=max(1, level - 1), vp=-loss
    )


def end_round(state: BusinessmenState) -> BusinessmenState:
    """RULINGS Businessmen 13 and 2: the game ends, or the next round's declarations begin."""
    if any(s.vp >= state.goal for s in state.seats):
        return replace(state, phase="over", turn=None, ended="goal")
    if state.round >= state.max_rounds:
        return replace(state, phase="over", turn=None, ended="round limit")
    supply = tuple(state.supply[g] + state.market[g] for g in range(6))
    seats = tuple(
        replace(
            s,
            owed=s.skipping,
            skipping=False,
            passed=False,
            bought=(False,) * 6,
            exported=(False,) * 6,
        )
        for s in state.seats
    )
    used_goods = state.goods_used + ((state.goods_card,) if state.goods_card is not None else ())
    used_export = state.export_used + (
        (state.export_card,) if state.export_card is not None else ()
    )
    state = replace(
        state,
        round=state.round + 1,
        first=(state.first + 1) % state.players,
        supply=supply,
        market=(0,) * 6,
        seats=seats,
        goods_card=None,
        goods_used=used_goods,
        export_card=None,
        export_used=used_export,
        price_spin=None,
        embargo=(),
        event_spins=(),
    )
    state = log(state, "round", first=state.first)
    return begin(state, "declare", state.first)
