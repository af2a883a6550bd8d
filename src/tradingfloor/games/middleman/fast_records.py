"""Match records of the batch engine's games: the text `MatchRecord.dumps()` writes, made fast.

A Middleman game is decided by its actions alone, so the rows and orders that the batch engine
logged (`fast.OrderLog`) replay through the rules engine to the same game. The text is built
directly, in `MatchRecord.dumps()`'s exact form (a test checks that the two agree), and in
NumPy where it can be: a run writes one record for every game, and building a `MatchRecord` of
typed actions for each would cost more than playing the game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from tradingfloor.games.middleman.fast import Array, OrderLog
from tradingfloor.games.middleman.state import ROUNDS

SIDES = ("buy", "sell")


def records(
    log: OrderLog, options: dict[str, Any], seeds: Sequence[int], game: str, version: str
) -> list[str]:
    """One record per game of the batch, in batch order; `seeds` are the games' seeds."""
    head = (
        f'{{"game":{json.dumps(game)},"version":{json.dumps(version)},'
        f'"options":{json.dumps(options, separators=(",", ":"))},"seed":'
    )
    rows = _rows_moves(log)
    orders = _order_moves(log)
    return [
        f'{head}{seed},"moves":[{written}{"," if ordered else ""}{ordered}]}}'
        for seed, written, ordered in zip(seeds, rows, orders, strict=True)
    ]


def _rows_moves(log: OrderLog) -> list[str]:
    """Each game's rows moves, seat by seat, as one text: built as bytes in one array."""
    players, games = log.rows_a.shape[1], log.rows_a.shape[2]
    pieces: list[bytes | Array] = []
    for seat in range(players):
        pieces.append(
            f'{"," if seat else ""}{{"seat":{seat},"action":{{"type":"rows","a":['.encode()
        )
        pieces.append(log.rows_a[:, seat])
        pieces.append(b'],"d":[')
        pieces.append(log.rows_d[:, seat])
        pieces.append(b"]}}")
    columns = []
    for piece in pieces:
        if isinstance(piece, bytes):
            columns.append(np.broadcast_to(np.frombuffer(piece, np.uint8), (games, len(piece))))
        else:  # ten digits, "8,0,1,..."
            digits = np.full((games, 2 * ROUNDS - 1), ord(","), dtype=np.uint8)
            digits[:, ::2] = piece.T.astype(np.uint8) + ord("0")
            columns.append(digits)
    text = np.ascontiguousarray(np.concatenate(columns, axis=1))
    width = text.shape[1]
    return [line.decode() for line in text.view(f"S{width}").ravel().tolist()]


def _order_moves(log: OrderLog) -> list[str]:
    """Each game's orders in step and seat order, as one text (empty for a game with none)."""
    steps, players, games = 2 * ROUNDS, log.tins.shape[2], log.tins.shape[3]
    tins = log.tins.reshape(steps, players, games)
    price = log.price.reshape(steps, players, games)
    # (game, step, seat) of every order sent, in that order: the record's order of moves.
    game, step, seat = np.nonzero((tins >= 0).transpose(2, 0, 1))
    count, ask = tins[step, seat, game].astype(np.int64), price[step, seat, game].astype(np.int64)
    # Each distinct move is written once: a code for (side, seat, tins, price).
    code = (((step % 2) * players + seat) * 1024 + count) * 8192 + ask
    distinct, which = np.unique(code, return_inverse=True)
    texts = np.array([_move(int(c), players) for c in distinct.tolist()], dtype=object)
    moves = texts[which].tolist()
    ends = np.cumsum(np.bincount(game, minlength=games)).tolist()
    starts = [0, *ends[:-1]]
    return [",".join(moves[a:b]) for a, b in zip(starts, ends, strict=True)]


def _move(code: int, players: int) -> str:
    """The move a code stands for, as `Move` JSON."""
    rest, ask = divmod(code, 8192)
    rest, count = divmod(rest, 1024)
    side, seat = divmod(rest, players)
    return f'{{"seat":{seat},"action":{{"type":"{SIDES[side]}","tins":{count},"price":{ask}}}}}'
