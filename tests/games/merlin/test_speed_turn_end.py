"""The shortcuts of a turn's end and of the clean-up after every action give what the long way
round gives, at every step of seeded games with every module on: the custom tables' tidy, which
returns at once when every part it reads is the very part it last found in order."""

from __future__ import annotations

from typing import Any

import pytest

from tradingfloor.games.merlin.finance import markets
from tradingfloor.games.merlin.finance.bids import remove_wanted
from tradingfloor.games.merlin.finance.items import SECURITIES, item_words, ref_number
from tradingfloor.games.merlin.finance.state import Listing, Security, Wanted
from tradingfloor.games.merlin.finance.table import finance_of, with_finance
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank
from tradingfloor.games.merlin.magic.state import Held
from tradingfloor.games.merlin.magic.table import magic_of, with_magic
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import MerlinState

from .helpers import seeded_states


def _tidy_afresh(state: MerlinState, log: Log) -> MerlinState:
    """markets.tidy as it was before it kept what it found in order: every ask and bid looked at."""
    finance = state.finance
    if finance is None or (not finance.listings and not finance.wanted):
        return state
    out = state.core.out
    for listing in finance.listings:
        if not out[listing.seller] and markets._still_listed(state, listing):
            continue
        state = markets._drop_listing(state, listing)
        what = item_words(state, listing.item, listing.ref)
        log.append(event("listing_dropped", seat=listing.seller, id=listing.id, what=what))
    for wanted in finance.wanted:
        issuer = ref_number(wanted.ref) if wanted.item in SECURITIES else None
        if not out[wanted.buyer] and (issuer is None or not out[issuer]):
            continue
        state = remove_wanted(state, wanted)
        if out[wanted.buyer]:
            state = to_bank(state, wanted.price)
        else:
            state = add_gold(state, wanted.buyer, wanted.price)
        log.append(event("wanted_returned", seat=wanted.buyer, id=wanted.id, price=wanted.price))
    return state


HANDS = (("spells", "spell_deck", "spell"), ("recipes", "recipe_deck", "recipe"))
"""The magic hands a card ask may be on: the hand, the deck it is drawn from, the item."""


def _with_asks(state: MerlinState) -> MerlinState:
    """The table with asks that random play seldom makes: the first player still in holds a
    bond of their own, the top spell and the top recipe, and asks 1 gold for each, and for a
    crown where they hold one."""
    seat = state.core.in_game()[0]
    finance, magic = finance_of(state), magic_of(state)
    bond = Security(10_000, "bond", seat, seat)
    asks = [Listing(10_001, seat, "bond", str(bond.id), 1)]
    hands: dict[str, Any] = {}
    for hand, deck, item in (
        ("spells", "spell_deck", "spell"),
        ("recipes", "recipe_deck", "recipe"),
    ):
        top = getattr(magic, deck)[0]
        held = list(getattr(magic, hand))
        held[seat] = (*held[seat], Held(top))
        hands[hand] = tuple(held)
        asks.append(Listing(10_002 + len(asks), seat, item, top, 1))  # type: ignore[arg-type]
    if magic.crowns[seat]:
        asks.append(Listing(10_002 + len(asks), seat, "crown", "", 1))
    state = with_magic(state, **hands)
    listings = (*finance.listings, *asks)
    return with_finance(state, securities=(*finance.securities, bond), listings=listings)


def _untidied(state: MerlinState) -> list[tuple[MerlinState, MerlinState]]:
    """Pairs of a table that tidy finds in order and the table with one part changed, each
    change one that takes asks or bids off: the first seller out, the futures, securities, hands
    or crowns gone, an ask on a future nobody holds, a bid by a player out."""
    finance = finance_of(state)
    seller = finance.listings[0].seller
    core = state.core
    out = markets.tidy(replace(state, core=replace(core, out=put(core.out, seller, True))), [])
    changed = [state, with_finance(state, futures=()), with_finance(state, securities=())]
    if state.magic is not None:
        empty = tuple(() for _ in range(state.players))
        changed += [with_magic(state, spells=empty), with_magic(state, recipes=empty)]
        changed += [with_magic(state, crowns=(0,) * state.players)]
    unheld = Listing(10_100, seller, "future", "99999", 1)
    changed.append(with_finance(state, listings=(*finance.listings, unheld)))
    made = [(state, table) for table in changed]
    made.append((state, out))
    bid = Wanted(10_101, seller, "future", "", 1)
    made.append((out, with_finance(out, wanted=(*finance_of(out).wanted, bid))))
    return made


@pytest.mark.parametrize(("seed", "bots"), [(6, False), (1, True)])
def test_tidy_that_returns_at_once_gives_what_looking_at_every_ask_gives(
    seed: int, bots: bool
) -> None:
    dropped = 0
    for state in seeded_states(seed, bots):
        finance = state.finance
        if finance is None or (not finance.listings and not finance.wanted):
            assert markets.tidy(state, []) is state
        state = markets.tidy(_with_asks(state), [])  # (an ask that would go, gone)
        for in_order, table in _untidied(state):
            markets.tidy(in_order, [])  # (what the last tidy found in order)
            for _ in range(2):  # (and again: the table found in order, or tidied, now)
                log: Log = []
                afresh: Log = []
                assert markets.tidy(table, log) == _tidy_afresh(table, afresh)
                assert log == afresh
                dropped += bool(log)
    assert dropped > 1000  # (the changed tables lost asks and bids)
