"""Custom bid/ask tables (MERLIN-MODULES.md §3.6; the draft's Bid/Ask Table): asks and covered
bids for long positions, bonds, shares and notes, spells, recipes and crowns; the item moves, the
price goes to the seller; an ask whose item has gone comes off the table."""

from __future__ import annotations

import random
from dataclasses import replace

from tests.games.merlin.finance.helpers import act, after_finance, arrange_finance, conserved
from tests.games.merlin.finance.test_futures import (
    finance,
    leave,
    orbit_to,
    quiet_table,
    turn,
    written_and_taken,
)
from tests.games.merlin.magic.helpers import arrange_magic
from tests.games.merlin.magic.tables import cards_accounted, give, magic, refused
from tradingfloor.games.merlin.finance.markets import keep_listed, list_security
from tradingfloor.games.merlin.finance.state import Listing, Security, Wanted
from tradingfloor.games.merlin.magic.state import Held
from tradingfloor.games.merlin.rulebook import Log
from tradingfloor.games.merlin.state import MerlinState


def sound(state: MerlinState) -> bool:
    return conserved(state) and cards_accounted(state)


# --- a long position ------------------------------------------------------------------------------


def test_a_long_position_is_bought_from_its_ask() -> None:
    """Futures: "The long is allowed to sell the contract on their turn for however much they see
    fit, or hold it until expiry"; Bid/Ask Table: "create their own markets for ... contracts"."""
    state = written_and_taken()  # {seat:1} holds the long of {seat:0}'s future 1
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 5})
    assert finance(state).listings == (Listing(2, 1, "future", "1", 5),)
    assert state.events[0].text == (
        "{seat:1} asks 5 gold for the long of {seat:0}'s future 1 (1 bushel of Essence Grain, "
        "expiring at the start of summer's second month, year 1) (ask 2)"
    )
    assert refused(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 6}) == (
        "the long of {seat:0}'s future 1 (1 bushel of Essence Grain, expiring at the start of "
        "summer's second month, year 1) is on your ask table already (ask 2); take that ask off "
        "first to change its price"
    )
    state = turn(state)
    gold = state.core.gold
    state = act(state, 2, {"type": "buy_listing", "listing": 2})
    assert finance(state).futures[0].long == 2 and finance(state).listings == ()
    assert state.core.gold[1] == gold[1] + 5 and state.core.gold[2] == gold[2] - 5
    assert conserved(state)
    assert state.events[0].text.startswith("{seat:2} bought the long of {seat:0}'s future 1")


def test_the_short_cannot_buy_its_own_futures_long() -> None:
    state = written_and_taken()
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 5})
    state = orbit_to(state, 0)
    assert refused(state, 0, {"type": "buy_listing", "listing": 2}) == (
        "you are the short of future 1; you cannot hold its long as well"
    )


def test_a_long_listed_comes_off_the_table_at_expiry() -> None:
    """An ask whose item has gone comes off the table: an expired long is settled with its short,
    not sold."""
    state = written_and_taken()
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 5})
    state = turn(state, (2, 2))  # the wheel turns: future 1 expires
    assert finance(state).listings == () and conserved(state)
    assert "{seat:1}'s ask for the long of {seat:0}'s future 1" in " ".join(
        e.text for e in state.events
    )


def test_a_covered_bid_for_a_long_is_filled() -> None:
    """A covered bid's gold lies on the table (The Grand Market: "All bids and asks must be
    covered"); the long sells into it."""
    state = orbit_to(written_and_taken(), 3)
    gold = state.core.gold[3]
    state = act(state, 3, {"type": "want", "item": "future", "ref": "essence_grain", "price": 4})
    assert finance(state).wanted == (Wanted(2, 3, "future", "essence_grain", 4),)
    assert state.core.gold[3] == gold - 4 and conserved(state)
    assert state.events[0].text == (
        "{seat:3} bids 4 gold for a long on a future on Essence Grain (bid 2)"
    )
    state = orbit_to(state, 1)
    gold1 = state.core.gold[1]
    state = act(state, 1, {"type": "fill_wanted", "wanted": 2, "ref": "1"})
    assert finance(state).futures[0].long == 3 and finance(state).wanted == ()
    assert state.core.gold[1] == gold1 + 4 and conserved(state)


