"""Middleman's batch engine: B games at once in NumPy, rule for rule the same as `rules.py`.

Arrays are seat-major, shape (players, B), so that a loop over the (at most 8) seats runs over
contiguous vectors of B games. Every game of a batch has the same number of players and moves in
lockstep; a finished game is frozen (its seats send empty orders) until the batch ends.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Literal, Protocol

import numpy as np

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.middleman.options import MiddlemanOptions, parse_options
from tradingfloor.games.middleman.spaces import MAX_ASK, most_cash
from tradingfloor.games.middleman.state import PRINTED, ROUNDS

Array = Any  # a NumPy array; NumPy's stubs are not followed by the strict type check
Phase = Literal["buy", "sell"]

# The allocation packs (priority, tins wanted, seat) into one int32 so that a sorting network of
# np.minimum/np.maximum can order the seats of all B games at once.
SEAT_BITS = 3  # seats 0-7
NEED_BITS = 10  # an order's tins: at most 9 x 8 per round bought, so at most 720 ever held
KEY_BITS = 14  # the price priority; its top value marks an empty order
NO_ORDER = 1 << (KEY_BITS - 1)  # sorts after every real price: empty orders are never served
MAX_PRICE = NO_ORDER - 1  # an offer never exceeds spaces.most_cash(8) = 3680 < 8191
FILL_BITS = 16


def odd_even_network(size: int) -> tuple[tuple[int, int], ...]:
    """The comparators of an odd-even transposition sort of `size` items (3 for three seats)."""
    return tuple((i, i + 1) for rnd in range(size) for i in range(rnd % 2, size - 1, 2))


def _sort_rows(rows: list[Array], network: Sequence[tuple[int, int]]) -> list[Array]:
    """Sort values across the rows, column by column (each column is one game)."""
    for i, j in network:
        low, high = np.minimum(rows[i], rows[j]), np.maximum(rows[i], rows[j])
        rows[i], rows[j] = low, high
    return rows


def allocate_batch(tins: Array, price: Array, market: Array, side: Phase) -> Array:
    """Fills for B auctions at once: the same answer as `allocation.allocate` for each column.

    `tins` and `price` are (players, B) int arrays, `market` (B,) the tins on offer (buying) or
    demanded (selling). Buying serves the highest offer first, selling the lowest ask (§3, §4).
    """
    tins = np.asarray(tins, dtype=np.int32)
    price = np.asarray(price, dtype=np.int32)
    if tins.min(initial=0) < 0 or price.min(initial=0) < 0 or np.min(market, initial=0) < 0:
        raise ValueError("tins, prices and the market cannot be negative")
    if tins.max(initial=0) >= 1 << NEED_BITS or price.max(initial=0) > MAX_PRICE:
        raise ValueError("an order is beyond what a Middleman game can hold")
    return _allocate(tins, price, market, side)


def _allocate(tins: Array, price: Array, market: Array, side: Phase) -> Array:
    """`allocate_batch` for int32 orders already checked (the engine checks them as legal)."""
    players = tins.shape[0]
    network = odd_even_network(players)
    keys, needs, seats = _sorted_orders(tins, price, side, network)
    fills = _water_fill(keys, needs, np.asarray(market, dtype=np.int32))
    # Sort the fills back into seat order by packing each with its seat.
    packed = [(seats[j] << FILL_BITS) | fills[j] for j in range(players)]
    return np.stack(_sort_rows(packed, network)) & ((1 << FILL_BITS) - 1)


def _sorted_orders(
    tins: Array, price: Array, side: Phase, network: Sequence[tuple[int, int]]
) -> tuple[list[Array], list[Array], list[Array]]:
    """Each game's orders in serving order: (price priority, tins wanted, seat) per sorted row."""
    priority = (MAX_PRICE - price) if side == "buy" else price
    # Allocation: only orders for at least one tin take part in the auction.
    key = np.where(tins > 0, priority, NO_ORDER)
    seat = np.arange(tins.shape[0], dtype=np.int32)[:, None]
    packed = (key << (NEED_BITS + SEAT_BITS)) | (tins << SEAT_BITS) | seat
    rows = _sort_rows(list(packed), network)
    keys = [row >> (NEED_BITS + SEAT_BITS) for row in rows]
    needs = [(row >> SEAT_BITS) & ((1 << NEED_BITS) - 1) for row in rows]
    seats = [row & ((1 << SEAT_BITS) - 1) for row in rows]
    return keys, needs, seats


