"""Businessmen's state: the board, every player's tablet and warehouses, the decks and the round."""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.figures import PRINTED
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS

__all__ = ["CARS", "CHARACTERISTICS", "GOODS", "BusinessmenState", "Car", "Seat"]

WAREHOUSE: Final = 0  # the characteristics, as indices: warehouse, loader, manager
LOADER: Final = 1
MANAGER: Final = 2
# The tuples of figures are typed as tuples of any length: compiled, a tuple of a fixed length is
# held unboxed, and made into a new tuple each time it is indexed by a number known only then.
# Businessmen §4 of the field: yellow 5, blue 6, green 7
CAPACITY: Final[tuple[int, ...]] = (5, 6, 7)
# Businessmen Phase 3: a car filled alone gives 1/2/3 VP
CAR_VP: Final[tuple[int, ...]] = (1, 2, 3)
# The printed figures a designer may change (figures.py); a match reads state.decks.figures.
SUPPLY_PER_GOOD = PRINTED.supply_per_good  # RULINGS Businessmen, setup: 25 tiles of each good
START_COINS = PRINTED.start_coins  # RULINGS Businessmen, setup: 10 coins each
START_PRICE = PRINTED.start_price  # RULINGS Businessmen 7: "the start is 3"
PRICE_MIN: Final = 1  # RULINGS Businessmen 7: prices live on a scale of 1-10
PRICE_MAX: Final = 10
RISE = PRINTED.rise  # RULINGS Businessmen 7: every good not sent rises 3
# RULINGS Businessmen 5: types the main warehouse holds, by level
WAREHOUSE_TYPES: Final[tuple[int, ...]] = (1, 2, 3)
LOADER_LIMIT: Final[tuple[int, ...]] = (4, 5, 6)  # RULINGS Businessmen 4: Loader limit 4/5/6
MANAGER_LIMIT: Final[tuple[int, ...]] = (3, 4, 5)  # RULINGS Businessmen 3: Manager's limit 3/4/5
IMPROVE: Final = {2: (10, 1), 3: (20, 2)}  # level reached -> (coins, VP); RULINGS Businessmen 9
INSURANCE_COST: Final = 10  # RULINGS Businessmen 11: 10 coins per characteristic
SKIP_VP = PRINTED.skip_vp  # RULINGS Businessmen 12: a skipper loses 1 VP
SKIP_PAY = (
    PRINTED.skip_pay
)  # RULINGS Businessmen 12: and receives 10 coins as the next round starts
EXPORT_VP: Final = {4: 1, 6: 2, 8: 3}  # RULINGS Businessmen 8
LOG_ROUNDS: Final = 2  # the log keeps the current round and the one before it, whole

Phase = Literal["declare", "buy", "load", "store", "export", "improve", "discard", "insure", "over"]
Goods = tuple[int, ...]  # units per good, in GOODS order
# Where a seat's VP came from (or went): the lab's balance figure "VP by source".
VP_SOURCES: Final[tuple[str, ...]] = ("cars", "exports", "improving", "events", "skipping")


# The records are NamedTuples rather than frozen dataclasses: as immutable, but a copy with a field
# changed is one tuple build, and the rules copy records many times on every step.


class Car(NamedTuple):
    """One car: the type it carries (None while empty) and each seat's units in it."""

    good: int | None
    units: tuple[int, ...]

    @property
    def load(self) -> int:
        return sum(units for units in self.units)  # a native loop, compiled (table.py)


class Seat(NamedTuple):
    """One player's tablet, purse and warehouses, and their flags for the round."""

    coins: int
    vp: int
    levels: tuple[int, int, int]  # warehouse, loader, manager: 1..3
    markers: tuple[bool, bool, bool]  # warning markers
    insured: tuple[bool, bool, bool]
    main: Goods
    temp: Goods
    skipping: bool = False  # declared a skip for this round
    owed: bool = False  # skipped the last round: paid 10 coins as this one starts
    passed: bool = False  # passed in the current phase (final)
    bought: tuple[bool, ...] = (False,) * 6  # types bought this round
    exported: tuple[bool, ...] = (False,) * 6  # types exported this round
    vp_from: tuple[int, ...] = (0,) * len(VP_SOURCES)  # VP gained (or lost) so far, by source

    def held(self, good: int) -> int:
        """Units of `good` in both warehouses together."""
        return self.main[good] + self.temp[good]


class BusinessmenState(NamedTuple):
    """The whole table. Only the undrawn decks' order and the RNG (future spins) are secret."""

    decks: Decks
    goal: int
    max_rounds: int
    rng: Rng
    round: int
    first: int  # the round's first player
    phase: Phase
    turn: int | None  # the seat whose decision is awaited
    seats: tuple[Seat, ...]
    supply: Goods
    market: Goods
    prices: Goods
    bank: int  # coins paid in minus coins paid out (the bank itself is unlimited)
    cars: tuple[Car, ...]
    goods_deck: tuple[int, ...]  # undrawn goods cards, top first (secret order)
    goods_used: tuple[int, ...]  # goods cards already turned, face up
    goods_card: int | None
    export_deck: tuple[int, ...]
    export_used: tuple[int, ...]
    export_card: int | None
    price_spin: int | None = None  # this round's price-wheel sector
    embargo: tuple[int, ...] = ()
    event_spins: tuple[tuple[int, int], ...] = ()  # (seat, sector) this round
    log: tuple[Event, ...] = ()
    logged: int = 0  # events logged so far, the last one's number
    ended: str | None = None  # why the game ended
    news_from: int = 0  # events logged before the latest step: those after it are its news

    @property
    def players(self) -> int:
        return len(self.seats)
