"""`bots.HeuristicAgent`'s choices read straight from a `FastTable`, for the lab's fast games.

Each method makes the choice the agent makes from its view and its menu, with the same ties: the
agent keeps the first best action in menu order (`menus.py`), so the loops below run in that
order and keep a candidate only when it is strictly better. The differential test holds the two
to the same moves.
"""

from __future__ import annotations

from itertools import combinations

from tradingfloor.games.businessmen.bots import COINS_PER_VP, RESERVE, RESTORE
from tradingfloor.games.businessmen.fast_table import FastTable
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    IMPROVE,
    INSURANCE_COST,
    LOADER,
    LOADER_LIMIT,
    MANAGER,
    MANAGER_LIMIT,
    SUPPLY_PER_GOOD,
    WAREHOUSE,
    WAREHOUSE_TYPES,
)

EXPORT_STEPS = (4, 6, 8)  # state.EXPORT_VP's thresholds, in the menu's order
IMPROVE_ORDER = (2, 1, 0)  # by characteristic: the manager first, then the loader, the warehouse


def export_vp(units: int) -> int:
    """bots._export_vp: the VP of the largest export that `units` allow, 0 if none."""
    return 3 if units >= 8 else 2 if units >= 6 else 1 if units >= 4 else 0


# EXPORT_GAIN[held][units]: coins' worth of the export VP that buying `units` more opens up
# (bots._export_bonus). No seat holds more than the supply of a good, nor buys more than 5.
MOST_BOUGHT = MANAGER_LIMIT[-1]
EXPORT_GAIN = tuple(
    tuple(
        (export_vp(held + units) - export_vp(held)) * COINS_PER_VP
        for units in range(MOST_BOUGHT + 1)
    )
    for held in range(SUPPLY_PER_GOOD + 1)
)
NO_GAIN = (0,) * (MOST_BOUGHT + 1)


