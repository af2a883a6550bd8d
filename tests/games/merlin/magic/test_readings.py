"""Future reading cards (MERLIN-MODULES.md §2.8, default readings of §2.10): revealed one a turn,
waived by adverse rolls, resolved first played first, R.O.W. redistribution all or nothing, and
each of the ten default readings with its figures."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.merlin.helpers import GAME, end_turn_rolling, events
from tests.games.merlin.magic.helpers import (
    after_magic,
    arrange,
    arrange_magic,
    cards_accounted,
    conserved,
)
from tradingfloor.games.merlin.logbook import event_text
from tradingfloor.games.merlin.magic import readings
from tradingfloor.games.merlin.magic.state import Golem, Magic, Reading
from tradingfloor.games.merlin.state import ROW, Book, MerlinState, Order, Stack

THREE = (1, 2)  # a roll of 3: no double, no 7, no reading's number
HARMLESS = ("smog.1", "smog.2", "harvest_festival.1", "harvest_festival.2")  # due in 2 orbits


def magic(state: MerlinState) -> Magic:
    assert isinstance(state.magic, Magic)
    return state.magic


def lay(state: MerlinState, *field: Reading) -> MerlinState:
    """Only these readings on the field, in this order; the rest in the reading deck, with cards
    due no sooner than two orbits on top (so what a turn reveals stays quiet)."""
    laid = {r.card for r in field}
    every = [*magic(state).reading_deck, *(r.card for r in magic(state).field)]
    rest = sorted(c for c in every if c not in laid)
    deck = [c for c in HARMLESS if c in rest] + [c for c in rest if c not in HARMLESS]
    return arrange_magic(state, field=tuple(field), reading_deck=tuple(deck))


def placed(state: MerlinState, tableaux: list[list[Any]], **changes: Any) -> MerlinState:
    """`arrange` with these tableaux, their cards taken out of the deck."""
    laid = {
        code
        for row in tableaux
        for s in row
        for code in ((s,) if isinstance(s, str) else (s.base, s.top))
        if code is not None
    }
    deck = [c for c in state.economy.deck if c not in laid]
    return arrange(state, tableaux=tableaux, deck=deck, **changes)


def at(card: str, state: MerlinState, turns_ago: int) -> Reading:
    """A reading as if revealed `turns_ago` turns before the current one."""
    return Reading(card, turn=state.core.turn_no - turns_ago, orbit=state.core.orbit)


def quiet_turns(state: MerlinState, count: int) -> MerlinState:
    """Play `count` turns rolling 3, with nothing on the field."""
    for _ in range(count):
        state = end_turn_rolling(lay(state), THREE)
    return state


def told(state: MerlinState) -> list[str]:
    """The texts of the readings' events of the last action; each kind has its own words."""
    texts = []
    for e in state.events:
        if e.kind.startswith("reading_"):
            assert e.kind in readings.EVENTS, e.kind
            texts.append(event_text(e.to_json()))
    return texts


def sound(state: MerlinState) -> bool:
    return conserved(state) and cards_accounted(state)


def gained(before: MerlinState, after: MerlinState) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(after.core.gold, before.core.gold, strict=True))


# --- revealing, waivers, order -----------------------------------------------------------------


def test_a_reading_is_revealed_each_turn_face_up() -> None:
    """Core Loop: "The player who's turn it is rolls the dice. ... A Future reading card is
    revealed." Future reading cards: "All future reading cards are places on the field"."""
    state = lay(after_magic())
    state = end_turn_rolling(state, THREE)
    assert magic(state).field == (Reading("smog.1", turn=2, orbit=0),)
    assert told(state) == [
        "A future reading was revealed, tea leaves: Smog: in 2 orbits, the climate counter rises "
        "by 3; a 7 rolled first waives it"
    ]
    state = end_turn_rolling(state, THREE)
    assert [r.card for r in magic(state).field] == ["smog.1", "smog.2"]
    # public: every seat and spectators see the card and the event
    view = GAME.view(state, 2)
    assert [r["name"] for r in view["magic"]["field"]] == ["smog", "smog"]
    assert all(e.visible_to is None for e in state.events if e.kind == "reading_revealed")
    assert dict(magic(state).card_counts)["smog"] == 2
    assert sound(state)


