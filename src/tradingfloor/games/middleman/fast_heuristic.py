"""The heuristic bot (`bots.HeuristicBot`) for the batch engine: the same orders, B games at once.

Every step of `bots.plan_buy`, `bots.plan_sell` and `bots.resale_value` is done here for all games
of a batch together, with the same arithmetic in the same order, so that a seat given the same
view sends the same order (the differential test plays both bots to the end and compares). The
market forecasts count combinations exactly (integers) where `forecast` sums probabilities; the
quantile test `cumulative >= q - 1e-9` gives the same answer for both, as the tolerance is far
wider than any difference of rounding.
"""

from __future__ import annotations

import numpy as np

from tradingfloor.games.middleman.bots import HOLD_DISCOUNT, MIN_MARGIN, PRIOR_ASK, PRIOR_BID
from tradingfloor.games.middleman.fast import Array, Phase, SeatView, allocate_batch
from tradingfloor.games.middleman.spaces import MAX_ASK, most_cash
from tradingfloor.games.middleman.state import ROUNDS

DIGITS = 10
SCENARIOS = (0.1, 0.3, 0.5, 0.7, 0.9)  # forecast.scenarios' default points
RESALE_SCENARIOS = (0.25, 0.5, 0.75)
SLICE = 2048  # games per slice: the scenario x price grids grow 200-fold


class HeuristicPolicy:
    """`bots.HeuristicBot` vectorized: forecast the markets, trade against them."""

    name = "heuristic"

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Array, Array]:
        """`bots.plan_rows`: A rising and D falling, neighbouring pairs swapped at random."""
        a = np.repeat(np.arange(DIGITS, dtype=np.int8)[:, None], games, axis=1)
        d = a[::-1].copy()
        for row in (a, d):
            for i in range(0, DIGITS - 1, 2):
                swap = rng.random(games) < 0.5
                row[i, swap], row[i + 1, swap] = row[i + 1, swap], row[i, swap]
        return a, d

    def orders(self, view: SeatView, rng: np.random.Generator) -> tuple[Array, Array]:
        tins: Array = np.zeros(view.games, dtype=np.int32)
        price: Array = np.zeros(view.games, dtype=np.int32)
        live = np.flatnonzero(~view.over & ~view.out[view.seat])
        for start in range(0, live.size, SLICE):
            games = live[start : start + SLICE]
            seat = _Seat(view, games)
            plan = seat.plan_buy() if view.phase == "buy" else seat.plan_sell()
            tins[games], price[games] = plan
        return tins, price


