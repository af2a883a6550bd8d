"""What each seat may see (RULINGS Middleman 3): sealed orders and rows, history, spectators."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.games.middleman.helpers import GAME, buy_step, idle_round, rows, sell_step, start
from tradingfloor.games.middleman.actions import Buy, Sell

OTHERS = [rows("9876543210", "0123456789"), rows("5678901234", "4321098765")]
SEAT_0 = rows("0123456789", "9876543210")
# Seat 0's other possible rows: the same first column of A and D, different after it.
SEAT_0_ELSE = rows("0213456789", "9786543210")
PLAYER_KEYS = {"seat", "cash", "tins", "out", "committed"}


def test_a_sealed_order_is_hidden_from_the_others_until_the_step_resolves() -> None:
    state = start([SEAT_0, *OTHERS])
    small = GAME.apply(state, 0, Buy(tins=3, price=2))
    large = GAME.apply(state, 0, Buy(tins=9, price=1))
    for seat in (1, 2, None):
        assert GAME.view(small, seat) == GAME.view(large, seat)
    assert GAME.view(small, 0)["order"] == {"type": "buy", "tins": 3, "price": 2}
    assert GAME.view(small, 1)["order"] is None
    assert [p["committed"] for p in GAME.view(small, 1)["players"]] == [True, False, False]
    assert GAME.view(small, 1)["actors"] == [1, 2]


def test_a_resolved_order_becomes_public() -> None:
    state = buy_step(start([SEAT_0, *OTHERS]), [(3, 2), (0, 0), (1, 1)])
    for seat in (0, 1, 2, None):
        first = GAME.view(state, seat)["history"][0]["seats"][0]
        assert (first["tins"], first["price"], first["digit"]) == (3, 2, 0)
        assert GAME.view(state, seat)["players"][0]["committed"] is False
    state = GAME.apply(state, 0, Sell(tins=2, price=9))
    assert GAME.view(state, 1)["order"] is None
    assert GAME.view(state, 0)["order"] == {"type": "sell", "tins": 2, "price": 9}


def test_rows_being_written_are_seen_only_by_their_writer() -> None:
    state = GAME.new({"players": 3}, seed=5)
    assert GAME.view(state, 0)["rows"] is None
    written = GAME.apply(state, 0, SEAT_0)
    other = GAME.apply(state, 0, SEAT_0_ELSE)
    assert GAME.view(written, 0)["rows"] == {"a": list(SEAT_0.a), "d": list(SEAT_0.d)}
    for seat in (1, 2, None):
        assert GAME.view(written, seat) == GAME.view(other, seat)
    assert GAME.view(written, 1)["rows"] is None


def test_unrevealed_digits_stay_secret_and_past_columns_become_public() -> None:
    # Two tables that differ only in seat 0's unrevealed columns look the same to everyone else
    # until round 2's buying calls out the second A column (1 in one, 2 in the other).
    one, two = start([SEAT_0, *OTHERS]), start([SEAT_0_ELSE, *OTHERS])
    steps = [
        lambda s: s,
        lambda s: buy_step(s, [(1, 1), (1, 1), (1, 1)]),
        lambda s: sell_step(s, [(1, 1), (1, 1), (1, 1)]),
        lambda s: GAME.apply(s, 1, Buy(tins=0, price=0)),
    ]
    for step in steps:
        one, two = step(one), step(two)
        for seat in (1, 2, None):
            assert GAME.view(one, seat) == GAME.view(two, seat)
        assert GAME.view(one, 0)["rows"] != GAME.view(two, 0)["rows"]
    one, two = (buy_step(s, [(0, 0), None, (0, 0)]) for s in (one, two))
    called = [GAME.view(s, 2)["history"][-1]["seats"][0]["digit"] for s in (one, two)]
    assert called == [1, 2]
    # Every column called so far is in every view: A and D of round 1, A of round 2.
    history = GAME.view(one, None)["history"]
    assert [[s["digit"] for s in step["seats"]] for step in history] == [
        [0, 9, 5],
        [9, 0, 4],
        [1, 8, 6],
    ]


def test_a_view_holds_only_the_seats_own_secrets() -> None:
    state = GAME.apply(start([SEAT_0, *OTHERS]), 1, Buy(tins=2, price=2))
    mine = GAME.view(state, 1)
    assert mine["seat"] == 1
    assert mine["rows"] == {"a": list(OTHERS[0].a), "d": list(OTHERS[0].d)}
    assert mine["order"] == {"type": "buy", "tins": 2, "price": 2}
    assert all(set(p) == PLAYER_KEYS for p in mine["players"])
    assert set(mine) == {
        "game",
        "seat",
        "round",
        "rounds",
        "phase",
        "guarded",
        "actors",
        "players",
        "history",
        "rows",
        "order",
        "status",
        "chapter",
        "news",
        "forecast",
    }


def test_a_spectator_sees_the_public_table_and_no_secret() -> None:
    state = buy_step(start([SEAT_0, *OTHERS]), [(3, 2), (0, 0), (1, 1)])
    state = GAME.apply(state, 2, Sell(tins=1, price=4))
    spectator = GAME.view(state, None)
    assert spectator["seat"] is None
    assert "rows" not in spectator and "order" not in spectator
    assert all(set(p) == PLAYER_KEYS for p in spectator["players"])
    assert [p["committed"] for p in spectator["players"]] == [False, False, True]
    assert len(spectator["history"]) == 1
    assert (spectator["round"], spectator["phase"]) == (1, "sell")


def test_the_seed_is_in_no_view() -> None:
    seed = 7_310_000_000_123
    rng = random.Random(4)
    state: Any = GAME.new({"players": 3}, seed=seed)
    while actors := GAME.actors(state):
        for seat in (*range(3), None):
            assert str(seed) not in json.dumps(GAME.view(state, seat))
        seat = actors[0]
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
    assert str(seed) not in json.dumps(GAME.view(state, None))


def test_views_after_the_end_show_the_result() -> None:
    state = start([SEAT_0, *OTHERS])
    for _ in range(10):
        state = idle_round(state)
    for seat in (0, None):
        assert GAME.view(state, seat)["result"]["winners"] == [0, 1, 2]
