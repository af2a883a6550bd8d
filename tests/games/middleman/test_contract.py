"""Middleman under the core contract: options, the registry, parsing, records, redetermine."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tradingfloor
from tests.games.middleman.helpers import GAME
from tests.games.middleman.test_scripted_game import ROWS, SCRIPT
from tradingfloor import core
from tradingfloor.core.errors import BadOptions, BadRecord, IllegalAction, UnknownGame
from tradingfloor.core.record import MatchRecord, replay
from tradingfloor.games.middleman.actions import Buy, Rows, Sell


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "Players must be a whole number, 2 or more"),
        ({"players": 9}, "Players must be at most 8"),
        ({"players": "3"}, "Players must be a whole number from 2 to 8"),
        ({"players": 2.5}, "Players must be a whole number from 2 to 8"),
        ({"guarded": "yes"}, "Careful mode: refuse orders you cannot pay for must be yes or no"),
        ({"colour": "blue"}, "Middleman has no option called 'colour'; the options are: Players"),
    ],
)
def test_bad_options_raise_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.new(options, seed=1)
    with pytest.raises(BadOptions, match=message):
        GAME.options(options)


def test_options_are_completed_with_their_defaults() -> None:
    assert GAME.options({"players": 5}) == {"players": 5, "guarded": False}
    assert GAME.options(None) == {"players": 3, "guarded": False}


def test_the_registry_knows_middleman_and_lists_the_ids_for_an_unknown_one() -> None:
    # tradingfloor.games() itself is shadowed by the subpackage tradingfloor.games once a game is
    # imported, so the registry's listing is read from tradingfloor.core.
    assert "middleman" in core.games()
    assert tradingfloor.make("middleman") is GAME
    with pytest.raises(UnknownGame) as caught:
        tradingfloor.make("midleman")
    assert "'midleman'" in str(caught.value)
    assert "middleman" in str(caught.value).split("the games are:")[1]


def test_actions_parse_from_json_and_back() -> None:
    for action in (Rows(a=tuple(range(10)), d=tuple(range(9, -1, -1))), Buy(tins=3, price=4)):
        assert GAME.parse_action(action.to_json()) == action
    assert GAME.parse_action({"type": "sell", "tins": 0, "price": 10}) == Sell(tins=0, price=10)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "buy",
        {"type": "bid", "tins": 1, "price": 1},
        {"type": "buy", "tins": -1, "price": 1},
        {"type": "buy", "tins": 1},
        {"type": "buy", "tins": "2", "price": 1},
        {"type": "buy", "tins": True, "price": 1},
        {"type": "sell", "tins": 1, "price": 1, "note": "cheap"},
    ],
)
def test_malformed_actions_are_illegal(bad: Any) -> None:
    with pytest.raises(IllegalAction):
        GAME.parse_action(bad)


def scripted_record() -> tuple[MatchRecord, Any]:
    """The scripted 3-seat game, recorded move by move, and its final state."""
    record = MatchRecord.start(GAME, {"players": 3}, seed=42)
    state = GAME.new(record.options, record.seed)
    moves: list[tuple[int, Any]] = list(enumerate(ROWS))
    for side, orders, *_ in SCRIPT:
        kind = Buy if side == "buy" else Sell
        moves += [(s, kind(tins=o[0], price=o[1])) for s, o in enumerate(orders) if o is not None]
    for seat, action in moves:
        state = GAME.apply(state, seat, action)
        record = record.add(seat, action)
    return record, state


def test_a_match_record_round_trips_through_json_and_replays_to_the_same_state() -> None:
    record, final = scripted_record()
    assert record.game == "middleman" and record.version == GAME.version
    again = MatchRecord.loads(record.dumps())
    assert again == record
    assert replay(again) == final
    assert GAME.result(replay(again)) == GAME.result(final)
    assert replay(again, upto=3) == replay(record, upto=3)
    assert GAME.view(replay(again, upto=3), None)["phase"] == "buy"


def test_a_record_with_an_illegal_move_does_not_replay() -> None:
    record, _ = scripted_record()
    spoiled = record.extend([]).to_json()
    spoiled["moves"][3] = {"seat": 0, "action": {"type": "sell", "tins": 0, "price": 11}}
    with pytest.raises(BadRecord, match="move 3"):
        replay(MatchRecord.from_json(spoiled))


# redetermine: everything hidden from a seat resampled, nothing it has seen changed.


def random_states(players: int, seed: int, guarded: bool = False) -> list[Any]:
    """Every state of a random game, in order (guarded: nobody goes out, so it lasts 10 rounds)."""
    rng = random.Random(seed)
    state: Any = GAME.new({"players": players, "guarded": guarded}, seed=seed)
    states = [state]
    while actors := GAME.actors(state):
        seat = actors[rng.randrange(len(actors))]
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("players", "seed", "guarded"), [(2, 1, False), (3, 2, True), (5, 3, True)]
)
def test_redetermine_keeps_what_the_seat_has_seen_and_resamples_the_rest(
    players: int, seed: int, guarded: bool
) -> None:
    rng = random.Random(seed)
    for state in random_states(players, seed, guarded)[::3]:
        for seat in range(players):
            before = copy.deepcopy(state)
            other = GAME.redetermine(state, seat, rng)
            assert state == before, "redetermine changed its input"
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert (other.rows_a[seat], other.rows_d[seat]) == (
                state.rows_a[seat],
                state.rows_d[seat],
            )
            assert other.sealed[seat] == state.sealed[seat]
            for rival in range(players):
                if rival != seat:
                    assert_consistent_rows(state, other, rival)
                    assert_consistent_order(state, other, rival)


def assert_consistent_rows(state: Any, other: Any, rival: int) -> None:
    """Called-out columns kept; the rest of each row is exactly the digits not yet called out."""
    if state.rows_a[rival] is None:
        assert other.rows_a[rival] is None
        return
    for side, true, resampled in (
        ("buy", state.rows_a[rival], other.rows_a[rival]),
        ("sell", state.rows_d[rival], other.rows_d[rival]),
    ):
        shown = state.revealed_columns(side)
        assert resampled[:shown] == true[:shown]
        assert sorted(resampled[shown:]) == sorted(true[shown:])
    assert other.rows_a[rival] != other.rows_d[rival]


def assert_consistent_order(state: Any, other: Any, rival: int) -> None:
    """A rival that has not committed still has not; one that has holds a legal commitment."""
    if state.sealed[rival] is None:
        assert other.sealed[rival] is None
        return
    cleared = list(other.sealed)
    cleared[rival] = None
    unsealed = type(other)(**{**_fields(other), "sealed": tuple(cleared)})
    assert GAME.legal(unsealed, rival).contains(other.sealed[rival])


def _fields(state: Any) -> dict[str, Any]:
    return {name: getattr(state, name) for name in type(state)._fields}


def test_redetermine_really_resamples_the_hidden_digits_and_orders() -> None:
    state = random_states(3, 9, guarded=True)[3 + 3 * 2 + 1]  # round 2, buying, one committed
    assert GAME.view(state, None)["round"] == 2
    seen_rows = {GAME.redetermine(state, 0, random.Random(k)).rows_a[1] for k in range(20)}
    assert len(seen_rows) > 1
    assert all(row[:1] == state.rows_a[1][:1] for row in seen_rows)


def test_a_redetermined_state_plays_on_to_the_end() -> None:
    rng = random.Random(6)
    states = random_states(4, 6, guarded=True)
    state = states[len(states) // 2]
    state = GAME.redetermine(state, 2, rng)
    while actors := GAME.actors(state):
        state = GAME.apply(state, actors[0], GAME.legal(state, actors[0]).sample(rng))
    assert GAME.result(state) is not None


def test_withdraw_gives_back_the_state_before_the_seat_sealed_its_order() -> None:
    state = GAME.new({"players": 3}, 5)
    for seat in range(3):
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(random.Random(seat)))
    before = state
    state = GAME.apply(state, 0, Buy(tins=4, price=2))
    assert GAME.actors(state) == (1, 2)
    assert GAME.withdraw(state, 0) == before
    assert GAME.actors(GAME.withdraw(state, 0)) == (0, 1, 2)
    assert GAME.withdraw(state, 1) == state, "seat 1 has sealed nothing to withdraw"


def test_a_rivals_redrawn_buying_order_offers_within_its_cash() -> None:
    state = GAME.new({"players": 3}, 5)
    for seat in range(3):
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(random.Random(seat)))
    state = GAME.apply(state, 1, Buy(tins=4, price=2))
    rng = random.Random(3)
    offers = [GAME.redetermine(state, 0, rng).sealed[1] for _ in range(200)]
    assert all(isinstance(o, Buy) and o.price <= 30 for o in offers)
    assert len({o.price for o in offers if isinstance(o, Buy)}) > 10
