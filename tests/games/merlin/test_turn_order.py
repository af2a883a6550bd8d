"""Turn Order: the blind auction, re-bids for ties, the blind rank auction and the pot."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.actions import RankBid

from .helpers import GAME, act, conserved


def bid_all(state, bids):  # type: ignore[no-untyped-def]
    for seat, amount in enumerate(bids):
        if amount is not None:
            state = act(state, seat, {"type": "turn_bid", "amount": amount})
    return state


def test_highest_bid_goes_first_and_the_pot_is_shared() -> None:
    # Game Loop: "Highest bid gets first place, second highest gets second place, etc." "Last place
    # gets half the pot of blind bets. The other half is put in the Central Bank."
    state = bid_all(GAME.new({"players": 4}, 5), [3, 7, 1, 4])
    assert state.core.order == (1, 3, 0, 2)
    # pot 15: the last (seat 2) gets 7, the bank 8
    assert state.core.gold == (7, 3, 9 + 7, 6)
    assert state.core.ledger.bank == 8 and state.core.ledger.pot == 0
    assert state.core.phase == "turn" and state.core.current == 1
    assert conserved(state)


def test_more_than_four_players_the_last_two_share_the_half() -> None:
    # "If there are more than 4 players the last two players should each get half."
    state = bid_all(GAME.new({"players": 5}, 5), [5, 4, 3, 2, 1])
    assert state.core.order == (0, 1, 2, 3, 4)
    # pot 15, half 7: the last two get 3 each, the bank 15 - 6 = 9
    assert state.core.gold == (5, 6, 7, 8 + 3, 9 + 3)
    assert state.core.ledger.bank == 9


def test_sealed_bids_are_secret_until_all_are_in() -> None:
    state = act(GAME.new({"players": 4}, 5), 0, {"type": "turn_bid", "amount": 6})
    other = GAME.view(state, 1)
    assert other["auction"]["sealed"] == [True, False, False, False]
    assert other["auction"]["mine"] is None and "6" not in str(other["auction"]["history"])
    assert GAME.view(state, 0)["auction"]["mine"] == [6]
    assert GAME.actors(state) == (1, 2, 3)
    assert state.core.gold[0] == 10  # paid only when the bids are revealed


def test_a_bid_above_your_gold_is_refused() -> None:
    state = GAME.new({"players": 4}, 5)
    with pytest.raises(IllegalAction, match="you hold 10 gold"):
        act(state, 0, {"type": "turn_bid", "amount": 11})


def test_two_tied_not_last_re_bid_for_their_places() -> None:
    # Turn Order: "If there is a tie for a position that is not last, it is determined by bartering"
    # (RULINGS 2: a sealed re-bid between the tied players).
    state = bid_all(GAME.new({"players": 4}, 5), [5, 5, 2, 1])
    assert state.core.phase == "auction"
    assert GAME.actors(state) == (0, 1)
    assert state.core.auction.places == (None, None, 2, 3)
    state = bid_all(state, [1, 3, None, None])
    assert state.core.order == (1, 0, 2, 3)
    # every bid goes in the pot: 13 + 4 = 17; the last gets 8, the bank 9
    assert state.core.gold == (10 - 5 - 1, 10 - 5 - 3, 8, 9 + 8)
    assert state.core.ledger.bank == 9


def test_three_tied_not_last_send_all_unplaced_to_a_new_auction() -> None:
    # "If there are more than two players in the tie all the remaining unplaced players will once
    # again blind auction for the remaining positions."
    state = bid_all(GAME.new({"players": 5}, 5), [6, 3, 3, 3, 1])
    assert state.core.auction.places[0] == 0
    assert GAME.actors(state) == (1, 2, 3, 4)
    state = bid_all(state, [None, 2, 4, 0, 1])
    assert state.core.order == (0, 2, 1, 4, 3)


def test_a_tie_for_last_goes_to_the_blind_rank_auction() -> None:
    # "If there is a tie for last ... all unplaced players will participate in a blind rank auction"
    state = bid_all(GAME.new({"players": 4}, 5), [4, 3, 1, 1])
    contest = state.core.auction.queue[0]
    assert (contest.kind, contest.seats, contest.first_place) == ("rank", (2, 3), 2)
    with pytest.raises(IllegalAction, match="at least one gold"):
        act(state, 2, {"type": "rank_bid", "stacks": [1, 0]})
    state = act(state, 2, {"type": "rank_bid", "stacks": [1, 2]})
    state = act(state, 3, {"type": "rank_bid", "stacks": [3, 1]})
    assert state.core.order == (0, 1, 3, 2)
    # pot: 9 + 3 + 4 = 16; the last (seat 2) gets 8
    assert state.core.gold[2] == 10 - 1 - 3 + 8
    assert conserved(state)


def test_a_re_bid_that_ties_again_goes_to_the_rank_auction() -> None:
    # "... or if there are two recursive ties"
    state = bid_all(GAME.new({"players": 4}, 5), [5, 5, 2, 1])
    state = bid_all(state, [2, 2, None, None])
    assert state.core.auction.queue[0].kind == "rank"
    state = act(state, 0, {"type": "rank_bid", "stacks": [1, 1]})
    state = act(state, 1, {"type": "rank_bid", "stacks": [1, 1]})
    # a tie in the rank auction goes in table order
    assert state.core.order == (0, 1, 2, 3)


def test_rank_stacks_need_not_shrink_toward_last() -> None:
    # Blind Rank Auctioning: "make stacks of gold pieces in front of them from the least ranked on
    # the players left to the most on the players right. Players must bid at least one gold for
    # each rank": a stack per place, any size. Seat 0 wants second place and not first.
    state = bid_all(GAME.new({"players": 4}, 5), [0, 0, 0, 0])
    state = act(state, 0, {"type": "rank_bid", "stacks": [1, 5, 1, 1]})
    state = act(state, 1, {"type": "rank_bid", "stacks": [4, 3, 2, 1]})
    state = act(state, 2, {"type": "rank_bid", "stacks": [2, 2, 2, 2]})
    state = act(state, 3, {"type": "rank_bid", "stacks": [3, 1, 1, 1]})
    assert state.core.order == (1, 0, 2, 3)
    assert state.core.gold[3] == 10 - 6 + 16  # the last gets half the pot of 32
    assert conserved(state)


def test_rank_bids_are_listed_in_any_order_when_few() -> None:
    state = bid_all(GAME.new({"players": 4}, 5), [7, 7, 9, 8])  # seats 0, 1 tie for last
    listed = sorted(a.stacks for a in GAME.legal(state, 0).enumerate())
    assert listed == [(1, 1), (1, 2), (2, 1)]  # 3 gold left, at least 1 a place


def test_random_rank_bids_may_favour_a_later_place() -> None:
    import random

    state = bid_all(GAME.new({"players": 4}, 5), [0, 0, 0, 0])
    space = GAME.legal(state, 0)
    samples = [space.sample(random.Random(seed)).stacks for seed in range(60)]
    assert all(space.check(RankBid(stacks=s)) is None for s in samples)
    assert any(a < b for s in samples for a, b in pairwise(s))


def test_a_tie_within_a_re_bid_of_many_goes_to_the_rank_auction() -> None:
    # Turn Order: "If there is a tie for last or if there are two recursive ties, all unplaced
    # players will participate in a blind rank auction": a tie in a re-bid, even for a place that
    # is not the re-bid's last, is the second tie.
    state = bid_all(GAME.new({"players": 5}, 5), [6, 3, 3, 3, 1])
    state = bid_all(state, [None, 2, 2, 1, 0])
    contest = state.core.auction.queue[0]
    assert (contest.kind, contest.seats, contest.first_place) == ("rank", (1, 2), 1)
    assert state.core.auction.places == (0, None, None, 3, 4)


def test_everyone_bidding_zero_is_a_rank_auction_of_all() -> None:
    state = bid_all(GAME.new({"players": 4}, 5), [0, 0, 0, 0])
    assert state.core.auction.queue[0].kind == "rank"
    assert GAME.actors(state) == (0, 1, 2, 3)
    state = act(state, 0, {"type": "rank_bid", "stacks": [1, 1, 1, 1]})
    state = act(state, 1, {"type": "rank_bid", "stacks": [4, 3, 2, 1]})
    state = act(state, 2, {"type": "rank_bid", "stacks": [2, 2, 2, 2]})
    state = act(state, 3, {"type": "rank_bid", "stacks": [2, 2, 2, 2]})
    assert state.core.order == (1, 2, 3, 0)


def test_redetermine_resamples_the_others_sealed_bids_and_the_future() -> None:
    # Secrets: "the deck order, the dice to come and the sealed bids are secret"
    import random

    state = act(GAME.new({"players": 4}, 5), 0, {"type": "turn_bid", "amount": 6})
    state = act(state, 1, {"type": "turn_bid", "amount": 2})
    seen = set()
    for index in range(20):
        other = GAME.redetermine(state, 1, random.Random(index))
        assert other.core.auction.sealed[1] == (2,)  # the seat's own bid stays
        assert GAME.view(other, 1) == GAME.view(state, 1)
        assert other.rng != state.rng
        seen.add(other.core.auction.sealed[0])
    assert len(seen) > 1