def test_the_first_reading_comes_with_the_first_roll() -> None:
    """Core Loop: the first turn's roll reveals a card as every later one does."""
    state = after_magic()
    assert len(magic(state).field) == 1
    assert magic(state).field[0].turn == 1
    assert len(magic(state).reading_deck) == 19


def test_a_waiver_number_voids_the_card() -> None:
    """Future reading cards: "These predictions can be wrong and be waived by adverse rolls
    foretold on the card." Tea leaves are waived by a 7: the Drought never comes."""
    state = lay(after_magic(), at("drought.1", after_magic(), 0))
    state = end_turn_rolling(state, (3, 4))
    assert "drought.1" not in {r.card for r in magic(state).field}
    assert "drought.1" in magic(state).reading_deck
    assert told(state)[0] == "The 7 waived Drought: the reading goes back into its deck"
    assert sound(state)


def test_a_crystal_ball_is_waived_by_a_two() -> None:
    """ "Crystal Ball predictions have a higher chance of occurring": only a 2 or a 12 waives
    one, and then it pays nothing."""
    state = placed(after_magic(), [["4C"], [], [], []], row=20)
    state = lay(state, at("merchant_subsidy.1", state, 0))
    before = state
    state = end_turn_rolling(state, (1, 1))
    assert events(state, "reading_waived") == [
        {
            "kind": "reading_waived",
            "card": "merchant_subsidy.1",
            "title": "Merchant Subsidy",
            "total": 2,
        }
    ]
    assert state.core.ledger.row == 20
    assert gained(before, state) == (0, 0, 0, 0)
    assert sound(state)


def test_a_card_waits_for_its_trigger() -> None:
    """ "when a specific number is rolled next": a Drought stays on the field until an 8, 9 or
    10 (or a 7) comes."""
    state = lay(after_magic(), at("drought.1", after_magic(), 0))
    state = end_turn_rolling(state, THREE)
    assert magic(state).field[0].card == "drought.1"
    assert not events(state, "reading_true")


def test_first_played_first_when_the_row_can_pay_only_one() -> None:
    """ "Some may contradict, so effects should take place by first played." With 8 gold the
    R.O.W. can pay the Merchant Subsidy (5) or the Harvest Festival (4), not both: the card
    revealed first pays, the other is disregarded."""
    start = quiet_turns(after_magic(), 7)  # turn 8: the Festival below comes due on turn 9
    start = placed(start, [["4C", Stack("5C", top="9C")], ["3C"], [], ["10C"]], row=8)
    festival, subsidy = at("harvest_festival.1", start, 7), at("merchant_subsidy.1", start, 1)

    state = end_turn_rolling(lay(start, subsidy, festival), (2, 4))
    assert gained(start, state) == (3, 1, 0, 1)
    assert state.core.ledger.row == 3
    assert [e["card"] for e in events(state, "reading_disregarded")] == ["harvest_festival.1"]

    state = end_turn_rolling(lay(start, festival, subsidy), (2, 4))
    assert gained(start, state) == (1, 1, 1, 1)
    assert state.core.ledger.row == 4
    assert [e["card"] for e in events(state, "reading_disregarded")] == ["merchant_subsidy.1"]
    assert sound(state)


def test_both_a_waived_and_a_fulfilled_card_leave_the_field() -> None:
    """Game Setup: "There should be no discard piles": on a 7 the tea-leaf Drought is waived and
    the crystal-ball Market Day (due, and not waived by a 7) comes true; both go back into the
    reading deck."""
    start = placed(after_magic(), [["4C"], [], [], []], row=20)
    state = lay(start, at("drought.1", start, 0), at("market_day.1", start, 1))
    state = end_turn_rolling(state, (3, 4))
    assert [e["card"] for e in events(state, "reading_waived")] == ["drought.1"]
    assert [e["card"] for e in events(state, "reading_true")] == ["market_day.1"]
    left = {r.card for r in magic(state).field}
    assert not left & {"drought.1", "market_day.1"}
    assert {"drought.1", "market_day.1"} <= set(magic(state).reading_deck)
    assert sound(state)


# --- R.O.W. redistribution ---------------------------------------------------------------------


