"""A view made from a state is observed from the seat's last observation, with only the sections
whose parts of the state changed written again, some of them from the state itself
(`observation._observe_kept`): the same numbers as writing every section from a whole view."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tests.games.merlin.helpers import ALL_MODULES, MODULE_SET_IDS, MODULE_SETS, random_moves
from tradingfloor.games.merlin.finance.state import BANK, Debt
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.state import ROW
from tradingfloor.games.merlin.view import bot_view, view
from tradingfloor.rl.merlin import MerlinEncoder, observation, observation_economy
from tradingfloor.rl.merlin.features import FEATURES
from tradingfloor.rl.merlin.writing import Writer

GAME = tradingfloor.make("merlin")
ENCODER = MerlinEncoder()


def _observed(options: Mapping[str, Any] | None, seed: int, moves: int) -> Iterator[Any]:
    """(state, seat) as an environment observes them: the seat to act at each move of seeded
    random play, and now and then every other seat too."""
    rng = random.Random(seed)
    for state, seat, _, _ in random_moves(GAME.new(options, seed), seed, moves):
        yield state, seat
        if rng.random() < 0.2:
            for other in range(GAME.players(state)):
                yield state, other


def _check(positions: list[Any]) -> None:
    for state, seat in positions:
        kept = ENCODER.observe(bot_view(state, seat))  # (a view made from the state)
        whole = ENCODER.observe(view(state, seat))  # (a plain dict: every section written)
        assert np.array_equal(kept, whole), (seat, _differing(kept, whole))


def _differing(kept: np.ndarray, whole: np.ndarray) -> list[str]:
    return [ENCODER.feature_names[i] for i in np.flatnonzero(kept != whole)][:5]


@pytest.mark.parametrize("options", MODULE_SETS, ids=MODULE_SET_IDS)
@pytest.mark.parametrize("seed", [3, 4])
def test_a_kept_observation_is_that_of_every_section_written_from_the_view(
    options: Mapping[str, Any] | None, seed: int
) -> None:
    _check(list(_observed(options, seed, 700)))


def test_matches_of_other_modules_observed_in_turn_are_each_their_own() -> None:
    games = [list(_observed(options, 20 + n, 200)) for n, options in enumerate(MODULE_SETS)]
    # (the same seats of matches with other modules on, observed in one thread by turns)
    _check([position for turn in zip(*games, strict=False) for position in turn])


def _section(write: Any, seen: Any, seat: int, at: int, size: int) -> np.ndarray:
    """The numbers `write` writes of `seen` (a view, or a state), alone in a zeroed vector."""
    parts = Writer()
    parts.at = at
    write(parts, seen, seat)
    return parts.vector()[at : at + size]


def _of_state_sections(modules: tuple[str, ...]) -> list[tuple[Any, Any, int, int]]:
    """Each section that a match with `modules` on writes from the state: its writer of a view
    and of a state, where it starts and its size."""
    on = [write for module, write in observation._SECTIONS if module is None or module in modules]
    plan = observation.plan_of(modules)
    return [
        (write, observation.OF_STATE[write], kept.at, kept.size)
        for write, kept in zip(on, plan, strict=True)
        if write in observation.OF_STATE
    ]


def _with_debts_to_no_seat(state: Any) -> Any:
    """`state` with debts to the R.O.W. and to the bank, and one to a player, added."""
    debts = (
        Debt(debtor=1, creditor=ROW, amount=4, why="future"),
        Debt(debtor=0, creditor=BANK, amount=6, why="loan"),
        Debt(debtor=2, creditor=1, amount=3, why="loan"),
    )
    return _changed(state, "finance.debts", (*state.finance.debts, *debts))


@pytest.mark.parametrize("options", MODULE_SETS, ids=MODULE_SET_IDS)
def test_each_section_written_from_the_state_is_that_of_the_view(
    options: Mapping[str, Any] | None,
) -> None:
    """At every step of seeded games, and for every seat now and then, each section that a kept
    observation writes from the state (the players' rows, the market, ...) writes the numbers
    it writes from the whole view."""
    positions = list(_observed(options, 6, 500))
    new = GAME.new(options, 0)
    if new.finance is not None:
        positions += [(_with_debts_to_no_seat(state), seat) for state, seat in positions[::25]]
    if new.magic is not None:  # (crowns past the monarchy's count as the monarchy's)
        crowned = tuple(40 * seat for seat in range(GAME.players(new)))
        positions += [(_changed(s, "magic.crowns", crowned), seat) for s, seat in positions[::25]]
    sections = _of_state_sections(positions[0][0].config.modules)
    assert observation_economy.players in [write for write, *_ in sections]
    for state, seat in positions:
        whole = view(state, seat)
        for write, of_state, at, size in sections:
            from_view = _section(write, whole, seat, at, size)
            from_state = _section(of_state, state, seat, at, size)
            assert np.array_equal(from_state, from_view), (write.__name__, seat)


def test_each_section_writes_its_size_and_the_sections_fill_the_vector() -> None:
    state, seat = next(_observed(ALL_MODULES, 12, 1))
    seen = bot_view(state, seat)
    plan = observation.plan_of(state.config.modules)
    at = 0
    for (_, write), kept in zip(observation._SECTIONS, plan, strict=True):
        assert kept.at == at
        for writer in (write, kept.write):
            parts = Writer()
            parts.at = at
            writer(parts, seen, seat)
            assert parts.at == at + kept.size, write.__name__
        at += kept.size
    assert at == FEATURES


def test_a_plan_leaves_out_the_modules_that_are_off_and_their_parts() -> None:
    economy = observation.plan_of(("economy",))
    assert [kept.write.__name__ for kept in economy] == [
        (observation.OF_STATE.get(write) or write).__name__
        for module, write in observation._SECTIONS
        if module is None
    ]
    state = GAME.new(None, 1)
    assert state.config.modules == ("economy",)
    for kept in economy:
        kept.told_from(state)  # (no module's part: a module that is off has none to read)


def _changed(state: Any, path: str, value: Any) -> Any:
    """`state` with the part at `path` (two attributes deep) replaced by `value`."""
    outer, inner = path.split(".")
    part = replace(getattr(state, outer), **{inner: value})
    return replace(state, **{outer: part})


def _one_part_changes(state: Any) -> list[tuple[str, Any]]:
    """A part of the state changed at a time, each read by a section that most moves leave
    be: debts between players, crowns, bank debts, the cards bought, the volatility, ..."""
    magic, finance, economy = state.magic, state.finance, state.economy
    hand = economy.hands[state.core.current]
    return [
        ("finance.debts", (*finance.debts, Debt(debtor=1, creditor=0, amount=7, why="loan"))),
        ("magic.crowns", tuple(n + seat for seat, n in enumerate(magic.crowns))),
        ("magic.bank_debt", tuple(n + 3 for n in magic.bank_debt)),
        ("magic.volatility", magic.volatility + 1),
        ("magic.allies", (*magic.allies, (0, 1))),
        ("economy.fresh", hand[:1]),
        ("economy.offers_made", economy.offers_made + 1),
        ("core.dice", (2, 5)),
    ]


@pytest.mark.parametrize("seed", [30, 31])
def test_a_part_changed_alone_is_observed(seed: int) -> None:
    states = [state for state, _ in _observed(ALL_MODULES, seed, 60)]
    state = states[-1]
    for path, value in _one_part_changes(state):
        changed = _changed(state, path, value)
        for seat in range(GAME.players(state)):
            ENCODER.observe(bot_view(state, seat))  # (the seat's last observation: before)
            _check([(changed, seat)])
