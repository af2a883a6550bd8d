"""Property auctions, blind or by open bidding (MERLIN-MODULES.md §3.3).

Clubs: "The property owner may also auction their property, starting the bid at or below the
property value." Bid Auctioning: "every player bid regardless of turn order, increasing the amount
of gold bid every iteration."
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tests.games.merlin.finance.helpers import act, after_finance, arrange
from tests.games.merlin.helpers import GAME, events
from tests.games.merlin.magic.helpers import arrange_magic
from tests.games.merlin.magic.tables import magic, refused, sound
from tradingfloor.games.merlin.bankruptcy import exit_player
from tradingfloor.games.merlin.finance.auctions import STEP
from tradingfloor.games.merlin.magic.state import Golem
from tradingfloor.games.merlin.state import MerlinState, Stack


def table(
    mine: Sequence[str | Stack] = ("2C",),
    gold: Sequence[int] = (10, 8, 9, 7),
    golems: Sequence[Golem] = (),
) -> MerlinState:
    """Seat 0 to play, owning `mine` (2♣: property value 5); those cards out of the deck."""
    state = after_finance()
    stacks = [Stack(s) if isinstance(s, str) else s for s in mine]
    used = {c for s in stacks for c in (s.base, s.top) if c} | {g.card for g in golems}
    deck = [c for c in state.economy.deck if c not in used]
    state = arrange(state, tableaux=[stacks, [], [], []], gold=list(gold), deck=deck)
    return arrange_magic(state, golems=tuple(golems))


def auction(card: str = "2C", style: str = "blind", start: int = 3) -> dict[str, Any]:
    return {"type": "auction_property", "card": card, "style": style, "start": start}


def bid(amount: int) -> dict[str, Any]:
    return {"type": "seal_bid", "amount": amount}


def seal(state: MerlinState, bids: dict[int, int]) -> MerlinState:
    for who, amount in bids.items():
        state = act(state, who, bid(amount))
    return state


def texts(state: MerlinState, kind: str) -> list[str]:
    return [e.text for e in state.events if e.kind == kind]


def test_a_blind_auction_goes_to_the_highest_sealed_bid() -> None:
    """Blind Auction: every other player seals a bid at once; the highest wins and pays the
    owner. Seat 0 auctions 2♣ (property value 5) from 3; bids 6, 7 and no bid."""
    state = act(table(), 0, auction())
    assert GAME.actors(state) == (1, 2, 3) and GAME.legal(state, 1).step == STEP
    state = seal(state, {1: 6, 2: 7, 3: 0})
    assert state.core.gold == (17, 8, 2, 7)
    assert state.economy.tableaux[0] == () and state.economy.tableaux[2] == (Stack("2C"),)
    assert texts(state, "auction_bids") == [
        "Sealed bids for 2♣ revealed: {seat:1} 6 gold, {seat:2} 7 gold, {seat:3} no bid"
    ]
    assert texts(state, "property_auctioned") == [
        "{seat:2} won the auction of 2♣ for 7 gold, paid to {seat:0}, and takes it with all on it"
    ]
    assert state.finance.sale is None and GAME.actors(state) == (0,) and sound(state)


def test_a_blind_tie_bids_again_once_and_a_second_tie_goes_earliest_in_turn_order() -> None:
    """[R] A tie bids again once among the tied (at least their tied bid); a second tie goes to
    the earliest of them in turn order."""
    state = seal(act(table(), 0, auction()), {1: 6, 2: 6, 3: 4})
    assert GAME.actors(state) == (1, 2) and state.finance.sale.tie
    assert texts(state, "auction_tie") == [
        "A tie at 6 gold for 2♣: {seat:1} and {seat:2} bid again, at least 6 gold"
    ]
    assert refused(state, 1, bid(0)) == (
        "the tied players bid again, at least their tied bid of 6 gold"
    )
    assert refused(state, 1, bid(5)) == "bid at least 6 gold, or 0 for no bid"
    won = seal(state, {1: 7, 2: 6})
    assert won.core.gold == (17, 1, 9, 7) and won.economy.tableaux[1] == (Stack("2C"),)
    tied = seal(state, {1: 6, 2: 6})
    assert tied.core.gold == (16, 2, 9, 7) and tied.economy.tableaux[1] == (Stack("2C"),)
    assert sound(won) and sound(tied)


def test_open_bidding_raises_until_a_round_without_a_raise() -> None:
    """Bid Auctioning, from 2: round 1 seats 1 and 2 both raise to 3 (the earliest, seat 1,
    stands), seat 3 passes for good; seat 2 raises to 5, seat 1 to 6, seat 2 passes: seat 1 pays
    6."""
    state = act(table(), 0, auction(style="open", start=2))
    state = seal(state, {1: 3, 2: 3, 3: 0})
    sale = state.finance.sale
    assert (sale.leader, sale.high, sale.bidders) == (1, 3, (1, 2))
    assert GAME.actors(state) == (2,)
    assert refused(state, 2, bid(3)) == (
        "raise to at least 4 gold, or seal 0 to pass (a pass is final)"
    )
    state = seal(state, {2: 5})
    assert GAME.actors(state) == (1,)
    assert texts(state, "auction_standing") == ["Standing bid for 2♣: 5 gold by {seat:2}"]
    state = seal(state, {1: 6})
    assert GAME.actors(state) == (2,)
    state = seal(state, {2: 0})
    assert state.core.gold == (16, 2, 9, 7) and state.economy.tableaux[1] == (Stack("2C"),)
    assert sound(state)


def test_open_bidding_ends_when_only_the_standing_bidder_is_left() -> None:
    state = act(table(), 0, auction(style="open", start=0))
    state = seal(state, {1: 0, 2: 1, 3: 0})
    assert state.core.gold == (11, 8, 8, 7) and state.economy.tableaux[2] == (Stack("2C"),)


def test_no_bid_leaves_the_property_unsold() -> None:
    for style in ("blind", "open"):
        state = seal(act(table(), 0, auction(style=style)), {1: 0, 2: 0, 3: 0})
        assert state.economy.tableaux[0] == (Stack("2C"),) and state.core.gold[0] == 10
        assert texts(state, "auction_unsold") == ["No bid for {seat:0}'s 2♣: it stays unsold"]
        assert GAME.actors(state) == (0,)


def test_the_stack_goes_with_all_on_it() -> None:
    """A Chauffeur (2♣ with 3♣ across it, property value 9) with 4 gold stored: the buyer takes
    the store too; the seller's defending golem on it leaves, as after an accepted sale."""
    chauffeur = Stack("2C", top="3C", stored=4)
    guard = Golem("JD", 0, 0, "2C", "defend", 1, 0)
    state = table(mine=[chauffeur], golems=[guard])
    assert refused(state, 0, auction(start=10)) == (
        "start the bidding at or below 2♣'s property value of 9 gold"
    )
    state = seal(act(state, 0, auction(start=9)), {1: 0, 2: 9, 3: 0})
    assert state.economy.tableaux[2] == (chauffeur,) and state.core.gold[:3] == (19, 8, 0)
    assert magic(state).golems == () and "JD" in state.economy.deck
    assert sound(state)


