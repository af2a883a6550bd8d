"""The Season Wheel and Climate Change: doubles turn the wheel, oil moves the climate counter."""

from __future__ import annotations

from tradingfloor.games.merlin.clones import COMPILED
from tradingfloor.games.merlin.ledger import with_core
from tradingfloor.games.merlin.records import core_with, replace, replace_fields
from tradingfloor.games.merlin.rulebook import Log, event, table_for
from tradingfloor.games.merlin.state import Counters, MerlinState


def wheel_length(state: MerlinState) -> int:
    return len(state.config.content.wheels[0].portions)


def season_at(state: MerlinState, portion: int) -> str:
    counters = state.core.counters
    wheel = state.config.content.wheels[counters.wheel]
    return wheel.portions[portion % len(wheel.portions)]


def season(state: MerlinState) -> str:
    return season_at(state, state.core.counters.portion)


def multiplier(state: MerlinState) -> int:
    """Season Wheel: "no commodities during Winter and ... double commodities during Spring"."""
    return state.config.content.multiplier.get(season(state), 1)


def on_double(state: MerlinState, log: Log) -> MerlinState:
    """Dice: "If both dice are the same number the season wheel will progress by one." """
    dice = state.core.dice
    if dice is None or dice[0] != dice[1]:
        return state
    return advance_wheel(state, log)


def advance_wheel(state: MerlinState, log: Log) -> MerlinState:
    """Turn the wheel one portion (a month, RULINGS 3); a full turn of the wheel is a year."""
    counters = state.core.counters
    portion = (counters.portion + 1) % wheel_length(state)
    year = counters.year + (1 if portion == 0 else 0)
    state = _set_counters(state, _turned(counters, portion, year))
    log.append(event("season", portion=portion, season=season(state), year=year))
    for hook in table_for(state).on_portion:
        state = hook(state, log)
    return state


def _turned(counters: Counters, portion: int, year: int) -> Counters:
    """`replace(counters, clock=counters.clock + 1, portion=portion, year=year)`, built by the
    constructor (compiled, a native call: no dict of changes looked up by name)."""
    if not COMPILED:  # (as Python, a constructor writes each field through frozen.py's checked
        # __setattr__: `replace` copies the record's __dict__ at once)
        return replace(counters, clock=counters.clock + 1, portion=portion, year=year)
    return Counters(
        clock=counters.clock + 1,
        year=year,
        portion=portion,
        wheel=counters.wheel,
        cost_of_living=counters.cost_of_living,
        research_cost=counters.research_cost,
        tax_rate=counters.tax_rate,
        climate=counters.climate,
        taxed_year=counters.taxed_year,
    )


def add_climate(state: MerlinState, amount: int, log: Log) -> MerlinState:
    """Climate Change: "For every oil generated, increase the climate counter by one"."""
    if amount <= 0:
        return state
    counters = state.core.counters
    climate = counters.climate + amount
    wheels = state.config.content.wheels
    wheel = max(i for i, w in enumerate(wheels) if w.from_climate <= climate)
    if wheel != counters.wheel:
        log.append(event("climate", climate=climate, wheel=wheels[wheel].name))
    return _set_counters(state, replace(counters, climate=climate, wheel=wheel))


def _set_counters(state: MerlinState, counters: Counters) -> MerlinState:
    """`replace(state, core=replace(state.core, counters=counters))`, without a dict of changes."""
    return with_core(state, core_with(state.core, counters=counters))


def set_counter(state: MerlinState, name: str, value: int) -> MerlinState:
    """A counter moved, never below its floor."""
    floor = state.config.content.floors.get(name, 0)
    counters = replace_fields(state.core.counters, {name: max(floor, value)})
    return _set_counters(state, counters)


def volatility(state: MerlinState) -> int:
    """How far a 7 moves the cost of the living: the option, or the magic table's vote on it
    (7s: volatility "can be voted on by all players")."""
    magic = state.magic
    return state.config.volatility if magic is None else int(magic.volatility)
