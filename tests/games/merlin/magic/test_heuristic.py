"""The heuristic bot with magic: it plays magic where it pays, and never loops in a turn."""

from __future__ import annotations

import random
from dataclasses import replace

from tests.games.merlin.helpers import GAME, arrange
from tests.games.merlin.magic.helpers import after_magic, arrange_magic
from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin.magic.state import Held
from tradingfloor.games.merlin.state import MerlinState


def turn_of(state: MerlinState, limit: int = 200) -> list[str]:
    """The move types the heuristic makes in seat 0's turn, until it ends the turn."""
    bot, rng, made = make_agent(GAME, "heuristic"), random.Random(0), []
    while GAME.actors(state) == (0,) and len(made) < limit:
        action = bot.act(decision_for(GAME, state, 0), rng)
        made.append(action.type)
        state = GAME.apply(state, 0, action)
    return made


def test_it_casts_a_spell_and_animates_a_golem_it_holds() -> None:
    state = after_magic()
    state = arrange(
        state,
        tableaux=[["4C"], ["3C", "5C"], ["9C"], ["6C"]],
        hands=[["JD"], [], [], []],
        goods=[[2, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]],
        gold=[9, 20, 5, 5],
    )
    state = arrange_magic(state, spells=((Held("pickpocket.1"),), (), (), ()))
    made = turn_of(state)
    assert "cast_spell" in made and "play_golem" in made and made[-1] == "end_turn"


def test_after_a_decree_in_the_last_orbits_it_does_not_stake_and_reclaim_forever() -> None:
    """A player behind gambles on an investment in the last orbits; a decree's reclaim must not
    take it back each time (the two wishes would undo each other for ever)."""
    state = after_magic(max_orbits=3)
    state = arrange(
        state,
        tableaux=[["6C"], ["2C"], [], []],
        gold=[6, 8, 5, 5],
    )
    state = replace(state, core=replace(state.core, orbit=2))
    state = arrange_magic(state, reclaim=True)
    made = turn_of(state)
    assert "invest" in made, made  # the gamble of a player behind
    assert made[-1] == "end_turn" and len(made) < 50, made[:20]


def test_it_pays_maintenance_owed_to_the_central_bank() -> None:
    """Unpaid maintenance makes a player bankrupt like unpaid taxes; the bot pays it when it can."""
    state = arrange(after_magic(), gold=[9, 9, 9, 9])
    state = arrange_magic(state, bank_debt=(3, 0, 0, 0))
    core = state.core
    state = replace(state, core=replace(core, bankrupt_since=(0, None, None, None)))
    made = turn_of(state)
    assert made[0] == "pay_debt"
