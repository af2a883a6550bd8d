"""Businessmen's observation: a seat's view as named, scaled numbers, each in [-1, 1].

Seats are listed from the observer's: "me" first, then the players after me in seat order, so
that a policy sees itself in one place whatever its seat. `values(view)` lists the view's raw
figures (units, prices, flags) in `NAMES`' order; `scaled` multiplies each by its entry's scale
(`SCALES`: 1/25 for units, 1/10 for prices...) and clips the few unbounded ones (coins, VP, the
bank) to [-1, 1], all at once in NumPy.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np

from tradingfloor.games.businessmen.decks import MOST_CARDS, MOVE
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import CAPACITY, PRICE_MAX, SUPPLY_PER_GOOD

MAX_SEATS = 4  # the options' "players": 2 to 4
PLAYER_COUNTS = (2, 3, 4)
PHASES = ("declare", "buy", "load", "store", "export", "improve", "discard", "insure", "over")
EVENTS = (*CHARACTERISTICS, "nothing")
MOST_GOAL = 200  # the options' "goal": 1 to 200 VP
MOST_MOVE = MOVE[1]  # a price shock moves a price by 1 to 9 (decks.MOVE)
UNITS = SUPPLY_PER_GOOD  # no count of one good's units exceeds its 25 tiles
CARD_UNITS = 6  # the default goods cards put 3 to 6 units of a good on the market
COINS = 100  # coins / 100: levels cost 10 and 20 coins, insurance 10; clipped past 100
VP = 30  # VP / 30 as well as VP / goal: the rules' goal is 20
ROUNDS = 50  # round / 50, 1 from round 50 on (a game to 20 VP lasts about 10 to 30 rounds)
BANK = 200  # the bank's takings (coins paid in less coins paid out) / 200, clipped
SEAT_WORDS = ("me", "the next player", "the player 2 after me", "the player 3 after me")

Spec = list[tuple[str, float]]
"""Entries' names, each with the divisor that scales its raw figure."""


def _per_good(what: str, divisor: float = 1) -> Spec:
    """One entry per good, `what` naming it."""
    return [(what.format(good=good), divisor) for good in GOODS]


def _flags(names: Sequence[str]) -> Spec:
    """Entries taken as they are (flags, one-hots, shares already in [0, 1])."""
    return [(name, 1) for name in names]


def _player_spec(who: str) -> Spec:
    """The entries of one place's tablet."""
    spec: Spec = [
        (f"{who}: is seated", 1),
        (f"{who}: coins / {COINS} (clipped to 1)", COINS),
        (f"{who}: VP / goal (clipped to ±1)", 1),
        (f"{who}: VP / {VP} (clipped to ±1)", VP),
    ]
    spec += [(f"{who}: {name} level (0 at level 1, 1 at level 3)", 1) for name in CHARACTERISTICS]
    spec += _flags([f"{who}: warning marker on {name}" for name in CHARACTERISTICS])
    spec += _flags([f"{who}: {name} insured" for name in CHARACTERISTICS])
    spec += _per_good(f"{who}: {{good}} in main warehouse / {UNITS}", UNITS)
    spec += _per_good(f"{who}: {{good}} in temporary warehouse / {UNITS}", UNITS)
    spec += _flags([f"{who}: skips this round", f"{who}: is owed 10 coins"])
    spec += _flags([f"{who}: passed this phase"])
    spec += _per_good(f"{who}: bought {{good}} this round")
    spec += _per_good(f"{who}: exported {{good}} this round")
    return spec


def _cars_spec() -> Spec:
    """The entries of the three cars."""
    spec: Spec = []
    for car, capacity in zip(CARS, CAPACITY, strict=True):
        spec += _flags([f"{car} car carries {good}" for good in GOODS])
        spec += [(f"{car} car is empty", 1), (f"{car} car load / {capacity}", capacity)]
        spec += [(f"{car} car: units loaded by {who} / {capacity}", capacity) for who in SEAT_WORDS]
    return spec


