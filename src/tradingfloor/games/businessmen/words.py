"""Businessmen in words: moves, log entries, where the game stands and how it ended.

Seats are written `{seat:N}` (core/words.py), for each interface to name. Every text a person
reads about a Businessmen table is made here; the web page and the terminal only show it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tradingfloor.core.words import seat
from tradingfloor.games.businessmen import menus
from tradingfloor.games.businessmen.actions import (
    Buy,
    Export,
    Improve,
    Insure,
    Load,
    Pass,
    Play,
    Skip,
    Store,
)
from tradingfloor.games.businessmen.figures import PRINTED, Figures
from tradingfloor.games.businessmen.names import CARS, CHARACTERISTICS, GOODS
from tradingfloor.games.businessmen.state import (
    CAPACITY,
    CAR_VP,
    EXPORT_VP,
    IMPROVE,
    INSURANCE_COST,
    LOADER_LIMIT,
    MANAGER_LIMIT,
    VP_SOURCES,
    WAREHOUSE_TYPES,
    BusinessmenState,
)

if TYPE_CHECKING:  # the draft imports the words (its log entries' text): not at run time
    from tradingfloor.games.businessmen.draft import Board

DEFAULT_ROUND_LIMIT = 100
"""The round limit's default: a stall breaker that a status line need not mention."""

CHARACTERISTIC_WORDS = {"warehouse": "main warehouse", "loader": "loader", "manager": "manager"}

PHASES = {
    "declare": "before the round: play or skip",
    "buy": "Phase 1, buying",
    "load": "Phase 2, loading the cars",
    "store": "Phase 2, storing",
    "export": "Phase 3, exports",
    "improve": "Phase 4, improving",
    "discard": "Phase 5, negative events",
    "insure": "Phase 6, insurance",
    "over": "the game is over",
}

HELP = {
    "declare": "Before the round, each player says whether they play it or skip it. A skip costs "
    "{skip_vp} VP now and brings {skip_pay} coins as the next round starts; a skipper buys, "
    "loads and spins nothing, but is still paid for their goods in cars that are sent.",
    "buy": "Each in turn buys units of ONE good from the market, at 1 coin a unit, at most the "
    "manager's number, a good not bought yet this round; or passes, and buys nothing more this "
    "round. The circles go on until the market is empty or everyone has passed.",
    "load": "Each in turn loads one car with one good from their warehouses, or passes for the "
    "rest of the loading. A car carries one good; the load is as many units as the loader, the "
    "room in the car and the goods held allow. A full car is sent in Phase 3 and its goods paid "
    "at the good's price; a car filled alone earns VP (yellow 1, blue 2, green 3).",
    "store": "What is left in the temporary warehouse moves to the main warehouse, which keeps "
    "only 1, 2 or 3 goods types (by its level): choose the types to keep; the rest go back.",
    "export": "The cars have gone. Each in turn may export exactly 4, 6 or 8 units of a good on "
    "the export card from the main warehouse, for 1, 2 or 3 VP (no coins), once per good.",
    "improve": "Each in turn may raise a characteristic: to level 2 for 10 coins and 1 VP, to "
    "level 3 for 20 coins and 2 VP.",
    "discard": "A negative event lowered the main warehouse: choose the goods types it keeps.",
    "insure": "Each in turn may insure characteristics against the next round's negative events, "
    "10 coins each; insuring one takes its warning marker off.",
}


def phase_help(phase: str, figures: Figures = PRINTED) -> str:
    """The phase's guide for a player, quoting the match's figures (a skip's cost and pay)."""
    return HELP.get(phase, "").format(skip_vp=figures.skip_vp, skip_pay=figures.skip_pay)


def characteristic(name: str) -> str:
    return CHARACTERISTIC_WORDS.get(name, name)


def coins(amount: int) -> str:
    return f"{amount} coin" if amount == 1 else f"{amount} coins"


