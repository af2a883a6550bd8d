"""Middleman's state: every player's sheet, the step's sealed commitments, and the history."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Final, Literal, NamedTuple

from tradingfloor.core.rng import Rng
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

Phase = Literal["rows", "buy", "sell", "over"]
Side = Literal["buy", "sell"]
ROUNDS = 10
DIGITS = 10  # each row holds the digits 0-9 (Middleman §2)
TOP_PRICE = 10  # Middleman §4: "The market never pays more than 10 per tin."
Sealed = Rows | Buy | Sell | None


class Variant(NamedTuple):
    """A research variant's figures (docs/rules/middleman.md, Variants); PRINTED is the game.

    A named tuple as the state is: it is hashed wherever a space is looked up for a state."""

    rounds: int = ROUNDS  # rounds played: the first `rounds` columns of each row
    digits: int = DIGITS  # each row holds the digits 0 to digits - 1, each once
    top_price: int = TOP_PRICE  # the most the market pays per tin
    starting_cash: int | None = None  # each seat's cash at the start; None: 10 x players (§2)

    def start_cash(self, players: int) -> int:
        """Each seat's cash at the start: ten times the players (Middleman §2), or the variant's."""
        return 10 * players if self.starting_cash is None else self.starting_cash

    @property
    def digits_total(self) -> int:
        """What each row adds up to: 45 in the printed game."""
        return self.digits * (self.digits - 1) // 2

    # A variant equals another variant of the same figures, never a plain tuple of them.
    def __eq__(self, other: object) -> bool:
        return type(other) is Variant and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other


PRINTED = Variant()


class Step(NamedTuple):
    """One resolved buying or selling step, as the rule text's tables lay it out.

    A named tuple, immutable as the state's records are: every resolved step makes one, and a
    tuple is made at a quarter of a frozen dataclass's cost."""

    round: int
    side: Side
    orders: tuple[
        tuple[int, int] | None, ...
    ]  # (tins, price) per seat; None for a seat already out
    digits: tuple[int, ...]  # every seat's A (buying) or D (selling) digit for the round
    market: int  # Available Tins (buying) or Demand (selling)
    fills: tuple[int, ...]  # what the auction allocated to each seat
    went_out: tuple[int, ...]  # seats out for overspending in this step; their fills are void


class MiddlemanState(NamedTuple):
    """The whole table. `rows_*` and `sealed` are secrets; everything in `history` is public.

    A named tuple, immutable as a frozen dataclass is, and equal only to another state: every
    move makes a state, and a tuple is made in one call where a frozen dataclass sets each of
    its thirteen fields through `object.__setattr__`."""

    players: int
    guarded: bool
    rng: Rng
    round: int
    phase: Phase
    cash: tuple[int, ...]
    tins: tuple[int, ...]
    out: tuple[bool, ...]
    rows_a: tuple[tuple[int, ...] | None, ...]
    rows_d: tuple[tuple[int, ...] | None, ...]
    sealed: tuple[Sealed, ...]
    history: tuple[Step, ...] = ()
    variant: Variant = PRINTED

    def in_game(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def revealed_columns(self, side: Side) -> int:
        """How many columns of row A (buying) or D (selling) have been called out so far."""
        return sum(1 for step in self.history if step.side == side)

    # A state equals another state of the same fields, never a plain tuple that holds them; it
    # hashes as that tuple does (equal states, equal hashes).
    def __eq__(self, other: object) -> bool:
        return type(other) is MiddlemanState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other


_SEALED: Final = MiddlemanState._fields.index("sealed")

# A state or a step made from the tuple of all its fields in order, in one call to the tuple's
# own constructor: the named tuple's generated `__new__` takes them one by one in a Python frame
# of its own, and the rules make a state at every move and a step at every market.
made_state: Final[Callable[[Sequence[Any]], MiddlemanState]] = partial(
    tuple.__new__, MiddlemanState
)
made_step: Final[Callable[[Sequence[Any]], Step]] = partial(tuple.__new__, Step)


def with_sealed(state: MiddlemanState, sealed: tuple[Sealed, ...]) -> MiddlemanState:
    """`state` with the step's commitments `sealed`, every other field kept."""
    # The fields as a list with one item set: this runs on nearly every move, at a fraction of
    # the cost of naming each field (or of `_replace`, or of slicing the tuple twice).
    fields = list(state)
    fields[_SEALED] = sealed
    return made_state(fields)
