"""Businessmen's fast lab engine: heuristic games on a lean table, the rules engine's very games.

The lab (`sim.vectorized`) plays a run here when every seat is the heuristic bot. Each game is
played on a `FastTable` by `FastHeuristic`, which draw the same numbers and make the same moves as
the rules engine and `bots.HeuristicAgent` from the same seed; so each row, record included, is
the row the rules engine gives (`tradingfloor simulate --reference` plays it there instead), and
`tests/games/businessmen/test_fast_differential.py` holds the two to it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tradingfloor.games.businessmen import menus
from tradingfloor.games.businessmen.actions import Store
from tradingfloor.games.businessmen.balance import figures
from tradingfloor.games.businessmen.fast_heuristic import FastHeuristic
from tradingfloor.games.businessmen.fast_table import FastTable
from tradingfloor.games.businessmen.names import GOODS
from tradingfloor.games.businessmen.options import match_decks_of, parse_options
from tradingfloor.games.businessmen.rules import final_result

VECTORIZED_POLICIES = frozenset({"heuristic"})
"""The seat specs this engine plays (sim.vectorized's name for them)."""

ROWS_BY_TASK = True
"""Each row is its own task's game alone: a run may be shared among worker processes."""

Row = dict[str, Any]
ACTION_TYPES = ("buy", "export", "improve", "insure", "load", "pass", "play", "skip", "store")


def run_rows(tasks: Sequence[Any]) -> list[Row]:
    """Every task (a `sim.spec.GameTask`) played to the end, as the lab's rows in task order."""
    return [play_row(task) for task in tasks]


def play_row(task: Any) -> Row:
    """One task's game and its row: the columns of `sim.match.describe`, with the same values."""
    from tradingfloor.games.businessmen import GAME

    chosen = parse_options(task.options)
    options = GAME.options(task.options)
    decks = match_decks_of(chosen)
    table = FastTable(decks, chosen.players, chosen.goal, chosen.max_rounds, task.seed)
    moves = Moves(chosen.players)
    table.play(FastHeuristic(table), moves.add)
    result = final_result(
        table.vp, table.coins, table.ended == "goal", table.goal, table.max_rounds
    )
    scores = list(result.scores)
    ordered = sorted(scores, reverse=True)
    row: Row = {
        "index": task.index,
        "game": GAME.id,
        "version": GAME.version,
        "options": options,
        "sweep": task.sweep,
        "seed": task.seed,
        "rotation": task.rotation,
        "seats": list(task.seats),
        "scores": scores,
        "ranks": list(result.ranks),
        "winners": list(result.winners),
        "reason": result.reason,
        "length": len(moves.texts),
        "margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0.0,
        "record": moves.record(GAME.id, GAME.version, options, task.seed),
    }
    for kind in ACTION_TYPES:
        row[f"actions.{kind}"] = moves.counts[kind]
    for name, value in figures(table.vp_from, table.round).items():
        row[f"balance.{name}"] = value
    return row


class Moves:
    """The moves of one game as `MatchRecord.dumps()` writes them, and their count by type."""

    def __init__(self, players: int) -> None:
        self.texts: list[str] = []
        self.counts = {kind: [0] * players for kind in ACTION_TYPES}

    def add(self, seat: int, kind: str, fields: Any) -> None:
        """A `fast_table.Recorder`: one more move."""
        key = (seat, kind, fields)
        text = _TEXTS.get(key)
        if text is None:
            text = _TEXTS[key] = _text(seat, kind, fields)
        self.texts.append(text)
        self.counts[kind][seat] += 1

    def record(self, game: str, version: str, options: dict[str, Any], seed: int) -> str:
        """The game's `MatchRecord.dumps()` text."""
        head = {"game": game, "version": version, "options": options, "seed": seed, "moves": []}
        opening = json.dumps(head, separators=(",", ":"))[: -len("[]}")]
        return f"{opening}[{','.join(self.texts)}]}}"


_TEXTS: dict[tuple[int, str, Any], str] = {}  # a move's text by (seat, type, fields)


def _text(seat: int, kind: str, fields: Any) -> str:
    """A move's JSON as a record holds it: the rules engine's own action, in its JSON form."""
    action = _action(kind, fields)
    return json.dumps({"seat": seat, "action": action.to_json()}, separators=(",", ":"))


def _action(kind: str, fields: Any) -> Any:
    """The menus' action for a fast table's move."""
    if kind in ("play", "skip", "pass"):
        return {"play": menus.PLAY, "skip": menus.SKIP, "pass": menus.PASS}[kind]
    if kind == "buy":
        return menus.BUYS[fields]
    if kind == "load":
        return menus.LOADS[fields]
    if kind == "export":
        return menus.EXPORTS[fields]
    if kind == "improve":
        return menus.IMPROVES[fields]
    if kind == "insure":
        return menus.INSURES[fields]
    return Store(keep=tuple(GOODS[g] for g in fields))  # type: ignore[misc]
