"""What a seat sees of a Businessmen table: all of it but the decks' order and future spins."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from operator import is_
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tradingfloor.core.game import Event
from tradingfloor.games.businessmen import rules, words
from tradingfloor.games.businessmen.decks import Decks
from tradingfloor.games.businessmen.draft import LogEntry
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    LOADER_LIMIT,
    MANAGER_LIMIT,
    WAREHOUSE_TYPES,
    BusinessmenState,
    Seat,
)

if TYPE_CHECKING:
    from tradingfloor.core.agent import Decision


def view(state: BusinessmenState, seat: int | None) -> dict[str, Any]:
    """The table as `seat` (None: a spectator) sees it; the same for every seat but `seat`.

    Besides the table, the words a person reads: `status`, `stage` (the phase), `chapter`, `help`
    (what the phase asks for), `yours` (a seat's own figures, said to it), `news` (what the latest
    action did), every event's `text`, and `recap` once over.
    """
    out = _table(state, seat, history=True)
    phase = state.phase
    events = _events(state.log, seat)
    out["events"] = events
    out["status"] = words.status(state)
    out["stage"] = words.PHASES[phase]
    out["chapter"] = words.chapter(state)
    out["help"] = words.phase_help(phase, state.decks.figures)
    out["news"] = _news(events, state.news_from)
    if seat is not None and 0 <= seat < state.players:
        out["yours"] = words.yours(state, seat)
    if phase == "over":
        result = rules.result(state)
        if result is not None:
            out["result"] = result.to_json()
            out["recap"] = words.recap(state)
    return out


def bot_view(state: BusinessmenState, seat: int | None) -> dict[str, Any]:
    """The view the game's own bots read: `view` without what they never read, the words and
    the public history (events, turned cards, the price wheel's sectors); every key it has holds
    the same value as in `view`."""
    return _table(state, seat, history=False)


def table_view(state: BusinessmenState, seat: int | None) -> dict[str, Any]:
    """`view` without its words and events (the words, `events`, `yours`, `result`): what the
    RL encoder reads, every entry equal to the view's. Its parts are made once per value and
    shared with other table views (not copied, as the view's are): nobody may change them."""
    return _table(state, seat, history=True, shared=True)


def seen_by_bots(decision: Decision) -> Mapping[str, Any]:
    """What the game's bots read of a decision: its bot view (`bot_view`), where the core's
    `Decision` offers one, else its full view."""
    lean: Mapping[str, Any] | None = getattr(decision, "bot_view", None)
    return decision.view if lean is None else lean


def _table(
    state: BusinessmenState, seat: int | None, history: bool, shared: bool = False
) -> dict[str, Any]:
    """The table part of a view (in the view's key order); the turned cards and the price wheel's
    sectors only with `history`; with `shared`, the kept parts themselves rather than copies."""
    decks = state.decks
    own: Callable[[dict[str, Any]], dict[str, Any]] = _as_is if shared else dict.copy
    out: dict[str, Any] = {
        "game": "businessmen",
        "seat": seat,
        "round": state.round,
        "first": state.first,
        "phase": state.phase,
        "turn": state.turn,
        "actors": list(rules.actors(state)),
        "goal": state.goal,
        "max_rounds": state.max_rounds,
        "goods": list(GOODS),
        "prices": own(_goods(state.prices)),
        "market": own(_goods(state.market)),
        "supply": own(_goods(state.supply)),
        "bank": state.bank,
        "cars": [_car(state, index) for index in range(3)],
        "goods_card": None if state.goods_card is None else own(_goods(_card(state))),
        "export_card": _export_card(state),
        "decks": {
            "goods_left": len(state.goods_deck),
            "goods_turned": len(state.goods_used),
            "export_left": len(state.export_deck),
            "export_turned": len(state.export_used),
        },
    }
    if history:
        # Turned cards lie face up beside their decks: public, unlike the undrawn cards' order.
        turned = _SHARED_TURNED if shared else _turned
        out["turned"] = turned(decks, state.goods_used, state.export_used)
        out["price_wheel"] = (_SHARED_PRICE_WHEEL if shared else _price_wheel)(decks)
    out["price_spin"] = state.price_spin
    out["embargo"] = list(_names(state.embargo))
    out["events_wheel"] = (_SHARED_EVENTS_WHEEL if shared else _events_wheel)(decks)
    out["event_spins"] = [{"seat": s, "sector": sector} for s, sector in state.event_spins]
    tablet = _as_is if shared else _copy_tablet
    out["players"] = [tablet(_tablet(s, me)) for s, me in enumerate(state.seats)]
    return out


def _turned(
    decks: Decks, goods_used: tuple[int, ...], export_used: tuple[int, ...]
) -> dict[str, list[Any]]:
    return {
        "goods": [_goods(decks.goods_cards[card]).copy() for card in goods_used],
        "export": [list(_names(decks.export_cards[card])) for card in export_used],
    }


def _price_wheel(decks: Decks) -> list[dict[str, Any]]:
    return [sector.describe() for sector in decks.price_wheel]


def _events_wheel(decks: Decks) -> list[str]:
    return ["nothing" if hit is None else CHARACTERISTICS[hit] for hit in decks.events_wheel]


T = TypeVar("T")


def _as_is(value: T) -> T:
    return value


class _LastMade(Generic[T]):
    """`make(*parts)`, made again only when a part is not the very object it was last made from
    (the parts are immutable: a match's decks, the tuples of turned cards)."""

    def __init__(self, make: Callable[..., T]) -> None:
        self._make = make
        self._last: tuple[tuple[Any, ...], T | None] = ((), None)

    def __call__(self, *parts: Any) -> T:
        made_from, value = self._last
        if len(made_from) != len(parts) or not all(map(is_, made_from, parts)):
            value = self._make(*parts)
            self._last = (parts, value)  # one tuple, replaced whole (threads)
        return value  # type: ignore[return-value]


# The table views' shared parts: the same from move to move, most of a match.
_SHARED_TURNED = _LastMade(_turned)
_SHARED_PRICE_WHEEL = _LastMade(_price_wheel)
_SHARED_EVENTS_WHEEL = _LastMade(_events_wheel)


# A view is built at every decision of a bot or a search, and most of its parts repeat from view
# to view: the parts below are made once per distinct value and copied into each view, so that
# no two views share a dict or a list. Their keys are tuples of ints (units, prices, levels).


@lru_cache(maxsize=4096)
def _goods(values: tuple[int, ...]) -> dict[str, int]:
    """Units (or prices) per good, every good named."""
    return dict(zip(GOODS, values, strict=True))


@lru_cache(maxsize=4096)
def _held(values: tuple[int, ...]) -> dict[str, int]:
    """Units per good, the goods held only."""
    return {name: units for name, units in zip(GOODS, values, strict=True) if units}


@lru_cache(maxsize=256)
def _names(goods: tuple[int, ...]) -> tuple[str, ...]:
    """The names of goods given by index."""
    return tuple(GOODS[g] for g in goods)


def _flagged(flags: tuple[bool, ...]) -> list[str]:
    """The names of the goods whose flag is set."""
    return [name for name, flag in zip(GOODS, flags, strict=True) if flag]


def _levels(levels: tuple[int, int, int]) -> dict[str, int]:
    return dict(zip(CHARACTERISTICS, levels, strict=True))


def _limits(levels: tuple[int, int, int]) -> dict[str, int]:
    warehouse, loader, manager = levels
    return {
        "types": WAREHOUSE_TYPES[warehouse - 1],
        "load": LOADER_LIMIT[loader - 1],
        "buy": MANAGER_LIMIT[manager - 1],
    }


def _events(log: tuple[Event, ...], seat: int | None) -> list[dict[str, Any]]:
    """core.game.visible_events, inlined: a view lists the events of the last two rounds."""
    return [
        e.json.copy() if type(e) is LogEntry else e.to_json()
        for e in log
        if e.visible_to is None or (seat is not None and seat in e.visible_to)
    ]


def _news(events: list[dict[str, Any]], news_from: int) -> list[str]:
    """The texts of the events logged after the first `news_from`: the latest step's, at the end
    of the list (events are listed in the order they were logged)."""
    start = len(events)
    while start and events[start - 1]["n"] > news_from:
        start -= 1
    return [e["text"] for e in events[start:]]


def _card(state: BusinessmenState) -> tuple[int, ...]:
    assert state.goods_card is not None
    return state.decks.goods_cards[state.goods_card]


def _export_card(state: BusinessmenState) -> list[str] | None:
    if state.export_card is None:
        return None
    return list(_names(state.decks.export_cards[state.export_card]))


def _car(state: BusinessmenState, index: int) -> dict[str, Any]:
    car = state.cars[index]
    return {
        "name": CARS[index],
        "capacity": CAPACITY[index],
        "vp": CAR_VP[index],
        "good": None if car.good is None else GOODS[car.good],
        "load": car.load,
        "units": list(car.units),
    }


# A seat's tablet as views show it, made once per seat and tablet; views get copies (_copy_tablet).
# The key is the Seat, which compares by value, and True == 1: so the flags are shown as bools,
# and a seat whose flags were given as 1 and 0 shows the same tablet as one given True and False.
@lru_cache(maxsize=4096)
def _tablet(seat: int, me: Seat) -> dict[str, Any]:
    return {
        "seat": seat,
        "coins": me.coins,
        "vp": me.vp,
        "levels": _levels(me.levels),
        "limits": _limits(me.levels),
        "markers": {
            name: bool(flag) for name, flag in zip(CHARACTERISTICS, me.markers, strict=True)
        },
        "insured": {
            name: bool(flag) for name, flag in zip(CHARACTERISTICS, me.insured, strict=True)
        },
        "main": _held(me.main),
        "temp": _held(me.temp),
        "skipping": bool(me.skipping),
        "owed": bool(me.owed),
        "passed": bool(me.passed),
        "bought": _flagged(me.bought),
        "exported": _flagged(me.exported),
    }


def _copy_tablet(tablet: dict[str, Any]) -> dict[str, Any]:
    """A copy of a cached tablet that shares no dict or list with it."""
    return {
        **tablet,
        "levels": tablet["levels"].copy(),
        "limits": tablet["limits"].copy(),
        "markers": tablet["markers"].copy(),
        "insured": tablet["insured"].copy(),
        "main": tablet["main"].copy(),
        "temp": tablet["temp"].copy(),
        "bought": tablet["bought"].copy(),
        "exported": tablet["exported"].copy(),
    }
