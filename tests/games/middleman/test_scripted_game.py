"""A whole 3-seat game with fixed rows and orders; every figure after every step worked out by hand.

Supply per round (A columns summed): 16 10 13 15 15 15 10 15 10 16.
Demand per round (D columns summed): 15 16 12 9 18 11 12 11 14 17.
Seat 2 overspends in round 7 and is out; its digits still make the market afterwards.
"""

from __future__ import annotations

from typing import Any

from tests.games.middleman.helpers import GAME, Order, buy_step, figures, rows, sell_step, start

ROWS = [
    rows("5380917264", "4906271835"),
    rows("2719460835", "8152709364"),
    rows("9046283517", "3671942058"),
]

F, T = False, True

# (side, orders per seat, market, filled per seat, cash after, tins after, out after)
SCRIPT: list[
    tuple[str, list[Order | None], int, list[int], tuple[int, ...], tuple[int, ...], Any]
] = [
    # Round 1. Seats 0 and 1 tie at 3 and share all 16 tins; seat 2's low offer gets none.
    ("buy", [(8, 3), (8, 3), (5, 2)], 16, [8, 8, 0], (6, 6, 30), (8, 8, 0), (F, F, F)),
    ("sell", [(8, 6), (4, 5), (0, 0)], 15, [8, 4, 0], (54, 26, 30), (0, 4, 0), (F, F, F)),
    # Round 2. Tie at 6: 3 each, seat 1 is satisfied, seat 0 takes one more; 3 go on to seat 2.
    ("buy", [(4, 6), (3, 6), (7, 4)], 10, [4, 3, 3], (30, 8, 18), (4, 7, 3), (F, F, F)),
    ("sell", [(4, 9), (7, 8), (3, 8)], 16, [4, 7, 3], (66, 64, 42), (0, 0, 0), (F, F, F)),
    # Round 3. A three-way tie at 5 for 13 tins: 4 each, and the 13th tin stays unsold.
    ("buy", [(6, 5), (6, 5), (6, 5)], 13, [4, 4, 4], (46, 44, 22), (4, 4, 4), (F, F, F)),
    ("sell", [(4, 7), (4, 7), (4, 10)], 12, [4, 4, 4], (74, 72, 62), (0, 0, 0), (F, F, F)),
    # Round 4. Tie at 4 for a demand of 9: 4 each, the 9th cannot be shared and nobody asks more.
    ("buy", [(10, 2), (5, 3), (0, 0)], 15, [10, 5, 0], (54, 57, 62), (10, 5, 0), (F, F, F)),
    ("sell", [(10, 4), (5, 4), (0, 0)], 9, [4, 4, 0], (70, 73, 62), (6, 1, 0), (F, F, F)),
    # Round 5. Tie at 9: 6 each, seat 2 sold out, seat 1 sells 4 more, seat 0 at 10 the last 2.
    ("buy", [(0, 0), (9, 7), (9, 6)], 15, [0, 9, 6], (70, 10, 26), (6, 10, 6), (F, F, F)),
    ("sell", [(6, 10), (10, 9), (6, 9)], 18, [2, 10, 6], (90, 100, 80), (4, 0, 0), (F, F, F)),
    # Round 6. Free tins for seat 2 at an offer of 0; it gives them away at an ask of 0.
    ("buy", [(5, 1), (5, 1), (12, 0)], 15, [5, 5, 5], (85, 95, 80), (9, 5, 5), (F, F, F)),
    ("sell", [(9, 3), (5, 2), (5, 0)], 11, [1, 5, 5], (88, 105, 80), (8, 0, 0), (F, F, F)),
    # Round 7. Seat 2 is served all 10 tins at 9 (90) holding 80: out, the fill void, no tins
    # for the others either.
    ("buy", [(3, 5), (2, 5), (10, 9)], 10, [0, 0, 0], (88, 105, 80), (8, 0, 0), (F, F, T)),
    ("sell", [(8, 6), (0, 0), None], 12, [8, 0, 0], (136, 105, 80), (0, 0, 0), (F, F, T)),
    # Round 8. Seat 2's A digit (5) still counts: 15 tins, tie at 4, 7 each, then 1 to seat 1.
    ("buy", [(7, 4), (9, 4), None], 15, [7, 8, 0], (108, 73, 80), (7, 8, 0), (F, F, T)),
    ("sell", [(7, 8), (8, 8), None], 11, [5, 5, 0], (148, 113, 80), (2, 3, 0), (F, F, T)),
    # Round 9.
    ("buy", [(0, 0), (4, 10), None], 10, [0, 4, 0], (148, 73, 80), (2, 7, 0), (F, F, T)),
    ("sell", [(2, 10), (7, 10), None], 14, [2, 7, 0], (168, 143, 80), (0, 0, 0), (F, F, T)),
    # Round 10. Seat 2's D digit (8) still counts: demand 17, so seat 1 at 10 sells all 6.
    ("buy", [(6, 3), (6, 2), None], 16, [6, 6, 0], (150, 131, 80), (6, 6, 0), (F, F, T)),
    ("sell", [(6, 9), (6, 10), None], 17, [6, 6, 0], (204, 191, 80), (0, 0, 0), (F, F, T)),
]


def test_every_figure_of_a_scripted_three_seat_game() -> None:
    state = start(ROWS)
    assert figures(state) == ((30, 30, 30), (0, 0, 0), (F, F, F))
    for index, (side, orders, market, filled, cash, tins, out) in enumerate(SCRIPT):
        where = f"round {index // 2 + 1}, {side}"
        state = (buy_step if side == "buy" else sell_step)(state, orders)
        step = GAME.view(state, None)["history"][-1]
        assert (step["round"], step["side"]) == (index // 2 + 1, side), where
        assert step["market"] == market, where
        assert [s["filled"] for s in step["seats"]] == filled, where
        assert figures(state) == (cash, tins, out), where

    result = GAME.result(state)
    assert result is not None
    assert GAME.actors(state) == ()
    assert result.scores == (204.0, 191.0, 0.0)  # an out player's cash counts 0 (RULINGS 7)
    assert result.ranks == (1, 2, 3)
    assert result.winners == (0,)
    assert "round 10" in result.reason


def test_the_overspending_step_records_the_void_fill() -> None:
    state = start(ROWS)
    for side, orders, *_ in SCRIPT[:13]:  # up to round 7's buying
        state = (buy_step if side == "buy" else sell_step)(state, orders)
    seat2 = GAME.view(state, 0)["history"][-1]["seats"][2]
    assert seat2 == {
        "seat": 2,
        "tins": 10,
        "price": 9,
        "digit": 3,
        "filled": 0,
        "void": 10,
        "went_out": True,
    }
    assert GAME.actors(state) == (0, 1)


def test_committing_changes_no_public_figure_before_the_step_resolves() -> None:
    state = start(ROWS)
    before = figures(state)
    state = GAME.apply(state, 0, GAME.parse_action({"type": "buy", "tins": 8, "price": 3}))
    state = GAME.apply(state, 1, GAME.parse_action({"type": "buy", "tins": 8, "price": 3}))
    assert figures(state) == before
    assert GAME.view(state, None)["history"] == []
    assert GAME.actors(state) == (2,)