def listing(items: Iterable[str]) -> str:
    """Items joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def units_of(goods: Mapping[str, int]) -> str:
    """{"oil": 6, "wood": 5} -> "6 oil and 5 wood"."""
    return listing(f"{n} {g}" for g, n in goods.items())


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "±0"


# --- moves -------------------------------------------------------------------------------------

PASS_WORDS = {
    "buy": "Pass: buy nothing more this round",
    "load": "Pass: load nothing more this round",
    "export": "Pass: export nothing more this round",
    "improve": "Pass: improve nothing more this round",
    "insure": "Pass: insure nothing more this round",
}


def label(state: Board, me: int, action: Any) -> str:
    """One move in the game's words as it is made in `state`, e.g. "Load 5 wood into the blue
    car (fills it alone: +2 VP when it is sent)"."""
    if isinstance(action, Pass):
        return PASS_WORDS.get(state.phase, "Pass")
    if isinstance(action, Play):
        return "Play this round"
    if isinstance(action, Skip):
        figures = state.decks.figures
        return (
            f"Skip this round (−{figures.skip_vp} VP now, "
            f"+{figures.skip_pay} coins as the next round starts)"
        )
    if isinstance(action, Buy):
        return f"Buy {action.units} {action.good} ({coins(action.units)})"
    if isinstance(action, Load):
        return _load(state, me, action)
    if isinstance(action, Store):
        return _store(state, me, action)
    if isinstance(action, Export):
        vp = EXPORT_VP.get(action.units)
        return f"Export {action.units} {action.good}" + (f" for {vp} VP" if vp else "")
    if isinstance(action, Improve):
        return _improve(state, me, action)
    if isinstance(action, Insure):
        name = characteristic(action.characteristic)
        return f"Insure the {name} ({coins(INSURANCE_COST)})"
    return str(getattr(action, "type", "move"))


def _load(state: Board, me: int, action: Load) -> str:
    car, good = CARS.index(action.car), GOODS.index(action.good)
    units = menus.load_units(state, me, car, good)
    if units <= 0:
        return f"Load {action.good} into the {action.car} car"
    text = f"Load {units} {action.good} into the {action.car} car"
    wagon = state.cars[car]
    after = wagon.load + units
    if after < CAPACITY[car]:
        return f"{text} ({after} of {CAPACITY[car]})"
    if wagon.units[me] + units == CAPACITY[car]:
        return f"{text} (fills it alone: +{CAR_VP[car]} VP when it is sent)"
    return f"{text} (fills it)"


def _store(state: Board, me: int, action: Store) -> str:
    held = state.seats[me].main
    dropped = {g: held[i] for i, g in enumerate(GOODS) if held[i] and g not in action.keep}
    text = f"Keep {listing(action.keep)}"
    return f"{text} (return {units_of(dropped)})" if dropped else text


def _improve(state: Board, me: int, action: Improve) -> str:
    name = characteristic(action.characteristic)
    level = state.seats[me].levels[CHARACTERISTICS.index(action.characteristic)] + 1
    if level not in IMPROVE:
        return f"Improve the {name}"
    cost, vp = IMPROVE[level]
    return f"Improve the {name} to level {level} ({coins(cost)}, +{vp} VP)"


# --- log entries -------------------------------------------------------------------------------


def event_text(event: Mapping[str, Any], figures: Figures = PRINTED) -> str:
    """One log entry in words, a sentence with its figures (`figures`: the match's, which the
    skip's and the prices' entries quote)."""
    kind = str(event.get("kind"))
    if kind in QUOTING:
        return QUOTING[kind](event, figures)
    make = EVENTS.get(kind)
    return make(event) if make else kind


def _declare(e: Mapping[str, Any], figures: Figures) -> str:
    if e["skip"]:
        return f"{seat(e['seat'])} skipped round {e['round']}: −{figures.skip_vp} VP"
    return f"{seat(e['seat'])} played round {e['round']}"


def _cards(e: Mapping[str, Any]) -> str:
    market = units_of(e["market"]) or "nothing (the supply is out)"
    return (
        f"The goods card put {market} on the market; "
        f"the export card takes {listing(e['export'])} this round"
    )


def _buy(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} bought {e['units']} {e['good']} for {coins(e['units'])}"


def _load_event(e: Mapping[str, Any]) -> str:
    text = f"{seat(e['seat'])} loaded {e['units']} {e['good']} into the {e['car']} car"
    if "load" in e:
        capacity = CAPACITY[CARS.index(e["car"])]
        text += ", which is full" if e["load"] >= capacity else f" ({e['load']} of {capacity})"
    return text