def test_a_bid_names_a_commodity_and_expiry() -> None:
    state = orbit_to(written_and_taken(), 3)
    want = {"type": "want", "item": "future", "price": 4}
    assert refused(state, 3, {**want, "ref": "gold"}).startswith("name a commodity")
    state = act(state, 3, {**want, "ref": "souls:1:1"})
    state = orbit_to(state, 1)
    assert refused(state, 1, {"type": "fill_wanted", "wanted": 2, "ref": "1"}) == (
        "bid 2 asks for a long on a future on Souls expiring at the start of summer's second "
        "month, year 1, not the long of {seat:0}'s future 1 (1 bushel of Essence Grain, expiring "
        "at the start of summer's second month, year 1)"
    )
    state = orbit_to(state, 3)
    gold = state.core.gold[3]
    state = act(state, 3, {"type": "drop_wanted", "wanted": 2})
    assert state.core.gold[3] == gold + 4 and finance(state).wanted == () and conserved(state)


# --- spells, recipes, crowns ----------------------------------------------------------------------


def test_a_spell_is_bought_from_its_ask() -> None:
    """Bid/Ask Table: "create their own markets for spells, potions"; the card moves from hand
    to hand, keeping the lab that made it."""
    state = give(quiet_table(gold=(10, 10, 10, 10)), "spells", 0, "dispel.1", source="6S")
    state = act(state, 0, {"type": "list_item", "item": "spell", "ref": "dispel.1", "price": 4})
    assert state.events[0].text == "{seat:0} asks 4 gold for the spell Dispel (ask 1)"
    state = turn(state)
    state = act(state, 1, {"type": "buy_listing", "listing": 1})
    assert magic(state).spells[0] == () and magic(state).spells[1] == (Held("dispel.1", "6S"),)
    assert state.core.gold[:2] == (14, 6) and finance(state).listings == ()
    assert sound(state)


def test_a_bid_for_a_recipe_by_name_is_filled() -> None:
    state = give(quiet_table(gold=(10, 10, 10, 10)), "recipes", 1, "iron_skin.2")
    state = act(state, 0, {"type": "want", "item": "recipe", "ref": "iron_skin", "price": 3})
    assert state.events[0].text == ("{seat:0} bids 3 gold for the potion recipe Iron Skin (bid 1)")
    state = turn(state)
    state = act(state, 1, {"type": "fill_wanted", "wanted": 1, "ref": "iron_skin.2"})
    assert magic(state).recipes[0] == (Held("iron_skin.2"),) and magic(state).recipes[1] == ()
    assert state.core.gold[:2] == (7, 13) and sound(state)


def test_a_spell_listed_then_sold_elsewhere_comes_off_the_table() -> None:
    """A listing whose item has gone is dropped after the move that took it."""
    state = give(quiet_table(gold=(10, 10, 10, 10)), "spells", 1, "dispel.1")
    state = act(state, 0, {"type": "want", "item": "spell", "ref": "", "price": 2})
    state = turn(state)
    state = act(state, 1, {"type": "list_item", "item": "spell", "ref": "dispel.1", "price": 9})
    state = act(state, 1, {"type": "fill_wanted", "wanted": 1, "ref": "dispel.1"})
    assert finance(state).listings == () and finance(state).wanted == ()
    assert [e.kind for e in state.events] == ["wanted_filled", "listing_dropped"]
    assert sound(state)


def test_a_listed_spell_cast_comes_off_the_table() -> None:
    """A listed card stays in the hand and may still be cast (Spells: "Reveal the card and to
    whom or property it affects"); its ask comes off after the cast."""
    state = give(quiet_table(gold=(10, 4, 10, 10)), "spells", 0, "pickpocket.1")
    state = act(state, 0, {"type": "list_item", "item": "spell", "ref": "pickpocket.1", "price": 4})
    cast = {"type": "cast_spell", "spell": "pickpocket.1", "seat": 1, "card": None}
    state = act(state, 0, {**cast, "credit": False})
    assert finance(state).listings == () and magic(state).spells[0] == ()
    assert "{seat:0}'s ask for the spell Pickpocket came off the table: the item is gone" in [
        e.text for e in state.events
    ]
    assert sound(state)


