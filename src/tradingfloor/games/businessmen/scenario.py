"""A scenario builder: a table set up mid-game, for worked examples, tests and demonstrations.

    state = build(
        first=0,
        phase="load",
        decks=parse_decks(TEXT),                  # chance forced by the data: a one-sector wheel
        seats={0: {"levels": (2, 1, 2), "main": {"grain": 2}, "temp": {"wood": 4, "oil": 3}}},
        cars={"yellow": ("fish", {3: 4})},        # Anton's 4 fish already in the yellow car
        prices={"fish": 1, "grain": 5},
    )

Seats not named get the setup (10 coins, level 1, nothing held). The supply holds whatever the
warehouses, the cars and the market do not, so goods are conserved from the start; the bank's
balance makes the coins add up to 10 a seat. `phase` is where the round stands:
- "declare": the round's declarations are awaited;
- "buy": the cards are turned (from the top of the goods and export decks) and buying begins;
- "load", "export", "improve", "insure": the cards are turned, the market is cleared (as after a
  buying phase that emptied it) and that phase begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradingfloor.core.rng import Rng
from tradingfloor.games.businessmen import flow
from tradingfloor.games.businessmen.decks import Decks, load_decks
from tradingfloor.games.businessmen.draft import Draft
from tradingfloor.games.businessmen.names import CARS, GOODS
from tradingfloor.games.businessmen.state import (
    START_COINS,
    START_PRICE,
    SUPPLY_PER_GOOD,
    BusinessmenState,
    Car,
    Seat,
)

SEAT_FIELDS = {"coins", "vp", "levels", "markers", "insured", "main", "temp", "owed"}


def build(
    players: int = 4,
    *,
    phase: str = "buy",
    first: int = 0,
    decks: Decks | None = None,
    seats: Mapping[int, Mapping[str, Any]] | None = None,
    cars: Mapping[str, tuple[str, Mapping[int, int]]] | None = None,
    prices: Mapping[str, int] | None = None,
    round: int = 1,
    goal: int = 20,
    seed: int = 0,
) -> BusinessmenState:
    """A table as described (see the module's docstring); the decks are not shuffled."""
    chosen = decks or load_decks()
    state = BusinessmenState(
        decks=chosen,
        goal=goal,
        max_rounds=100,
        rng=Rng(seed),
        round=round,
        first=first,
        phase="declare",
        turn=None,
        seats=tuple(_seat(dict((seats or {}).get(s, {}))) for s in range(players)),
        supply=(SUPPLY_PER_GOOD,) * 6,
        market=(0,) * 6,
        prices=tuple((prices or {}).get(name, START_PRICE) for name in GOODS),
        bank=0,
        cars=tuple(_car(players, (cars or {}).get(name)) for name in CARS),
        goods_deck=tuple(range(len(chosen.goods_cards))),
        goods_used=(),
        goods_card=None,
        export_deck=tuple(range(len(chosen.export_cards))),
        export_used=(),
        export_card=None,
    )
    state = _balance(state)
    return _enter(state, phase)


def _seat(spec: dict[str, Any]) -> Seat:
    unknown = set(spec) - SEAT_FIELDS
    if unknown:
        raise ValueError(f"unknown seat fields {sorted(unknown)}; use {sorted(SEAT_FIELDS)}")
    return Seat(
        coins=spec.get("coins", START_COINS),
        vp=spec.get("vp", 0),
        levels=tuple(spec.get("levels", (1, 1, 1))),  # type: ignore[arg-type]
        markers=tuple(spec.get("markers", (False, False, False))),  # type: ignore[arg-type]
        insured=tuple(spec.get("insured", (False, False, False))),  # type: ignore[arg-type]
        main=_units(spec.get("main", {})),
        temp=_units(spec.get("temp", {})),
        owed=spec.get("owed", False),
    )


def _units(goods: Mapping[str, int]) -> tuple[int, ...]:
    unknown = set(goods) - set(GOODS)
    if unknown:
        raise ValueError(f"unknown goods {sorted(unknown)}")
    return tuple(goods.get(name, 0) for name in GOODS)


def _car(players: int, spec: tuple[str, Mapping[int, int]] | None) -> Car:
    if spec is None:
        return Car(None, (0,) * players)
    good, owners = spec
    return Car(GOODS.index(good), tuple(owners.get(s, 0) for s in range(players)))


def _balance(state: BusinessmenState) -> BusinessmenState:
    """The supply and the bank that make goods and coins add up."""
    supply = []
    for g in range(6):
        held = sum(s.main[g] + s.temp[g] for s in state.seats)
        held += sum(car.load for car in state.cars if car.good == g)
        if held > SUPPLY_PER_GOOD:
            raise ValueError(f"{held} {GOODS[g]} on the table, but there are only 25")
        supply.append(SUPPLY_PER_GOOD - held)
    bank = START_COINS * state.players - sum(s.coins for s in state.seats)
    return state._replace(supply=tuple(supply), bank=bank)


def _enter(state: BusinessmenState, phase: str) -> BusinessmenState:
    table = Draft(state)
    if phase == "declare":
        flow.begin(table, "declare", table.first)
        return table.freeze()
    if phase not in ("buy", "load", "export", "improve", "insure"):
        raise ValueError(f"a scenario cannot start in phase {phase!r}")
    flow.turn_cards(table)
    if phase == "buy":
        flow.begin(table, "buy", table.first)
        return table.freeze()
    table.supply = tuple(a + b for a, b in zip(table.supply, table.market, strict=True))
    table.market = (0,) * 6
    flow.begin(table, phase, table.first + 1 if phase == "load" else table.first)  # type: ignore[arg-type]
    return table.freeze()