def test_sealed_bids_stay_secret_until_their_round_resolves() -> None:
    state = seal(act(table(), 0, auction()), {1: 6})
    seen = GAME.view(state, 2)["finance"]["sale"]
    assert seen["sealed"] == [1] and seen["mine"] is None and "6" not in str(seen)
    assert GAME.view(state, 1)["finance"]["sale"]["mine"] == 6
    for seed in range(5):
        other = GAME.redetermine(state, 2, random.Random(seed))
        assert GAME.view(other, 2) == GAME.view(state, 2)
        assert other.finance.sale.sealed[1] in (0, *range(3, 9))


def test_refusals_say_what_to_do_instead() -> None:
    state = table()
    assert refused(state, 0, auction(card="3C")) == "you have no property 3♣ on the table"
    assert refused(state, 0, auction(start=6)) == (
        "start the bidding at or below 2♣'s property value of 5 gold"
    )
    state = act(state, 0, auction())
    assert refused(state, 1, bid(2)) == "bid at least 3 gold, or 0 for no bid"
    assert refused(state, 3, bid(8)) == "you hold only 7 gold; bid less, or 0 for no bid"
    state = act(state, 1, bid(3))
    assert refused(state, 1, bid(4)) == "you have already sealed your bid; wait for the others"


def test_an_auction_counts_as_one_of_the_turns_offers() -> None:
    state = table()
    for _ in range(3):
        state = seal(act(state, 0, auction()), {1: 0, 2: 0, 3: 0})
    assert refused(state, 0, auction()) == (
        "you have made 3 offers this turn, the most allowed (an auction counts as one); auction "
        "on your next turn"
    )


def test_a_bidder_leaving_drops_out_and_the_seller_leaving_ends_it_unsold() -> None:
    state = seal(act(table(), 0, auction()), {1: 4, 2: 5})
    log: list[Any] = []
    gone = exit_player(state, 3, log)
    assert gone.finance.sale is None and gone.economy.tableaux[2] == (Stack("2C"),)
    assert gone.core.gold[:3] == (15, 8, 4)
    log = []
    ended = exit_player(state, 0, log)
    assert ended.finance.sale is None and [e.kind for e in log].count("auction_unsold") == 1


def test_random_play_through_an_auction_keeps_gold_and_cards() -> None:
    rng = random.Random(5)
    for style in ("blind", "open"):
        state = act(table(), 0, auction(style=style, start=1))
        while state.finance.sale is not None:
            who = GAME.actors(state)[0]
            state = GAME.apply(state, who, GAME.legal(state, who).sample(rng))
        assert sound(state) and events(state, "auction_bids")