def _water_fill(keys: list[Array], needs: list[Array], market: Array) -> list[Array]:
    """Serve sorted orders price level by price level with the rule text's tie rotation.

    Within a level (sorted by tins wanted) the rotation hands every order the same number of tins
    until an order is satisfied, so the smallest order is filled whole if the level can give every
    unsatisfied order that much; otherwise each gets left // waiting (§3 tie case 2 leaves the rest,
    fewer than the waiting orders, to the next level) and the level is capped at that share.
    """
    players = len(keys)
    waiting = [np.ones_like(keys[0])] * players  # orders from here to the end of the level
    for j in range(players - 2, -1, -1):
        waiting[j] = 1 + (keys[j] == keys[j + 1]) * waiting[j + 1]
    left = market.copy()
    cap = np.full_like(left, -1)  # the level's share once it ran short; -1 while it has not
    fills = []
    for j in range(players):
        if j:
            cap = np.where(keys[j] == keys[j - 1], cap, -1)
        share = left // waiting[j]
        whole = needs[j] * waiting[j] <= left  # §3 tie case 1: every waiting order satisfied
        capped = cap >= 0
        fill = np.where(capped, cap, np.where(whole, needs[j], share))
        cap = np.where(capped | whole, cap, share)
        left = left - fill
        fills.append(fill)
    return fills


@dataclass
class Table:
    """B Middleman games in lockstep: every sheet as a (players, B) array."""

    players: int
    guarded: bool
    round: int
    cash: Array  # (players, B) int32
    tins: Array  # (players, B) int32
    out: Array  # (players, B) bool
    over: Array  # (B,) bool: the game has ended
    ended: Array  # (B,) int8: 11 if played through; else the round whose buying step ended it
    rows_a: Array  # (10, players, B) int8: column t-1 of every seat's row A
    rows_d: Array  # (10, players, B) int8
    index: Array  # (B,): each column's game number in the whole batch
    tally: Tally  # what the balance figures and the match length need
    # Public history the bots read: each seat's last order asking for at least one tin, per side.
    last_buy: Array  # (2, players, B) int32: tins (0: none yet) and price
    last_sell: Array

    @property
    def games(self) -> int:
        return int(self.over.shape[0])

    def select(self, keep: Array) -> Table:
        """The games where `keep` is true (columns in the same order)."""
        return replace(
            self,
            **{name: getattr(self, name)[..., keep] for name in GAME_ARRAYS},
            tally=self.tally.select(keep),
        )


GAME_ARRAYS = (
    "cash",
    "tins",
    "out",
    "over",
    "ended",
    "rows_a",
    "rows_d",
    "index",
    "last_buy",
    "last_sell",
)


@dataclass
class Tally:
    """Per game: actions taken, and the markets of the rounds that reached their selling step."""

    actions: Array  # (B,) int32: rows written plus orders sent, as a match record counts moves
    supply: Array  # (B,) int32: this round's supply, kept from buying for selling
    supply_total: Array  # (B,) int32 over rounds that reached selling
    demand_total: Array
    rounds: Array  # (B,) int32: rounds that reached their selling step
    glut: Array  # (B,) int32: of those, rounds whose supply exceeded demand
    buys: Array  # (players, B) int8: buying orders each seat sent (at most one a round)
    sells: Array  # (players, B) int8: selling orders each seat sent

    @classmethod
    def empty(cls, players: int, games: int) -> Tally:
        per_game: list[Array] = [np.zeros(games, dtype=np.int32) for _ in range(6)]
        per_seat: list[Array] = [np.zeros((players, games), dtype=np.int8) for _ in range(2)]
        return cls(*per_game, *per_seat)

    def select(self, keep: Array) -> Tally:
        return Tally(*(getattr(self, f.name)[..., keep] for f in fields(self)))

    def counts(self) -> dict[str, Array]:
        """Each seat's actions by type (`actions.py`'s tags), as (B, players) arrays."""
        rows = np.ones_like(self.buys)  # Middleman §2: every seat writes its rows, once
        return {"buy": self.buys.T, "rows": rows.T, "sell": self.sells.T}


