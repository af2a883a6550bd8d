"""Futures (MERLIN-MODULES.md §3.4; the draft's Commodity Derivatives): writing, taking, expiry,
delivery, offset, cash settlement, default, and what a player leaving leaves behind."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.merlin.finance.helpers import act, after_finance, arrange, conserved, rig
from tests.games.merlin.helpers import events, random_walk
from tests.games.merlin.magic.helpers import arrange_magic
from tests.games.merlin.magic.tables import QUIET_READINGS, refused
from tradingfloor.games.merlin.finance.state import Debt, Finance, Future
from tradingfloor.games.merlin.state import Book, MerlinState

GRAIN = 2  # Essence Grain's index among the commodities (souls, elixir_oil, essence_grain)


def finance(state: MerlinState) -> Finance:
    assert isinstance(state.finance, Finance)
    return state.finance


def quiet_table(players: int = 4, **changes: Any) -> MerlinState:
    """A 4-player game with every module after its auction (seat 0 to play), quiet readings on
    top of the reading deck and none on the field, the Grand Market's books empty; other keys go
    to `arrange` (gold, goods, counters, books)."""
    state = after_finance(players)
    magic = state.magic
    readings = [*magic.reading_deck, *(r.card for r in magic.field)]
    readings.sort(key=lambda c: not c.startswith(QUIET_READINGS))
    state = arrange_magic(state, field=(), reading_deck=tuple(readings))
    changes.setdefault("books", tuple(Book() for _ in range(3)))
    return arrange(state, **changes)


def turn(state: MerlinState, dice: tuple[int, int] = (1, 2)) -> MerlinState:
    """The current player ends their turn; the next one's roll comes out as `dice` (a 3 by
    default: no double, no 7, nothing on the table produces)."""
    return act(rig(state, dice), state.core.current, {"type": "end_turn"})


def orbit_to(state: MerlinState, seat: int, dice: tuple[int, int] = (1, 2)) -> MerlinState:
    """Turns end until it is `seat`'s turn."""
    while state.core.current != seat:
        state = turn(state, dice)
    return state


def write(state: MerlinState, seat: int, price: int = 9, portion: int = 1, **more: Any) -> Any:
    action = {
        "type": "write_future",
        "commodity": more.get("commodity", "essence_grain"),
        "price": price,
        "year": more.get("year", 1),
        "portion": portion,
    }
    return act(state, seat, action)


def written_and_taken(**changes: Any) -> MerlinState:
    """The spec's figure: {seat:0} writes a future on a bushel of Essence Grain at 9 expiring at
    the start of summer's second month, year 1; {seat:1} takes it on their turn."""
    changes.setdefault("gold", (10, 10, 10, 10))
    state = write(quiet_table(**changes), 0)
    state = turn(state)
    return act(state, 1, {"type": "take_future", "future": 1})


def expired(state: MerlinState) -> MerlinState:
    """{seat:1} ends their turn and {seat:2} rolls a double: the wheel turns to the future's
    expiry."""
    return turn(state, (2, 2))


# --- the spec's figure ---------------------------------------------------------------------------


def test_the_long_pays_the_forward_price_to_the_short() -> None:
    """§3.4: "grain future at 9: long pays 9". Futures: "The sticky note is then placed on the
    field for players to fulfill by paying the forward price to the short, becoming the long"."""
    state = write(quiet_table(gold=(10, 10, 10, 10)), 0)
    assert finance(state).futures == (Future(1, 0, GRAIN, 9, 1, 1),)
    assert [e.text for e in state.events] == [
        "{seat:0} wrote future 1: 1 bushel (3) of Essence Grain at 9 gold, expiring at the start "
        "of summer's second month, year 1"
    ]
    assert conserved(state)
    state = turn(state)
    state = act(state, 1, {"type": "take_future", "future": 1})
    assert state.core.gold[:2] == (10 + 9, 10 - 9)
    assert finance(state).futures == (Future(1, 0, GRAIN, 9, 1, 1, long=1),)
    assert conserved(state)


