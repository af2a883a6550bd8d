"""The shortcuts of a turn's end and of the clean-up after every action give what the long way
round gives, at every step of seeded games with every module on: the custom tables' tidy, which
returns at once when every part it reads is the very part it last found in order; the escrow's
collection, which looks only at the books where the player left gold; the central bank's payouts,
which return at once when no gold is invested or stored; the potions' 7, which looks for a
Preserving Brine only where a potion is set; the roll's and the turn's end's events, made once
and shared."""

from __future__ import annotations

from typing import Any

import pytest

from tradingfloor.core.game import Event
from tradingfloor.games.merlin import market, market_upkeep, production
from tradingfloor.games.merlin.finance import markets
from tradingfloor.games.merlin.finance.bids import remove_wanted
from tradingfloor.games.merlin.finance.items import SECURITIES, item_words, ref_number
from tradingfloor.games.merlin.finance.state import Listing, Security, Wanted
from tradingfloor.games.merlin.finance.table import finance_of, with_finance
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank
from tradingfloor.games.merlin.magic import potions
from tradingfloor.games.merlin.magic.state import Held, SetPotion
from tradingfloor.games.merlin.magic.table import drop_effect, effects, magic_of, with_magic
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.state import Escrow, MerlinState, Order, Stack

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


EVERY_TOTAL = [(1, total - 1) if total <= 7 else (total - 6, 6) for total in range(2, 13)]


def _collect_escrow_afresh(state: MerlinState, log: Log) -> MerlinState:
    """`market_upkeep.collect_escrow` as it was: every book searched for the player's escrow."""
    seat, now = state.core.current, state.core.turn_no
    for index, book in enumerate(state.economy.books):
        bids = [
            b
            for b in book.bids
            if b.owner == seat and b.escrow_since is not None and b.escrow_since < now
        ]
        held = [e for e in book.escrow if e.owner == seat and e.since < now]
        if not bids and not held:
            continue
        gone = {b.id for b in bids}
        book = replace(
            book,
            bids=tuple(b for b in book.bids if b.id not in gone),
            escrow=tuple(e for e in book.escrow if e not in held),
        )
        amount = sum(b.price for b in bids) + sum(e.gold for e in held)
        state = add_gold(market._set_book(state, index, book), seat, amount)
        name = state.config.content.commodities[index]
        log.append(event("escrow_collected", seat=seat, gold=amount, commodity=name))
    return state


def _with_escrow(state: MerlinState) -> list[MerlinState]:
    """The table, and tables with gold in escrow for the player whose turn it is, each on a
    book of its own (and for the next seat, which is not theirs): a lowered bid's difference
    left on the last turn, then one left on this turn; a bid moved there on the last turn, then
    one moved on this turn."""
    core = state.core
    seat, now, other = core.current, core.turn_no, (core.current + 1) % state.players
    made = [state]
    for owner, since in ((seat, now - 1), (seat, now), (other, now - 1)):
        made.append(_escrowed(state, 0, escrow=(Escrow(owner, 3, since),)))
        made.append(_escrowed(state, -1, bids=(Order(10_000, owner, 4, since - 1, since),)))
    return made


def _escrowed(state: MerlinState, index: int, **added: tuple[object, ...]) -> MerlinState:
    """The table with `added` orders or escrow after those of the book at `index`."""
    books = list(state.economy.books)
    book = books[index]
    books[index] = replace(
        book, **{name: (*getattr(book, name), *more) for name, more in added.items()}
    )
    return replace(state, economy=replace(state.economy, books=tuple(books)))


@pytest.mark.parametrize(("seed", "bots"), [(7, False), (1, True)])
def test_escrow_collected_book_by_book_gives_what_searching_every_book_gives(
    seed: int, bots: bool
) -> None:
    collected = 0
    for state in seeded_states(seed, bots):
        if state.core.phase != "turn":
            continue
        for table in _with_escrow(state):
            log: Log = []
            afresh: Log = []
            after = market_upkeep.collect_escrow(table, log)
            assert after == _collect_escrow_afresh(table, afresh) and log == afresh
            collected += after is not table
    assert collected > 200  # (gold came out of escrow on many of these tables)


def _payouts_afresh(state: MerlinState, log: Log) -> MerlinState:
    """production.on_payouts as it was: every player still in looked at."""
    for seat in state.core.from_roller():
        if not any(s.invested or s.stored for s in state.economy.tableaux[seat]):
            continue
        state = production._investments(state, seat, log)
        state = production._chauffeurs(state, seat, log)
    return state