@dataclass
class OrderLog:
    """Every seat's rows and every order it sent, per game: what a match record needs.

    A Middleman game is decided by its actions alone (no chance), so these replay through the
    rules engine to the same game. Orders are int16, -1 where the seat sent none (out, or the
    game over); kept only when a run asks for records."""

    rows_a: Array  # (10, players, B) int8, as written
    rows_d: Array
    tins: Array  # (ROUNDS, 2, players, B) int16: step (round, buy 0 / sell 1), seat, game
    price: Array

    @classmethod
    def start(cls, table: Table) -> OrderLog:
        shape = (ROUNDS, 2, table.players, table.games)
        return cls(
            table.rows_a.copy(),
            table.rows_d.copy(),
            np.full(shape, -1, dtype=np.int16),
            np.full(shape, -1, dtype=np.int16),
        )

    def note(self, table: Table, phase: Phase, acting: Array, tins: Array, price: Array) -> None:
        """The step's orders of the seats acting, in the games' places in the whole batch."""
        side = 0 if phase == "buy" else 1
        step = (table.round - 1, side)
        self.tins[step][:, table.index] = np.where(acting, tins, -1)
        self.price[step][:, table.index] = np.where(acting, price, -1)


@dataclass(frozen=True)
class SeatView:
    """What one seat sees in every game of the batch: public sheets, called-out digits, own rows."""

    seat: int
    players: int
    guarded: bool
    round: int
    phase: Phase
    cash: Array  # (players, B), read-only
    tins: Array
    out: Array
    over: Array  # (B,)
    own_a: Array  # (10, B): this seat's row A
    own_d: Array
    shown_a: Array  # (columns called out, players, B): every seat's revealed A digits
    shown_d: Array
    index: Array  # (B,): each column's game number, for policies that keep per-game data
    last_buy: Array  # (2, players, B): each seat's last buying order for some tins (tins 0: none)
    last_sell: Array

    @property
    def games(self) -> int:
        return int(self.over.shape[0])


class VectorPolicy(Protocol):
    """A policy that decides for one seat in every game of a batch at once."""

    name: str

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Array, Array]:
        """Rows A and D for `games` games: two (10, games) arrays, each column a permutation."""
        ...

    def orders(self, view: SeatView, rng: np.random.Generator) -> tuple[Array, Array]:
        """This seat's (tins, price) in every game: two (B,) integer arrays of legal orders."""
        ...


def _read_only(array: Array) -> Array:
    view = array.view()
    view.flags.writeable = False
    return view


def seat_view(table: Table, seat: int, phase: Phase) -> SeatView:
    """The batch as `seat` sees it (RULINGS Middleman 3: past columns public, future secret)."""
    shown_a = table.round if phase == "sell" else table.round - 1
    return SeatView(
        seat=seat,
        players=table.players,
        guarded=table.guarded,
        round=table.round,
        phase=phase,
        cash=_read_only(table.cash),
        tins=_read_only(table.tins),
        out=_read_only(table.out),
        over=_read_only(table.over),
        own_a=_read_only(table.rows_a[:, seat]),
        own_d=_read_only(table.rows_d[:, seat]),
        shown_a=_read_only(table.rows_a[:shown_a]),
        shown_d=_read_only(table.rows_d[: table.round - 1]),
        index=_read_only(table.index),
        last_buy=_read_only(table.last_buy),
        last_sell=_read_only(table.last_sell),
    )


