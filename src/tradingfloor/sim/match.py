"""Playing one game of a run and describing it as one row."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from tradingfloor.agents import make_agent
from tradingfloor.core.actions import Action
from tradingfloor.core.agent import Agent
from tradingfloor.core.game import Game, Result, State
from tradingfloor.core.playout import play_out
from tradingfloor.core.record import MatchRecord, Move
from tradingfloor.core.registry import make
from tradingfloor.sim.actions import action_columns, action_types, count_actions
from tradingfloor.sim.spec import GameTask

Row = dict[str, Any]
SEARCHES = {"ismcts": "auto", "ismcts-tree": "tree"}  # the bot kinds that take a budget


def seat_agent(game: Game, spec: str) -> Agent:
    """The agent for a seat spec: a bot kind, or `ismcts:N` (`ismcts-tree:N`) for ISMCTS with N
    iterations (of its tree search); `ismcts:N:H` cuts the lookahead's playouts at H actions
    (`ismcts:N:end`: plays them to the end)."""
    kind, _, budget = spec.partition(":")
    budget, _, horizon = budget.partition(":")
    if kind in SEARCHES and budget:
        from tradingfloor.agents.ismcts import ISMCTSAgent, parse_horizon

        if not budget.isdigit() or int(budget) < 1:
            raise ValueError(f"an ISMCTS budget is a number of iterations, not {budget!r}")
        if horizon and kind != "ismcts":
            raise ValueError(f"only ismcts takes a playout horizon (ismcts:N:H), not {spec!r}")
        cut = {"horizon": parse_horizon(horizon)} if horizon else {}
        return ISMCTSAgent(iterations=int(budget), search=SEARCHES[kind], **cut)
    if budget:
        raise ValueError(f"only ismcts and ismcts-tree take a budget (ismcts:N), not {spec!r}")
    return make_agent(game, kind)


def play_task(task: GameTask) -> Row:
    """Play `task`'s game to the end and return its row; the same task always gives the same row."""
    game = make(task.game)
    return play_game(game, task, [seat_agent(game, spec) for spec in task.seats])


def play_game(game: Game, task: GameTask, agents: Sequence[Agent]) -> Row:
    """Play `task`'s game with `agents` in its seats and return its row (the reference engine)."""
    moves = MoveList()
    state = game.new(task.options, task.seed)
    final = play_out(game, state, agents, random.Random(f"agents-{task.seed}"), observe=moves.add)
    record = MatchRecord.start(game, task.options, task.seed).extend(moves.moves)
    result = game.result(final)
    assert result is not None, "play_out returns only finished games"
    return describe(game, task, final, result, record)


class MoveList:
    """A game's moves as its record keeps them, in order (a `play_out` observer).

    A bot plays the same action objects again and again (Merlin's heuristic parses each wish once),
    so the move a seat made with one is kept and reused: its JSON form is made once a game, not
    once a move. Typed actions are immutable; any other action is recorded afresh each time."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self._made: dict[tuple[int, int], tuple[Action, Move]] = {}  # (the action keeps its id)

    def add(self, before: State, seat: int, action: Any, after: State) -> None:
        """Record `seat`'s `action`."""
        if not isinstance(action, Action):
            self.moves.append(Move.of(seat, action))
            return
        made = self._made.get((seat, id(action)))
        if made is None:
            made = self._made[seat, id(action)] = (action, Move.of(seat, action))
        self.moves.append(made[1])


def describe(game: Game, task: GameTask, final: State, result: Result, record: MatchRecord) -> Row:
    """The row of a finished game: seats, result, length, actions by type and balance figures."""
    scores = list(result.scores)
    ordered = sorted(scores, reverse=True)
    row: Row = {
        "index": task.index,
        "game": game.id,
        "version": game.version,
        "options": dict(record.options),
        "sweep": task.sweep,
        "seed": task.seed,
        "rotation": task.rotation,
        "seats": list(task.seats),
        "scores": scores,
        "ranks": list(result.ranks),
        "winners": list(result.winners),
        "reason": result.reason,
        "length": len(record.moves),
        "margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0.0,
        "record": record.dumps(),
    }
    counts = count_actions(record.moves, action_types(game), len(scores))
    row.update(action_columns(counts))
    for name, value in balance_figures(game, final).items():
        number = float(value)
        row[f"balance.{name}"] = None if math.isnan(number) else number  # undefined in this game
    return row


def balance_figures(game: Game, final: State) -> dict[str, float]:
    """The game's own balance figures of a finished game (the optional `balance_figures` hook)."""
    hook = getattr(game, "balance_figures", None)
    return dict(hook(final)) if callable(hook) else {}