def _spec() -> Spec:
    """Every entry, in the observation's order."""
    spec: Spec = [("round / most rounds", 1), (f"round / {ROUNDS} (1 from then on)", ROUNDS)]
    spec += [(f"goal / {MOST_GOAL}", MOST_GOAL)]
    spec += _flags([f"{count} players" for count in PLAYER_COUNTS])
    spec += _flags([f"phase is {phase}" for phase in PHASES])
    spec += _flags([f"to move: {who}" for who in SEAT_WORDS])
    spec += _flags([f"first this round: {who}" for who in SEAT_WORDS])
    spec += _per_good(f"{{good}} price / {PRICE_MAX}", PRICE_MAX)
    spec += _per_good(f"{{good}} on the market / {UNITS}", UNITS)
    spec += _per_good(f"{{good}} in the supply / {UNITS}", UNITS)
    spec += _per_good(f"{{good}} on the goods card / {UNITS}", UNITS)
    spec += _per_good("{good} on the export card")
    spec += _per_good("{good} embargoed")
    spec += _per_good(f"{{good}} raised by this round's price spin / {MOST_MOVE}", MOST_MOVE)
    spec += _per_good(f"{{good}} lowered by this round's price spin / {MOST_MOVE}", MOST_MOVE)
    spec += _flags(["a goods card is turned", "an export card is turned"])
    spec += _flags(["the price wheel is spun this round"])
    spec += [(f"bank's takings / {BANK} (clipped to ±1)", BANK)]
    spec += _cars_spec()
    spec += [("goods cards left / goods cards", 1), (f"goods cards / {MOST_CARDS}", MOST_CARDS)]
    spec += [("export cards left / export cards", 1)]
    spec += [(f"export cards / {MOST_CARDS}", MOST_CARDS)]
    spec += _per_good(
        f"{{good}} units on turned goods cards / ({CARD_UNITS} x goods cards) (clipped to 1)"
    )
    spec += _per_good("turned export cards naming {good} / export cards")
    spec += _flags([f"events wheel: share of sectors {event}" for event in EVENTS])
    spec += _per_good("price wheel: share of sectors raising {good}")
    spec += _per_good("price wheel: share of sectors lowering {good}")
    spec += _per_good("price wheel: share of sectors embargoing {good}")
    spec += [(f"price wheel: mean rise / {MOST_MOVE}", MOST_MOVE)]
    spec += [(f"price wheel: mean fall / {MOST_MOVE}", MOST_MOVE)]
    for who in SEAT_WORDS:
        spec += [(f"events spin for {who} this round: done", 1)]
        spec += _flags([f"events spin for {who} this round: {event}" for event in EVENTS])
    for who in SEAT_WORDS:
        spec += _player_spec(who)
    return spec


NAMES = tuple(name for name, _ in _spec())
FEATURES = len(NAMES)
SCALES = np.array([1 / divisor for _, divisor in _spec()], dtype=np.float32)
PLAYER_FEATURES = len(_player_spec("me"))


def scaled(view: Mapping[str, Any]) -> np.ndarray:
    """The observation: `values(view)` scaled and clipped to [-1, 1], as float32."""
    out: np.ndarray = np.fromiter(values(view), np.float32, FEATURES)
    out *= SCALES
    # np.clip, without its Python layers (a tenth of an observation's time)
    np.minimum(out, 1.0, out=out)
    return np.maximum(out, -1.0, out=out)


_BY_GOOD = itemgetter(*GOODS)
_BY_CHARACTERISTIC = itemgetter(*CHARACTERISTICS)
_NO_GOODS = (0,) * len(GOODS)


def values(view: Mapping[str, Any]) -> list[float]:
    """The view's raw figures, in `NAMES`' order (to be multiplied by `SCALES`)."""
    tablets = view["players"]
    players = len(tablets)
    me = view.get("seat") or 0  # a spectator sees the table as seat 0 does
    order = [(me + k) % players for k in range(players)]  # the seat at each place from mine
    out = _game(view, order)
    out += _goods(view)
    out += _cars(view, order)
    out += _decks(view)
    out += _wheels(view)
    out += _spins(view, order)
    goal = view["goal"]
    for seat in order:
        out += _player(tablets[seat], goal)
    out += [0] * (PLAYER_FEATURES * (MAX_SEATS - players))
    return out