def test_harvest_festival_pays_each_player_after_two_orbits() -> None:
    """Harvest Festival (after 2 orbits): "Future reading cards, may incentives a healthier
    economy by redistributing R.O.W tax revenue": 1 gold to each of 4 players, 4 of the R.O.W.'s
    10. Two orbits of four players are 8 turns: not on the 7th."""
    start = arrange(after_magic(), row=10)
    early = end_turn_rolling(lay(start, at("harvest_festival.1", start, 6)), THREE)
    assert gained(start, early) == (0, 0, 0, 0)
    assert magic(early).field[0].card == "harvest_festival.1"

    state = end_turn_rolling(lay(start, at("harvest_festival.1", start, 7)), THREE)
    assert gained(start, state) == (1, 1, 1, 1)
    assert state.core.ledger.row == 6
    # counted with the pot's income, not the market's
    income = [
        a - b for a, b in zip(state.core.ledger.income, start.core.ledger.income, strict=True)
    ]
    assert income == [0, 0, 0, 0, 4, 0, 0]
    assert told(state)[:2] == [
        "Harvest Festival came true",
        "Harvest Festival: the R.O.W. paid 1 gold to {seat:1}, 1 gold to {seat:2}, 1 gold to "
        "{seat:3}, 1 gold to {seat:0} (4 gold in all; it holds 6 gold)",
    ]
    assert sound(state)


def test_a_payout_the_row_cannot_cover_is_disregarded_whole() -> None:
    """ "If there is not enough gold to be distributed in the manor the card describes to every
    player, disregard the card." 3 gold cannot pay 1 to each of 4: nobody gets anything."""
    start = arrange(after_magic(), row=3)
    state = end_turn_rolling(lay(start, at("harvest_festival.1", start, 7)), THREE)
    assert gained(start, state) == (0, 0, 0, 0)
    assert state.core.ledger.row == 3
    assert "harvest_festival.1" in magic(state).reading_deck
    assert told(state)[1] == (
        "Harvest Festival is disregarded: the R.O.W. holds 3 gold, short of the 4 gold it "
        "would take"
    )
    assert sound(state)


def test_merchant_subsidy_pays_per_placed_property() -> None:
    """Merchant Subsidy (roll 6 or 8): "incentives for business owners": 1 gold per placed
    property: a property and a Chauffeur (two) make 3, a property under a land 1, none 0."""
    start = placed(
        after_magic(), [["4C", Stack("5C", top="9C")], [Stack("3C", top="8D")], [], ["10C"]], row=5
    )
    state = end_turn_rolling(lay(start, at("merchant_subsidy.1", start, 0)), (2, 4))
    assert gained(start, state) == (3, 1, 0, 1)
    assert state.core.ledger.row == 0
    assert sound(state)


def test_irrigation_pays_the_cost_of_the_living_and_lands_yield_more_for_an_orbit() -> None:
    """Irrigation Works (after 4 turns): "Tax money is used to fund infrastructure for better
    commodity growth": the cost of the living (2) to each player, then for one orbit (the next
    4 turns) a land yields 1 more: 5♦ gives 2 Elixir Oil, and 1 again after."""
    start = placed(after_magic(), [[], [Stack("4C", top="5D")], [], []], row=10)
    state = end_turn_rolling(lay(start, at("irrigation_works.1", start, 3)), THREE)
    assert gained(start, state) == (2, 2, 2, 2)
    assert state.core.ledger.row == 2
    assert told(state)[-2] == "Irrigation Works: lands yield 1 more through turn 6"
    state = end_turn_rolling(lay(state), (2, 3))  # turn 3
    assert state.economy.goods[1] == (0, 2, 0)
    assert told(state)[0] == "Irrigation Works: {seat:1}'s 5♦ yields 2 Elixir Oil instead of 1"
    state = quiet_turns(state, 3)  # turns 4 to 6
    state = end_turn_rolling(lay(state), (2, 3))  # turn 7: the orbit is over
    assert state.economy.goods[1] == (0, 3, 0)
    assert "Irrigation Works: lands no longer yield 1 more" in told(state)
    assert magic(state).effects == ()
    assert sound(state)


def test_irrigation_brings_no_crop_in_winter() -> None:
    """Season Wheel: "Players receive no commodities during Winter": irrigation adds to a
    yield, it does not make one."""
    start = placed(
        after_magic(), [[], [Stack("4C", top="5D")], [], []], row=10, counters={"portion": 6}
    )
    state = end_turn_rolling(lay(start, at("irrigation_works.1", start, 3)), THREE)
    state = end_turn_rolling(lay(state), (2, 3))
    assert state.economy.goods[1] == (0, 0, 0)