def test_at_expiry_three_grain_are_delivered() -> None:
    """§3.4: "at expiry 3 grain delivered". Commodity Derivatives: "one bushel which is 3 of the
    same commodity"; Futures: "The short has an obligation to fulfill all contracts, on their
    first turn after expiry"."""
    state = written_and_taken(goods=((0, 0, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0)))
    state = expired(state)
    assert finance(state).futures[0].expired and conserved(state)
    assert [e["id"] for e in events(state, "future_expired")] == [1]
    state = orbit_to(state, 0)
    assert finance(state).futures[0].due == 1
    assert any(e.kind == "future_due" for e in state.events)
    state = act(state, 0, {"type": "deliver", "future": 1})
    assert state.economy.goods[0][GRAIN] == 0 and state.economy.goods[1][GRAIN] == 3
    assert finance(state).futures == ()
    assert [e.text for e in state.events] == [
        "{seat:0} delivered 3 Essence Grain to {seat:1}, settling future 1"
    ]
    assert conserved(state)


def test_with_no_asks_the_short_settles_at_the_last_sold_price() -> None:
    """§3.4: "or no asks, last sold 4 → cash 12". Futures: "If there are no commodities to buy,
    the contract can be settled by the last sold price of the commodity"."""
    books = (Book(), Book(), Book(last_sold=4))
    state = expired(written_and_taken(books=books))
    state = orbit_to(state, 0)
    gold = state.core.gold
    state = act(state, 0, {"type": "cash_settle", "future": 1})
    assert state.core.gold[0] == gold[0] - 12 and state.core.gold[1] == gold[1] + 12
    assert finance(state).futures == () and conserved(state)
    assert state.events[0].text == (
        "{seat:0} settled future 1 in gold: 12 gold to {seat:1} (3 Essence Grain at the last sold "
        "price, 4)"
    )


def test_nothing_by_the_second_turn_is_bankruptcy_owing_twelve() -> None:
    """§3.4: "or nothing by the second turn → bankrupt owing 12". Futures: "If the short fails to
    deliver, The second turn after expiry, the player is considered bankrupt"."""
    books = (Book(), Book(), Book(last_sold=4))
    state = orbit_to(expired(written_and_taken(books=books)), 0)
    assert state.core.bankrupt_since[0] is None
    state = turn(state)  # {seat:0}'s first turn after expiry ends unsettled
    state = orbit_to(state, 0)
    assert finance(state).futures == ()
    assert finance(state).debts == (Debt(0, 1, 12, "future"),)
    assert state.core.bankrupt_since[0] is not None and conserved(state)
    texts = [e.text for e in state.events]
    assert (
        "{seat:0} failed to settle future 1 on Essence Grain by their second turn after expiry: "
        "bankrupt, owing {seat:1} 12 gold"
    ) in texts
    # Bankruptcy: "exit bankruptcy by paying off any debts they owe to other players".
    gold = state.core.gold
    state = act(state, 0, {"type": "repay", "creditor": 1, "amount": 12})
    assert finance(state).debts == () and state.core.bankrupt_since[0] is None
    assert state.core.gold[1] == gold[1] + 12 and conserved(state)


def test_a_commodity_never_sold_settles_at_the_cost_of_the_living() -> None:
    """[R] MERLIN-MODULES.md §3.4: "3 × cost of the living if never sold" (cost of the living 2:
    6 gold)."""
    state = orbit_to(expired(written_and_taken()), 0)
    assert state.economy.books[GRAIN].last_sold is None
    gold = state.core.gold[1]
    state = act(state, 0, {"type": "cash_settle", "future": 1})
    assert state.core.gold[1] == gold + 3 * 2 and conserved(state)


