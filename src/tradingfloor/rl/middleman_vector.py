"""Middleman as a Gymnasium `VectorEnv` over the NumPy batch engine: N games stepped at once.

```python
from tradingfloor.rl.middleman_vector import MiddlemanVectorEnv

envs = MiddlemanVectorEnv(num_envs=256, opponents="heuristic")
observations, infos = envs.reset(seed=0)
actions = envs.action_masks().argmax(axis=1)          # any legal index per game
observations, rewards, terminations, truncations, infos = envs.step(actions)
```

One seat learns (`seat`, 0 by default); the other seats are the batch engine's vectorized
policies (`fast_policies.VECTOR_POLICIES`: random, heuristic) or any `fast.VectorPolicy`. Each
game is the single-agent environment's game (`rl.single_agent` with the same bots): the
learner's rows are dealt at random, the bots commit their orders before the learner is asked,
observations and actions are `rl.middleman.MiddlemanEncoder`'s, a learner that goes out sees the
game played out to its end, and the reward is the learner's share of the win (-1 for an illegal
action, which ends that game). Games that end are reset at the next step (Gymnasium's next-step
autoreset; that step's action for them is ignored and their reward is 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tradingfloor.games.middleman import fast
from tradingfloor.games.middleman.fast import Array, Phase, Table, VectorPolicy
from tradingfloor.games.middleman.fast_policies import VECTOR_POLICIES, random_rows
from tradingfloor.games.middleman.spaces import MAX_ASK, most_cash
from tradingfloor.rl.middleman import (
    MAX_PRICE,
    MAX_SEATS,
    MAX_TINS,
    PRICES,
    ROUNDS,
    SIZE,
    MiddlemanEncoder,
)

BUY, SELL = 0, 1
PHASES: tuple[Phase, Phase] = ("buy", "sell")
ILLEGAL_REWARD = -1.0
TINS = np.arange(MAX_TINS + 1)[None, :, None]
PRICE = np.arange(PRICES)[None, None, :]


class _Given:
    """The learner's seat as a vector policy: the orders it was given for the games in play."""

    name = "learner"

    def __init__(self, tins: Array, price: Array) -> None:
        self.tins, self.price = tins, price

    def rows(self, games: int, rng: np.random.Generator) -> tuple[Array, Array]:
        return random_rows(games, rng)

    def orders(self, view: fast.SeatView, rng: np.random.Generator) -> tuple[Array, Array]:
        return self.tins, self.price