def test_a_disregarded_irrigation_brings_no_extra_yield() -> None:
    """ "disregard the card": the whole card, its infrastructure too."""
    start = placed(after_magic(), [[], [Stack("4C", top="5D")], [], []], row=7)
    state = end_turn_rolling(lay(start, at("irrigation_works.1", start, 3)), THREE)
    assert magic(state).effects == ()
    state = end_turn_rolling(lay(state), (2, 3))
    assert state.economy.goods[1] == (0, 1, 0)


# --- the other effects -------------------------------------------------------------------------


def test_drought_takes_that_rolls_essence_grain() -> None:
    """Drought (roll 8, 9 or 10): "when a specific number is rolled next": the 9 that brings it
    yields no Essence Grain; the property under the land still pays its gold."""
    start = placed(after_magic(), [[], [Stack("4C", top="9D"), "9C"], [], []])
    state = end_turn_rolling(lay(start, at("drought.1", start, 0)), (4, 5))
    assert state.economy.goods[1] == (0, 0, 0)
    assert gained(start, state) == (0, 2, 0, 0)
    assert told(state)[:2] == [
        "Drought: {seat:1}'s 9♦ yields 0 Essence Grain instead of 1",
        "Drought came true",
    ]
    assert "drought.1" in magic(state).reading_deck
    # the next 9 yields again
    state = end_turn_rolling(lay(state), (4, 5))
    assert state.economy.goods[1] == (0, 0, 1)
    assert sound(state)


def test_bumper_oil_doubles_that_rolls_oil() -> None:
    """Bumper Oil (roll 5 or 6): "Some may contradict, so effects should take place by first
    played": 5♦ yields 2 Elixir Oil, and the climate counter counts both ("For every oil
    generated, increase the climate counter by one")."""
    start = placed(after_magic(), [[], [Stack("4C", top="5D")], [], []])
    state = end_turn_rolling(lay(start, at("bumper_oil.1", start, 0)), (2, 3))
    assert state.economy.goods[1] == (0, 2, 0)
    assert state.core.counters.climate == 2
    assert told(state)[0] == "Bumper Oil: {seat:1}'s 5♦ yields 2 Elixir Oil instead of 1"
    assert sound(state)


def test_early_thaw_turns_the_wheel() -> None:
    """Early Thaw (after 1 orbit): "The Season Wheel may change mid game": one portion."""
    start = after_magic()
    state = end_turn_rolling(lay(start, at("early_thaw.1", start, 3)), THREE)
    assert (state.core.counters.portion, state.core.counters.clock) == (1, 1)
    assert events(state, "season")
    assert sound(state)


def test_early_thaw_into_spring_brings_the_taxes() -> None:
    """Taxes: "Every spring tax season is upon the players": a thaw into spring levies them."""
    start = arrange(after_magic(), counters={"portion": 8, "clock": 8})
    state = end_turn_rolling(lay(start, at("early_thaw.1", start, 3)), THREE)
    assert state.core.counters.portion == 9
    assert len(events(state, "tax")) == 4
    assert state.core.phase == "vote"
    assert sound(state)


def test_market_day_places_the_stimulus_bids_now() -> None:
    """Market Day (after 2 turns): "If the market has no bids for an item ... use R.O.W money
    to create three bids at the current cost of the living", now: 3 bids of 2 on each of the
    three bidless commodities, 18 of the R.O.W.'s 20 gold."""
    start = arrange(after_magic(), row=20)
    state = end_turn_rolling(lay(start, at("market_day.1", start, 1)), THREE)
    for book in state.economy.books:
        assert [(b.owner, b.price) for b in book.bids] == [(ROW, 2)] * 3
    assert state.core.ledger.row == 2
    assert told(state)[1] == "Market Day: the R.O.W. placed 3 bids for Souls at 2"
    assert sound(state)