def test_cash_settlement_is_refused_while_the_commodity_has_asks() -> None:
    """Futures: "Shorts can buy commodities in the market to fulfill the contract ... If there
    are no commodities to buy, the contract can be settled by the last sold price"."""
    state = orbit_to(expired(written_and_taken()), 0)
    ask = Book(asks=(replace_order(5),))
    state = arrange(state, books=(Book(), Book(), ask))
    assert refused(state, 0, {"type": "cash_settle", "future": 1}) == (
        "Essence Grain is for sale in the Grand Market (asks from 5 gold); buy it and deliver, or "
        "offset the future"
    )
    assert refused(state, 0, {"type": "deliver", "future": 1}).startswith(
        "delivering takes 3 Essence Grain and you hold 0; buy from an ask"
    )


def replace_order(price: int) -> Any:
    from tradingfloor.games.merlin.state import Order

    return Order(id=900, owner=3, price=price, placed=0)


# --- offset ---------------------------------------------------------------------------------------


def test_an_offset_passes_the_obligation_to_the_assigned_contracts_short() -> None:
    """Futures: "settle the contract by assigning a long contract they hold with the same expiry
    regardless of forward price" [R]: {seat:0}'s long on {seat:2}'s future goes to {seat:1}, the
    long of {seat:0}'s future, which closes; {seat:2} now delivers to {seat:1}."""
    state = written_and_taken(goods=((0, 0, 0), (0, 0, 0), (0, 0, 3), (0, 0, 0)))
    state = turn(state)
    state = write(state, 2, price=5)  # the same commodity and expiry, another price
    state = orbit_to(state, 0)
    state = act(state, 0, {"type": "take_future", "future": 2})
    assert state.core.gold == (10 + 9 - 5, 10 - 9, 10 + 5, 10)
    # Futures: "The contract cannot be assigned until the expiry date."
    assert refused(state, 0, {"type": "offset", "future": 1, "long": 2}) == (
        "future 1 expires at the start of summer's second month, year 1; it cannot be settled "
        "before then"
    )
    state = orbit_to(state, 1)
    state = expired(state)
    state = orbit_to(state, 0)
    state = act(state, 0, {"type": "offset", "future": 1, "long": 2})
    assert finance(state).futures == (Future(2, 2, GRAIN, 5, 1, 1, long=1, expired=True),)
    assert state.events[0].text == (
        "{seat:0} settled future 1 with their long on future 2: {seat:2} now delivers to "
        "{seat:1} on future 2"
    )
    assert conserved(state)
    state = orbit_to(state, 2)
    state = act(state, 2, {"type": "deliver", "future": 2})
    assert state.economy.goods[1][GRAIN] == 3 and finance(state).futures == ()
    assert conserved(state)


def test_an_offset_that_would_make_a_player_their_own_long_closes_both() -> None:
    """[R] {seat:1}, long of {seat:0}'s future, is short of the future {seat:0} assigns: both
    contracts close."""
    state = written_and_taken()
    state = write(state, 1, price=4)
    state = orbit_to(state, 0)
    state = act(state, 0, {"type": "take_future", "future": 2})
    state = expired(orbit_to(state, 1))
    state = orbit_to(state, 0)
    state = act(state, 0, {"type": "offset", "future": 1, "long": 2})
    assert finance(state).futures == () and conserved(state)
    assert "both close" in state.events[0].text


def test_an_offset_needs_the_same_commodity_and_expiry() -> None:
    state = written_and_taken()
    state = write(state, 1, price=4, commodity="souls")
    state = write(state, 1, price=4, portion=2)
    state = orbit_to(state, 0)
    state = act(state, 0, {"type": "take_future", "future": 2})
    state = act(state, 0, {"type": "take_future", "future": 3})
    state = expired(orbit_to(state, 1))
    state = orbit_to(state, 0)
    assert refused(state, 0, {"type": "offset", "future": 1, "long": 2}) == (
        "future 2 is on Souls; an offset needs a long on Essence Grain"
    )
    assert refused(state, 0, {"type": "offset", "future": 1, "long": 3}) == (
        "future 3 expires at the start of summer's third month, year 1; an offset needs a long "
        "with the same expiry, the start of summer's second month, year 1"
    )
    assert refused(state, 0, {"type": "offset", "future": 1, "long": 9}) == (
        "you hold no long on future 9; take a future or buy a long first"
    )


