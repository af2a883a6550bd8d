"""The turn order's extras with the finance module (MERLIN-MODULES.md §3.7): bartering for a tied
place that is not last, and the first player selling a place tied for last in the rank auction."""

from __future__ import annotations

import random
from typing import Any

from tests.games.merlin.finance.helpers import act, conserved
from tests.games.merlin.helpers import GAME, events
from tests.games.merlin.magic.tables import refused
from tradingfloor.core.agent import decision_for
from tradingfloor.games.merlin.heuristic import MerlinHeuristic
from tradingfloor.games.merlin.state import MerlinState

FINANCE = {"modules": ["economy", "magic", "finance"]}


def bid_all(state: MerlinState, bids: list[int | None]) -> MerlinState:
    for who, amount in enumerate(bids):
        if amount is not None:
            state = act(state, who, {"type": "turn_bid", "amount": amount})
    return state


def rank_all(state: MerlinState, stacks: dict[int, list[int]]) -> MerlinState:
    for who, row in stacks.items():
        state = act(state, who, {"type": "rank_bid", "stacks": row})
    return state


def tied_for_second(**options: Any) -> MerlinState:
    """Bids 5, 5, 2, 1: seats 0 and 1 tie for the first two places (not last)."""
    return bid_all(GAME.new({"players": 4, **options}, 5), [5, 5, 2, 1])


def step(state: MerlinState, who: int) -> str:
    return str(GAME.legal(state, who).step)


def test_the_earlier_tied_player_buys_the_earlier_place_for_gold() -> None:
    """Turn Order: "Players in the tie will negotiate over the position from the other(s) through
    gold": seat 0 offers seat 1 2 gold for the 1st place; seat 1 accepts."""
    state = tied_for_second(**FINANCE)
    assert GAME.actors(state) == (0,) and step(state, 0) == "auction_barter"
    state = act(state, 0, {"type": "offer_for_place", "amount": 2})
    assert GAME.actors(state) == (1,) and step(state, 1) == "auction_barter"
    labels = [a["label"] for a in GAME.legal(state, 1).describe()["actions"]]
    assert labels == [
        "Accept: {seat:0} pays you 2 gold to take the 1st place, you the one after",
        "Decline: {seat:0} pays you 2 gold to take the 1st place, you the one after",
    ]
    state = act(state, 1, {"type": "accept"})
    assert state.core.order == (0, 1, 2, 3) and state.core.phase == "turn"
    # the pot of 13: the last (seat 3) gets 6, the bank 7; the 2 gold went from seat 0 to seat 1
    assert state.core.gold == (10 - 5 - 2, 10 - 5 + 2, 8, 9 + 6)
    assert state.core.ledger.bank == 7 and conserved(state)
    assert [e.text for e in state.events if e.kind == "place_bought"] == [
        "{seat:1} accepts: {seat:0} pays 2 gold and takes the 1st place, {seat:1} the one after"
    ]


def test_a_declined_offer_or_none_goes_to_the_economys_re_bid() -> None:
    """Declined (or no offer made), the two seal bids again as without the module (RULINGS Merlin
    2); the re-bid's figures are the economy's."""
    for first in (
        {"type": "offer_for_place", "amount": 1},
        {"type": "bid_again"},
    ):
        state = act(tied_for_second(**FINANCE), 0, first)
        if first["type"] == "offer_for_place":
            state = act(state, 1, {"type": "decline"})
        assert GAME.actors(state) == (0, 1) and step(state, 0) == "auction_blind"
        state = bid_all(state, [1, 3, None, None])
        assert state.core.order == (1, 0, 2, 3)
        assert state.core.gold == (10 - 5 - 1, 10 - 5 - 3, 8, 9 + 8) and conserved(state)
        assert events(state, "place_bought") == []


def test_without_finance_the_tie_re_bids_at_once() -> None:
    for modules in (["economy"], ["economy", "magic"]):
        state = tied_for_second(modules=modules)
        assert GAME.actors(state) == (0, 1) and step(state, 0) == "auction_blind"


def test_barter_refusals() -> None:
    state = tied_for_second(**FINANCE)
    assert refused(state, 0, {"type": "offer_for_place", "amount": 6}) == (
        "you hold only 5 gold; offer less, or bid again"
    )
    assert refused(state, 1, {"type": "accept"}) == "it is not your move"
    state = act(state, 0, {"type": "offer_for_place", "amount": 2})
    assert refused(state, 0, {"type": "bid_again"}) == "it is not your move"


def tied_for_last(**options: Any) -> MerlinState:
    """Bids 5, 3, 1, 1: seats 2 and 3 tie for last and go to a rank auction for places 3 and 4,
    where both stack 1 and 1: a recursive tie for last."""
    state = bid_all(GAME.new({"players": 4, **options}, 5), [5, 3, 1, 1])
    return rank_all(state, {2: [1, 1], 3: [1, 1]})


