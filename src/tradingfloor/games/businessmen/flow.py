"""The round's phase machine: whose turn it is, and every automatic step between decisions.

Each function changes the `Draft` of the step in progress in place.
"""

from __future__ import annotations

from operator import sub
from typing import Any, Final

from tradingfloor.games.businessmen import menus
from tradingfloor.games.businessmen.decks import PriceSector
from tradingfloor.games.businessmen.draft import Draft, SeatDraft
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    Car,
    Phase,
)
from tradingfloor.games.businessmen.table import (
    CLOCKWISE,
    added,
    bump,
    clamp_price,
    over_room,
    put,
    some,
)

# Phases where the turn goes round and round until everyone has passed (RULINGS Businessmen 3, 4).
CIRCLING: Final[tuple[str, ...]] = ("buy", "load")
NO_INSURANCE: Final = (False, False, False)
NO_GOODS: Final = (0,) * 6  # units of each good
NONE_OF_THE_GOODS: Final = (False,) * 6  # a flag for each good
# What the log says of the most frequent entries, made once for every seat of a table of up to 8
# (as CLOCKWISE): an entry keeps what it was given, and its words are never changed (its `data`
# is a new dict), so one dict serves every entry that says the same.
FORCED_PASSES: Final = {
    phase: tuple({"seat": seat, "phase": phase, "forced": True} for seat in range(8))
    for phase in CIRCLING
}  # a seat that passes in a circling phase as it has nothing it could do: by phase and seat
ROUNDS_FIRST: Final = tuple({"first": seat} for seat in range(8))  # a round's first player


def seek(table: Draft, start: int) -> None:
    """Give the turn to the first seat from `start` that has a decision; else end the phase.

    A seat with nothing it could do passes at once: in every phase, what a seat can do only
    shrinks as the phase goes on, so that pass is the one it would have to make anyway.
    """
    passed, phase = table.passed, table.phase
    circling = phase in CIRCLING
    players = table.players
    for seat in CLOCKWISE[players][start % players]:
        if passed[seat] or table.skipping(seat):
            continue
        if menus.can_act(table, phase, seat):
            table.turn = seat
            return
        passed[seat] = True
        if circling:
            table.note("pass", FORCED_PASSES[phase][seat])
    end_phase(table)


def after_action(table: Draft, seat: int) -> None:
    """Whose turn it is after `seat` acted."""
    if table.phase == "buy" and not some(table.market):
        end_phase(table)  # RULINGS Businessmen 3: until the market is empty
    elif table.phase in CIRCLING:
        seek(table, seat + 1)
    elif table.phase == "discard":
        spin_events(table)
    else:
        seek(table, table.first)


def end_phase(table: Draft) -> None:
    """Move on from the phase that has just finished to the next decision."""
    phase = table.phase
    if phase == "declare":
        begin_round(table)
    elif phase == "buy":
        begin(table, "load", table.first + 1)  # RULINGS Businessmen 4: left of the first player
    elif phase == "load":
        begin_storing(table)
    elif phase == "store":
        send_cars(table)
    elif phase == "export":
        begin(table, "improve", table.first)
    elif phase == "improve":
        spin_events(table)
    elif phase == "insure":
        end_round(table)
    else:
        raise KeyError(phase)


def begin(table: Draft, phase: Phase, start: int) -> None:
    """Enter `phase` with nobody passed, the turn going clockwise from `start`."""
    table.passed = [False] * table.players
    table.phase = phase
    table.turn = None
    seek(table, start)


def begin_round(table: Draft) -> None:
    """RULINGS Businessmen 2, 12: pay last round's skippers; turn a goods and an export card."""
    for seat in range(table.players):
        if table.seats[seat].owed:
            pay = table.decks.figures.skip_pay
            table.pay(seat, -pay)
            table.edit(seat).owed = False
            table.note("skip-pay", {"seat": seat, "coins": pay})
    turn_cards(table)
    begin(table, "buy", table.first)


def turn_cards(table: Draft) -> None:
    """RULINGS Businessmen 2: the market gets the goods card's goods, as far as the supply lasts."""
    card, table.goods_deck, table.goods_used = _draw(table.goods_deck, table.goods_used, table)
    export, table.export_deck, table.export_used = _draw(
        table.export_deck, table.export_used, table
    )
    wanted = table.decks.goods_cards[card]
    supply = table.supply
    market = tuple([min(units, supply[good]) for good, units in enumerate(wanted)])
    table.supply = tuple([units - market[good] for good, units in enumerate(supply)])
    table.market = market
    table.goods_card = card
    table.export_card = export
    table.note_later("cards", _cards_said, market, table.decks.export_cards[export])


