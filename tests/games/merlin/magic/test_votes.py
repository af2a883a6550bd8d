"""Jokers (the tax men) and the table votes: Jokers in or out, the volatility up or down
(MERLIN-MODULES.md §2.7)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.merlin.helpers import GAME, end_turn_rolling, events
from tests.games.merlin.magic.helpers import (
    act,
    after_magic,
    arrange,
    arrange_magic,
    cards_accounted,
    conserved,
)
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.magic.state import Magic
from tradingfloor.games.merlin.state import MerlinState

JOKERS = ("X1", "X2")


def magic(state: MerlinState) -> Magic:
    assert isinstance(state.magic, Magic)
    return state.magic


def refusal(state: MerlinState, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action)
    return str(err.value.why)


def call(state: MerlinState, kind: str, seat: int = 0) -> MerlinState:
    return act(state, seat, {"type": "call_vote", "kind": kind})


def vote(state: MerlinState, choices: dict[int, str]) -> MerlinState:
    for seat, choice in choices.items():
        state = act(state, seat, {"type": "magic_vote", "choice": choice})
    return state


def joker_on_top(gold: list[int], tax_rate: int) -> MerlinState:
    """A magic game with the Jokers in: X1 on top of the deck; gold and tax rate as given."""
    state = after_magic(jokers=True)
    deck = ["X1", *[c for c in state.economy.deck if c != "X1"]]
    return arrange(state, deck=deck, gold=gold, counters={"tax_rate": tax_rate})


# --- Jokers: the tax men -------------------------------------------------------------------------


def test_joker_takes_the_tax_rate_from_every_player() -> None:
    """§2.11: "Joker, tax rate 2, gold (5, 1, 0, 9) → (3, 0, 0, 7), R.O.W. +5." Jokers: "Tax men
    whom take the tax rate amount of gold out of all the players reserves." Seat 0 buys the Joker
    for the cost of the living (2) first, so it holds 5 when the tax men come."""
    state = joker_on_top([7, 1, 0, 9], tax_rate=2)
    row = state.core.ledger.row
    state = act(state, 0, {"type": "buy_permit"})
    assert state.core.gold == (3, 0, 0, 7)
    assert state.core.ledger.row == row + 5
    (played,) = events(state, "tax_men")
    assert played["paid"] == {"0": 2, "1": 1, "2": 0, "3": 2}
    assert conserved(state) and cards_accounted(state)


def test_joker_is_played_at_once_and_reshuffled() -> None:
    """Jokers: "Picked then played, and reshuffled." It never stays in a hand."""
    state = act(joker_on_top([10, 10, 10, 10], tax_rate=1), 0, {"type": "buy_permit"})
    assert "X1" not in state.economy.hands[0] and "X1" not in state.economy.fresh
    assert "X1" in state.economy.deck
    text = next(e.text for e in state.events if e.kind == "tax_men")
    assert "the tax men" in text and "4 gold in all" in text


def test_no_tax_men_at_a_zero_tax_rate() -> None:
    """A tax rate of 0 takes nothing."""
    state = act(joker_on_top([10, 10, 10, 10], tax_rate=0), 0, {"type": "buy_permit"})
    assert state.core.gold == (8, 10, 10, 10) and "X1" in state.economy.deck


# --- Jokers in and out ---------------------------------------------------------------------------


def test_jokers_go_in_when_all_agree() -> None:
    """Jokers (Optional): "added and taken out of the deck whenever all the players unanimously
    agree to do so"."""
    state = call(after_magic(), "jokers_in")
    assert GAME.actors(state) == (0, 1, 2, 3)
    state = vote(state, dict.fromkeys(range(4), "yes"))
    assert magic(state).jokers_in and set(JOKERS) <= set(state.economy.deck)
    assert cards_accounted(state) and conserved(state)
    assert GAME.actors(state) == (0,) and GAME.view(state, 0)["step"] == "turn"


def test_one_no_keeps_the_jokers_out() -> None:
    """Unanimous: a single no keeps the deck as it is."""
    state = call(after_magic(), "jokers_in")
    state = vote(state, {0: "yes", 1: "yes", 2: "no", 3: "yes"})
    assert not magic(state).jokers_in and not set(JOKERS) & set(state.economy.deck)
    assert "failed" in state.events[-1].text
    assert cards_accounted(state)


def test_jokers_come_out_when_all_agree() -> None:
    """The Jokers are always in the deck (played at once when bought), so all of them come out."""
    state = call(after_magic(jokers=True), "jokers_out")
    state = vote(state, dict.fromkeys(range(4), "yes"))
    assert not magic(state).jokers_in and not set(JOKERS) & set(state.economy.deck)
    assert cards_accounted(state)