def new_table(players: int, guarded: bool, games: int) -> Table:
    """B fresh sheets: 10 x players in cash each, no tins, rows not yet written (Middleman §2)."""
    shape = (players, games)
    return Table(
        players=players,
        guarded=guarded,
        round=1,
        cash=np.full(shape, 10 * players, dtype=np.int32),
        tins=np.zeros(shape, dtype=np.int32),
        out=np.zeros(shape, dtype=bool),
        over=np.zeros(games, dtype=bool),
        ended=np.full(games, ROUNDS + 1, dtype=np.int8),
        rows_a=np.zeros((ROUNDS, players, games), dtype=np.int8),
        rows_d=np.zeros((ROUNDS, players, games), dtype=np.int8),
        index=np.arange(games),
        tally=Tally.empty(players, games),
        last_buy=np.zeros((2, players, games), dtype=np.int32),
        last_sell=np.zeros((2, players, games), dtype=np.int32),
    )


def write_rows(table: Table, seat: int, a: Array, d: Array) -> None:
    """Seat `seat`'s rows in every game, checked as the reference engine checks them (§2).

    `a` and `d` are (10, games): entry [t, g] is the digit of column t + 1 in game g.
    """
    a, d = np.asarray(a), np.asarray(d)
    if a.shape != (ROUNDS, table.games) or d.shape != a.shape:
        raise ValueError(f"rows for seat {seat} must be two (10, {table.games}) arrays")
    for row in (a, d):
        if row.size and (row.min() < 0 or row.max() > 9 or not _permutations(row).all()):
            raise ValueError(f"seat {seat}: each row must hold each digit 0-9 exactly once")
    if (a == d).all(axis=0).any():
        raise ValueError(f"seat {seat}: row D must be in a different order from row A")
    table.rows_a[:, seat] = a
    table.rows_d[:, seat] = d


POWERS = np.left_shift(1, np.arange(ROUNDS, dtype=np.int16))


def _permutations(row: Array) -> Array:
    """Which columns of digits 0-9 hold every digit once: ten powers of two sum to 1023 only so."""
    total = np.zeros(row.shape[1], dtype=np.int16)
    for digits in row:  # ten vector additions: faster than a reduction along the short axis
        total += np.take(POWERS, digits)
    return total == 1023


def collect_orders(
    table: Table,
    phase: Phase,
    policies: Sequence[VectorPolicy],
    rng: np.random.Generator,
    log: OrderLog | None = None,
) -> tuple[Array, Array]:
    """Every seat's sealed order, checked against the legal space; zero for seats not acting."""
    shape = (table.players, table.games)
    tins: Array = np.zeros(shape, dtype=np.int32)
    price: Array = np.zeros(shape, dtype=np.int32)
    for seat, policy in enumerate(policies):
        seat_tins, seat_price = policy.orders(seat_view(table, seat, phase), rng)
        tins[seat], price[seat] = seat_tins, seat_price
    acting = ~table.out & ~table.over
    table.tally.actions += acting.sum(axis=0, dtype=np.int32)
    sent = table.tally.buys if phase == "buy" else table.tally.sells
    sent += acting
    tins *= acting
    price *= acting
    _check_orders(table, phase, tins, price, policies)
    if log is not None:
        log.note(table, phase, acting, tins, price)
    last = table.last_buy if phase == "buy" else table.last_sell
    ordered = tins > 0
    np.copyto(last[0], tins, where=ordered)
    np.copyto(last[1], price, where=ordered)
    return tins, price


def _check_orders(
    table: Table, phase: Phase, tins: Array, price: Array, policies: Sequence[VectorPolicy]
) -> None:
    """Refuse an illegal order as `rules.legal` would, naming the seat and its policy."""
    if phase == "buy":
        bad = tins > 9 * table.players
        if table.guarded:  # RULINGS Middleman 6: guarded play refuses what cash cannot pay
            bad |= (price > table.cash) | (tins * price > table.cash)
        else:  # RULINGS Middleman 4: only the interface's bound, never the cash held
            bad |= price > most_cash(table.players)
    else:
        bad = (tins > table.tins) | (price > MAX_ASK)
    bad |= (tins < 0) | (price < 0)
    if bad.any():
        seat, game = (int(i[0]) for i in np.nonzero(bad))
        raise ValueError(
            f"policy {policies[seat].name!r} sent an illegal {phase} order for seat {seat} in game "
            f"{game} of the batch: {int(tins[seat, game])} tins at {int(price[seat, game])}"
        )