def _cards_said(market: tuple[int, ...], export: tuple[int, ...]) -> dict[str, Any]:
    """The log's words for the cards turned: the market's goods and the export card's."""
    return {
        "market": {good: units for good, units in zip(GOODS, market, strict=True) if units},
        "export": [GOODS[g] for g in export],
    }


def _draw(
    deck: tuple[int, ...], used: tuple[int, ...], table: Draft
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The top card; a spent deck is rebuilt from its turned cards, shuffled."""
    if not deck:
        deck, used = tuple(table.draws().shuffled(used)), ()
    return deck[0], deck[1:], used


def begin_storing(table: Draft) -> None:
    """RULINGS Businessmen 5: the temporary warehouse empties into the main one."""
    for seat, tablet in enumerate(table.seats):
        if some(tablet.temp):
            me = table.edit(seat)
            me.main = added(me.main, me.temp)
            me.temp = NO_GOODS
    begin(table, "store", table.first)


def keep_types(table: Draft, seat: int, keep: tuple[int, ...]) -> None:
    """The main warehouse keeps the types in `keep`; the rest go back to the supply."""
    me = table.seats[seat]
    dropped = {GOODS[g]: me.main[g] for g in range(6) if me.main[g] and g not in keep}
    main = tuple(me.main[g] if g in keep else 0 for g in range(6))
    table.supply = tuple(table.supply[g] + me.main[g] - main[g] for g in range(6))
    table.edit(seat).main = main
    table.passed[seat] = True
    table.note("store", {"seat": seat, "keep": [GOODS[g] for g in keep], "dropped": dropped})


def send_cars(table: Draft) -> None:
    """Phase 3: the price roulette, full cars sent and paid, VP, price moves; then exports."""
    cursor = table.draws()
    spin = cursor.below(len(table.decks.price_wheel))
    sector = table.decks.price_wheel[spin]
    prices = table.prices
    # RULINGS Businessmen 6: a shock moves prices before the cars are paid.
    if sector.up is not None:
        prices = put(prices, sector.up, clamp_price(prices[sector.up] + sector.up_by))
    if sector.down is not None:
        prices = put(prices, sector.down, clamp_price(prices[sector.down] - sector.down_by))
    table.price_spin = spin
    table.embargo = sector.embargo
    table.prices = prices
    table.note_later("price-wheel", _price_wheel_said, spin, sector, prices)
    falls = [0] * 6
    for index, car in enumerate(table.cars):
        if car.good is None or car.load < CAPACITY[index] or car.good in table.embargo:
            continue
        falls[car.good] += CAPACITY[index]
        _send(table, index)
    _move_prices(table, falls)
    begin(table, "export", table.first)


def _price_wheel_said(spin: int, sector: PriceSector, prices: tuple[int, ...]) -> dict[str, Any]:
    """The log's words for the price wheel's spin, with the prices the cars are paid at."""
    return {"sector": spin, **sector.describe(), "prices": dict(zip(GOODS, prices, strict=True))}


def _send(table: Draft, index: int) -> None:
    """RULINGS Businessmen 7: pay each owner units x price; VP to a seat that filled it alone."""
    car = table.cars[index]
    good = car.good
    assert good is not None
    price = table.prices[good]
    paid = {}
    for seat, units in enumerate(car.units):
        if units:
            table.pay(seat, -units * price)
            paid[seat] = units * price
    owners = [seat for seat, units in enumerate(car.units) if units]
    alone = owners[0] if len(owners) == 1 else None
    # Businessmen "Skip the move": a skipper "will be able to receive only money for the sent cars
    # on which his goods were" (RULINGS Businessmen 12 pays them): money, and no VP for the car.
    skipper = alone if alone is not None and table.seats[alone].skipping else None
    if skipper is not None:
        alone = None
    if alone is not None:
        table.gain_vp(alone, CAR_VP[index], "cars")
    table.supply = bump(table.supply, good, car.load)
    table.cars = put(table.cars, index, Car(None, (0,) * table.players))
    table.note(
        "send",
        {
            "car": CARS[index],
            "good": GOODS[good],
            "units": car.load,
            "price": price,
            "paid": {str(s): c for s, c in paid.items()},
            "alone": alone,
            "vp": CAR_VP[index] if alone is not None else 0,
            **({"alone_skipping": skipper} if skipper is not None else {}),
        },
    )


def _move_prices(table: Draft, falls: list[int]) -> None:
    """RULINGS Businessmen 7: goods sent fall by each car's capacity; all the others rise 3."""
    before = table.prices
    rise = table.decks.figures.rise
    prices = tuple([_moved(price, falls[good], rise) for good, price in enumerate(before)])
    table.prices = prices
    table.note_later("prices", _prices_said, before, prices)


def _moved(price: int, fall: int, rise: int) -> int:
    """A good's price after the cars are sent: down by `fall` if it was sent, else up by `rise`."""
    return clamp_price(price - fall if fall else price + rise)


def _prices_said(before: tuple[int, ...], prices: tuple[int, ...]) -> dict[str, Any]:
    """The log's words for the round's price moves: each good's new price, and its move."""
    moved = dict(zip(GOODS, map(sub, prices, before), strict=True))
    return {"prices": dict(zip(GOODS, prices, strict=True)), "moved": moved}


def spin_events(table: Draft) -> None:
    """Phase 5: each seat still to spin does so, clockwise from the first player."""
    table.phase = "discard"
    table.turn = None
    spun = [seat for seat, _ in table.event_spins] if table.event_spins else ()
    for seat in CLOCKWISE[table.players][table.first % table.players]:
        if table.seats[seat].skipping or seat in spun:
            continue
        _spin_for(table, seat)
        me = table.seats[seat]
        if over_room(me):
            # RULINGS Businessmen 10: discard down to the new number of types at once.
            table.turn = seat
            table.passed[seat] = False
            return
    # RULINGS Businessmen 11: insurance covers the next round's phase 5 only.
    for seat, tablet in enumerate(table.seats):
        if some(tablet.insured):
            table.edit(seat).insured = NO_INSURANCE
    begin(table, "insure", table.first)


def _spin_for(table: Draft, seat: int) -> None:
    """RULINGS Businessmen 10: one spin of the events wheel for `seat`."""
    sector = table.draws().below(len(table.decks.events_wheel))
    table.event_spins = (*table.event_spins, (seat, sector))
    hit = table.decks.events_wheel[sector]
    me = table.seats[seat]
    if hit is None:
        table.note("event", {"seat": seat, "sector": sector, "hit": None})
        return
    name = CHARACTERISTICS[hit]
    if me.insured[hit]:
        table.edit(seat).insured = put(me.insured, hit, False)
        table.note("event", {"seat": seat, "sector": sector, "hit": name, "insured": True})
        return
    level = me.levels[hit]
    loss = 2 if level == 3 else 1
    table.gain_vp(seat, -loss, "events")
    lowered = max(1, level - 1)
    # At level 1 with its marker on already (in random play, most hits), the seat is unchanged.
    if lowered != level or not me.markers[hit]:
        me = table.edit(seat)
        me.levels, me.markers = put(me.levels, hit, lowered), put(me.markers, hit, True)
    table.note(
        "event", {"seat": seat, "sector": sector, "hit": name, "level": lowered, "vp": -loss}
    )


def end_round(table: Draft) -> None:
    """RULINGS Businessmen 13 and 2: the game ends, or the next round's declarations begin."""
    if _highest_vp(table) >= table.goal:
        _over(table, "goal")
        return
    if table.round >= table.max_rounds:
        _over(table, "round limit")
        return
    table.supply = added(table.supply, table.market)
    table.market = (0,) * 6
    for seat, tablet in enumerate(table.seats):
        # Already so for most seats: nothing skipped, owed, bought or exported.
        if tablet.skipping or tablet.owed or some(tablet.bought) or some(tablet.exported):
            _next_round(table.edit(seat))
    table.passed = [False] * table.players
    if table.goods_card is not None:
        table.goods_used = (*table.goods_used, table.goods_card)
    if table.export_card is not None:
        table.export_used = (*table.export_used, table.export_card)
    table.round += 1
    table.forget_old_rounds()
    table.first = (table.first + 1) % table.players
    table.goods_card = None
    table.export_card = None
    table.price_spin = None
    table.embargo = ()
    table.event_spins = ()
    table.note("round", ROUNDS_FIRST[table.first])
    begin(table, "declare", table.first)


def _highest_vp(table: Draft) -> int:
    """The most VP a seat has."""
    return max([tablet.vp for tablet in table.seats])


def _next_round(me: SeatDraft) -> None:
    """A seat's flags as a round starts: owed if it skipped, nothing bought or exported yet."""
    me.owed, me.skipping = me.skipping, False
    me.bought = me.exported = NONE_OF_THE_GOODS


def _over(table: Draft, why: str) -> None:
    table.phase = "over"
    table.turn = None
    table.ended = why
    at_goal = [seat for seat, s in enumerate(table.seats) if s.vp >= table.goal]
    table.note("over", {"why": why, "goal": table.goal, "at_goal": at_goal, "rounds": table.round})