def _one_hot(size: int, index: int) -> list[float]:
    """`size` zeros with a 1 at `index` (none where `index` is out of range)."""
    hot = [0.0] * size
    if 0 <= index < size:
        hot[index] = 1.0
    return hot


def _named(names: Sequence[str]) -> list[float]:
    """For each good, 1 if `names` names it."""
    if not names:
        return [0.0] * len(GOODS)
    return [1.0 if good in names else 0.0 for good in GOODS]


def _game(view: Mapping[str, Any], order: list[int]) -> list[float]:
    """The round, the goal, the table's size, the phase, who moves and who is first."""
    turn = view["round"]
    out = [turn / view["max_rounds"], min(turn, ROUNDS), view["goal"]]
    out += _one_hot(len(PLAYER_COUNTS), len(order) - PLAYER_COUNTS[0])
    out += _one_hot(len(PHASES), PHASES.index(view["phase"]))
    mover = view["turn"]
    out += _one_hot(MAX_SEATS, -1 if mover is None else order.index(mover))
    out += _one_hot(MAX_SEATS, order.index(view["first"]))
    return out


def _goods(view: Mapping[str, Any]) -> list[float]:
    """Prices, market, supply, the turned cards, embargo, this round's price spin, the bank."""
    out = [*_BY_GOOD(view["prices"]), *_BY_GOOD(view["market"]), *_BY_GOOD(view["supply"])]
    card = view["goods_card"]
    out += _NO_GOODS if card is None else _BY_GOOD(card)
    exports = view["export_card"]
    out += _named(exports or ())
    out += _named(view["embargo"])
    spin = view["price_spin"]
    shock = view["price_wheel"][spin] if spin is not None else {}
    out += _moved(shock.get("up"))
    out += _moved(shock.get("down"))
    out += [card is not None, exports is not None, spin is not None, view["bank"]]
    return out


def _moved(move: Mapping[str, Any] | None) -> list[float]:
    """The price move of a sector's "up" (or "down"), by good."""
    moved = [0.0] * len(GOODS)
    if move is not None:
        moved[GOODS.index(move["good"])] = move["by"]
    return moved


def _cars(view: Mapping[str, Any], order: list[int]) -> list[float]:
    """Each car's good, load and each place's units in it."""
    out: list[float] = []
    empty = [0] * (MAX_SEATS - len(order))
    for car in view["cars"]:
        good = car["good"]
        out += _one_hot(len(GOODS) + 1, len(GOODS) if good is None else GOODS.index(good))
        out.append(car["load"])
        units = car["units"]
        out += [units[seat] for seat in order]
        out += empty
    return out


def _decks(view: Mapping[str, Any]) -> list[float]:
    """The decks' sizes and what has been turned of them."""
    decks = view["decks"]
    goods_cards = decks["goods_left"] + decks["goods_turned"]
    export_cards = decks["export_left"] + decks["export_turned"]
    out = [decks["goods_left"] / goods_cards, goods_cards]
    out += [decks["export_left"] / export_cards, export_cards]
    turned = view["turned"]
    key = (goods_cards, export_cards, len(turned["goods"]), len(turned["export"]))
    return out + _TURNED.summary(key, turned, _turned_shares, _turned_copy)


def _turned_copy(turned: Mapping[str, Any]) -> dict[str, Any]:
    """The turned cards, copied down to each card (a card holds only numbers or names)."""
    return {
        "goods": [dict(card) for card in turned["goods"]],
        "export": [list(card) for card in turned["export"]],
    }


def _turned_shares(turned: Mapping[str, Any], key: tuple[int, ...]) -> list[float]:
    """Per good, its units on the turned goods cards and the turned export cards naming it."""
    goods_cards, export_cards = key[:2]
    cards = turned["goods"]
    out = [0.0] * len(GOODS)
    if cards:
        per_card = 1 / (CARD_UNITS * goods_cards)
        out = [min(sum(map(units, cards)) * per_card, 1.0) for units in _UNITS_OF]
    named = list(chain.from_iterable(turned["export"]))
    return out + [named.count(good) / export_cards for good in GOODS]


_UNITS_OF = [itemgetter(good) for good in GOODS]