class _Seat:
    """One seat's decision in a slice of the batch's games."""

    def __init__(self, view: SeatView, games: Array) -> None:
        self.view, self.me, self.round = view, view.seat, view.round
        self.players = view.players
        self.cash = view.cash[:, games]
        self.tins = view.tins[:, games]
        self.out = view.out[:, games]
        self.own_a, self.own_d = view.own_a[:, games], view.own_d[:, games]
        self.shown_a, self.shown_d = view.shown_a[:, :, games], view.shown_d[:, :, games]
        self.last_buy, self.last_sell = view.last_buy[:, :, games], view.last_sell[:, :, games]
        self.others = [s for s in range(self.players) if s != self.me]
        self.active = np.maximum((~self.out).sum(axis=0), 1)
        self._quantiles: dict[tuple[Phase, tuple[float, ...]], Array] = {}

    # bots.plan_buy

    def plan_buy(self) -> tuple[Array, Array]:
        cash, held = self.cash[self.me], self.tins[self.me]
        remaining = 45 * self.players - self.shown_d.sum(axis=(0, 1), dtype=np.int64)
        target = -(-remaining // self.active)  # math.ceil(remaining / active)
        # bots: never want more than a round's A digits can add up to.
        want = np.minimum(9 * self.players, np.maximum(0, target - held))
        supplies = self._market("buy", self.round, SCENARIOS)  # (5, n)
        skip = (want == 0) | (supplies.max(axis=0) == 0)
        value = self.resale_value(held + want, self.round)
        # bots._prior_bid: round() of Python and np.rint both round half to even.
        prior = np.rint(supplies[len(SCENARIOS) // 2] / self.active).astype(np.int32)
        others = self._modelled("buy", prior, PRIOR_BID)
        prices = np.arange(MAX_ASK + 1)[:, None]  # (11, 1)
        tins = np.where(prices == 0, want, np.minimum(want, cash // np.maximum(prices, 1)))
        got = self._expected_fill(others, tins, prices, supplies, "buy")  # (11, n)
        gain = got * (value - prices)
        # bots: the loop stops at the first price above value - MIN_MARGIN or above the cash.
        allowed = (prices <= np.minimum(cash, MAX_ASK)) & (prices <= value - MIN_MARGIN) & ~skip
        best_tins, best_price = self._best(allowed & (gain > 0.0), gain, tins, prices)
        # HeuristicBot.act: an order its legal space refuses becomes a standing-still order.
        refused = best_tins > 9 * self.players
        if self.view.guarded:
            refused |= (best_price > cash) | (best_tins * best_price > cash)
        else:
            refused |= best_price > most_cash(self.players)
        return np.where(refused, 0, best_tins), np.where(refused, 0, best_price)

    # bots.plan_sell

    def plan_sell(self) -> tuple[Array, Array]:
        held = self.tins[self.me]
        demands = self._market("sell", self.round, SCENARIOS)
        others = self._modelled("sell", None, PRIOR_ASK)
        if self.round >= ROUNDS:
            keep = np.zeros(held.shape)
        else:
            keep = HOLD_DISCOUNT * self.resale_value(held, self.round + 1)
        # sorted({held, ceil(3h/4), ceil(h/2), ceil(h/4)}): a repeated size never wins twice.
        sizes = [-(-held // 4), -(-held // 2), -(-3 * held // 4), held]
        prices = np.arange(1, MAX_ASK + 1)[:, None]
        best_tins = np.zeros_like(held)
        best_price = np.zeros_like(held)
        best_worth = np.full(held.shape, -1.0)
        for size in sizes:
            tins = np.broadcast_to(size, (MAX_ASK, held.size))
            sold = self._expected_fill(others, tins, prices, demands, "sell")  # (10, n)
            worth = sold * prices + (held - sold) * keep
            for i in range(MAX_ASK):  # prices in order: the first best stays
                better = (worth[i] > best_worth) & (held > 0)
                best_worth = np.where(better, worth[i], best_worth)
                best_tins = np.where(better, size, best_tins)
                best_price = np.where(better, i + 1, best_price)
        return best_tins, best_price

    # bots.resale_value

    def resale_value(self, stock: Array, first_round: int) -> Array:
        rounds = range(first_round, ROUNDS + 1)
        revenue = np.zeros(stock.shape)
        if not rounds:
            return revenue
        per_round = np.maximum(1, -(-stock // len(rounds)))
        others = self._modelled("sell", None, PRIOR_ASK)
        prices = np.arange(1, MAX_ASK + 1)[:, None]
        tins = np.broadcast_to(per_round, (MAX_ASK, stock.size))
        for r in rounds:
            demands = self._market("sell", r, RESALE_SCENARIOS)
            expected = self._expected_fill(others, tins, prices, demands, "sell")
            revenue = revenue + (prices * expected).max(axis=0)
        return np.where(stock > 0, revenue / (per_round * len(rounds)), 0.0)

    # The pieces: forecasts, the others' modelled orders, the expected fills.

    def _market(self, side: Phase, round_: int, points: tuple[float, ...]) -> Array:
        """forecast.market_of_view at `points`: my own digit plus each other row's unseen digits."""
        shown = self.shown_a if side == "buy" else self.shown_d
        if round_ <= shown.shape[0]:
            known = shown[round_ - 1].sum(axis=0, dtype=np.int32)  # every digit called out
            return np.broadcast_to(known, (len(points), known.size))
        own = (self.own_a if side == "buy" else self.own_d)[round_ - 1].astype(np.int32)
        return own + self._others_quantiles(side, points)

    def _others_quantiles(self, side: Phase, points: tuple[float, ...]) -> Array:
        """Quantiles of the sum of the other rows' next digits (the same for every coming round:
        each is uniform over the digits its row has not yet called)."""
        key = (side, points)
        if key not in self._quantiles:
            shown = self.shown_a if side == "buy" else self.shown_d
            games = self.cash.shape[1]
            counts = np.zeros((9 * self.players + 1, games), dtype=np.int64)
            counts[0] = 1
            for other in self.others:
                unseen = np.ones((DIGITS, games), dtype=bool)
                for column in shown[:, other]:
                    unseen[column, np.arange(games)] = False
                step = np.zeros_like(counts)
                for digit in range(DIGITS):
                    step[digit:] += counts[: counts.shape[0] - digit] * unseen[digit]
                counts = step
            cumulative = np.cumsum(counts, axis=0)
            total = cumulative[-1]
            self._quantiles[key] = np.stack(
                [np.argmax(cumulative >= (q - 1e-9) * total, axis=0) for q in points]
            ).astype(np.int32)
        return self._quantiles[key]

    def _modelled(self, side: Phase, prior_tins: Array | None, prior_price: int) -> Array:
        """(2, others, n): bots._modelled_bids (buying) or bots._modelled_asks (selling)."""
        last = self.last_buy if side == "buy" else self.last_sell
        orders = np.zeros((2, len(self.others), self.cash.shape[1]), dtype=np.int32)
        for row, other in enumerate(self.others):
            seen = last[0, other] > 0
            price = np.where(seen, last[1, other], prior_price)
            # Selling: every tin it holds, at its last ask.
            held = self.tins[other]
            tins = np.where(seen, last[0, other], prior_tins) if side == "buy" else held
            playing = ~self.out[other]
            orders[0, row] = np.where(playing, tins, 0)
            orders[1, row] = np.where(playing, price, 0)
        return orders

    def _expected_fill(
        self, others: Array, tins: Array, prices: Array, markets: Array, side: Phase
    ) -> Array:
        """(options, n): my fill averaged over the market scenarios, as bots._expected_fill.

        The levels served before mine are served the same with my order or without it, so the
        others' auction is run once per scenario; my fill is then what their better levels left
        (capped at my tins), except where another order asks my price: that level is shared by
        the rule text's rotation, so it is allocated exactly.
        """
        options, games = tins.shape
        scenarios = markets.shape[0]
        alone = self._others_alone(others, markets, side)  # (others, scenarios, n)
        mine = prices[:, :, None]  # (options, 1, 1)
        left = np.broadcast_to(markets.astype(np.int32), (options, scenarios, games)).copy()
        tied = np.zeros((options, 1, games), dtype=bool)
        for j in range(others.shape[1]):
            price, present = others[1, j], others[0, j] > 0
            ahead = (price > mine) if side == "buy" else (price < mine)
            left -= (ahead & present) * alone[j]
            tied |= (price == mine) & present
        fills = np.minimum(tins[:, None, :], left)
        shared = np.nonzero(np.broadcast_to(tied, fills.shape))
        if shared[0].size:
            option, game = shared[0], shared[2]
            level = prices[option, 0]
            orders_tins = np.where(others[1][:, game] == level, others[0][:, game], 0)
            all_tins = np.concatenate([orders_tins, tins[option, game][None]])
            all_price = np.broadcast_to(level, all_tins.shape)
            fills[shared] = allocate_batch(all_tins, all_price, left[shared], side)[-1]
        total = fills[:, 0].astype(np.int64)
        for scenario in range(1, scenarios):
            total = total + fills[:, scenario]
        return total / scenarios

    def _others_alone(self, others: Array, markets: Array, side: Phase) -> Array:
        """(others, scenarios, n): the others' fills in an auction without me, per scenario."""
        count, scenarios, games = others.shape[1], markets.shape[0], markets.shape[1]
        shape = (count, scenarios, games)
        tins = np.broadcast_to(others[0][:, None, :], shape).reshape(count, -1)
        price = np.broadcast_to(others[1][:, None, :], shape).reshape(count, -1)
        return allocate_batch(tins, price, markets.reshape(-1), side).reshape(shape)

    @staticmethod
    def _best(allowed: Array, gain: Array, tins: Array, prices: Array) -> tuple[Array, Array]:
        """The first option (in price order) with the highest gain among those allowed."""
        best_gain = np.zeros(gain.shape[1])
        best_tins = np.zeros(gain.shape[1], dtype=np.int64)
        best_price = np.zeros(gain.shape[1], dtype=np.int64)
        for i in range(gain.shape[0]):
            better = allowed[i] & (gain[i] > best_gain)
            best_gain = np.where(better, gain[i], best_gain)
            best_tins = np.where(better, tins[i], best_tins)
            best_price = np.where(better, prices[i, 0], best_price)
        return best_tins, best_price
