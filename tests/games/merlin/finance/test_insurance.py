"""Insurance (MERLIN-MODULES.md §3.5; RULINGS Merlin 2's template "if the next N rolls include any
of {numbers}, the seller pays the buyer X for a premium of Y"): written by Chauffeur owners, bought
by another player on their turn, paid once on the first roll or event that qualifies, repriced
only after the season changes, void when the writer leaves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tests.games.merlin.finance.helpers import act, after_finance, arrange, conserved, rig
from tests.games.merlin.helpers import end_turn_rolling, events
from tests.games.merlin.magic.helpers import arrange_magic
from tests.games.merlin.magic.tables import QUIET_READINGS, give
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.bankruptcy import exit_player
from tradingfloor.games.merlin.finance.state import Debt, Finance, Policy
from tradingfloor.games.merlin.magic.state import Golem
from tradingfloor.games.merlin.state import MerlinState, Stack

CHAUFFEUR = Stack("4C", top="6C")
"""Seat 0's Chauffeur (numbers 4 and 6, nothing stored: no return on any roll)."""


def table(
    tableaux: Sequence[Sequence[str | Stack]] = ((CHAUFFEUR,), (), (), ()),
    gold: Sequence[int] = (20, 20, 20, 20),
    **changes: Any,
) -> MerlinState:
    """A 4-player game with every module after its auction (seat 0 to play, its roll made), with
    these stacks (their cards out of the deck) and gold; quiet readings, none on the field."""
    state = after_finance()
    used = {c for row in tableaux for s in row for c in _cards(s)}
    deck = [c for c in state.economy.deck if c not in used]
    state = arrange(state, tableaux=tableaux, deck=deck, gold=gold, **changes)
    magic = state.magic
    readings = [*magic.reading_deck, *(r.card for r in magic.field)]
    readings.sort(key=lambda c: not c.startswith(QUIET_READINGS))
    return arrange_magic(state, field=(), reading_deck=tuple(readings))


def _cards(stack: str | Stack) -> list[str]:
    if isinstance(stack, str):
        return [stack]
    return [c for c in (stack.base, stack.top) if c is not None]


def finance(state: MerlinState) -> Finance:
    assert isinstance(state.finance, Finance)
    return state.finance


