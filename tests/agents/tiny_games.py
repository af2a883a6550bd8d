"""Tiny games whose right moves are known, written against the core contract for search tests."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import StrictInt, StrictStr

from tradingfloor.core.actions import Action, ActionCodec
from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Result
from tradingfloor.core.rng import Rng
from tradingfloor.core.spaces import ActionSpace, ChoiceSpace, NoActions


class Pick(Action):
    """A named choice."""

    type: Literal["pick"] = "pick"
    choice: StrictStr


class Take(Action):
    """Take stones from the pile."""

    type: Literal["take"] = "take"
    stones: StrictInt


@dataclass(frozen=True)
class TinyState:
    """Whose turn, what was chosen, the pile, the hidden coin and the chance position."""

    rng: Rng
    actors: tuple[int, ...]
    picks: tuple[str | None, ...] = (None, None)
    pile: int = 0
    coin: str = "H"
    winners: tuple[int, ...] | None = None


class TinyGame:
    """The shared plumbing of the tiny games; subclasses give `new`, `legal` and `resolve`."""

    id = "tiny"
    version = "1"
    title = "Tiny"
    codec = ActionCodec(Pick | Take)

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return {}

    def actors(self, state: TinyState) -> tuple[int, ...]:
        return () if state.winners is not None else state.actors

    def parse_action(self, obj: Any) -> Any:
        return self.codec.parse(obj)

    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        return {"actors": list(self.actors(state)), "pile": state.pile}

    def redetermine(self, state: TinyState, seat: int, rng: random.Random) -> TinyState:
        return replace(state, rng=Rng(rng.getrandbits(62)))

    def result(self, state: TinyState) -> Result | None:
        if state.winners is None:
            return None
        return Result.from_scores([1 if s in state.winners else 0 for s in range(2)], "done")

    def players(self, state: TinyState) -> int:
        return 2

    def schemas(self) -> dict[str, Any]:
        return {}

    def bots(self) -> Mapping[str, Any]:
        return {}

    def conformance_options(self) -> Sequence[Mapping[str, Any]]:
        return [{}]

    def apply(self, state: TinyState, seat: int, action: Any) -> TinyState:
        why = self.legal(state, seat).check(action)
        if why:
            raise IllegalAction(why, seat, action)
        return self.resolve(state, seat, action)

    def legal(self, state: TinyState, seat: int) -> ActionSpace:
        raise NotImplementedError

    def resolve(self, state: TinyState, seat: int, action: Any) -> TinyState:
        raise NotImplementedError


class OneDraw(TinyGame):
    """One draw decides the game: seat 0 draws, and wins where the draw falls below its odds."""

    def odds(self, state: TinyState) -> tuple[int, int]:
        """Seat 0's winning draws out of all the draws, in `state`."""
        raise NotImplementedError

    def legal(self, state: TinyState, seat: int) -> ActionSpace:
        if seat not in self.actors(state):
            return NoActions("not your turn")
        return ChoiceSpace([Pick(choice="draw")])

    def resolve(self, state: TinyState, seat: int, action: Any) -> TinyState:
        cursor = state.rng.cursor()
        winning, draws = self.odds(state)
        winner = 0 if cursor.below(draws) < winning else 1
        return replace(state, rng=cursor.rng, actors=(), winners=(winner,))


class Pennies(TinyGame):
    """Sealed matching pennies with a way out: seat 0 plays H, T or S(afe); seat 1 plays H or T.

    H/T: seat 0 wins when the coins match. S: seat 0 wins a 40% chance draw. The simultaneous
    value of pennies is 50%, so H or T is right; a search that let seat 1 see seat 0's coin would
    value H and T at 0 and take the 40% way out.
    """

    id = "tiny-pennies"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> TinyState:
        return TinyState(Rng(seed), actors=(0, 1))

    def legal(self, state: TinyState, seat: int) -> ActionSpace:
        if seat not in self.actors(state):
            return NoActions("not your turn")
        choices = ("H", "T", "S") if seat == 0 else ("H", "T")
        return ChoiceSpace([Pick(choice=c) for c in choices])

    def resolve(self, state: TinyState, seat: int, action: Any) -> TinyState:
        picks = list(state.picks)
        picks[seat] = action.choice
        actors = tuple(s for s in state.actors if s != seat)
        if actors:
            return replace(state, picks=tuple(picks), actors=actors)
        if picks[0] == "S":
            cursor = state.rng.cursor()
            winner = 0 if cursor.below(10) < 4 else 1
            return replace(state, picks=tuple(picks), rng=cursor.rng, actors=(), winners=(winner,))
        winner = 0 if picks[0] == picks[1] else 1
        return replace(state, picks=tuple(picks), actors=(), winners=(winner,))


class Guess(TinyGame):
    """Seat 0 guesses a hidden coin that shows heads 70% of the time; a right guess wins.

    The coin is hidden from seat 0, so `redetermine` draws it afresh: H is right whatever the
    true coin, and a search that peeked at the true state would guess it instead.
    """

    id = "tiny-guess"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> TinyState:
        cursor = Rng(seed).cursor()
        coin = "H" if cursor.below(10) < 7 else "T"
        return TinyState(cursor.rng, actors=(0,), coin=coin)

    def redetermine(self, state: TinyState, seat: int, rng: random.Random) -> TinyState:
        coin = "H" if rng.random() < 0.7 else "T"
        return replace(state, rng=Rng(rng.getrandbits(62)), coin=coin)

    def legal(self, state: TinyState, seat: int) -> ActionSpace:
        if seat not in self.actors(state):
            return NoActions("not your turn")
        return ChoiceSpace([Pick(choice="H"), Pick(choice="T")])

    def resolve(self, state: TinyState, seat: int, action: Any) -> TinyState:
        winner = 0 if action.choice == state.coin else 1
        return replace(state, actors=(), winners=(winner,))


class Nim(TinyGame):
    """Take 1 or 2 stones in turn; who takes the last stone wins. From 4 stones, take 1."""

    id = "tiny-nim"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> TinyState:
        return TinyState(Rng(seed), actors=(0,), pile=4)

    def legal(self, state: TinyState, seat: int) -> ActionSpace:
        if seat not in self.actors(state):
            return NoActions("not your turn")
        return ChoiceSpace([Take(stones=n) for n in (1, 2) if n <= state.pile])

    def resolve(self, state: TinyState, seat: int, action: Any) -> TinyState:
        pile = state.pile - action.stones
        if pile == 0:
            return replace(state, pile=0, actors=(), winners=(seat,))
        return replace(state, pile=pile, actors=(1 - seat,))