class MiddlemanVectorEnv(VectorEnv):  # type: ignore[misc]
    """N Middleman games for one learning seat against vectorized bots, in NumPy."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 256,
        opponents: str | Sequence[str | VectorPolicy] = "heuristic",
        options: Mapping[str, Any] | None = None,
        seat: int = 0,
    ) -> None:
        chosen = fast.printed_options(options)  # a research variant is refused in words
        self.players, self.guarded = chosen.players, chosen.guarded
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be a seat number 0-{self.players - 1}, not {seat!r}")
        self.num_envs, self.seat = num_envs, seat
        self.bots = _bot_policies(opponents, self.players)
        self.encoder = MiddlemanEncoder()
        self.single_observation_space = spaces.Box(-1e6, 1e6, (self.encoder.features,), np.float32)
        self.single_action_space = spaces.Discrete(SIZE)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.rng = np.random.default_rng()
        self.table = fast.new_table(self.players, self.guarded, num_envs)
        # Each game's round (11 once played out), side (BUY or SELL), resolved buy and sell
        # steps, and every seat's last order and fill on each side (what the observation shows).
        self.round: Array = np.ones(num_envs, dtype=np.int64)
        self.phase: Array = np.zeros(num_envs, dtype=np.int64)
        self.steps_done: Array = np.zeros((2, num_envs), dtype=np.int64)
        self.last: Array = np.zeros((2, 3, self.players, num_envs), dtype=np.int64)
        self.ended: Array = np.zeros(num_envs, dtype=bool)  # over, or ended by an illegal action
        self.restart: Array = np.zeros(num_envs, dtype=bool)

    # Gymnasium's API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        if options:
            raise ValueError("reset takes no options: choose players and bots when making it")
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self._new_games(np.ones(self.num_envs, dtype=bool))
        return self._observations(), {}

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        rewards: Array = np.zeros(self.num_envs, dtype=np.float64)
        restarted = self.restart.copy()
        self._new_games(restarted)
        legal = _chosen_legal(self.action_masks(), actions)
        illegal = ~restarted & ~legal
        rewards[illegal] = ILLEGAL_REWARD
        playing = ~restarted & legal
        tins, price = np.divmod(actions, PRICES)
        self._play(playing, tins, price)
        self._play_out(playing)
        finished = playing & self.table.over
        rewards[finished] = self._shares()[finished]
        self.ended = finished | illegal
        self.restart = self.ended.copy()
        observations = self._observations()
        truncations: Array = np.zeros(self.num_envs, dtype=bool)
        return observations, rewards, self.ended.copy(), truncations, {}

    def action_masks(self) -> Array:
        """(num_envs, 803) bool: each game's legal menu (all False where its game has ended)."""
        cash = self.table.cash[self.seat]
        buying = self.phase == BUY
        most_tins = np.where(buying, 9 * self.players, self.table.tins[self.seat])
        most_price = np.where(buying, min(most_cash(self.players), MAX_PRICE), MAX_ASK)
        budget = np.full(self.num_envs, np.iinfo(np.int64).max)
        if self.guarded:  # RULINGS Middleman 6: guarded buying is bounded by the cash held
            most_price = np.where(buying, np.minimum(most_price, cash), most_price)
            budget = np.where(buying, cash, budget)
        ok = (most_tins[:, None, None] >= TINS) & (most_price[:, None, None] >= PRICE)
        ok &= budget[:, None, None] >= TINS * PRICE
        ok &= ~(self.ended | self.table.over)[:, None, None]
        return ok.reshape(self.num_envs, SIZE)

    # Games

    def _new_games(self, which: Array) -> None:
        """Fresh games in the columns `which`: new sheets, rows written by every seat's policy."""
        count = int(which.sum())
        if not count:
            return
        fresh = fast.new_table(self.players, self.guarded, count)
        for seat, policy in enumerate(self._policies(_Given(None, None))):
            fast.write_rows(fresh, seat, *policy.rows(count, self.rng))
        fresh.tally.actions += self.players
        fresh.index = np.flatnonzero(which)
        _put(self.table, fresh, which)
        self.round[which], self.phase[which] = 1, BUY
        self.steps_done[:, which] = 0
        self.last[..., which] = 0
        self.ended[which] = self.restart[which] = False

    def _policies(self, learner: VectorPolicy) -> list[VectorPolicy]:
        bots = iter(self.bots)
        return [learner if seat == self.seat else next(bots) for seat in range(self.players)]

    def _play(self, which: Array, tins: Array, price: Array) -> None:
        """One step of the games `which`, grouped by where they stand (round and side)."""
        where = self.round * 2 + self.phase
        for position in np.unique(where[which]):
            group = which & (where == position)
            self._play_group(
                group, int(position) // 2, int(position) % 2, tins[group], price[group]
            )

    def _play_out(self, playing: Array) -> None:
        """Play to the end the games whose learner went out (it sees the whole game played).

        The games furthest behind step first, so that they catch up with the others and step
        with them: one policy call per position rather than one per position per game group."""
        where = self.round * 2 + self.phase
        nothing: Array = np.zeros(self.num_envs, dtype=np.int64)
        while True:
            waiting = playing & ~self.table.over & self.table.out[self.seat]
            if not waiting.any():
                return
            behind = waiting & (where == where[waiting].min())
            self._play(behind, nothing, nothing)
            where = self.round * 2 + self.phase

    def _play_group(self, group: Array, round_: int, side: int, tins: Array, price: Array) -> None:
        sub = self.table.select(group)
        sub.round = round_
        phase = PHASES[side]
        learner = _Given(tins.astype(np.int32), price.astype(np.int32))
        cash_before = sub.cash.copy()
        orders = fast.collect_orders(sub, phase, self._policies(learner), self.rng)
        digits = (sub.rows_a if side == BUY else sub.rows_d)[round_ - 1]
        fills = fast.allocate_batch(*orders, digits.sum(axis=0, dtype=np.int32), phase)
        went_out = np.zeros(orders[0].shape, dtype=bool)  # no seat goes out selling
        if side == BUY:
            went_out = fills * orders[1] > cash_before  # §3: their fill is void (RULINGS 6)
            fast.buying_step(sub, *orders)
        else:
            fast.selling_step(sub, *orders)
        self.last[side][..., group] = np.stack([*orders, np.where(went_out, 0, fills)])
        self.steps_done[side, group] += 1
        self.round[group] = sub.round if side == SELL else round_
        self.phase[group] = BUY if side == SELL else SELL
        _put(self.table, sub, group)

    def _shares(self) -> Array:
        """The learner's share of the win in every game (meaningful where the game is over)."""
        out = self.table.out
        eligible = np.where(out, -1, self.table.cash)
        winners = ~out & (eligible == eligible.max(axis=0, keepdims=True))
        count = np.maximum(winners.sum(axis=0), 1)
        return np.where(winners[self.seat], 1.0 / count, 0.0)

    # Observations: MiddlemanEncoder.observe's vector for every game at once

    def _observations(self) -> Array:
        n, players = self.num_envs, self.players
        over = self.table.over
        out: Array = np.zeros((n, self.encoder.features), dtype=np.float32)
        at = 0

        def take(size: int) -> Array:
            nonlocal at
            part = out[:, at : at + size]
            at += size
            return part

        take(1)[:, 0] = np.minimum(self.round, ROUNDS) / ROUNDS
        phase = take(4)
        phase[np.arange(n), np.where(over, 3, 1 + self.phase)] = 1
        take(MAX_SEATS)[:, self.seat] = 1
        sheets = take(MAX_SEATS * 5).reshape(n, MAX_SEATS, 5)
        sheets[:, :players, 0] = (self.table.cash / 100).T
        sheets[:, :players, 1] = (self.table.tins / 10).T
        sheets[:, :players, 2] = self.table.out.T
        sheets[:, :players, 3] = 1
        committed = ~self.table.out & ~over[None, :]
        committed[self.seat] = False  # the bots commit before the learner is asked
        sheets[:, :players, 4] = committed.T
        rows = take(2 * ROUNDS).reshape(n, 2, ROUNDS)
        for side, row in enumerate((self.table.rows_a, self.table.rows_d)):
            rows[:, side] = row[:, self.seat].T.astype(np.float32) / np.float32(9)
        called = take(2 * MAX_SEATS * ROUNDS).reshape(n, 2, MAX_SEATS, ROUNDS)
        called[:] = -1.0
        turn = np.arange(ROUNDS)[None, :, None]
        for side, row in enumerate((self.table.rows_a, self.table.rows_d)):
            shown = turn < self.steps_done[side][:, None, None]  # (n, rounds, 1)
            digits = np.where(shown, np.moveaxis(row, 2, 0) / 9, -1.0)  # (n, rounds, players)
            called[:, side, :players] = np.swapaxes(digits, 1, 2)
        last = take(2 * MAX_SEATS * 3).reshape(n, 2, MAX_SEATS, 3)
        last[:, :, :players] = np.moveaxis(self.last / 10, 3, 0).transpose(0, 1, 3, 2)
        return out


