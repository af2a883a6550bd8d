"""Market forecasts: what the coming rounds' supply and demand can be, from what a seat has seen.

Each row is a permutation of 0-9 (Middleman §2), so the digits a player has not yet called out are
a known set, and the digit they will call in any coming column is one of them, none more likely
than another to someone who cannot see the row. The skill the rule text describes ("a certain
amount of prediction is possible on the basis of the order of the numbers ... you have selected
and those revealed so far by your opponents") is this arithmetic.

The pure functions (`unseen`, `market_distribution`, `quantile`) work on plain digits, so that a
batch engine can use them; the `*_of_view` helpers read a seat's view dict.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

Side = Literal["buy", "sell"]
DIGITS = tuple(range(10))
ROUNDS = 10
TOP_PRICE = 10  # Middleman §4: "The market never pays more than 10 per tin."

Distribution = dict[int, float]
"""A market figure's probability of each value."""


def unseen(revealed: Sequence[int], digits: int = len(DIGITS)) -> tuple[int, ...]:
    """The digits of a row that are still to be called out, given those called so far (rows of
    0 to `digits` - 1 in a research variant)."""
    shown = set(revealed)
    return tuple(d for d in range(digits) if d not in shown)


def top_price_of_view(view: Mapping[str, Any]) -> int:
    """The most the market pays per tin: 10 (Middleman §4), or a research variant's."""
    variant = view.get("variant")
    return int(variant["top_price"]) if variant else TOP_PRICE


def digits_of_view(view: Mapping[str, Any]) -> int:
    """How many digits each row holds: 10, or a research variant's."""
    variant = view.get("variant")
    return int(variant["digits"]) if variant else len(DIGITS)


def market_distribution(known: int, unknown_rows: Sequence[Sequence[int]]) -> Distribution:
    """The distribution of `known` plus one digit drawn uniformly from each of `unknown_rows`."""
    spread = _sum_distribution(tuple(tuple(digits) for digits in unknown_rows))
    return {known + total: p for total, p in spread.items()}


@functools.lru_cache(maxsize=1024)
def _sum_distribution(unknown_rows: tuple[tuple[int, ...], ...]) -> Distribution:
    """The distribution of the sum of one digit drawn uniformly from each of `unknown_rows`;
    cached, since every coming round's forecast adds up the same rows' unseen digits (shifted by
    what the round's known digits add: the same probabilities, to the last bit)."""
    dist: Distribution = {0: 1.0}
    for digits in unknown_rows:
        if not digits:
            continue
        share = 1.0 / len(digits)
        step: Distribution = {}
        for total, p in dist.items():
            for digit in digits:
                step[total + digit] = step.get(total + digit, 0.0) + p * share
        dist = step
    return dist


def mean(dist: Distribution) -> float:
    """The expected value of a distribution."""
    return sum(value * p for value, p in dist.items())


def quantile(dist: Distribution, q: float) -> int:
    """The smallest value whose cumulative probability reaches `q`."""
    cumulative = 0.0
    for value in sorted(dist):
        cumulative += dist[value]
        if cumulative >= q - 1e-9:
            return value
    return max(dist)


def scenarios(dist: Distribution, points: Sequence[float] = (0.1, 0.3, 0.5, 0.7, 0.9)) -> list[int]:
    """A few representative values of a distribution, one per quantile in `points`."""
    return [quantile(dist, q) for q in points]


def revealed_of_view(view: Mapping[str, Any], side: Side) -> list[list[int]]:
    """Per seat, the digits of row A ("buy") or D ("sell") called out so far, in round order."""
    called: list[list[int]] = [[] for _ in view["players"]]
    for step in view["history"]:
        if step["side"] == side:
            for column in step["seats"]:
                called[column["seat"]].append(column["digit"])
    return called


