"""A lean Businessmen table for the lab: one game in plain mutable lists, rule for rule `flow.py`.

The rules engine keeps every state immutable, logs every event in words and lists every menu,
which a person, a search and a replay need and a lab run of heuristic bots does not. This table
keeps only what decides the game: it draws from the same counter-based generator in the same
order as the rules engine, so a seed gives the same game, move for move
(`tests/games/businessmen/test_fast_differential.py` plays both).

Each phase is a loop over the seats in the order the rules engine gives them the turn
(`flow.seek`); a `Chooser` (the heuristic, `fast_heuristic.py`) picks each move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tradingfloor.core.rng import Rng
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    EXPORT_VP,
    IMPROVE,
    INSURANCE_COST,
    LOADER,
    LOADER_LIMIT,
    MANAGER,
    MANAGER_LIMIT,
    PRICE_MAX,
    PRICE_MIN,
    VP_SOURCES,
    WAREHOUSE,
    WAREHOUSE_TYPES,
)

GOODS = range(6)
EXPORT_LEAST = min(EXPORT_VP)  # the smallest export
CARS_VP, EXPORTS, IMPROVING, EVENTS, SKIPPING = range(len(VP_SOURCES))  # VP_SOURCES order
Move = tuple[int, ...]  # a chosen move: one of the tuples the Chooser's methods return


class Chooser(Protocol):
    """Picks each move of a seat from the table; None passes (where passing is allowed)."""

    def declare(self, table: FastTable, seat: int) -> bool: ...  # True: skip the round
    def buy(self, table: FastTable, seat: int) -> tuple[int, int] | None: ...  # (good, units)
    def load(self, table: FastTable, seat: int) -> tuple[int, int] | None: ...  # (car, good)
    def store(self, table: FastTable, seat: int) -> tuple[int, ...]: ...  # goods kept
    def export(self, table: FastTable, seat: int) -> tuple[int, int] | None: ...  # (good, units)
    def improve(self, table: FastTable, seat: int) -> int | None: ...  # characteristic
    def insure(self, table: FastTable, seat: int) -> int | None: ...  # characteristic


Recorder = Callable[[int, str, object], None]
"""Told every move made: (seat, action type, the move's fields: None, a tuple or an int)."""


class FastTable:
    """The whole table as lists that the phases change in place; seats index every list."""

    def __init__(self, decks: Decks, players: int, goal: int, max_rounds: int, seed: int) -> None:
        self.decks, self.players, self.goal, self.max_rounds = decks, players, goal, max_rounds
        self.cursor = Rng(seed).cursor()  # the one generator of the game, as rules.new_state's
        self.goods_deck = self.cursor.shuffled(range(len(decks.goods_cards)))
        self.export_deck = self.cursor.shuffled(range(len(decks.export_cards)))
        self.goods_used: list[int] = []
        self.export_used: list[int] = []
        self.goods_card, self.export_card = -1, -1
        self.export_goods: tuple[int, ...] = ()  # the export card's goods not under embargo
        self.embargo: tuple[int, ...] = ()
        self.round, self.first = 1, 0
        self.supply = [decks.figures.supply_per_good] * 6
        self.market = [0] * 6
        self.prices = [decks.figures.start_price] * 6
        self.car_good: list[int | None] = [None, None, None]
        self.car_units = [[0] * players for _ in range(3)]
        self.car_load = [0, 0, 0]
        seats = range(players)
        self.coins = [decks.figures.start_coins] * players
        self.vp = [0] * players
        self.vp_from = [[0] * len(VP_SOURCES) for _ in seats]
        self.levels = [[1, 1, 1] for _ in seats]
        self.insured = [[False] * 3 for _ in seats]
        self.main = [[0] * 6 for _ in seats]
        self.temp = [[0] * 6 for _ in seats]
        self.skipping = [False] * players
        self.owed = [False] * players
        self.bought = [[False] * 6 for _ in seats]
        self.exported = [[False] * 6 for _ in seats]
        self.ended = ""

    def play(self, chooser: Chooser, record: Recorder) -> None:
        """Play the game to its end, round by round (RULINGS Businessmen 2-13)."""
        while True:
            self._declare(chooser, record)
            self._turn_cards()
            self._buy(chooser, record)
            self._load(chooser, record)
            self._store(chooser, record)
            self._send_cars()
            self._export(chooser, record)
            self._improve(chooser, record)
            self._events(chooser, record)
            self._insure(chooser, record)
            if self._end_round():
                return

    # Helpers shared by the phases.

    def clockwise(self) -> list[int]:
        """The seats taking part in the round, clockwise from the first player."""
        players, first, skipping = self.players, self.first, self.skipping
        order = [(first + k) % players for k in range(players)]
        return [seat for seat in order if not skipping[seat]]

    def gain_vp(self, seat: int, vp: int, source: int) -> None:
        """Move the VP marker by `vp` (never below 0), tallied under `source`."""
        moved = max(0, self.vp[seat] + vp) - self.vp[seat]
        self.vp[seat] += moved
        self.vp_from[seat][source] += moved

    def types_over(self, seat: int) -> bool:
        """Whether the main warehouse holds more types than its level allows."""
        room = WAREHOUSE_TYPES[self.levels[seat][WAREHOUSE] - 1]
        return 6 - self.main[seat].count(0) > room

    # The phases, in the order of the round.

    def _declaring(self) -> list[int]:
        """The seats still to declare, clockwise from the first: all of them, on this table."""
        return [(self.first + k) % self.players for k in range(self.players)]

    def _declare(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 12: every seat plays or skips (−1 VP), clockwise from the first."""
        for seat in self._declaring():
            skip = chooser.declare(self, seat)
            self.skipping[seat] = skip
            if skip:
                self.gain_vp(seat, -self.decks.figures.skip_vp, SKIPPING)
            record(seat, "skip" if skip else "play", None)
        for seat in range(self.players):
            if self.owed[seat]:
                self.coins[seat] += self.decks.figures.skip_pay
                self.owed[seat] = False

    def _turn_cards(self) -> None:
        """RULINGS Businessmen 2: a goods card fills the market as far as the supply lasts."""
        cursor = self.cursor
        if not self.goods_deck:
            self.goods_deck, self.goods_used = cursor.shuffled(self.goods_used), []
        if not self.export_deck:
            self.export_deck, self.export_used = cursor.shuffled(self.export_used), []
        self.goods_card = self.goods_deck.pop(0)
        self.export_card = self.export_deck.pop(0)
        wanted = self.decks.goods_cards[self.goods_card]
        for good in GOODS:
            units = min(wanted[good], self.supply[good])
            self.market[good] = units
            self.supply[good] -= units
        self._read_export_card()

    def _read_export_card(self) -> None:
        card = self.decks.export_cards[self.export_card]
        self.export_goods = tuple(good for good in card if good not in self.embargo)

    def _seek(self, passed: list[bool], start: int, can: Callable[[int], bool]) -> int:
        """flow.seek: the first seat from `start` not passed that `can` act, or -1 (the phase
        ends); a seat that cannot act passes at once, as its options only shrink."""
        players = self.players
        for k in range(players):
            seat = (start + k) % players
            if passed[seat]:
                continue
            if can(seat):
                return seat
            passed[seat] = True
        return -1

    def _buy(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 3: round and round until all pass or the market is empty."""
        passed = self.skipping.copy()  # skippers sit the round out
        market = self.market
        seat = self._seek(passed, self.first, self._can_buy)
        while seat >= 0:
            picked = chooser.buy(self, seat)
            if picked is None:
                passed[seat] = True
                record(seat, "pass", None)
            else:
                good, units = picked
                self.coins[seat] -= units
                self.temp[seat][good] += units
                self.bought[seat][good] = True
                market[good] -= units
                record(seat, "buy", picked)
                if not any(market):
                    return
            seat = self._seek(passed, seat + 1, self._can_buy)

    def _can_buy(self, seat: int) -> bool:
        """menus._can_buy: some good on the market not bought yet this round, and coins."""
        if self.coins[seat] <= 0 or MANAGER_LIMIT[self.levels[seat][MANAGER] - 1] <= 0:
            return False
        bought, market = self.bought[seat], self.market
        # Loops here and below, not any() of a generator: these run at every turn of a phase.
        for good in GOODS:  # noqa: SIM110
            if market[good] > 0 and not bought[good]:
                return True
        return False

    def _load(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 4: round and round from the first player's left until all pass."""
        passed = self.skipping.copy()
        seat = self._seek(passed, self.first + 1, self._can_load)
        while seat >= 0:
            picked = chooser.load(self, seat)
            if picked is None:
                passed[seat] = True
                record(seat, "pass", None)
            else:
                self._load_car(seat, *picked)
                record(seat, "load", picked)
            seat = self._seek(passed, seat + 1, self._can_load)

    def load_units(self, seat: int, car: int, good: int) -> int:
        """menus.load_units: the mandatory maximum (0: this load is impossible)."""
        if self.car_good[car] not in (None, good):
            return 0
        room = CAPACITY[car] - self.car_load[car]
        held = self.main[seat][good] + self.temp[seat][good]
        return min(LOADER_LIMIT[self.levels[seat][LOADER] - 1], room, held)

    def _can_load(self, seat: int) -> bool:
        """menus._can_load: some car with room that takes a good the seat holds."""
        main, temp = self.main[seat], self.temp[seat]
        for car in range(3):
            if CAPACITY[car] - self.car_load[car] <= 0:
                continue
            good = self.car_good[car]
            if good is None:
                if any(main) or any(temp):
                    return True
            elif main[good] + temp[good] > 0:
                return True
        return False

    def _load_car(self, seat: int, car: int, good: int) -> None:
        """RULINGS Businessmen 4: the mandatory maximum, from the temporary warehouse first."""
        units = self.load_units(seat, car, good)
        temp = self.temp[seat]
        from_temp = min(units, temp[good])
        temp[good] -= from_temp
        self.main[seat][good] -= units - from_temp
        self.car_good[car] = good
        self.car_units[car][seat] += units
        self.car_load[car] += units

    def _store(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 5: the temporary warehouses empty; each seat over its types keeps
        the types it chooses, clockwise from the first player."""
        for seat in range(self.players):
            main, temp = self.main[seat], self.temp[seat]
            for good in GOODS:
                main[good] += temp[good]
                temp[good] = 0
        for seat in self.clockwise():
            if self.types_over(seat):
                keep = chooser.store(self, seat)
                self._keep(seat, keep)
                record(seat, "store", keep)

    def _keep(self, seat: int, keep: tuple[int, ...]) -> None:
        """flow.keep_types: the types not kept go back to the supply."""
        main = self.main[seat]
        for good in GOODS:
            if good not in keep:
                self.supply[good] += main[good]
                main[good] = 0

    def _send_cars(self) -> None:
        """Phase 3 (flow.send_cars): the price roulette, full cars sent and paid, prices move."""
        spin = self.cursor.below(len(self.decks.price_wheel))
        sector = self.decks.price_wheel[spin]
        prices = self.prices
        # RULINGS Businessmen 6: a shock moves prices before the cars are paid.
        if sector.up is not None:
            prices[sector.up] = _clamp(prices[sector.up] + sector.up_by)
        if sector.down is not None:
            prices[sector.down] = _clamp(prices[sector.down] - sector.down_by)
        self.embargo = sector.embargo
        self._read_export_card()
        falls = [0] * 6
        for car in range(3):
            good = self.car_good[car]
            if good is None or self.car_load[car] < CAPACITY[car] or good in self.embargo:
                continue
            falls[good] += CAPACITY[car]
            self._send(car, good)
        # RULINGS Businessmen 7: goods sent fall by each car's capacity; all the others rise 3.
        rise = self.decks.figures.rise
        for good in GOODS:
            moved = prices[good] - falls[good] if falls[good] else prices[good] + rise
            prices[good] = _clamp(moved)

    def _send(self, car: int, good: int) -> None:
        """RULINGS Businessmen 7, 12: units x price to each owner; VP to a lone non-skipper."""
        price = self.prices[good]
        units = self.car_units[car]
        owners = [seat for seat in range(self.players) if units[seat]]
        for seat in owners:
            self.coins[seat] += units[seat] * price
        if len(owners) == 1 and not self.skipping[owners[0]]:
            self.gain_vp(owners[0], CAR_VP[car], CARS_VP)
        self.supply[good] += self.car_load[car]
        self.car_good[car] = None
        self.car_units[car] = [0] * self.players
        self.car_load[car] = 0

    def _export(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 8: each seat in turn exports until it passes or cannot."""
        for seat in self.clockwise():
            while self.can_export(seat):
                picked = chooser.export(self, seat)
                if picked is None:
                    record(seat, "pass", None)
                    break
                good, units = picked
                self.main[seat][good] -= units
                self.exported[seat][good] = True
                self.supply[good] += units
                self.gain_vp(seat, EXPORT_VP[units], EXPORTS)
                record(seat, "export", picked)

    def can_export(self, seat: int) -> bool:
        """Whether menus.export_options lists anything: 4 units of a good it may export."""
        main, exported = self.main[seat], self.exported[seat]
        for good in self.export_goods:  # noqa: SIM110
            if main[good] >= EXPORT_LEAST and not exported[good]:
                return True
        return False

    def _improve(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 9: each seat in turn improves until it passes or cannot pay."""
        for seat in self.clockwise():
            while self.can_improve(seat):
                picked = chooser.improve(self, seat)
                if picked is None:
                    record(seat, "pass", None)
                    break
                levels = self.levels[seat]
                levels[picked] += 1
                coins, vp = IMPROVE[levels[picked]]
                self.coins[seat] -= coins
                self.gain_vp(seat, vp, IMPROVING)
                record(seat, "improve", picked)

    def can_improve(self, seat: int) -> bool:
        """menus.improve_options is not empty: a level below 3 whose next one the seat can pay."""
        coins = self.coins[seat]
        for level in self.levels[seat]:  # noqa: SIM110
            if level < 3 and coins >= IMPROVE[level + 1][0]:
                return True
        return False

    def _events(self, chooser: Chooser, record: Recorder) -> None:
        """Phase 5 (flow.spin_events): a spin each, clockwise; a seat over its types discards."""
        for seat in self.clockwise():
            self._spin_for(seat)
            if self.types_over(seat):
                keep = chooser.store(self, seat)  # RULINGS Businessmen 10: at once
                self._keep(seat, keep)
                record(seat, "store", keep)
        # RULINGS Businessmen 11: insurance covers the next round's phase 5 only.
        self.insured = [[False] * 3 for _ in range(self.players)]

    def _spin_for(self, seat: int) -> None:
        """RULINGS Businessmen 10: an unlucky spin loses a level (and 1 VP, 2 from level 3)."""
        wheel = self.decks.events_wheel
        hit = wheel[self.cursor.below(len(wheel))]
        if hit is None:
            return
        if self.insured[seat][hit]:
            self.insured[seat][hit] = False
            return
        levels = self.levels[seat]
        level = levels[hit]
        levels[hit] = max(1, level - 1)
        self.gain_vp(seat, -2 if level == 3 else -1, EVENTS)

    def _insure(self, chooser: Chooser, record: Recorder) -> None:
        """RULINGS Businessmen 11: each seat in turn insures until it passes or cannot pay."""
        for seat in self.clockwise():
            while self.coins[seat] >= INSURANCE_COST and not all(self.insured[seat]):
                picked = chooser.insure(self, seat)
                if picked is None:
                    record(seat, "pass", None)
                    break
                self.coins[seat] -= INSURANCE_COST
                self.insured[seat][picked] = True
                record(seat, "insure", picked)

    def _end_round(self) -> bool:
        """RULINGS Businessmen 13 and 2: True when the game is over, else the next round set up."""
        if any(vp >= self.goal for vp in self.vp):
            self.ended = "goal"
            return True
        if self.round >= self.max_rounds:
            self.ended = "round limit"
            return True
        for good in GOODS:
            self.supply[good] += self.market[good]
            self.market[good] = 0
        self.owed = self.skipping
        self.skipping = [False] * self.players
        self.bought = [[False] * 6 for _ in range(self.players)]
        self.exported = [[False] * 6 for _ in range(self.players)]
        self.goods_used.append(self.goods_card)
        self.export_used.append(self.export_card)
        self.round += 1
        self.first = (self.first + 1) % self.players
        self.embargo = ()
        return False


def _clamp(price: int) -> int:
    """RULINGS Businessmen 7: prices live on a scale of 1-10."""
    return max(PRICE_MIN, min(PRICE_MAX, price))
