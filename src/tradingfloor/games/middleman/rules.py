"""Middleman's rules as pure transitions over `MiddlemanState`."""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Final, cast

from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Result
from tradingfloor.core.rng import Rng
from tradingfloor.core.spaces import ActionSpace, NoActions
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.allocation import served
from tradingfloor.games.middleman.spaces import OrderSpace, RowsSpace, dealt_rows, most_cash
from tradingfloor.games.middleman.state import (
    PRINTED,
    MiddlemanState,
    Sealed,
    Step,
    Variant,
    made_state,
    made_step,
    with_sealed,
)


def new_state(players: int, guarded: bool, seed: int, variant: Variant = PRINTED) -> MiddlemanState:
    """The sheets before anyone writes: 10 x players in cash each (or the variant's), no tins."""
    return made_state((players, guarded, Rng(seed), *_blank_sheets(players, variant)))


@lru_cache(maxsize=256)
def _blank_sheets(players: int, variant: Variant) -> tuple[object, ...]:
    """Every field of a new game's state after its generator, the same for every seed: random
    play starts a game every few moves."""
    # Middleman §2: "Starting capital for each player is ten times the number of participants."
    return (
        1,  # round
        "rows",  # phase
        (variant.start_cash(players),) * players,  # cash
        (0,) * players,  # tins
        (False,) * players,  # out
        (None,) * players,  # rows_a
        (None,) * players,  # rows_d
        (None,) * players,  # sealed
        (),  # history
        variant,
    )


def actors(state: MiddlemanState) -> tuple[int, ...]:
    """Seats still in the game that have not yet committed this step."""
    if state.phase == "over":
        return ()
    out, sealed = state.out, state.sealed
    if True not in out and sealed.count(None) == state.players:
        return _EVERY_SEAT[state.players]  # a step begins with everyone in: asked every step
    return tuple([s for s in range(state.players) if not out[s] and sealed[s] is None])


_EVERY_SEAT: Final = [tuple(range(players)) for players in range(9)]  # 2-8 seats (RULINGS 1)


def legal(state: MiddlemanState, seat: int) -> ActionSpace:
    """What `seat` may send now."""
    # A caller asks `legal` for its move, then `apply` asks again for the same state and seat to
    # check it: the last space made is kept for that second asking. A state never changes, and
    # the held state keeps its identity from being reused, so the same identity means the same
    # space; the three are kept in one tuple, replaced at once, so threads cannot mix them.
    global _last_asked
    last_state, last_seat, last_space = _last_asked
    if last_state is state and last_seat == seat:
        return last_space
    space = _space(state, seat)
    _last_asked = (state, seat, space)
    return space


_last_asked: tuple[MiddlemanState | None, int, ActionSpace] = (None, -1, NoActions(""))


def _space(state: MiddlemanState, seat: int) -> ActionSpace:
    """What `seat` may send now: `legal` without keeping it for the asking again."""
    # `_cannot_act`'s tests in one expression, asked at nearly every move; its words if one fails.
    awaited = 0 <= seat < state.players and state.sealed[seat] is None and not state.out[seat]
    if not awaited or state.phase == "over":
        return NoActions(_cannot_act(state, seat) or "")
    if state.phase == "rows":
        # RULINGS Middleman 2: "deal them for me at random" is a convenience; an interface deals
        # the same rows for the same game (`dealt_rows`), drawn only when a person asks.
        digits = state.variant.digits
        return RowsSpace(partial(dealt_rows, state.rng.seed, seat, digits), digits)
    if state.phase == "buy":
        return _buying_space(state.players, state.variant, state.guarded, state.cash[seat])
    return _selling_space(state.tins[seat], state.variant.top_price)