def _bot_policies(
    opponents: str | Sequence[str | VectorPolicy], players: int
) -> list[VectorPolicy]:
    """One vectorized policy per other seat: a kind for all, a comma list, or a sequence."""
    chosen = opponents.split(",") if isinstance(opponents, str) else list(opponents)
    if len(chosen) == 1:
        chosen = chosen * (players - 1)
    if len(chosen) != players - 1:
        raise ValueError(
            f"a {players}-player game needs {players - 1} opponents (or one for all), "
            f"not {len(chosen)}"
        )
    policies: list[VectorPolicy] = []
    for kind in chosen:
        if not isinstance(kind, str):
            policies.append(kind)
        elif kind.strip() in VECTOR_POLICIES:
            policies.append(VECTOR_POLICIES[kind.strip()]())
        else:
            raise ValueError(
                f"no vectorized Middleman policy {kind!r}; choose from {', '.join(VECTOR_POLICIES)}"
            )
    return policies


def _chosen_legal(masks: Array, actions: Array) -> Array:
    """Whether each game's action is in its menu and legal there."""
    inside = (actions >= 0) & (actions < SIZE)
    legal: Array = np.zeros(len(actions), dtype=bool)
    legal[inside] = masks[np.flatnonzero(inside), actions[inside]]
    return legal


def _put(table: Table, part: Table, which: Array) -> None:
    """Write the games of `part` (the columns `which` of `table`, in order) back into `table`."""
    for name in fast.GAME_ARRAYS:
        if name != "index":
            getattr(table, name)[..., which] = getattr(part, name)
    for field in fields(fast.Tally):
        getattr(table.tally, field.name)[..., which] = getattr(part.tally, field.name)