def buying_step(table: Table, tins: Array, price: Array) -> None:
    """Middleman §3 for every game: reveal the A digits, auction, pay; overspenders are out."""
    # RULINGS Middleman 7: out players' digits keep counting in the supply.
    supply = table.rows_a[table.round - 1].sum(axis=0, dtype=np.int32)
    fills = _allocate(tins, price, supply, "buy")
    table.tally.supply = supply
    cost = fills * price
    # §3 "Players who err ... are out of the game"; RULINGS Middleman 6: their fill is void.
    broke = cost > table.cash
    paid = ~broke
    table.out |= broke
    table.cash -= cost * paid
    table.tins += fills * paid
    ending = ~table.over & ((~table.out).sum(axis=0) <= 1)  # the last seat still in wins at once
    table.ended[ending] = table.round
    table.over |= ending


def selling_step(table: Table, tins: Array, price: Array) -> None:
    """Middleman §4 for every game: reveal the D digits, serve the lowest asks, collect revenue."""
    demand = table.rows_d[table.round - 1].sum(axis=0, dtype=np.int32)
    fills = _allocate(tins, price, demand, "sell")
    _tally_markets(table.tally, ~table.over, demand)
    table.cash += fills * price
    table.tins -= fills
    if table.round == ROUNDS:
        table.over[:] = True  # §5: the result is read at the head of column 11
    table.round += 1


def _tally_markets(tally: Tally, playing: Array, demand: Array) -> None:
    """Count the round's markets in the games still going (the balance figures' rounds)."""
    tally.rounds += playing
    tally.supply_total += tally.supply * playing
    tally.demand_total += demand * playing
    tally.glut += (tally.supply > demand) & playing


@dataclass(frozen=True)
class BatchResult:
    """The final sheets of B games, game-major: (B, players) arrays."""

    cash: Array
    tins: Array
    out: Array
    ended: Array  # (B,): 11 if played through, else the round whose buying step ended it
    tally: Tally
    log: OrderLog | None = None  # every action, where the run asked for records

    @property
    def scores(self) -> Array:
        """RULINGS Middleman 7: an out player's cash counts as 0."""
        return np.where(self.out, 0, self.cash)

    @property
    def winners(self) -> Array:
        """(B, players) bool: the seats still in with the most cash (§5: equal cash shares)."""
        eligible = np.where(self.out, -1, self.cash)
        best = eligible.max(axis=1, keepdims=True)
        return (~self.out) & (eligible == best)

    @property
    def reasons(self) -> list[str]:
        """Each game's `Result.reason`, as `rules.result` words it."""
        full = self.ended > ROUNDS
        anyone = (~self.out).any(axis=1)
        return [
            "after round 10, the most cash wins"
            if done
            else "every other player is out of the game"
            if left
            else "every player went out of the game; nobody wins"
            for done, left in zip(full.tolist(), anyone.tolist(), strict=True)
        ]

    def balance(self) -> dict[str, Array]:
        """Each game's balance figures, the same as `balance.balance_figures` gives."""
        t = self.tally
        # As `balance_figures`: with no complete round the shares are undefined (NaN), not zero.
        rounds = np.where(t.rounds > 0, t.rounds, np.nan)
        return {
            "supply_exceeds_demand": t.glut / rounds,
            "mean_supply": t.supply_total / rounds,
            "mean_demand": t.demand_total / rounds,
            "rounds_played": t.rounds.astype(float),
            "players_out": self.out.sum(axis=1).astype(float),
        }