def test_the_first_player_sells_the_place_tied_for_last() -> None:
    """Turn Order: "If there is recursive tie for last in the blind rank auction, the player going
    first receives the position to sell": seat 0 sells the 3rd place by a blind auction between
    seats 2 and 3; seat 2 bids 2, seat 3 nothing."""
    state = tied_for_last(**FINANCE)
    assert GAME.actors(state) == (2, 3) and step(state, 2) == "auction_sale"
    assert state.core.auction.places == (0, 1, None, None)
    state = act(state, 2, {"type": "bid_for_place", "amount": 2})
    assert GAME.view(state, 3)["auction"]["mine"] is None
    assert GAME.view(state, 2)["auction"]["mine"] == [2]
    state = act(state, 3, {"type": "bid_for_place", "amount": 0})
    assert state.core.order == (0, 1, 2, 3)
    # the pot: bids 10 and stacks 4; the last (seat 3) gets 7, the bank 7
    assert state.core.gold == (10 - 5 + 2, 10 - 3, 10 - 1 - 2 - 2, 10 - 1 - 2 + 7)
    assert state.core.ledger.bank == 7 and conserved(state)
    assert [e.text for e in state.events if e.kind == "place_sold"] == [
        "{seat:0}, going first, sold the 3rd place (tied for last): bids {seat:2} 2 gold, "
        "{seat:3} 0 gold; {seat:2} takes it for 2 gold"
    ]


def test_the_last_place_can_be_what_is_bought() -> None:
    """The higher bid takes the place at stake; seat 3 outbids seat 2 and plays third."""
    state = tied_for_last(**FINANCE)
    state = act(state, 2, {"type": "bid_for_place", "amount": 1})
    state = act(state, 3, {"type": "bid_for_place", "amount": 3})
    assert state.core.order == (0, 1, 3, 2) and state.core.gold[0] == 10 - 5 + 3


def test_a_tied_sale_goes_to_the_lower_seat_and_nothing_is_paid_for_no_bids() -> None:
    state = tied_for_last(**FINANCE)
    state = act(state, 2, {"type": "bid_for_place", "amount": 0})
    state = act(state, 3, {"type": "bid_for_place", "amount": 0})
    assert state.core.order == (0, 1, 2, 3) and state.core.gold[0] == 5


def test_without_finance_the_rank_tie_goes_to_the_lower_seat() -> None:
    state = tied_for_last(modules=["economy", "magic"])
    assert state.core.order == (0, 1, 2, 3) and state.core.phase == "turn"


def test_a_three_way_rank_tie_sells_only_where_all_left_tie() -> None:
    """Bids 5, 1, 1, 1: seats 1-3 rank for places 2-4; seat 1's stack of 3 takes the 2nd place;
    seats 2 and 3, left, tie at 1 for the 3rd (whatever they stacked for the 4th): seat 0 sells
    it."""
    state = bid_all(GAME.new({"players": 4, **FINANCE}, 5), [5, 1, 1, 1])
    state = rank_all(state, {1: [3, 1, 1], 2: [1, 1, 1], 3: [1, 1, 2]})
    assert state.core.auction.places == (0, 1, None, None)
    assert GAME.actors(state) == (2, 3) and step(state, 2) == "auction_sale"


def test_sealed_place_bids_are_drawn_afresh_for_other_seats() -> None:
    state = act(tied_for_last(**FINANCE), 2, {"type": "bid_for_place", "amount": 2})
    for seed in range(5):
        other = GAME.redetermine(state, 3, random.Random(seed))
        assert GAME.view(other, 3) == GAME.view(state, 3)
        assert 0 <= other.core.auction.sealed[2][0] <= state.core.gold[2]


def test_random_play_through_the_extras_ends_the_auction() -> None:
    rng = random.Random(2)
    for state in (tied_for_second(**FINANCE), tied_for_last(**FINANCE)):
        while state.core.phase == "auction":
            who = GAME.actors(state)[0]
            state = GAME.apply(state, who, GAME.legal(state, who).sample(rng))
        assert sorted(state.core.order) == [0, 1, 2, 3] and conserved(state)


def test_the_heuristic_plays_through_the_extras_without_magic() -> None:
    """The heuristic bot answers the barter and the sale steps (in a game without magic too)."""
    rng = random.Random(1)
    for modules in (["economy", "finance"], FINANCE["modules"]):
        for state in (tied_for_second(modules=modules), tied_for_last(modules=modules)):
            bots = [MerlinHeuristic() for _ in range(4)]
            while state.core.phase == "auction":
                who = GAME.actors(state)[0]
                action = bots[who].act(decision_for(GAME, state, who), rng)
                state = GAME.apply(state, who, action)
            assert sorted(state.core.order) == [0, 1, 2, 3] and conserved(state)


def test_the_status_line_names_the_extras() -> None:
    assert GAME.view(tied_for_second(**FINANCE), 0)["status"] == (
        "Turn order · bartering for place 1"
    )
    assert GAME.view(tied_for_last(**FINANCE), 0)["status"] == (
        "Turn order · place 3, tied for last, on sale"
    )