def _with_stakes(state: MerlinState) -> list[MerlinState]:
    """The table, the table with 3 gold invested on every property of seat 1's, and the table
    with a Chauffeur (on 4s and 9s) storing 10 gold before seat 2 (random play seldom invests)."""
    tableaux = list(state.economy.tableaux)
    invested = [*tableaux]
    invested[1] = tuple(replace(stack, invested=3) for stack in tableaux[1])
    stored = [*tableaux]
    stored[2] = (Stack("4C", top="9C", stored=10), *tableaux[2])
    made = [state]
    for changed in (invested, stored):
        made.append(replace(state, economy=replace(state.economy, tableaux=tuple(changed))))
    return made


@pytest.mark.parametrize(("seed", "bots"), [(7, False), (1, True)])
def test_payouts_that_return_at_once_give_what_looking_at_every_player_gives(
    seed: int, bots: bool
) -> None:
    paid = 0
    for state in seeded_states(seed, bots):
        for dice in EVERY_TOTAL:
            for table in _with_stakes(replace(state, core=replace(state.core, dice=dice))):
                log: Log = []
                afresh: Log = []
                after = production.on_payouts(table, log)
                assert after == _payouts_afresh(table, afresh) and log == afresh
                paid += after is not table
    assert paid > 30  # (the central bank paid on some of these rolls)


def _potions_seven_afresh(state: MerlinState, log: Log) -> MerlinState:
    """potions.on_seven as it was: the holding fees looked at for a Preserving Brine on every 7."""
    if state.magic is None:
        return state
    notes = effects(state, potions.STAKES)
    for note in notes:
        state = drop_effect(state, note)
    if production.rolled(state) != state.config.content.seven:
        return state
    for note in notes:
        state = potions._lucky_charm(state, note, log)
    return potions._brine(state, log)


def _with_brine(state: MerlinState) -> list[tuple[MerlinState, Log]]:
    """The table after a 7's holding fees (production.on_seven) with a unit of each commodity in
    every hand, and the same with a Preserving Brine set before each player still in (random
    play seldom sets a potion), each with its log since the roll."""
    goods = tuple((1,) * len(held) for held in state.economy.goods)
    economy = replace(state.economy, goods=goods)
    rolled = replace(state, core=replace(state.core, dice=(3, 4)), economy=economy)  # (a 7)
    brine = tuple(SetPotion(Held(f"preserving_brine.{s + 1}"), s) for s in state.core.in_game())
    braced = with_magic(rolled, set_potions=(*magic_of(rolled).set_potions, *brine))
    made = []
    for table in (rolled, braced):
        fees: Log = [event("roll", seat=state.core.current, dice=[3, 4], total=7)]
        made.append((production.on_seven(table, fees), fees))
    return made


@pytest.mark.parametrize(("seed", "bots"), [(7, False), (0, True)])
def test_the_potions_seven_gives_what_looking_at_every_fee_gives(seed: int, bots: bool) -> None:
    kept = 0
    for state in seeded_states(seed, bots):
        if state.magic is None or state.core.phase == "over":
            continue
        for table, fees in _with_brine(state):
            log: Log = list(fees)
            afresh: Log = list(fees)
            after = potions.on_seven(table, log)
            assert after == _potions_seven_afresh(table, afresh) and log == afresh
            kept += after is not table
    assert kept > 100  # (a Preserving Brine kept the fee on many of these 7s)


def _rolls_afresh(events: tuple[Event, ...]) -> list[Event]:
    """The roll events as made afresh: each with the seat of the turn started just before it."""
    seat = -1
    made = []
    for told in events:
        if told.kind == "turn_start":
            seat = told.data["seat"]
        if told.kind == "roll":
            first, second = told.data["dice"]
            made.append(event("roll", seat=seat, dice=[first, second], total=first + second))
    return made


def test_the_events_of_a_turn_made_once_are_those_of_its_seat_and_dice() -> None:
    rolls = 0
    for seed, bots in ((3, False), (1, True)):
        states = seeded_states(seed, bots)
        before = next(states)
        for state in states:
            made = [e for e in state.events if e.kind == "roll"]
            assert made == _rolls_afresh(state.events)
            if made:  # (the last roll's dice are the table's)
                assert made[-1].data["dice"] == list(state.core.dice)
            ended = [e for e in state.events if e.kind == "turn_end"]
            assert ended == [event("turn_end", seat=before.core.current)] * len(ended)
            rolls += len(made)
            before = state
    assert rolls > 250