def play_batch(
    players: int,
    guarded: bool,
    policies: Sequence[VectorPolicy],
    games: int,
    rng: np.random.Generator,
    record: bool = False,
) -> BatchResult:
    """Play `games` Middleman games to the end with one vectorized policy per seat; `record`
    keeps every action (`BatchResult.log`), for the games' match records."""
    if len(policies) != players:
        raise ValueError(f"{players} seats need {players} policies, not {len(policies)}")
    table = new_table(players, guarded, games)
    for seat, policy in enumerate(policies):
        write_rows(table, seat, *policy.rows(games, rng))
    table.tally.actions += players
    log = OrderLog.start(table) if record else None
    final = new_table(players, guarded, games)
    while table.games:
        buying_step(table, *collect_orders(table, "buy", policies, rng, log))
        if not table.over.all():
            selling_step(table, *collect_orders(table, "sell", policies, rng, log))
        table = _retire(table, final)
    return BatchResult(final.cash.T, final.tins.T, final.out.T, final.ended, final.tally, log)


def _retire(table: Table, final: Table) -> Table:
    """Move finished games' sheets into `final` once enough have ended to be worth the copy."""
    ended = table.over
    count = int(ended.sum())
    if count == 0 or count < table.games // 2:
        return table
    where = table.index[ended]
    final.cash[:, where] = table.cash[:, ended]
    final.tins[:, where] = table.tins[:, ended]
    final.out[:, where] = table.out[:, ended]
    final.ended[where] = table.ended[ended]
    for f in fields(Tally):
        getattr(final.tally, f.name)[..., where] = getattr(table.tally, f.name)[..., ended]
    return table.select(~ended)


# Memory: the table (about 40 bytes per seat and game, rows included) plus the allocation's
# temporaries; measured peak is under 200 bytes per seat and game, so 256 keeps a margin. A run
# that records (`OrderLog`) adds 100 bytes per seat and game: 20 steps x 2 int16, and the rows.
BYTES_PER_SEAT_GAME = 256
RECORD_BYTES_PER_SEAT_GAME = 100
DEFAULT_MEMORY = 512 * 2**20


def chunk_size(players: int, memory: int = DEFAULT_MEMORY, record: bool = False) -> int:
    """The most games one chunk may hold within `memory` bytes (`record`: with their actions)."""
    per_game = (BYTES_PER_SEAT_GAME + (RECORD_BYTES_PER_SEAT_GAME if record else 0)) * players
    return max(1, memory // per_game)


def stream(
    options: Mapping[str, Any] | None,
    policies: Sequence[VectorPolicy],
    games: int,
    seed: int = 0,
    chunk: int | None = None,
) -> Iterator[BatchResult]:
    """Play `games` games in chunks that fit in memory; the same seed gives the same games.

    Chunk k draws from its own generator, seeded from (seed, k), so a run can be split across
    processes chunk by chunk and still give the same games.
    """
    chosen = printed_options(options)
    size = chunk or chunk_size(chosen.players)
    for index, start in enumerate(range(0, games, size)):
        rng = np.random.default_rng([seed, index])
        count = min(size, games - start)
        yield play_batch(chosen.players, chosen.guarded, policies, count, rng)


def plays(options: Mapping[str, Any] | None) -> bool:
    """Whether the batch engine plays a game of these options: the printed game only."""
    try:
        printed_options(options)
    except BadOptions:
        return False
    return True


def printed_options(options: Mapping[str, Any] | None) -> MiddlemanOptions:
    """The options validated, or BadOptions for a research variant, which this engine does not
    play (its arrays hold the printed game's 10 rounds of digits 0-9 and asks up to 10)."""
    chosen = parse_options(options)
    if chosen.variant != PRINTED:
        raise BadOptions(
            "the batch engine plays only the printed game; a research variant (rounds, digits, "
            "top price or starting cash) is played by the rules engine: "
            "tradingfloor.make('middleman')"
        )
    return chosen


# The seam of `tradingfloor.sim.vectorized`: the seat specs with a vectorized policy, and the
# runner that plays a lab run's tasks with the batch engine.
VECTORIZED_POLICIES = frozenset({"random", "heuristic"})


def run_rows(tasks: Sequence[Any]) -> list[dict[str, Any]]:
    """Play a lab run's game tasks in batches; one row per task, in task order."""
    from tradingfloor.games.middleman.fast_runs import run_rows as run

    return run(tasks)