PASSED = {
    "buy": "no more buying this round",
    "load": "no more loading this round",
    "export": "no more exports this round",
    "improve": "no more improving this round",
    "insure": "no more insurance this round",
}
NOTHING_TO = {
    "buy": "had nothing left to buy",
    "load": "had nothing left to load",
}


def _pass(e: Mapping[str, Any]) -> str:
    phase = e.get("phase", "")
    if e.get("forced"):
        return f"{seat(e['seat'])} {NOTHING_TO.get(phase, 'had nothing to do')} and passed"
    return f"{seat(e['seat'])} passed: {PASSED.get(phase, 'done for this phase')}"


def _store_event(e: Mapping[str, Any]) -> str:
    text = f"{seat(e['seat'])} kept {listing(e['keep']) or 'nothing'} in the main warehouse"
    if e["dropped"]:
        text += f" and returned {units_of(e['dropped'])} to the supply"
    return text


def sector_words(sector: Mapping[str, Any]) -> str:
    """A price-roulette sector: "fish +3, wood −5" or "embargo on metal and wood"."""
    if sector.get("embargo"):
        return f"embargo on {listing(sector['embargo'])}"
    moves = []
    if "up" in sector:
        moves.append(f"{sector['up']['good']} +{sector['up']['by']}")
    if "down" in sector:
        moves.append(f"{sector['down']['good']} −{sector['down']['by']}")
    return ", ".join(moves)


def _price_wheel(e: Mapping[str, Any]) -> str:
    if e.get("embargo"):
        return (
            f"The price roulette stopped on an embargo on {listing(e['embargo'])}: they are "
            "neither sent nor exported this round"
        )
    moves = []
    for side in ("up", "down"):
        if side in e:
            good = e[side]["good"]
            sign = "+" if side == "up" else "−"
            moves.append(f"{good} {sign}{e[side]['by']} to {e['prices'][good]}")
    return f"The price roulette: {listing(moves)}; the cars are paid at these prices"


def _send(e: Mapping[str, Any]) -> str:
    units = e.get("units", "its")
    paid = [f"{coins(c)} to {seat(int(s))}" for s, c in e["paid"].items()]
    text = f"The {e['car']} car left with {units} {e['good']} at {e['price']}: {listing(paid)}"
    if e["alone"] is not None:
        text += f"; {seat(e['alone'])} filled it alone: +{e['vp']} VP"
    elif e.get("alone_skipping") is not None:
        text += f"; {seat(e['alone_skipping'])} filled it alone but skipped the round: no VP"
    return text


def _prices(e: Mapping[str, Any], figures: Figures) -> str:
    moved = e.get("moved", {})
    each = [
        f"{g} {p}" + (f" ({signed(moved[g])})" if g in moved else "")
        for g, p in e["prices"].items()
    ]
    lead = f"Prices moved (each good sent fell by its car's size, the others rose {figures.rise}): "
    return lead + ", ".join(each)


def _export(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} exported {e['units']} {e['good']} for {e['vp']} VP"


def _improve_event(e: Mapping[str, Any]) -> str:
    name = characteristic(e["characteristic"])
    return (
        f"{seat(e['seat'])} improved the {name} to level {e['level']} for "
        f"{coins(e['coins'])}: +{e['vp']} VP"
    )


def _event(e: Mapping[str, Any]) -> str:
    who = seat(e["seat"])
    if e["hit"] is None:
        return f"{who} spun the events roulette: nothing happened"
    name = characteristic(e["hit"])
    if e.get("insured"):
        return f"{who} spun the events roulette: the {name} was hit, but insured (cover used up)"
    return (
        f"{who} spun the events roulette: the {name} dropped to level {e['level']}, "
        f"{signed(e['vp'])} VP and a warning marker"
    )


def _insure_event(e: Mapping[str, Any]) -> str:
    name = characteristic(e["characteristic"])
    return f"{seat(e['seat'])} insured the {name} for {coins(INSURANCE_COST)}"


def _skip_pay(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} received {coins(e['coins'])} for skipping the last round"