# --- writing, taking, withdrawal ------------------------------------------------------------------


def test_an_untaken_future_is_withdrawn_at_expiry() -> None:
    """MERLIN-MODULES.md §3.4: "Untaken at expiry: withdrawn"."""
    state = write(quiet_table(gold=(10, 10, 10, 10)), 0)
    state = expired(turn(state))
    assert finance(state).futures == () and conserved(state)
    assert "{seat:0}'s future 1 on Essence Grain was withdrawn from the field untaken" in [
        e.text for e in state.events
    ]


def test_writing_and_taking_are_refused_in_words() -> None:
    """Futures: "Expiry date in number of years (e.g Start of summer, Year 3)"; the short cannot
    be their own long."""
    state = quiet_table(gold=(10, 3, 10, 10))
    action = {"type": "write_future", "commodity": "essence_grain", "price": 9}
    assert refused(state, 0, {**action, "year": 1, "portion": 0}) == (
        "a future must expire after now (the start of summer, year 1); pick a later expiry"
    )
    assert refused(state, 0, {**action, "year": 5, "portion": 0}) == (
        "a future may expire at most 3 years ahead, by year 4"
    )
    assert refused(state, 0, {**action, "year": 2, "portion": 12}) == (
        "the season wheel has portions 0 to 11; pick one of them"
    )
    assert refused(state, 0, {**action, "commodity": "gold", "year": 2, "portion": 0}) == (
        "there is no commodity 'gold'; futures are written on Souls, Elixir Oil, Essence Grain"
    )
    state = write(state, 0, year=4, portion=0)
    assert "expiring at the start of summer, year 4" in state.events[0].text
    assert refused(state, 0, {"type": "take_future", "future": 1}) == (
        "you wrote future 1; another player must take it"
    )
    state = turn(state)
    assert refused(state, 1, {"type": "take_future", "future": 1}) == (
        "future 1 costs 9 gold (its forward price); you hold 3 gold"
    )
    assert refused(state, 1, {"type": "deliver", "future": 1}) == (
        "you are not the short of future 1; only its short settles it"
    )


def test_a_player_holds_at_most_the_open_futures_the_figures_allow() -> None:
    """futures.most_open (a bound on the table): 6."""
    state = quiet_table(gold=(10, 10, 10, 10))
    for price in range(1, 7):
        state = write(state, 0, price=price)
    assert len(finance(state).futures) == 6
    assert refused(
        state,
        0,
        {"type": "write_future", "commodity": "souls", "price": 1, "year": 2, "portion": 0},
    ).startswith("you have 6 futures open, the most allowed")


def test_moves_read_in_the_games_terms() -> None:
    from tradingfloor.games.merlin import words
    from tradingfloor.games.merlin.finance.actions import CashSettle, TakeFuture, WriteFuture

    state = quiet_table(gold=(10, 10, 10, 10))
    label = words.label(
        state, 0, WriteFuture(commodity="essence_grain", price=9, year=3, portion=0)
    )
    assert label == (
        "Write a future: 1 bushel (3) of Essence Grain at 9 gold, expiring at the start of "
        "summer, year 3"
    )
    state = turn(write(state, 0))
    assert words.label(state, 1, TakeFuture(future=1)) == (
        "Take {seat:0}'s future 1 as its long: pay 9 gold for 1 bushel (3) of Essence Grain at "
        "the start of summer's second month, year 1"
    )
    state = act(state, 1, {"type": "take_future", "future": 1})
    assert words.label(state, 0, CashSettle(future=1)) == (
        "Settle future 1 in gold: pay {seat:1} 6 gold (3 at the cost of the living, 2 (it has "
        "never been sold))"
    )
    form = words.form(state, "write_future", {"year": range(1, 5)}, 10)
    assert form["label"].startswith("Write a future as its short")


# --- a player leaving -----------------------------------------------------------------------------