def _wheels(view: Mapping[str, Any]) -> list[float]:
    """What the events and price wheels hold (the same through a match)."""
    wheels = (view["events_wheel"], view["price_wheel"])
    return _WHEELS.summary((len(wheels[0]), len(wheels[1])), wheels, _wheel_shares, copy.deepcopy)


def _wheel_shares(wheels: tuple[list[str], list[Mapping[str, Any]]], key: Any) -> list[float]:
    """The wheels' entries: the events wheel's shares, then the price wheel's."""
    return _event_shares(wheels[0]) + _price_wheel(wheels[1])


class _Remembered:
    """Summaries of parts of the view that seldom change (the turned cards change once a round,
    the wheels never in a match), each made again only where its part differs from the one last
    seen under the same key: comparing them (in C) costs a fraction of summing them up again."""

    MOST = 64  # keys remembered (tables of several sizes, several matches side by side)

    def __init__(self) -> None:
        self._seen: dict[Any, tuple[Any, list[float]]] = {}

    def summary(
        self,
        key: Any,
        part: Any,
        summarise: Callable[[Any, Any], list[float]],
        copied: Callable[[Any], Any],
    ) -> list[float]:
        seen = self._seen.get(key)
        if seen is not None and seen[0] == part:
            return seen[1]
        if len(self._seen) >= self.MOST:
            self._seen.clear()
        made = summarise(part, key)
        # A copy: the part is the caller's view, which it may change afterwards.
        self._seen[key] = (copied(part), made)
        return made


_TURNED = _Remembered()
_WHEELS = _Remembered()


def _event_shares(events: list[str]) -> list[float]:
    """The share of the events wheel's sectors giving each outcome."""
    return [events.count(event) / len(events) for event in EVENTS]


def _price_wheel(sectors: Sequence[Mapping[str, Any]]) -> list[float]:
    """Shares of the sectors moving each good up, down or embargoing it; the mean moves."""
    up, down, embargo = [0] * 6, [0] * 6, [0] * 6
    rises: list[int] = []
    falls: list[int] = []
    for sector in sectors:
        for good in sector.get("embargo", ()):
            embargo[GOODS.index(good)] += 1
        if "up" in sector:
            up[GOODS.index(sector["up"]["good"])] += 1
            rises.append(sector["up"]["by"])
        if "down" in sector:
            down[GOODS.index(sector["down"]["good"])] += 1
            falls.append(sector["down"]["by"])
    share = 1 / len(sectors)
    out = [count * share for count in (*up, *down, *embargo)]
    out.append(sum(rises) / len(rises) if rises else 0.0)
    out.append(sum(falls) / len(falls) if falls else 0.0)
    return out


def _spins(view: Mapping[str, Any], order: list[int]) -> list[float]:
    """Each place's events spin this round: whether it is done, and what it hit."""
    spins = view["event_spins"]
    if not spins:
        return [0.0] * (MAX_SEATS * (1 + len(EVENTS)))
    wheel = view["events_wheel"]
    hits = {spin["seat"]: wheel[spin["sector"]] for spin in spins}
    out: list[float] = []
    for place in range(MAX_SEATS):
        hit = hits.get(order[place]) if place < len(order) else None
        out.append(0.0 if hit is None else 1.0)
        out += _one_hot(len(EVENTS), -1 if hit is None else EVENTS.index(hit))
    return out


def _player(tablet: Mapping[str, Any], goal: int) -> list[float]:
    """One place's tablet (one list made at once: four of them in every observation)."""
    vp = tablet["vp"]
    warehouse, loader, manager = _BY_CHARACTERISTIC(tablet["levels"])
    main, temp = tablet["main"], tablet["temp"]
    return [
        1,
        tablet["coins"],
        vp / goal,
        vp,
        (warehouse - 1) / 2,
        (loader - 1) / 2,
        (manager - 1) / 2,
        *_BY_CHARACTERISTIC(tablet["markers"]),
        *_BY_CHARACTERISTIC(tablet["insured"]),
        *(map(main.get, GOODS, _NO_GOODS) if main else _NO_GOODS),
        *(map(temp.get, GOODS, _NO_GOODS) if temp else _NO_GOODS),
        tablet["skipping"],
        tablet["owed"],
        tablet["passed"],
        *_named(tablet["bought"]),
        *_named(tablet["exported"]),
    ]