def _round(e: Mapping[str, Any]) -> str:
    return f"Round {e['round']} began; the first player is {seat(e['first'])}"


def _over(e: Mapping[str, Any]) -> str:
    if e["why"] == "goal":
        who = listing(seat(s) for s in e["at_goal"])
        return f"Round {e['rounds']} is over with {e['goal']} VP or more for {who}: the game ends"
    return f"The round limit ({e['rounds']} rounds) ended the game"


QUOTING: dict[str, Callable[[Mapping[str, Any], Figures], str]] = {
    "declare": _declare,
    "prices": _prices,
}
"""The entries whose words quote a figure that a designer may change (figures.py)."""

EVENTS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "cards": _cards,
    "buy": _buy,
    "load": _load_event,
    "pass": _pass,
    "store": _store_event,
    "price-wheel": _price_wheel,
    "send": _send,
    "export": _export,
    "improve": _improve_event,
    "event": _event,
    "insure": _insure_event,
    "skip-pay": _skip_pay,
    "round": _round,
    "over": _over,
}


# --- where the game stands, and how it ended -----------------------------------------------------


def status(state: BusinessmenState) -> str:
    """One line: the round, the phase and the goal; the page adds whose move it is."""
    if state.phase == "over":
        return f"The game is over after round {state.round}"
    of = f" of {state.max_rounds}" if state.max_rounds < DEFAULT_ROUND_LIMIT else ""
    return f"Round {state.round}{of} · {PHASES[state.phase]} · playing to {state.goal} VP"


def yours(state: BusinessmenState, me: int) -> str:
    """What a seat has to decide with, said to that seat."""
    s = state.seats[me]
    warehouse, loader, manager = s.levels
    kept = WAREHOUSE_TYPES[warehouse - 1]
    return (
        f"You have {coins(s.coins)} and {s.vp} VP · you buy up to {MANAGER_LIMIT[manager - 1]} "
        f"of a good, load up to {LOADER_LIMIT[loader - 1]} at a time and keep {kept} "
        f"{'type' if kept == 1 else 'types'} of goods"
    )


def chapter(state: BusinessmenState) -> str:
    """The part of the game a replay jumps to: each round."""
    return f"Round {state.round}"


SOURCE_WORDS = {
    "cars": "from cars filled alone",
    "exports": "from exports",
    "improving": "from improvements",
    "events": "to negative events",
    "skipping": "to skipped rounds",
}


def recap(state: BusinessmenState) -> list[str]:
    """Once the game is over: for each seat, its VP and coins and where its VP came from."""
    from tradingfloor.games.businessmen.rules import result

    final = result(state)
    if final is None:
        return []
    return [_recap_line(state, s, s in final.winners) for s in range(state.players)]


def _recap_line(state: BusinessmenState, who: int, won: bool) -> str:
    me = state.seats[who]
    at_goal = [s for s in state.seats if s.vp >= state.goal]
    score = f"{me.vp} VP and {coins(me.coins)}"
    if won and state.ended == "goal" and len(at_goal) > 1:
        text = f"{seat(who)} won with {score}, the most coins of the {len(at_goal)} players at "
        text += f"{state.goal} VP or more"
    elif won and state.ended == "goal":
        text = f"{seat(who)} won with {score}"
    elif won:
        text = f"{seat(who)} won with {score}, the most when the round limit ended the game"
    elif state.ended == "goal" and me.vp >= state.goal:
        best = max(s.coins for s in at_goal)
        text = f"{seat(who)} reached {score} too, but the winner had {coins(best)}"
    else:
        text = f"{seat(who)} finished with {score}"
    return f"{text}: {_sources(me.vp_from)}"


def _sources(vp_from: tuple[int, ...]) -> str:
    gained = [
        f"{n} VP {SOURCE_WORDS[name]}" for name, n in zip(VP_SOURCES, vp_from, strict=True) if n > 0
    ]
    lost = [
        f"{-n} {SOURCE_WORDS[name]}" for name, n in zip(VP_SOURCES, vp_from, strict=True) if n < 0
    ]
    text = listing(gained) if gained else "no VP scored"
    return f"{text}; lost {listing(lost)}" if lost else text