def test_table_votes_refused_in_words() -> None:
    """One call a turn; Jokers in only when out, out only when in; the volatility within 0..10."""
    state = after_magic()
    why = refusal(state, 0, {"type": "call_vote", "kind": "jokers_out"})
    assert why == "the Jokers are not in the deck; you may call to put them in"
    assert refusal(after_magic(jokers=True), 0, {"type": "call_vote", "kind": "jokers_in"}) == (
        "the Jokers are in the deck already; you may call to take them out"
    )
    high = arrange_magic(state, volatility=10)
    assert refusal(high, 0, {"type": "call_vote", "kind": "volatility_up"}) == (
        "the volatility is at its most (10); you may call it down"
    )
    low = arrange_magic(state, volatility=0)
    assert refusal(low, 0, {"type": "call_vote", "kind": "volatility_down"}) == (
        "the volatility is at its least (0); you may call it up"
    )
    state = vote(call(state, "volatility_up"), dict.fromkeys(range(4), "no"))
    assert refusal(state, 0, {"type": "call_vote", "kind": "volatility_down"}) == (
        "you have called a vote this turn already; call another on your next turn"
    )
    assert refusal(state, 1, {"type": "call_vote", "kind": "volatility_down"}) == (
        "it is not your move"
    )


def test_a_vote_is_yes_or_no() -> None:
    state = call(after_magic(), "volatility_up")
    assert refusal(state, 1, {"type": "magic_vote", "choice": "maybe"}) == "vote yes or no"
    state = act(state, 1, {"type": "magic_vote", "choice": "no"})
    assert (
        refusal(state, 1, {"type": "magic_vote", "choice": "yes"})
        == "you have already sealed your choice; wait for the others"
    )


# --- volatility ----------------------------------------------------------------------------------


def test_a_majority_raises_the_volatility_and_sevens_follow_it() -> None:
    """7s: volatility "can be voted on by all players"; a 7 then raises the cost of the living by
    the volatility voted."""
    state = call(after_magic(), "volatility_up")
    state = vote(state, {0: "yes", 1: "yes", 2: "yes", 3: "no"})
    assert magic(state).volatility == 2
    assert GAME.view(state, 1)["counters"]["volatility"] == 2
    deck = ["7C", *[c for c in state.economy.deck if c != "7C"]]
    state = act(arrange(state, deck=deck), 0, {"type": "buy_permit"})
    assert state.core.counters.cost_of_living == 4


def test_half_is_not_a_majority() -> None:
    """[R] "majority": strictly more than half of the players still in."""
    state = call(after_magic(), "volatility_down")
    state = vote(state, {0: "yes", 1: "yes", 2: "no", 3: "no"})
    assert magic(state).volatility == 1
    state = end_turn_rolling(state, (1, 2))
    state = call(state, "volatility_down", seat=1)
    assert magic(state).ballot.voters == (1, 2, 3, 0)  # type: ignore[union-attr]
    state = vote(state, {0: "yes", 1: "yes", 2: "yes", 3: "no"})
    assert magic(state).volatility == 0


# --- secrecy -------------------------------------------------------------------------------------


def test_others_see_only_who_has_voted() -> None:
    """MERLIN-MODULES.md §1, Secrecy: sealed votes are secret until everyone has voted."""
    state = call(after_magic(), "jokers_in")
    yes, no = vote(state, {2: "yes"}), vote(state, {2: "no"})
    for seat in (0, 1, 3, None):
        assert GAME.view(yes, seat) == GAME.view(no, seat)
    assert GAME.view(yes, 0)["magic"]["ballot"]["sealed"] == [2]
    assert GAME.view(yes, 2)["magic"]["ballot"]["mine"] == "yes"
    for seed in range(10):
        other = GAME.redetermine(yes, 0, random.Random(seed))
        assert GAME.view(other, 0) == GAME.view(yes, 0)
        assert magic(other).ballot.sealed[2] in ("yes", "no")  # type: ignore[union-attr]
    mine = GAME.redetermine(yes, 2, random.Random(1))
    assert magic(mine).ballot.sealed[2] == "yes"  # type: ignore[union-attr]


def test_a_seat_that_has_voted_is_told_to_wait_for_the_others() -> None:
    """A refusal says what to do instead: a sealed voter waits for the others."""
    state = act(after_magic(), 0, {"type": "call_vote", "kind": "volatility_up"})
    voter = GAME.actors(state)[0]
    state = act(state, voter, {"type": "magic_vote", "choice": "yes"})
    assert GAME.legal(state, voter).describe().get("actions") in (None, [])
    assert "wait for the others" in str(GAME.legal(state, voter).describe())
