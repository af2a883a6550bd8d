"""Search's playouts on the lean table: a rules state played on by the heuristic in every seat.

`fast_playout(state, horizon)` is Businessmen's `fast_playout` hook (`core.game.Game`): the result
that playing `bots.HeuristicAgent` in every seat on the rules engine from `state` gives, for at
most `horizon` actions and then scored by `standing`, or to the end. The lean table
(`fast_table.py`) draws from the state's own generator in the rules engine's order and
`FastHeuristic` makes the bot's moves, so the two give the same result
(`tests/games/businessmen/test_fast_playout.py` compares them decision by decision).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from tradingfloor.core.game import Result
from tradingfloor.games.businessmen import rules
from tradingfloor.games.businessmen.fast_heuristic import FastHeuristic
from tradingfloor.games.businessmen.fast_table import Chooser, FastTable, Recorder
from tradingfloor.games.businessmen.standing import standing
from tradingfloor.games.businessmen.state import BusinessmenState

# The phases of a round in which a seat decides, in their order (state.Phase, less "over").
PHASES = ("declare", "buy", "load", "store", "export", "improve", "discard", "insure")
CanAct = Callable[[int], bool]  # whether a seat has a move in the phase under way


def fast_playout(state: BusinessmenState, horizon: int | None) -> Result:
    """The heuristic in every seat from `state`, for at most `horizon` actions (None: to the
    end): the game's result once it is over, else how it stands (`standing`) at the cut."""
    over = rules.result(state)
    if over is not None:
        return over
    table = table_of(state)
    countdown = Countdown(FastHeuristic(table), horizon)
    with contextlib.suppress(Cut):  # the horizon stops the play at the decision it reached
        table.play_on(countdown, countdown.record)
    if table.ended:
        return rules.final_result(
            table.vp, table.coins, table.ended == "goal", table.goal, table.max_rounds
        )
    seats = tuple(
        seat._replace(vp=vp, coins=coins)
        for seat, vp, coins in zip(state.seats, table.vp, table.coins, strict=True)
    )
    return standing(state._replace(seats=seats))


def table_of(state: BusinessmenState) -> ResumedTable:
    """A lean table standing where `state` stands, mid-phase included."""
    return ResumedTable(state)


class ResumedTable(FastTable):
    """A `FastTable` set up from a rules state, that plays on from the decision it awaits.

    The table's phases start a phase afresh; the phase under way resumes through the two places
    where a phase picks its seats (`_seek`, `clockwise`): the first of them to be asked leaves out
    the seats the state says are done with this phase and, in a circling phase, starts at the
    seat whose turn it is.
    """

    def __init__(self, state: BusinessmenState) -> None:
        super().__init__(state.decks, state.players, state.goal, state.max_rounds, seed=0)
        self.cursor = state.rng.cursor()
        self.goods_deck, self.goods_used = list(state.goods_deck), list(state.goods_used)
        self.export_deck, self.export_used = list(state.export_deck), list(state.export_used)
        self.goods_card = -1 if state.goods_card is None else state.goods_card
        self.round, self.first, self.embargo = state.round, state.first, state.embargo
        self.supply, self.market = list(state.supply), list(state.market)
        self.prices = list(state.prices)
        self.car_good = [car.good for car in state.cars]
        self.car_units = [list(car.units) for car in state.cars]
        self.car_load = [car.load for car in state.cars]
        seats = state.seats
        for name in ("coins", "vp", "skipping", "owed"):
            setattr(self, name, [getattr(seat, name) for seat in seats])
        for name in ("levels", "insured", "main", "temp", "bought", "exported", "vp_from"):
            setattr(self, name, [list(getattr(seat, name)) for seat in seats])
        if state.export_card is not None:
            self.export_card = state.export_card
            self._read_export_card()
        self.phase, self.turn = state.phase, state.turn
        # The seats done with the phase under way; in phase 5, the seats that have spun.
        done = [seat.passed or seat.skipping for seat in seats]
        if state.phase == "discard":
            done = [False] * state.players
            for seat, _ in state.event_spins:
                done[seat] = True
        self.resuming: list[bool] | None = done

    def play_on(self, chooser: Chooser, record: Recorder) -> None:
        """Finish the round under way from the awaited decision, then play the game to its end."""
        if self.phase == "over":
            return
        if not self._finish_round(chooser, record):
            self.play(chooser, record)

    def _finish_round(self, chooser: Chooser, record: Recorder) -> bool:
        """The rest of the round from its phase, as `play` runs it; True when the game is over."""
        at = PHASES.index(self.phase)
        if at <= 0:
            self._declare(chooser, record)
            self._turn_cards()
        if at <= 1:
            self._buy(chooser, record)
        if at <= 2:
            self._load(chooser, record)
        if at <= 3:
            self._store(chooser, record)
            self._send_cars()
        if at <= 4:
            self._export(chooser, record)
        if at <= 5:
            self._improve(chooser, record)
        if at <= 6:
            if at == 6 and self.turn is not None:  # it has spun and discards before the rest
                keep = chooser.store(self, self.turn)
                self._keep(self.turn, keep)
                record(self.turn, "store", keep)
            self._events(chooser, record)
        self._insure(chooser, record)
        return self._end_round()

    def _take_resuming(self) -> list[bool] | None:
        """The seats done with the phase under way, once; None for every later phase."""
        done, self.resuming = self.resuming, None
        return done

    def _seek(self, passed: list[bool], start: int, can: CanAct) -> int:
        """`FastTable._seek`; a circling phase under way goes on at the seat whose turn it is."""
        done = self._take_resuming()
        if done is not None and self.turn is not None:
            passed[:] = done
            start = self.turn
        return super()._seek(passed, start, can)

    def clockwise(self) -> list[int]:
        """`FastTable.clockwise`, less the seats done with the phase under way."""
        seats = super().clockwise()
        done = self._take_resuming()
        return seats if done is None else [seat for seat in seats if not done[seat]]

    def _declaring(self) -> list[int]:
        """`FastTable._declaring`, less the seats that have declared already."""
        done = self._take_resuming()
        seats = super()._declaring()
        return seats if done is None else [seat for seat in seats if not done[seat]]


class Cut(Exception):
    """The playout has reached its horizon: it stops at this decision."""


class Countdown:
    """The heuristic's choices, until `horizon` moves have been made: the next decision is Cut."""

    def __init__(self, chooser: FastHeuristic, horizon: int | None) -> None:
        self.chooser = chooser
        self.left = -1 if horizon is None else horizon  # below 0: no horizon

    def record(self, seat: int, kind: str, fields: object) -> None:
        """A `fast_table.Recorder`: one move more."""
        self.left -= 1

    def _next(self) -> None:
        if self.left == 0:
            raise Cut

    def declare(self, table: FastTable, seat: int) -> bool:
        self._next()
        return self.chooser.declare(table, seat)

    def buy(self, table: FastTable, seat: int) -> tuple[int, int] | None:
        self._next()
        return self.chooser.buy(table, seat)

    def load(self, table: FastTable, seat: int) -> tuple[int, int] | None:
        self._next()
        return self.chooser.load(table, seat)

    def store(self, table: FastTable, seat: int) -> tuple[int, ...]:
        self._next()
        return self.chooser.store(table, seat)

    def export(self, table: FastTable, seat: int) -> tuple[int, int] | None:
        self._next()
        return self.chooser.export(table, seat)

    def improve(self, table: FastTable, seat: int) -> int | None:
        self._next()
        return self.chooser.improve(table, seat)

    def insure(self, table: FastTable, seat: int) -> int | None:
        self._next()
        return self.chooser.insure(table, seat)