def refused(state: MerlinState, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(state, seat, action)
    return caught.value.why


def write(numbers: Sequence[int] = (), **terms: Any) -> dict[str, Any]:
    return {"type": "write_insurance", "numbers": list(numbers), **terms}


def text(state: MerlinState, kind: str) -> str:
    return next(e.text for e in state.events if e.kind == kind)


def bought(state: MerlinState) -> MerlinState:
    """Seat 0 wrote quote 1; seat 1 buys it on its turn (its roll an 8: nothing happens)."""
    state = end_turn_rolling(state, (2, 6))
    assert state.core.current == 1
    return act(state, 1, {"type": "buy_insurance", "quote": 1})


def test_the_worked_figures_a_qualifying_roll_pays_once() -> None:
    """MERLIN-MODULES.md §3.5: "{2,3,5}, N=1, X=9, Y=3: next roll 5 → writer −9, buyer +9".
    Insurance: "Selling insurance on statistical chances can be as simple as "If the next roll is a
    2,3, or 5. Pays 3:1"."""
    state = table()
    state = act(state, 0, write([2, 3, 5], rolls=1, payout=9, premium=3))
    (quote,) = finance(state).quotes
    assert (quote.writer, quote.numbers, quote.rolls, quote.payout, quote.premium) == (
        0,
        (2, 3, 5),
        1,
        9,
        3,
    )
    assert text(state, "insurance_written") == (
        "{seat:0} offers insurance No. 1: 9 gold if the next roll is a 2, 3 or 5"
    )
    state = bought(state)
    assert state.core.gold[:2] == (23, 17)  # the premium to the writer
    assert finance(state).policies == (
        Policy(2, 1, 0, 1, (2, 3, 5), rolls_left=1, payout=9, premium=3),
    )
    state = end_turn_rolling(state, (2, 3))
    assert state.core.gold[:2] == (23 - 9, 17 + 9)
    assert finance(state).policies == () and finance(state).quotes == (quote,)
    assert text(state, "insurance_paid") == (
        "{seat:0}'s insurance No. 2 pays {seat:1} 9 gold (a 5 was rolled)"
    )
    assert conserved(state)


def test_the_worked_figures_a_roll_outside_the_numbers_ends_the_contract() -> None:
    """MERLIN-MODULES.md §3.5: "next roll 8 → contract ends, nothing paid"."""
    state = bought(act(table(), 0, write([2, 3, 5], rolls=1, payout=9, premium=3)))
    state = end_turn_rolling(state, (3, 5))
    assert state.core.gold[:2] == (23, 17) and finance(state).policies == ()
    assert text(state, "insurance_lapsed") == (
        "{seat:1}'s insurance from {seat:0} (No. 2) ended without paying"
    )
    assert conserved(state)


def test_a_longer_period_counts_its_rolls() -> None:
    """Insurance: "Insurance periods can be from one turn to multiple years": N=2 covers two rolls;
    the first pays nothing, the second pays."""
    state = bought(act(table(), 0, write([5], rolls=2, payout=9, premium=3)))
    state = end_turn_rolling(state, (3, 5))
    assert finance(state).policies[0].rolls_left == 1
    state = end_turn_rolling(state, (1, 4))
    assert state.core.gold[:2] == (14, 26) and finance(state).policies == ()


def test_a_payout_comes_from_the_chauffeur_then_is_owed() -> None:
    """Clubs: Chauffeurs are "where wealth is stored": a payout the writer's gold in hand does not
    cover comes from their Chauffeur stores; what is still missing is a debt to the buyer, and the
    writer is bankrupt until they pay it (Bankruptcy: "paying off any debts they owe to other
    players")."""
    state = table(tableaux=[[Stack("4C", top="6C", stored=5)], [], [], []], gold=[0, 20, 20, 20])
    state = bought(act(state, 0, write([5], rolls=1, payout=12, premium=2)))
    assert state.core.gold[0] == 2
    state = end_turn_rolling(state, (1, 4))
    assert state.core.gold[:2] == (0, 18 + 7)
    assert state.economy.tableaux[0][0].stored == 0
    assert finance(state).debts == (Debt(0, 1, 5, "insurance"),)
    assert state.core.bankrupt_since[0] is not None
    assert text(state, "insurance_paid") == (
        "{seat:0}'s insurance No. 2 pays {seat:1} 7 gold (a 5 was rolled); 5 gold of the 12 gold "
        "owed"
    )
    assert conserved(state)


def test_an_event_form_policy_pays_on_a_spell_cast_at_the_buyer() -> None:
    """Insurance: "more complex derivatives like "If a spell is played to block production …"":
    the event form spell_on_buyer pays once when a spell is cast at the buyer during the turns of
    its rolls."""
    state = table()
    state = act(state, 0, write(event="spell_on_buyer", rolls=2, payout=6, premium=2))
    assert finance(state).quotes[0].event == "spell_on_buyer"
    assert finance(state).quotes[0].numbers == ()
    state = bought(state)
    state = give(state, "spells", 2, "pickpocket.1")
    state = end_turn_rolling(state, (2, 6))
    assert state.core.current == 2
    state = act(
        state,
        2,
        {"type": "cast_spell", "spell": "pickpocket.1", "seat": 1, "card": None, "credit": False},
    )
    # Pickpocket takes 3 from seat 1's hand; the insurance pays 6.
    assert state.core.gold[:3] == (22 - 6, 18 - 3 + 6, 23)
    assert finance(state).policies == ()
    assert text(state, "insurance_paid") == (
        "{seat:0}'s insurance No. 2 pays {seat:1} 6 gold (a spell was cast at them)"
    )
    assert conserved(state)


def test_an_event_form_policy_covers_the_turns_of_its_rolls_then_ends() -> None:
    """[R] An event form covers the rest of the turn it is bought in and the turns of its next N
    rolls; it ends at the roll after them without paying."""
    state = table()
    state = bought(
        act(state, 0, write(event="golem_damage_on_buyer", rolls=1, payout=6, premium=2))
    )
    state = end_turn_rolling(state, (2, 6))  # roll 1: seat 2's turn is covered
    assert finance(state).policies[0].rolls_left == 0
    state = end_turn_rolling(state, (2, 6))  # roll 2: over
    assert finance(state).policies == () and events(state, "insurance_lapsed")


def test_a_golem_damage_policy_pays_when_a_golem_hits_the_buyers_property() -> None:
    """The event form golem_damage_on_buyer: a Stone golem attacking the buyer's 5♣ acts on an 11
    (Jacks: "Stone golems"; "deal one point of damage to the property") and the policy pays."""
    state = table(tableaux=[[CHAUFFEUR], [Stack("5C", top="3D")], [], []])
    deck = [c for c in state.economy.deck if c != "JD"]
    state = arrange(state, deck=deck)
    state = arrange_magic(state, golems=(Golem("JD", 2, 1, "5C", "attack", 1, 0),))
    state = act(state, 0, write(event="golem_damage_on_buyer", rolls=2, payout=5, premium=2))
    state = bought(state)
    state = end_turn_rolling(state, (5, 6))
    assert events(state, "golem_damage")
    assert state.core.gold[:2] == (22 - 5, 18 + 5) and finance(state).policies == ()
    assert text(state, "insurance_paid") == (
        "{seat:0}'s insurance No. 2 pays {seat:1} 5 gold (a golem damaged their property)"
    )
    assert conserved(state)


def test_a_land_blocked_policy_pays_when_a_curse_takes_the_lands_yield() -> None:
    """Insurance: "If a spell is played to block production of souls on your property and the
    number on the land is rolled. Pays 14:3"."""
    state = table(tableaux=[[CHAUFFEUR], [Stack("5C", top="3D")], [], []])
    state = act(
        state,
        0,
        write(event="land_blocked", commodity="souls", rolls=3, payout=14, premium=3),
    )
    state = bought(state)
    state = give(state, "spells", 2, "blight.1")
    state = end_turn_rolling(state, (2, 6))
    state = act(
        state,
        2,
        {"type": "cast_spell", "spell": "blight.1", "seat": 1, "card": "3D", "credit": False},
    )
    assert finance(state).policies  # the spell alone blocks nothing yet
    state = end_turn_rolling(state, (1, 2))  # the land's number: the curse takes its Souls
    assert state.economy.goods[1][0] == 0
    assert state.core.gold[:2] == (23 - 14, 17 + 14) and finance(state).policies == ()
    assert text(state, "insurance_paid") == (
        "{seat:0}'s insurance No. 2 pays {seat:1} 14 gold (a spell blocked their land)"
    )
    assert conserved(state)


def test_premiums_change_only_when_the_season_changes() -> None:
    """Insurance: "Premium costs can only be changed on the changing of the season." A double
    within summer turns the wheel but not the season; once it is autumn the premium may change,
    then not again until the next season."""
    state = table()
    state = act(state, 0, write([7], rolls=2, payout=5, premium=2))
    reprice = {"type": "reprice", "quote": 1, "premium": 4}
    assert refused(state, 0, reprice) == (
        "premiums change only when the season changes: it is still summer since you priced quote "
        "No. 1; reprice it once the wheel turns into the next season"
    )
    state = arrange(state, counters={"portion": 2, "clock": 2})  # still summer
    assert "it is still summer" in refused(state, 0, reprice)
    state = arrange(state, counters={"portion": 3, "clock": 3})  # autumn
    state = act(state, 0, reprice)
    assert finance(state).quotes[0].premium == 4 and finance(state).quotes[0].priced == 3
    assert text(state, "insurance_repriced") == (
        "{seat:0} changed the premium of insurance No. 1 from 2 gold to 4 gold (autumn)"
    )
    assert "it is still autumn" in refused(state, 0, {**reprice, "premium": 3})


def test_who_writes_and_who_buys() -> None:
    """Insurance: "Players that have a chauffeurs … are able to create derivatives contracts with
    other players": a player without a Chauffeur cannot write; the writer cannot buy their own;
    a buyer needs the premium."""
    state = table(gold=[20, 1, 20, 20])
    assert refused(state, 0, write(rolls=1, payout=9, premium=3)) == (
        "name the numbers (2 to 12) the insurance pays on, or choose an event"
    )
    assert refused(state, 0, write(event="land_blocked", rolls=1, payout=9, premium=3)) == (
        "name the commodity whose blocked land it covers: one of Souls, Elixir Oil, Essence Grain"
    )
    state = act(state, 0, write([2, 3, 5], rolls=1, payout=9, premium=3))
    assert refused(state, 0, {"type": "buy_insurance", "quote": 1}) == (
        "you wrote quote No. 1: insurance is bought by the other players"
    )
    state = end_turn_rolling(state, (2, 6))
    assert refused(state, 1, write([2], rolls=1, payout=9, premium=3)) == (
        "insurance is written by a Chauffeur's owner: place a property across another of yours "
        "to make one"
    )
    assert refused(state, 1, {"type": "buy_insurance", "quote": 1}) == (
        "the premium is 3 gold and you hold 1 gold"
    )
    assert refused(state, 1, {"type": "buy_insurance", "quote": 9}) == (
        "there is no insurance quote No. 9: buy one of the quotes on offer"
    )


def test_a_withdrawn_quote_cannot_be_bought_and_a_seven_form_pays_on_a_seven() -> None:
    """The writer may stop offering a quote; the event "seven" pays on a 7 (Dice: "If a 7 is
    rolled …")."""
    state = table()
    state = act(state, 0, write(event="seven", rolls=1, payout=8, premium=2))
    state = act(state, 0, write([12], rolls=1, payout=30, premium=1))
    state = act(state, 0, {"type": "withdraw_quote", "quote": 2})
    assert [q.id for q in finance(state).quotes] == [1]
    state = bought(state)
    assert "no insurance quote No. 2" in refused(state, 1, {"type": "buy_insurance", "quote": 2})
    state = end_turn_rolling(state, (3, 4))
    assert events(state, "insurance_paid")[0]["paid"] == 8 and conserved(state)


def test_a_writer_leaving_owes_the_premiums_back_pro_rata() -> None:
    """MERLIN-MODULES.md §3.8: "On exit: shorts and insurance written by the player are void
    (longs refunded from their remaining gold, pro rata)": two buyers paid 3 and 6; the writer
    leaves with 6 gold: 2 and 4 come back; the quotes are withdrawn."""
    state = table()
    state = act(state, 0, write([12], rolls=5, payout=9, premium=3))
    state = act(state, 0, write([2], rolls=5, payout=9, premium=6))
    state = bought(state)
    state = end_turn_rolling(state, (2, 6))
    state = act(state, 2, {"type": "buy_insurance", "quote": 2})
    assert state.core.gold[:3] == (29, 17, 14)
    state = arrange(state, gold=[6, 17, 14, 20])
    log: list[Any] = []
    state = exit_player(state, 0, log)
    assert state.core.gold[:3] == (0, 19, 18)
    fin = finance(state)
    assert fin.quotes == () and fin.policies == () and fin.debts == ()
    (void,) = [e for e in log if e.kind == "insurance_void"]
    assert void.text == (
        "{seat:0} leaves: 2 insurance policies they wrote void, 9 gold of premiums owed back; 2 "
        "quote(s) withdrawn"
    )
    assert conserved(state)


def test_random_play_with_insurance_keeps_gold_conserved() -> None:
    """Every state of random play with the finance module on (Chauffeurs at every seat, so that
    quotes are written, bought and paid) keeps gold conserved."""
    from tests.games.merlin.helpers import random_walk

    pairs = (("2C", "3C"), ("4C", "5C"), ("8C", "9C"), ("10C", "6C"))
    rows = [[Stack(base, top=top, stored=6)] for base, top in pairs]
    state = table(tableaux=rows, gold=[30, 30, 30, 30])
    kinds: set[str] = set()
    for step in random_walk(rig(state, (3, 3)), seed=5, steps=600):
        kinds.update(e.kind for e in step.events)
        assert conserved(step)
    assert {"insurance_written", "insurance_bought"} <= kinds