def test_market_day_skips_a_commodity_with_bids_and_is_all_or_nothing() -> None:
    """The stimulus is for an item with "no bids": Souls has one, so 12 gold for two books; with
    11 the card is disregarded."""
    bid = Order(99, 0, 2, 1)
    books = (Book(bids=(bid,), bidless_since=None), Book(), Book())
    start = arrange(after_magic(), row=12, books=books)
    state = end_turn_rolling(lay(start, at("market_day.1", start, 1)), THREE)
    assert [len(b.bids) for b in state.economy.books] == [1, 3, 3]
    assert state.core.ledger.row == 0
    assert sound(state)

    start = arrange(after_magic(), row=11, books=books)
    state = end_turn_rolling(lay(start, at("market_day.1", start, 1)), THREE)
    assert [len(b.bids) for b in state.economy.books] == [1, 0, 0]
    assert state.core.ledger.row == 11
    assert sound(state)


def test_golem_blight_crumbles_every_stone_golem() -> None:
    """Golem Blight (roll 11): "Stone Golems have 1 hit points meaning, when hit, are
    destroyed": both Jacks go back into the deck; the Bronze Queen stays."""
    jacks = [Golem("JC", 2, 2, "4C", "defend", 1, 1), Golem("JS", 3, 3, "10C", "defend", 1, 2)]
    queen = Golem("QC", 3, 3, "10C", "defend", 2, 3)
    base = after_magic()
    deck = [c for c in base.economy.deck if c not in {"JC", "JS", "QC"}]
    start = placed(arrange(base, deck=deck), [[], [], ["4C"], ["10C"]])
    start = arrange_magic(start, golems=(*jacks, queen), golems_played=3)
    state = end_turn_rolling(lay(start, at("golem_blight.1", start, 0)), (5, 6))
    assert magic(state).golems == (queen,)
    assert {"JC", "JS"} <= set(state.economy.deck)
    assert told(state)[1] == (
        "Golem Blight: the Stone golems crumbled and went back into the deck: {seat:2}'s J♣, "
        "{seat:3}'s J♠"
    )
    assert sound(state)


def test_price_scare_raises_the_cost_of_the_living_by_the_volatility() -> None:
    """Price Scare (after 3 turns): "A type of inflation that affects all aspects of the game":
    the cost of the living 2 -> 3 (volatility 1), and 2 -> 4 with volatility 2."""
    start = after_magic()
    state = end_turn_rolling(lay(start, at("price_scare.1", start, 2)), THREE)
    assert state.core.counters.cost_of_living == 3
    assert told(state)[1] == "Price Scare: the cost of the living went from 2 to 3"
    start = arrange_magic(start, volatility=2)
    state = end_turn_rolling(lay(start, at("price_scare.1", start, 2)), THREE)
    assert state.core.counters.cost_of_living == 4
    assert sound(state)


def test_smog_moves_the_climate_counter() -> None:
    """Smog (after 2 orbits): "As players use resources, climates change": climate 10 -> 13,
    past the warming wheel's 12."""
    start = arrange(after_magic(), counters={"climate": 10})
    state = end_turn_rolling(lay(start, at("smog.1", start, 7)), THREE)
    assert state.core.counters.climate == 13
    assert state.config.content.wheels[state.core.counters.wheel].name == "warming"
    assert "Smog: the climate counter went from 10 to 13" in told(state)
    assert sound(state)


def test_every_effect_has_words_on_its_reveal() -> None:
    """Each default reading's reveal reads in the game's words, with its figures."""
    content = after_magic().config.magic
    for name in content.readings:
        state = lay(after_magic(), at(f"{name}.1", after_magic(), 0))
        text = event_text(
            {"kind": "reading_revealed", **readings._described(state, magic(state).field[0])}
        )
        assert content.readings[name].title in text
        assert "_" not in text


# --- the table stays whole ---------------------------------------------------------------------


def _two_dice() -> Any:
    return st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), rolls=st.lists(_two_dice(), min_size=5, max_size=40))
def test_readings_keep_gold_and_cards_whole(seed: int, rolls: list[tuple[int, int]]) -> None:
    """Whatever the rolls, no gold is made or lost and every reading card is in its deck or on
    the field (Game Setup: "There should be no discard piles")."""
    start = after_magic(seed=seed)
    start = placed(
        start, [[Stack("4C", top="5D")], [Stack("3C", top="9D")], ["6C"], ["8C"]], row=30
    )
    state = start
    for dice in rolls:
        if state.core.phase != "turn":
            break
        state = end_turn_rolling(state, dice)
        assert sound(state)
        assert len(magic(state).field) + len(magic(state).reading_deck) == 20
        told(state)