# An order space never changes (but for its last draw, which is legal in it), so the states that
# ask for the same one share it: every buying and selling step asks for one per seat.
@lru_cache(maxsize=1024)
def _buying_space(players: int, variant: Variant, guarded: bool, cash: int) -> OrderSpace:
    """The buying orders open to a seat holding `cash` at this table."""
    # The most that the A digits can ever add up to: 9 x players in the printed game.
    max_tins = (variant.digits - 1) * players
    if guarded:
        # RULINGS Middleman 6: guarded play refuses up front what the cash cannot pay.
        return OrderSpace(Buy, max_tins, cash, cash)
    # RULINGS Middleman 4: no order is refused against the cash held; an offer the buyer
    # cannot pay puts them out only if it is served (§3, RULINGS 6).
    return OrderSpace(Buy, max_tins, most_cash(players, variant), typical=cash)


@lru_cache(maxsize=1024)
def _selling_space(tins: int, top_price: int) -> OrderSpace:
    """The selling orders open to a seat holding `tins`: at most the market's top price."""
    return OrderSpace(Sell, tins, top_price)


def _cannot_act(state: MiddlemanState, seat: int) -> str | None:
    """Why `seat` has nothing to do now, or None if it is awaited."""
    if not 0 <= seat < state.players:
        return f"there is no seat {seat} in this {state.players}-player game"
    if state.phase == "over":
        return "the game is over"
    if state.out[seat]:
        return "you are out of the game"
    if state.sealed[seat] is not None:
        return "you have already committed this step; wait for the others"
    return None


def apply(state: MiddlemanState, seat: int, action: Rows | Buy | Sell) -> MiddlemanState:
    """Seal `seat`'s commitment; the step resolves when the last seat still in has committed."""
    why = legal(state, seat).check(action)  # any object: a space refuses what is not its action
    if why:
        if not isinstance(action, (Rows, Buy, Sell)):
            why = f"not a Middleman action: {action!r}"
        raise IllegalAction(why, seat, action)
    sealed = list(state.sealed)  # a list's item set, then one tuple: half the cost of slicing
    sealed[seat] = action
    if _someone_to_commit(sealed, state.out):
        return with_sealed(state, tuple(sealed))
    if state.phase == "rows":
        return _write_rows(state, sealed)
    if state.phase == "buy":
        return _resolve_buying(state, sealed)
    return _resolve_selling(state, sealed)


def _someone_to_commit(sealed: list[Sealed], out: tuple[bool, ...]) -> bool:
    """Whether a seat still in the game has yet to commit to this step."""
    # A seat that is out never commits, so a seat still in is awaited exactly when fewer seats
    # have committed than are in. The commitments are told from None by identity: counting the
    # Nones would compare each action with None through pydantic's __eq__. (A comprehension,
    # which the compiled engine runs as a C loop: `sum(map(bool, sealed))` cost it 6% of a game.)
    committed = [commitment for commitment in sealed if commitment is not None]
    return len(committed) < out.count(False)


def _write_rows(state: MiddlemanState, sealed: list[Sealed]) -> MiddlemanState:
    # Every seat writes (nobody is out yet), and apply takes nothing but rows now: no isinstance,
    # which asks pydantic's ABC metaclass each time.
    rows = cast("list[Rows]", sealed)
    return _next_step(
        state,
        state.round,
        "buy",
        (state.cash, state.tins, state.out),
        tuple([r.a for r in rows]),
        tuple([r.d for r in rows]),
        state.history,
    )


def _orders(sealed: list[Sealed]) -> tuple[tuple[int, int] | None, ...]:
    """Each seat's sealed (tins, price), or None for a seat that is out (it seals nothing)."""
    # In a market step apply takes nothing but orders, so an order is told from None by identity,
    # not by isinstance (which asks pydantic's ABC metaclass each time).
    orders = cast("list[Buy | Sell | None]", sealed)
    return tuple([None if o is None else (o.tins, o.price) for o in orders])


def _round_digits(rows: tuple[tuple[int, ...] | None, ...], round_: int) -> tuple[int, ...]:
    """Every seat's digit of row A or D for the round: its column `round_`."""
    # RULINGS Middleman 7: out players' digits keep counting in supply and demand.
    return tuple([row[round_ - 1] for row in rows if row is not None])