class FastHeuristic:
    """The heuristic trader's choices; the events wheel's odds are read once per game."""

    def __init__(self, table: FastTable) -> None:
        wheel = table.decks.events_wheel
        # bots._insure's expected loss of each characteristic at each level, as it computes it.
        self.expected_loss = [
            {level: float(wheel.count(c) / len(wheel) * _loss(level)) for level in RESTORE}
            for c in range(3)
        ]

    def declare(self, table: FastTable, seat: int) -> bool:
        """Skip the round with under 3 coins: "no funds left, or very few of them"."""
        return table.coins[seat] < 3

    def buy(self, table: FastTable, seat: int) -> tuple[int, int] | None:
        """bots._buy: the purchase with the best worth over cost, None when none gains."""
        main, temp, coins = table.main[seat], table.temp[seat], table.coins[seat]
        limit = MANAGER_LIMIT[table.levels[seat][MANAGER] - 1]
        bought, market, prices = table.bought[seat], table.market, table.prices
        free, carrying = _car_rooms(table)
        best, best_gain = None, 0.0
        for good in range(6):
            most = market[good]  # min(limit, market, coins), written out: this is the hot loop
            if most <= 0 or bought[good]:
                continue
            if most > limit:
                most = limit
            if most > coins:
                most = coins
            held = main[good] + temp[good]
            room = free + carrying[good] - held  # room in the cars beyond what is held
            price = prices[good]
            bonus = EXPORT_GAIN[held] if good in table.export_goods else NO_GAIN
            for units in range(1, most + 1):
                gain = (units if units < room else room if room > 0 else 0) * price - units
                gain += bonus[units]
                if gain > best_gain:
                    best, best_gain = (good, units), gain
        return best

    def load(self, table: FastTable, seat: int) -> tuple[int, int] | None:
        """bots._load: the load worth most (cars it fills, alone best); None: none is worth it."""
        main, temp, prices = table.main[seat], table.temp[seat], table.prices
        limit = LOADER_LIMIT[table.levels[seat][LOADER] - 1]
        best, best_score = None, 0.0
        for car in range(3):
            capacity, load, carried = CAPACITY[car], table.car_load[car], table.car_good[car]
            for good in range(6) if carried is None else (carried,):
                held = main[good] + temp[good]
                units = capacity - load  # min(limit, room, held), written out
                if units > limit:
                    units = limit
                if units > held:
                    units = held
                if units <= 0:
                    continue  # not on the menu
                score = units * prices[good]
                if load + units == capacity:
                    score += 5
                    if table.car_units[car][seat] + units == capacity:
                        score += CAR_VP[car] * COINS_PER_VP
                elif load == 0:
                    score += 2 if held >= capacity else -2
                if good in table.export_goods:
                    score -= (export_vp(held) - export_vp(held - units)) * COINS_PER_VP
                if score > best_score:
                    best, best_score = (car, good), score
        return best

    def store(self, table: FastTable, seat: int) -> tuple[int, ...]:
        """bots._store: the types worth most at today's prices and on the export card."""
        main, prices = table.main[seat], table.prices
        exportable = table.export_goods
        worth = [
            main[g] * prices[g] + (export_vp(main[g]) * COINS_PER_VP if g in exportable else 0)
            for g in range(6)
        ]
        held = [g for g in range(6) if main[g]]
        room = WAREHOUSE_TYPES[table.levels[seat][WAREHOUSE] - 1]
        best: tuple[int, ...] = ()
        best_worth = -1
        for keep in combinations(held, room):
            total = sum(worth[g] for g in keep)
            if total > best_worth:
                best, best_worth = keep, total
        return best

    def export(self, table: FastTable, seat: int) -> tuple[int, int] | None:
        """bots._export: the largest export (the first on the card among equals)."""
        main, exported = table.main[seat], table.exported[seat]
        best, best_units = None, 0
        for good in table.export_goods:
            if exported[good]:
                continue
            units = max((u for u in EXPORT_STEPS if main[good] >= u), default=0)
            if units > best_units:
                best, best_units = (good, units), units
        return best

    def improve(self, table: FastTable, seat: int) -> int | None:
        """bots._improve: while the coins last beyond a reserve; the Manager and Loader first."""
        levels, coins = table.levels[seat], table.coins[seat]
        at_top = sum(1 for level in levels if level == 3)
        best, best_key = None, (4, 3)
        for c in range(3):
            level = levels[c]
            if level == 3 or coins < IMPROVE[level + 1][0]:
                continue  # not on the menu
            if coins - IMPROVE[level + 1][0] < RESERVE + 10 * (at_top + (level == 2)):
                continue
            key = (level, IMPROVE_ORDER[c])
            if key < best_key:
                best, best_key = c, key
        return best

    def insure(self, table: FastTable, seat: int) -> int | None:
        """bots._insure: the costliest risk, when its expected loss is at least the premium."""
        coins, levels, insured = table.coins[seat], table.levels[seat], table.insured[seat]
        if coins - INSURANCE_COST < RESERVE:
            return None
        best, best_loss = None, 0.0
        for c in range(3):
            if insured[c]:
                continue
            expected = self.expected_loss[c][levels[c]]
            if best is None or expected > best_loss:
                best, best_loss = c, expected
        return best if best is not None and best_loss >= 10 else None


def _loss(level: int) -> int:
    """What a hit at `level` costs in coins: the VP lost, and winning the level back."""
    return (2 if level == 3 else 1) * COINS_PER_VP + RESTORE[level]


def _car_rooms(table: FastTable) -> tuple[int, list[int]]:
    """Room in the empty cars, and by good the room in the cars carrying it (bots._car_room is
    their sum)."""
    free, carrying = 0, [0] * 6
    for car in range(3):
        good = table.car_good[car]
        if good is None:
            free += CAPACITY[car] - table.car_load[car]
        else:
            carrying[good] += CAPACITY[car] - table.car_load[car]
    return free, carrying