def test_crowns_trade_on_the_custom_tables() -> None:
    state = arrange_magic(quiet_table(gold=(10, 10, 10, 10)), crowns=(1, 0, 0, 0))
    state = act(state, 0, {"type": "list_item", "item": "crown", "price": 8})
    assert refused(state, 0, {"type": "list_item", "item": "crown", "price": 7}).startswith(
        "a crown is on your ask table already"
    )
    state = turn(state)
    state = act(state, 1, {"type": "buy_listing", "listing": 1})
    assert magic(state).crowns == (0, 1, 0, 0) and state.core.gold[:2] == (18, 2)
    assert conserved(state)


def test_without_magic_spells_do_not_trade() -> None:
    state = after_finance(modules=["economy", "finance"])
    action = {"type": "want", "item": "spell", "ref": "", "price": 1}
    assert refused(state, 0, action) == "there are no spells in this game (the magic module is off)"


# --- securities -----------------------------------------------------------------------------------


def test_an_issuers_bond_goes_on_their_ask_table_and_is_bought() -> None:
    """MERLIN-MODULES.md §3.6: "bond units go to the issuer's ask table"; the holder changes."""
    state = quiet_table(gold=(10, 10, 10, 10))
    bond = Security(1, "bond", issuer=0, holder=0, face=5, maturity=4)
    state = arrange_finance(state, securities=(bond,), next_id=2)
    log: Log = []
    state = list_security(state, bond, 3, log)
    assert [e.text for e in log] == [
        "{seat:0} asks 3 gold for {seat:0}'s bond 1 (pays 5 gold at orbit 4) (ask 2)"
    ]
    state = turn(state)
    state = act(state, 1, {"type": "buy_listing", "listing": 2})
    assert finance(state).securities == (replace(bond, holder=1),)
    assert state.core.gold[:2] == (13, 7) and conserved(state)
    # A bid by issuer: {seat:2} wants a bond of {seat:0}'s; {seat:1} sells the one they hold.
    state = turn(state)
    state = act(state, 2, {"type": "want", "item": "bond", "ref": "0", "price": 4})
    state = orbit_to(state, 1)
    state = act(state, 1, {"type": "fill_wanted", "wanted": 3, "ref": "1"})
    assert finance(state).securities == (replace(bond, holder=2),) and conserved(state)


# --- limits, words, leaving -----------------------------------------------------------------------


def test_asks_and_bids_are_limited_per_player() -> None:
    """markets.most_listings (a bound on the table): 12 asks and bids a player."""
    state = quiet_table(gold=(50, 10, 10, 10))
    for _ in range(12):
        state = act(state, 0, {"type": "want", "item": "future", "ref": "", "price": 1})
    assert refused(state, 0, {"type": "want", "item": "crown", "price": 1}).startswith(
        "you have 12 asks and bids open on the custom tables, the most allowed"
    )
    assert conserved(state)


def test_asks_and_bids_count_together_toward_the_bound_and_only_the_players_own() -> None:
    """markets.most_listings bounds a player's asks and bids together: 5 asks and 7 bids of
    {seat:0} fill it; {seat:1}'s orders do not count toward {seat:0}'s."""
    asks = tuple(Listing(i, 0, "crown", "", 1) for i in range(1, 6))
    bids = tuple(Wanted(i, 0, "crown", "", 1) for i in range(6, 13))
    others = (Listing(13, 1, "crown", "", 1), Wanted(14, 1, "crown", "", 1))
    state = quiet_table(gold=(50, 10, 10, 10))
    state = arrange_finance(state, listings=(*asks, others[0]), wanted=bids, next_id=15)
    assert refused(state, 0, {"type": "want", "item": "crown", "price": 1}).startswith(
        "you have 12 asks and bids open on the custom tables, the most allowed"
    )
    fewer = arrange_finance(state, listings=(*asks[1:], others[0]), wanted=(*bids, others[1]))
    act(fewer, 0, {"type": "want", "item": "crown", "price": 1})  # (eleven of its own: one more)


