"""The turn cycle: the roll that opens a turn, ending it, orbits, the cap, the end."""

from __future__ import annotations

from typing import Final

from tradingfloor.core.actions import Action
from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng, RngCursor
from tradingfloor.games.merlin.actions import EndTurn
from tradingfloor.games.merlin.ledger import with_core
from tradingfloor.games.merlin.market_upkeep import track_bidless
from tradingfloor.games.merlin.memo import kept
from tradingfloor.games.merlin.records import core_with, replace, state_with
from tradingfloor.games.merlin.rulebook import ActionRule, Log, event, table_for
from tradingfloor.games.merlin.state import Core, MerlinState


def begin_play(state: MerlinState, log: Log) -> MerlinState:
    """The first player in turn order starts the first turn."""
    return start_turn(replace(state, core=replace(state.core, phase="turn")), log, 0, 0)


def start_turn(state: MerlinState, log: Log, turn: int, orbit: int) -> MerlinState:
    """Core Loop: "The player who's turn it is rolls the dice." The roll needs no decision.
    `turn` (an index into the order) and `orbit` say whose turn it is."""
    table = table_for(state)
    core = _turn_begun(state.core, turn, orbit)
    state = with_core(state, core)
    log.append(event("turn_start", seat=core.current, turn=core.turn_no, orbit=core.orbit + 1))
    for hook in table.on_turn_start:
        state = hook(state, log)
    cursor = RngCursor(state.rng)  # (the position's `cursor()` is a generic method call)
    first, second = cursor.die(), cursor.die()
    state = _rolled(state, cursor.rng, (first, second))
    log.append(_roll_event(core.current, first, second))
    for hook in table.on_roll:
        state = hook(state, log)
    return settle(state, log)


def _turn_begun(core: Core, turn: int, orbit: int) -> Core:
    """`replace(core, turn=turn, orbit=orbit, turn_no=core.turn_no + 1)`, without a dict of
    changes (compiled, a native call)."""
    return core_with(core, turn=turn, orbit=orbit, turn_no=core.turn_no + 1)


def _rolled(state: MerlinState, rng: Rng, dice: tuple[int, int]) -> MerlinState:
    """`replace(state, rng=rng, core=replace(state.core, dice=dice))`, without dicts of changes."""
    return state_with(state, rng=rng, core=core_with(state.core, dice=dice))


def _roll_event(seat: int, first: int, second: int) -> Event:
    """The roll's event: made once for each seat and dice, then shared (events are immutable:
    every such roll logs the same)."""
    key = (seat * 8 + first) * 8 + second
    told = _ROLL_EVENTS.get(key)
    if told is None:
        dice = [first, second]
        told = _ROLL_EVENTS[key] = event("roll", seat=seat, dice=dice, total=first + second)
    return told


_ROLL_EVENTS: Final[dict[int, Event]] = kept({})
"""The roll events made so far, by seat and dice (`_roll_event`'s key)."""


def settle(state: MerlinState, log: Log) -> MerlinState:
    """After anything that can put players out: end the game, open a pending vote, or move on."""
    state = track_bidless(state)
    core = state.core
    if core.phase == "over":
        return state
    if _at_most_one_in(core.out):
        return game_over(state, "last", log)
    if core.vote is not None:
        return replace(state, core=replace(core, phase="vote"))
    if core.phase == "turn" and core.out[core.current]:
        return next_turn(state, log)
    return state


def _at_most_one_in(out: tuple[bool, ...]) -> bool:
    """Whether at most one player is still in (`out.count(False) <= 1`, counted natively: a
    tuple's method is a generic call, and every action settles)."""
    still_in = 0
    for gone in out:
        if not gone:
            still_in += 1
            if still_in > 1:
                return False
    return True


def next_turn(state: MerlinState, log: Log) -> MerlinState:
    """The next player still in takes their turn; an orbit ends when the order wraps around."""
    core = state.core
    index, orbit = core.turn, core.orbit
    for _ in range(len(core.order)):
        index += 1
        if index == len(core.order):
            index, orbit = 0, orbit + 1
        if not core.out[core.order[index]]:
            break
    if orbit >= state.config.max_orbits:
        # RULINGS 4: "A cap on turns (an option, default 200 orbits) ends a stalled game"
        core = replace(core, turn=index, orbit=orbit)
        return game_over(replace(state, core=core), "cap", log)
    return start_turn(state, log, index, orbit)


def game_over(state: MerlinState, why: str, log: Log) -> MerlinState:
    log.append(event("game_over", why=why))
    return replace(state, core=replace(state.core, phase="over", ended=why))


def _why_end(state: MerlinState, seat: int, action: EndTurn) -> str | None:
    return None


END_TURN_MOVE = EndTurn()
"""The one end_turn move (actions are immutable: every turn's menu lists the same)."""


def _end_choices(state: MerlinState, seat: int) -> list[Action]:
    return [END_TURN_MOVE]


def _apply_end(state: MerlinState, seat: int, action: EndTurn, log: Log) -> MerlinState:
    told = _TURN_ENDS.get(seat)
    if told is None:  # (made once for each seat, then shared: events are immutable)
        told = _TURN_ENDS[seat] = event("turn_end", seat=seat)
    log.append(told)
    for hook in table_for(state).on_turn_end:
        state = hook(state, log)
    return next_turn(state, log)


_TURN_ENDS: Final[dict[int, Event]] = kept({})
"""The turn_end event of each seat, made on first use."""

END_TURN = ActionRule("end_turn", _why_end, _end_choices, _apply_end)
