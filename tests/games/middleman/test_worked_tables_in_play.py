"""All six worked tables of the rule text, reproduced in whole games played through the contract.

Jane, Fred and Mary sit at seats 0, 1 and 2. Their rows put the tables' A and D digits in the
right columns; rounds between the tables let them gather the tins and cash that the tables need.
After each table's step, the public history in a view must read as the rule text's table, row by
row.
"""

from __future__ import annotations

from typing import Any

from tests.games.middleman.helpers import (
    GAME,
    buy_step,
    figures,
    idle_round,
    last_table,
    rows,
    sell_step,
    start,
)
from tests.games.middleman.worked_tables import (
    BUYING,
    SELLING,
    TIED_BUYING_1,
    TIED_BUYING_2,
    TIED_SELLING_1,
    TIED_SELLING_2,
    WorkedTable,
)

IDLE = [(0, 0), (0, 0), (0, 0)]


def assert_table(state: Any, table: WorkedTable) -> None:
    """The last resolved step, as every seat and a spectator sees it, is `table` to the figure."""
    expected = {
        "tins": list(table.tins),
        "price": list(table.price),
        "digits": list(table.digits),
        "market": [table.market] * 3,
        "filled": list(table.filled),
    }
    assert last_table(state) == expected, table.title
    step = GAME.view(state, None)["history"][-1]
    assert step["side"] == table.side
    for seat in (0, 1, 2):
        assert GAME.view(state, seat)["history"][-1] == step


def test_buying_example_tied_buying_1_selling_example_and_tied_selling_1_in_one_game() -> None:
    state = start(
        [
            rows("8970123456", "0162345789"),  # Jane
            rows("0931245678", "0612345789"),  # Fred
            rows("2910345678", "0431256789"),  # Mary
        ]
    )
    assert figures(state)[:2] == ((30, 30, 30), (0, 0, 0))

    # Round 1, buying: the Buying Example.
    state = buy_step(state, BUYING.orders)
    assert_table(state, BUYING)
    assert figures(state)[:2] == ((0, 14, 30), (6, 4, 0))
    state = sell_step(state, IDLE)

    # Round 2: Fred and Mary take free tins (27 on the market, nobody else bidding).
    state = buy_step(state, [(0, 0), (4, 0), (9, 0)])
    assert figures(state)[:2] == ((0, 14, 30), (6, 8, 9))
    state = sell_step(state, TIED_SELLING_1.orders)
    assert_table(state, TIED_SELLING_1)
    assert figures(state)[:2] == ((35, 49, 40), (1, 3, 8))

    # Round 3: Tied Buying Orders Example 1, then the Selling Example.
    state = buy_step(state, TIED_BUYING_1.orders)
    assert_table(state, TIED_BUYING_1)
    assert figures(state)[:2] == ((5, 43, 34), (7, 5, 10))
    state = sell_step(state, SELLING.orders)
    assert_table(state, SELLING)
    assert figures(state)[:2] == ((20, 88, 54), (4, 0, 8))

    for _ in range(4, 11):
        state = idle_round(state)
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (20.0, 88.0, 54.0)
    assert result.winners == (1,)


def test_tied_buying_2_and_tied_selling_2_in_one_game() -> None:
    state = start(
        [
            rows("9301245678", "5601234789"),  # Jane
            rows("9102345678", "5102346789"),  # Fred
            rows("9701234568", "5401236789"),  # Mary
        ]
    )
    # Round 1: 27 tins; Fred and Mary, tied at 0, take 5 and 22; Fred sells his 5 for 10 each.
    state = buy_step(state, [(0, 0), (5, 0), (22, 0)])
    assert figures(state)[:2] == ((30, 30, 30), (0, 5, 22))
    state = sell_step(state, [(0, 0), (5, 10), (0, 0)])
    assert figures(state)[:2] == ((30, 80, 30), (0, 0, 22))

    # Round 2: Tied Buying Orders Example 2, then Tieing Selling Price Example 2.
    state = buy_step(state, TIED_BUYING_2.orders)
    assert_table(state, TIED_BUYING_2)
    assert figures(state)[:2] == ((18, 48, 30), (3, 8, 22))
    state = sell_step(state, TIED_SELLING_2.orders)
    assert_table(state, TIED_SELLING_2)
    # "The market demand has been satisfied, leaving Mary with 18 unsold tins."
    assert figures(state)[:2] == ((33, 84, 66), (0, 4, 18))

    for _ in range(3, 11):
        state = idle_round(state)
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (33.0, 84.0, 66.0)
    assert result.winners == (1,)
