"""The contract every game keeps: the `Game` protocol, its results and its events."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from tradingfloor.core.spaces import ActionSpace

State = Any
"""A game's state: immutable by contract, comparable with ==, and owned by its game."""


@dataclass(frozen=True)
class Result:
    """How a game came out: scores, ranks (1 is best; equal scores share), winners, and why."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    @classmethod
    def from_scores(
        cls, scores: Sequence[float], reason: str, eligible: Sequence[bool] | None = None
    ) -> Result:
        """Rank by score, highest first; only `eligible` seats can win (all, if not given)."""
        can_win = list(eligible) if eligible is not None else [True] * len(scores)
        ranks = tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)
        contenders = [s for s, ok in enumerate(can_win) if ok]
        best = max((scores[s] for s in contenders), default=None)
        winners = tuple(s for s in contenders if scores[s] == best)
        return cls(tuple(float(x) for x in scores), ranks, winners, reason)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Event:
    """Something that happened, shown to every seat (`visible_to` None) or only to some."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


def visible_events(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The JSON of the events that `seat` (None: a spectator) may see."""
    return [e.to_json() for e in events if e.visible(seat)]


@runtime_checkable
class Game(Protocol):
    """A game's rules as pure functions over immutable states.

    Optional, and so not part of the structural protocol: `balance_figures(state) -> dict[str,
    float]`, a finished game's balance figures of interest (named by the game; the lab records and
    reports them, e.g. Middleman's share of rounds whose supply exceeded the demand).

    Optional too: `how_to_play() -> str`, a short player's guide in Markdown, in the game's words
    (the web page and `tradingfloor rules` show it).

    Optional too: `move_words(state, seat, action) -> str`, a move in the game's words as it is
    made in `state` ("Offer 3 a tin for 2 tins"), for replays and logs.

    Words a person reads: every game's view carries, besides its own keys,
    - `status`: where the game stands, in its words, without whose move it is ("Round 4 of 10 ·
      selling"); the match page adds "your move" or who it waits for;
    - `chapter`: the part of the game a replay can jump to ("Round 4"); a new value starts one;
    - `news`: what the latest action did, a list of sentences;
    - `recap`, once the game is over: one sentence per seat on what decided its game (from the
      game's balance figures).
    Seats in these texts are written `{seat:N}` (core/words.py), for each interface to name.
    A game's bots say who they are to people: class attributes `title` ("Beginner") and `strength`
    (one line: "Makes the mistakes of a first game").

    Optional too: `withdraw(state, seat) -> State`, the state as it was before `seat` sealed its
    commitment to the current simultaneous step (the same state where it has sealed none). Search
    uses it in sampled worlds, so that the others' hidden commitments are chosen by its model of
    them rather than by `redetermine`'s draw.

    Optional too: `standing(state) -> Result`, how the game would be scored if it ended in
    `state` (the game's own `result` once it is over), in the game's scoring: Merlin's cap score,
    Businessmen's VP then coins. Search stops its playouts after a horizon and scores them with
    it, rather than playing every playout to the end; a game without it (Middleman, whose short
    games need none and whose held tins its scoring counts as nothing) is played out to the end.

    Optional too: `bot_view(state, seat) -> Mapping`, the view as the game's own bots read it:
    every entry it has is the view's and it never shows more, but it may leave out what the bots
    never read (the words) or make each entry only when first read (core/agent.py's
    `Decision.bot_view`). The server, the terminal and RL policies read `view`; PettingZoo's
    encoders may read a lean view of their own (rl/encoding.py's `Encoder.seat_view`), every
    entry of which is the view's.

    Optional too: `data_figures() -> list[(name, default, takes, where)]`, every figure of the
    game's data files that an option can change, by the name the lab's `--set`, `--sweep` and
    `--param` give it (`data.setup.starting_gold`), with its default, what it takes in words and
    its file. `tradingfloor data GAME` lists them beside the game's options.

    Optional too: `fast_playout(state, horizon) -> Result`, what a playout from `state` comes to
    with the game's `heuristic` bot in every seat, for at most `horizon` actions (None: to the
    end): the game's `result` once it is over, else its `standing` where the playout stopped. It
    must equal playing that bot on the rules engine, move for move and draw for draw (the state's
    own generator in the rules' order; the bot may draw nothing else), but may run on a faster
    simulator of the game's own (Businessmen's lean table). Search's lookahead plays its playouts
    through it where they are the heuristic in every seat.
    """

    id: str
    version: str
    title: str

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
        """A fresh game; bad options raise BadOptions."""

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The options validated and completed with defaults, as JSON."""

    def actors(self, state: State) -> tuple[int, ...]:
        """Seats whose decision is awaited; several: a sealed simultaneous step; (): game over."""

    def legal(self, state: State, seat: int) -> ActionSpace:
        """What `seat` may do now (a NoActions space when it has nothing to do)."""

    def parse_action(self, obj: Any) -> Any:
        """A JSON object as a typed action, or IllegalAction saying what is malformed."""

    def apply(self, state: State, seat: int, action: Any) -> State:
        """The state after `seat` takes `action`; never mutates `state`; IllegalAction if not."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-ready: only what `seat` may know (None: a spectator)."""

    def redetermine(self, state: State, seat: int, rng: random.Random) -> State:
        """A state `seat` cannot tell from `state`: all it cannot see, resampled consistently."""

    def result(self, state: State) -> Result | None:
        """How the game ended, or None while it goes on."""

    def players(self, state: State) -> int:
        """How many seats the game has."""

    def schemas(self) -> dict[str, Any]:
        """JSON schemas of the options and of the actions, for forms and documentation."""

    def bots(self) -> Mapping[str, Any]:
        """The game's own agents by name: a factory taking no arguments for each."""

    def conformance_options(self) -> Sequence[Mapping[str, Any]]:
        """Option sets that the conformance suite plays."""