def test_a_player_leaving_takes_their_asks_and_bids_off_the_tables() -> None:
    """Bankruptcy: a player out; their bids' gold comes back to them (then to their creditors and
    the central bank), their asks come off, and asks on what they held go too."""
    state = written_and_taken()  # {seat:1} long of future 1
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 5})
    state = act(state, 1, {"type": "want", "item": "crown", "price": 1})
    state = leave(orbit_to(state, 0), 1)
    assert state.core.out[1]
    fin = finance(state)
    assert fin.listings == () and fin.wanted == () and fin.futures == ()
    assert conserved(state)
    # {seat:0}'s ask on the long it holds goes when {seat:0}'s short leaves.
    state = written_and_taken()
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 5})
    state = leave(orbit_to(state, 3), 0)
    assert finance(state).listings == () and finance(state).futures == () and conserved(state)


def test_a_listed_spell_stays_in_its_sellers_hand_when_secrets_are_redrawn() -> None:
    """Secrecy: hands of spells are secret, but a spell on an ask table was said out loud; a
    seat's determinization keeps it in the seller's hand."""
    state = give(quiet_table(), "spells", 1, "dispel.1", "blight.1")
    state = act(
        turn(state), 1, {"type": "list_item", "item": "spell", "ref": "dispel.1", "price": 4}
    )
    from tradingfloor.games.merlin.magic.determinize import redetermine

    for seed in range(20):
        rng = random.Random(seed)
        drawn = keep_listed(redetermine(state, 0, rng), 0, rng)
        assert "dispel.1" in [h.card for h in magic(drawn).spells[1]]
        assert len(magic(drawn).spells[1]) == 2 and sound(drawn)


def test_moves_read_in_the_games_terms() -> None:
    from tradingfloor.games.merlin import words
    from tradingfloor.games.merlin.finance.actions import BuyListing, FillWanted, Want

    state = written_and_taken()
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 5})
    state = turn(state)
    assert words.label(state, 2, BuyListing(listing=2)) == (
        "Buy the long of {seat:0}'s future 1 (1 bushel of Essence Grain, expiring at the start "
        "of summer's second month, year 1) from {seat:1}'s ask for 5 gold"
    )
    assert words.label(state, 2, Want(item="share", ref="0", price=2)) == (
        "Bid 2 gold for a share of {seat:0} on a custom table (your gold lies on the table)"
    )
    assert (
        words.label(state, 2, FillWanted(wanted=9, ref="1")) == "Sell into bid 9 on a custom table"
    )


def test_the_forms_name_each_item_in_words() -> None:
    """A form's choices of items read in the game's terms, not as ids."""
    from tradingfloor.games.merlin import words
    from tradingfloor.games.merlin.finance import bids, markets

    state = give(written_and_taken(), "spells", 1, "dispel.1")
    rules = {rule.type: rule for rule in (*markets.RULES, *bids.RULES)}
    forms = {
        kind: words.form(state, kind, rules[kind].fields(state, 1), rules[kind].count(state, 1))
        for kind in ("list_item", "want")
    }
    ref = forms["list_item"]["fields"]["ref"]
    assert ref["label"] == "which"
    assert dict(zip(ref["choices"], ref["labels"], strict=True)) == {
        "1": "the long of {seat:0}'s future 1 (1 bushel of Essence Grain, expiring at the start "
        "of summer's second month, year 1)",
        "dispel.1": "Dispel",
    }
    labels = forms["want"]["fields"]["ref"]["labels"]
    assert labels[:3] == ["any", "Souls", "Elixir Oil"]
    assert "Essence Grain expiring at the start of summer's second month, year 1" in labels
    assert "issued by {seat:2}" in labels and "Dispel" in labels