def _resolve_buying(state: MiddlemanState, sealed: list[Sealed]) -> MiddlemanState:
    """Middleman §3: reveal the A digits, run the auction, pay; overspenders are out."""
    orders = _orders(sealed)
    digits = _round_digits(state.rows_a, state.round)
    supply = sum(digits)  # §3: "the total gives the number of tins available on the market"
    fills = served(orders, supply, "buy")
    cash, tins, out = list(state.cash), list(state.tins), list(state.out)
    went_out = []
    for seat, filled in enumerate(fills):
        if not filled:
            continue  # nothing bought, nothing to pay (a seat that is out has no fill)
        cost = filled * orders[seat][1]  # type: ignore[index]  # a seat with a fill has an order
        if cost > cash[seat]:
            # §3: "Players who err ... by not having the funds to pay for their tins are out of the
            # game." RULINGS Middleman 6: their fill is void; nobody else buys those tins.
            out[seat] = True
            went_out.append(seat)
            continue
        cash[seat] -= cost
        tins[seat] += filled
    step = made_step((state.round, "buy", orders, digits, supply, tuple(fills), tuple(went_out)))
    over = out.count(False) <= 1  # the last seat still in wins at once
    return _next_step(
        state,
        state.round,
        "over" if over else "sell",
        (tuple(cash), tuple(tins), tuple(out)),
        state.rows_a,
        state.rows_d,
        (*state.history, step),
    )


def _resolve_selling(state: MiddlemanState, sealed: list[Sealed]) -> MiddlemanState:
    """Middleman §4: reveal the D digits, serve the lowest asks first, collect the revenue."""
    orders = _orders(sealed)
    digits = _round_digits(state.rows_d, state.round)
    demand = sum(digits)  # §4: "The D numbers are then added together"
    fills = served(orders, demand, "sell")
    cash, tins = list(state.cash), list(state.tins)
    for seat, filled in enumerate(fills):
        if filled:  # a seat that is out, or not served, sells nothing
            cash[seat] += filled * orders[seat][1]  # type: ignore[index]  # §4: tins sold x ask
            tins[seat] -= filled
    step = made_step((state.round, "sell", orders, digits, demand, tuple(fills), ()))
    # §5: the result is read at the head of column 11 (after the variant's last round).
    last_round = state.round == state.variant.rounds
    return _next_step(
        state,
        state.round + 1,
        "over" if last_round else "buy",
        (tuple(cash), tuple(tins), state.out),
        state.rows_a,
        state.rows_d,
        (*state.history, step),
    )


Sheets = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]  # cash, tins, out


def _next_step(
    state: MiddlemanState,
    round_: int,
    phase: str,
    sheets: Sheets,
    rows_a: tuple[tuple[int, ...] | None, ...],
    rows_d: tuple[tuple[int, ...] | None, ...],
    history: tuple[Step, ...],
) -> MiddlemanState:
    """The state as the next step begins: the table kept, nobody committed to it yet."""
    # Every field in order, as in _blank_sheets, in one call (a step ends every few moves).
    return made_state(
        (
            state.players,
            state.guarded,
            state.rng,
            round_,
            phase,
            *sheets,
            rows_a,
            rows_d,
            (None,) * state.players,  # sealed
            history,
            state.variant,
        )
    )


def result(state: MiddlemanState) -> Result | None:
    """Middleman §5: most cash wins; equal cash shares the win; tins count for nothing."""
    if state.phase != "over":
        return None
    # RULINGS Middleman 7: an out player's final cash is 0 for ranking purposes.
    scores = [0 if state.out[s] else state.cash[s] for s in range(state.players)]
    still_in = [not gone for gone in state.out]
    if state.round > state.variant.rounds:
        reason = f"after round {state.variant.rounds}, the most cash wins"
    elif any(still_in):
        reason = "every other player is out of the game"
    else:
        reason = "every player went out of the game; nobody wins"
    return Result.from_scores(scores, reason, eligible=still_in)
