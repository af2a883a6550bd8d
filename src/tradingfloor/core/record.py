"""Match records: (game id and version, options, seed, actions in order), and replay."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tradingfloor.core.errors import BadRecord, TradingfloorError
from tradingfloor.core.game import Game, State
from tradingfloor.core.registry import make


@dataclass(frozen=True)
class Move:
    """One recorded action: who took it, and its JSON form."""

    seat: int
    action: dict[str, Any]

    @classmethod
    def of(cls, seat: int, action: Any) -> Move:
        """A move from a typed action or its JSON form."""
        return cls(seat, action.to_json() if hasattr(action, "to_json") else dict(action))


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to rebuild a match exactly; the seed inside is a secret."""

    game: str
    version: str
    options: dict[str, Any]
    seed: int
    moves: tuple[Move, ...] = field(default=())

    @classmethod
    def start(cls, game: Game, options: dict[str, Any] | None, seed: int) -> MatchRecord:
        return cls(game.id, game.version, game.options(options), seed)

    def add(self, seat: int, action: Any) -> MatchRecord:
        """This record with one more move (actions are stored in their JSON form)."""
        return self.extend([Move.of(seat, action)])

    def extend(self, moves: list[Move]) -> MatchRecord:
        """This record with `moves` appended."""
        return MatchRecord(self.game, self.version, self.options, self.seed, (*self.moves, *moves))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "seed": self.seed,
            "moves": [{"seat": m.seat, "action": m.action} for m in self.moves],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, obj: Any) -> MatchRecord:
        try:
            moves = tuple(Move(int(m["seat"]), dict(m["action"])) for m in obj["moves"])
            return cls(
                str(obj["game"]), str(obj["version"]), dict(obj["options"]), int(obj["seed"]), moves
            )
        except (KeyError, TypeError, ValueError) as err:
            raise BadRecord(f"not a match record: {err}") from None

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as err:
            raise BadRecord(f"not a match record: {err}") from None


def replay(record: MatchRecord, upto: int | None = None) -> State:
    """The state after the record's first `upto` moves (all of them by default)."""
    game = make(record.game)
    if game.version != record.version:
        raise BadRecord(
            f"record is for {record.game} version {record.version}, this engine is {game.version}"
        )
    state = game.new(record.options, record.seed)
    for index, move in enumerate(record.moves[:upto]):
        try:
            state = game.apply(state, move.seat, game.parse_action(move.action))
        except TradingfloorError as err:
            raise BadRecord(f"move {index} does not replay: {err}") from None
    return state
