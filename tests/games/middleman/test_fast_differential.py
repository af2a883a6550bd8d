"""The batch engine against the reference engine: the same orders give the same games.

Both engines draw their orders from one tape of pre-drawn random numbers. A tape entry becomes an
order through `order_from_tape`, given the bounds of the seat's legal space: the batch engine reads
them from its arrays, the reference engine from `legal(state, seat).describe()`. The tape mixes
uniform orders with focal prices (ties), orders for nothing, and all-in orders (overspending).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tradingfloor.games.middleman import fast
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.fast_policies import random_rows
from tradingfloor.games.middleman.spaces import most_cash
from tradingfloor.games.middleman.state import ROUNDS

GAME = tradingfloor.make("middleman")
SIDES = ("buy", "sell")
# (players, guarded) -> games: 1,000 free and 430 guarded games for each of 2-8 players = 10,010.
CASES = [(p, False, 1000) for p in range(2, 9)] + [(p, True, 430) for p in range(2, 9)]


Minimum = Callable[[Any, Any], Any]
Choice = Callable[[Any, Any, Any, Any, Minimum], tuple[Any, Any]]


def _uniform(rt: Any, rp: Any, mt: Any, mp: Any, least: Minimum) -> tuple[Any, Any]:
    return rt % (mt + 1), rp % (mp + 1)


def _all_in(rt: Any, rp: Any, mt: Any, mp: Any, least: Minimum) -> tuple[Any, Any]:
    return mt + rt * 0, rp % (least(mp, 3) + 1)


def _focal(rt: Any, rp: Any, mt: Any, mp: Any, least: Minimum) -> tuple[Any, Any]:
    return rt % (least(mt, 15) + 1), least(mp, 1 + rp % 4)


def _modest(rt: Any, rp: Any, mt: Any, mp: Any, least: Minimum) -> tuple[Any, Any]:
    return rt % (least(mt, 8) + 1), rp % (least(mp, 8) + 1)


def _cheap(rt: Any, rp: Any, mt: Any, mp: Any, least: Minimum) -> tuple[Any, Any]:
    return rt % (least(mt, 4) + 1), rp % (least(mp, 3) + 1)


def _nothing(rt: Any, rp: Any, mt: Any, mp: Any, least: Minimum) -> tuple[Any, Any]:
    return rt * 0, rp % (mp + 1)


# Mostly orders that keep players in (focal prices make ties); now and then a reckless one.
CHOICES: list[Choice] = [_uniform, _all_in, *[_focal] * 10, *[_modest] * 8, *[_cheap] * 8]
CHOICES += [_nothing] * 4


def order_from_tape(raw: Any, max_tins: Any, max_price: Any, budget: Any) -> tuple[Any, Any]:
    """An order within the bounds from three raw draws, for arrays of games (the batch engine)."""
    mode, r_tins, r_price = raw[..., 0] % len(CHOICES), raw[..., 1], raw[..., 2]
    made = [choice(r_tins, r_price, max_tins, max_price, np.minimum) for choice in CHOICES]
    tins = np.choose(mode, [m[0] for m in made])
    price = np.choose(mode, [m[1] for m in made])
    if budget is not None:  # guarded play: cut the order down to what the cash pays for
        tins = np.where(tins * price > budget, budget // np.maximum(price, 1), tins)
    return tins, price


def scalar_order_from_tape(
    raw: Any, max_tins: int, max_price: int, budget: int | None
) -> tuple[int, int]:
    """The same order for one game (the reference engine), with the same choices."""
    mode, r_tins, r_price = (int(x) for x in raw)
    tins, price = CHOICES[mode % len(CHOICES)](r_tins, r_price, max_tins, max_price, min)
    if budget is not None and tins * price > budget:
        tins = budget // max(price, 1)
    return tins, price


class TapePolicy:
    """Plays the tape in the batch engine: rows, then one raw triple per round, side and seat."""

    name = "tape"

    def __init__(self, rows_a: Any, rows_d: Any, tape: Any) -> None:
        self.rows_a, self.rows_d, self.tape = rows_a, rows_d, tape  # tape: (10, 2, P, B, 3)
        self.next_seat = 0

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Any, Any]:
        seat, self.next_seat = self.next_seat, self.next_seat + 1
        return self.rows_a[seat], self.rows_d[seat]

    def orders(self, view: fast.SeatView, rng: np.random.Generator) -> tuple[Any, Any]:
        raw = self.tape[view.round - 1, SIDES.index(view.phase), view.seat][view.index]
        if view.phase == "buy":
            cash = view.cash[view.seat]
            if view.guarded:
                return order_from_tape(raw, 9 * view.players, cash, cash)
            # RULINGS Middleman 4: the offer's bound is the table's, not the cash held.
            return order_from_tape(raw, 9 * view.players, most_cash(view.players), None)
        return order_from_tape(raw, view.tins[view.seat], 10, None)


def reference_game(
    players: int, guarded: bool, seed: int, rows: list[Rows], tape: Any
) -> dict[str, Any]:
    """Play one game through the public contract; returns its final figures."""
    state = GAME.new({"players": players, "guarded": guarded}, seed)
    for seat, written in enumerate(rows):
        state = GAME.apply(state, seat, written)
    step, actions = 0, players
    while actors := GAME.actors(state):
        side = SIDES[step % 2]
        for seat in actors:
            described = GAME.legal(state, seat).describe()["actions"][0]
            assert described["type"] == side
            fields = described["fields"]
            tins, price = scalar_order_from_tape(
                tape[step // 2, step % 2, seat],
                fields["tins"]["max"],
                fields["price"]["max"],
                described.get("budget"),
            )
            kind = Buy if side == "buy" else Sell
            state = GAME.apply(state, seat, kind(tins=int(tins), price=int(price)))
            actions += 1
        step += 1
    result = GAME.result(state)
    assert result is not None
    return {
        "cash": list(state.cash),
        "tins": list(state.tins),
        "out": list(state.out),
        "winners": list(result.winners),
        "reason": result.reason,
        "actions": actions,
        "balance": _defined(GAME.balance_figures(state)),  # type: ignore[attr-defined]
    }


def batch_game(batch: fast.BatchResult, g: int, reasons: list[str], balance: Any) -> dict[str, Any]:
    """Game `g` of the batch in the same shape as `reference_game`'s answer."""
    return {
        "cash": batch.cash[g].tolist(),
        "tins": batch.tins[g].tolist(),
        "out": batch.out[g].tolist(),
        "winners": np.nonzero(batch.winners[g])[0].tolist(),
        "reason": reasons[g],
        "actions": int(batch.tally.actions[g]),
        "balance": _defined({name: float(values[g]) for name, values in balance.items()}),
    }