def market_of_view(
    view: Mapping[str, Any], round_: int, side: Side, called: list[list[int]] | None = None
) -> Distribution:
    """Round `round_`'s supply ("buy") or demand ("sell") as the view's seat can foresee it.

    `called` is `revealed_of_view(view, side)`, where the caller has it already (a forecast of
    every coming round reads the history once, not once a round)."""
    if called is None:
        called = revealed_of_view(view, side)
    me = view.get("seat")
    rows = view.get("rows")
    own_row = rows["a" if side == "buy" else "d"] if rows else None
    known = 0
    unknown: list[tuple[int, ...]] = []
    for seat, digits in enumerate(called):
        if round_ <= len(digits):
            known += digits[round_ - 1]  # already called out: public
        elif seat == me and own_row is not None:
            known += own_row[round_ - 1]  # my own row: I wrote it
        else:
            unknown.append(unseen(digits, digits_of_view(view)))
    return market_distribution(known, unknown)


def remaining_total_of_view(view: Mapping[str, Any], side: Side) -> int:
    """The exact sum of every market figure of `side` still to be revealed: each row sums to 45
    (a variant's rows to their own total), less what the rounds a variant leaves out would use."""
    count = digits_of_view(view)
    total = count * (count - 1) // 2
    left = sum(total - sum(digits) for digits in revealed_of_view(view, side))
    if count == int(view["rounds"]):
        return left
    # A variant that plays fewer rounds than its rows have columns: the unplayed columns' digits
    # are some of those left; expect each round still to come to use an average digit of them.
    rows = len(view["players"])
    called = sum(len(digits) for digits in revealed_of_view(view, side))
    columns_left = count * rows - called
    to_play = int(view["rounds"]) * rows - called
    return round(left * to_play / columns_left) if columns_left else 0


@dataclass(frozen=True)
class RoundOutlook:
    """One coming round as a seat sees it: expected supply and demand (and the least and most
    each can be), and which side the round favours."""

    round: int
    supply: float
    demand: float
    supply_range: tuple[int, int] = (0, 0)
    demand_range: tuple[int, int] = (0, 0)

    @property
    def market(self) -> str:
        """ "buyer's market" where tins should be plentiful, "seller's market" where scarce."""
        return "buyer's market" if self.supply >= self.demand else "seller's market"


def _spread(
    round_: int,
    called: list[list[int]],
    own: tuple[int | None, Sequence[int] | None],
    row_digits: int = len(DIGITS),
) -> tuple[float, int, int]:
    """Round `round_`'s market figure as the seat sees it: its mean, least and most.

    The same arithmetic as `market_of_view` without the whole distribution (a view computes it
    for every coming round): the mean of a sum is the sum of each unknown row's mean digit.
    `called` is `revealed_of_view(view, side)`; `own` the seat and its own row of that side."""
    me, own_row = own
    known, average, low, high = 0, 0.0, 0, 0
    for seat, digits in enumerate(called):
        if round_ <= len(digits):
            known += digits[round_ - 1]
        elif seat == me and own_row is not None:
            known += own_row[round_ - 1]
        else:
            figures = _unseen_figures(tuple(digits), row_digits)
            if figures is not None:
                mean_digit, least, most = figures
                average += mean_digit
                low, high = low + least, high + most
    return known + average, known + low, known + high


@functools.lru_cache(maxsize=1024)
def _unseen_figures(
    revealed: tuple[int, ...], digits: int = len(DIGITS)
) -> tuple[float, int, int] | None:
    """The mean, least and most of a row's digits still to come (None when none are left);
    cached, since a view weighs each row's digits for every coming round."""
    left = unseen(revealed, digits)
    if not left:
        return None
    return sum(left) / len(left), min(left), max(left)


def outlook_of_view(view: Mapping[str, Any]) -> list[RoundOutlook]:
    """Expected supply and demand of every round from the current one to the last."""
    first = int(view["round"])
    me, rows = view.get("seat"), view.get("rows")
    called_a, called_d = revealed_of_view(view, "buy"), revealed_of_view(view, "sell")
    own_a, own_d = (me, rows["a"] if rows else None), (me, rows["d"] if rows else None)
    digits = digits_of_view(view)
    out = []
    for r in range(first, int(view["rounds"]) + 1):
        supply, supply_low, supply_high = _spread(r, called_a, own_a, digits)
        demand, demand_low, demand_high = _spread(r, called_d, own_d, digits)
        out.append(
            RoundOutlook(r, supply, demand, (supply_low, supply_high), (demand_low, demand_high))
        )
    return out