def leave(state: MerlinState, seat: int) -> MerlinState:
    """`seat` has been bankrupt a year; the next double turns the wheel and they are out
    (Bankruptcy: "If a player is still bankrupt by the same time next year, they are exited")."""
    core = state.core
    since = list(core.bankrupt_since)
    since[seat] = core.counters.clock - 12
    state = replace(state, core=replace(core, bankrupt_since=tuple(since)))
    return turn(state, (3, 3))


def test_a_leaving_short_owes_the_long_the_forward_price() -> None:
    """MERLIN-MODULES.md §3.8: "shorts ... written by the player are void (longs refunded from
    their remaining gold, pro rata)"; an untaken note is withdrawn."""
    state = written_and_taken(gold=(10, 10, 10, 10))  # {seat:0} holds 19 after the 9
    state = orbit_to(state, 0)
    state = write(state, 0, price=3, portion=4)  # untaken
    state = arrange(state, gold=(5, 1, 10, 10))
    state = leave(state, 0)
    assert state.core.out[0] and finance(state).futures == () and finance(state).debts == ()
    # {seat:0} held 5: all of it to {seat:1} (owed 9), the rest of the debt lost.
    assert state.core.gold[1] == 1 + 5 and conserved(state)
    kinds = [e.kind for e in state.events]
    assert "future_refunded" in kinds and "future_withdrawn" in kinds


def test_a_leaving_long_frees_the_short() -> None:
    state = written_and_taken()
    state = leave(orbit_to(state, 0), 1)
    assert state.core.out[1] and finance(state).futures == () and conserved(state)
    assert (
        "{seat:1} leaves holding the long of future 1 on Essence Grain: void, {seat:0} owes "
        "nothing on it"
    ) in [e.text for e in state.events]


# --- random play ----------------------------------------------------------------------------------


def _refers_to_out(state: MerlinState) -> list[str]:
    out = state.core.out
    fin = finance(state)
    bad = [
        f"future {f.id}"
        for f in fin.futures
        if out[f.short] or (f.long is not None and out[f.long])
    ]
    bad += [f"ask {x.id}" for x in fin.listings if out[x.seller]]
    bad += [f"bid {w.id}" for w in fin.wanted if out[w.buyer]]
    return bad


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_random_play_keeps_gold_and_leaves_nothing_to_players_out(seed: int) -> None:
    """Random legal play with the economy, magic and finance: gold is conserved after every move,
    and no future, ask or bid refers to a player out of the game."""
    for state in random_walk(after_finance(seed=seed % 50), seed, 400):
        assert conserved(state)
        assert not _refers_to_out(state)


def test_random_play_uses_futures_and_custom_tables() -> None:
    """Over enough random play the moves of this part are all drawn at least once."""
    seen: set[str] = set()
    for seed in range(6):
        for state in random_walk(after_finance(seed=seed), seed, 600):
            seen.update(e.kind for e in state.events)
    wanted = {"future_written", "future_taken", "item_listed", "item_wanted"}
    assert wanted <= seen, wanted - seen


def test_futures_work_without_the_magic_module() -> None:
    """MERLIN-MODULES.md §1: "Any subset containing economy is legal": finance without magic."""
    state = after_finance(modules=["economy", "finance"])
    state = arrange(
        state,
        gold=(10, 10, 10, 10),
        goods=((0, 0, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0)),
        books=tuple(Book() for _ in range(3)),
    )
    state = act(turn(write(state, 0)), 1, {"type": "take_future", "future": 1})
    state = act(state, 1, {"type": "list_item", "item": "future", "ref": "1", "price": 2})
    state = orbit_to(expired(state), 0)
    assert finance(state).listings == ()
    state = act(state, 0, {"type": "deliver", "future": 1})
    assert state.economy.goods[1][GRAIN] == 3 and conserved(state)
    for state in random_walk(after_finance(seed=3, modules=["economy", "finance"]), 3, 400):
        assert conserved(state) and not _refers_to_out(state)