def _defined(figures: dict[str, float]) -> dict[str, float | None]:
    """NaN (undefined) as None, so that two undefined figures compare equal."""
    return {name: None if math.isnan(value) else value for name, value in figures.items()}


def test_both_forms_of_the_tape_give_the_same_orders() -> None:
    rng = np.random.default_rng(5)
    raw = rng.integers(0, 2**31, (2000, 3))
    bounds = rng.integers(0, 80, (3, 2000))
    for budget in (None, bounds[2]):
        tins, price = order_from_tape(raw, bounds[0], bounds[1], budget)
        for g in range(2000):
            cap = None if budget is None else int(budget[g])
            expected = scalar_order_from_tape(raw[g], int(bounds[0, g]), int(bounds[1, g]), cap)
            assert (int(tins[g]), int(price[g])) == expected


@pytest.mark.parametrize(("players", "guarded", "games"), CASES)
def test_batch_engine_plays_the_reference_games(players: int, guarded: bool, games: int) -> None:
    rng = np.random.default_rng([players, guarded])
    dealt = [random_rows(games, rng) for _ in range(players)]
    rows_a = np.stack([a for a, _ in dealt])  # (P, 10, B)
    rows_d = np.stack([d for _, d in dealt])
    tape = rng.integers(0, 2**31, (ROUNDS, 2, players, games, 3))
    policies = [TapePolicy(rows_a, rows_d, tape)] * players
    batch = fast.play_batch(players, guarded, policies, games, rng)
    seeds = rng.integers(0, 2**62, games)
    reasons, balance = batch.reasons, batch.balance()
    for g in range(games):
        rows = [
            Rows(a=tuple(map(int, rows_a[s, :, g])), d=tuple(map(int, rows_d[s, :, g])))
            for s in range(players)
        ]
        expected = reference_game(players, guarded, int(seeds[g]), rows, tape[:, :, :, g])
        assert batch_game(batch, g, reasons, balance) == expected, f"game {g}"
