"""Kings: royal decrees, the regulation round, the vote on the decree, crowns and the monarchy
(MERLIN-MODULES.md §2.6), and the regulations decrees.py applies (Permit Quota, Investment
Ceiling, Oil Levy)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.merlin.helpers import GAME, end_turn_rolling, events
from tests.games.merlin.magic.helpers import (
    act,
    after_magic,
    arrange,
    arrange_magic,
    cards_accounted,
    conserved,
    rig,
)
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.bankruptcy import exit_player
from tradingfloor.games.merlin.magic.state import Magic, Rule
from tradingfloor.games.merlin.state import MerlinState, Stack

KING = "KS"


def magic(state: MerlinState) -> Magic:
    assert isinstance(state.magic, Magic)
    return state.magic


def with_king(state: MerlinState | None = None, seat: int = 0, **options: Any) -> MerlinState:
    """A magic game (seat 0 to play) where `seat` holds the King of spades, bought earlier."""
    state = state or after_magic(**options)
    hands = [list(h) for h in state.economy.hands]
    hands[seat].append(KING)
    deck = [c for c in state.economy.deck if c != KING]
    return arrange(state, hands=hands, deck=deck)


def decree(state: MerlinState, seat: int = 0, **steps: int) -> MerlinState:
    return act(state, seat, {"type": "play_decree", "card": KING, **steps})


def everyone(state: MerlinState, kind: str, field: str, choices: dict[int, str]) -> MerlinState:
    """Each seat seals its choice, in the order given."""
    for seat, choice in choices.items():
        state = act(state, seat, {"type": kind, field: choice})
    return state


def propose(state: MerlinState, choices: dict[int, str]) -> MerlinState:
    return everyone(state, "propose", "proposal", choices)


def vote(state: MerlinState, choices: dict[int, str]) -> MerlinState:
    return everyone(state, "magic_vote", "choice", choices)


def refusal(state: MerlinState, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action)
    return str(err.value.why)


def full_round(state: MerlinState, proposals: dict[int, str], votes: dict[int, str]) -> MerlinState:
    """A decree's round to its end: proposals, (votes if several), the decree's vote (yes)."""
    state = propose(state, proposals)
    if len(set(proposals.values())) > 1:
        state = vote(state, votes)
    return vote(state, dict.fromkeys(proposals, "yes"))


NOBODY = dict.fromkeys(range(4), "none")


# --- acceptance (MERLIN-MODULES.md §2.11) --------------------------------------------------------


def test_five_crowns_make_a_monarchy_and_win() -> None:
    """§2.11: "Five crowns → `monarchy` → winners [player], reason "monarchy"." Kings: "Players
    that have five crowns can play them all to create a monarchy and instantly win the game." """
    state = arrange_magic(after_magic(), crowns=(5, 0, 0, 0))
    state = act(state, 0, {"type": "monarchy"})
    assert state.core.phase == "over" and state.core.ended == "monarchy"
    assert events(state, "game_over") == [{"kind": "game_over", "why": "monarchy"}]
    result = GAME.result(state)
    assert result is not None
    assert list(result.winners) == [0]
    assert "monarchy" in result.reason
    assert result.ranks[0] == 1 and all(rank > 1 for rank in result.ranks[1:])
    assert magic(state).crowns == (0, 0, 0, 0)
    assert GAME.actors(state) == ()


def test_four_crowns_are_not_a_monarchy() -> None:
    """Kings: "Players that have five crowns can play them all" (magic.toml monarchy_crowns)."""
    state = arrange_magic(after_magic(), crowns=(4, 0, 0, 0))
    assert refusal(state, 0, {"type": "monarchy"}) == "a monarchy takes 5 crowns; you hold 4"


def test_the_winner_is_the_monarch_even_when_poorer() -> None:
    """RULINGS Merlin 4: "a player who plays five crowns" wins, whatever the others hold."""
    state = arrange(after_magic(), gold=[1, 50, 20, 30])
    state = act(arrange_magic(state, crowns=(5, 0, 0, 0)), 0, {"type": "monarchy"})
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,) and result.ranks == (1, 2, 4, 3)


# --- playing a decree ----------------------------------------------------------------------------


def test_decree_moves_counters_gives_a_crown_and_holds_the_king_aside() -> None:
    """Kings: "it can be used to increase or decrease by one: the cost of the living, research cost,
    and the tax rate"; "The player that plays the Royal Decree is given a crown." """
    state = with_king()
    assert state.core.counters.cost_of_living == 2
    state = decree(state, cost_of_living=1, research_cost=1, tax_rate=-1)
    counters = state.core.counters
    assert (counters.cost_of_living, counters.research_cost, counters.tax_rate) == (3, 2, 0)
    assert magic(state).crowns == (1, 0, 0, 0)
    assert KING not in state.economy.hands[0] and KING not in state.economy.deck
    ballot = magic(state).ballot
    assert ballot is not None and ballot.kind == "propose" and ballot.card == KING
    assert cards_accounted(state) and conserved(state)
    (text,) = [e.text for e in state.events]
    assert "the cost of the living up to 3" in text and "the tax rate down to 0" in text


def test_a_king_bought_this_turn_waits_for_the_next() -> None:
    """Kings: "picked and played"; Core Loop: "Permits are bought at the end so they can only be
    played the turn after you have bought them"."""
    state = after_magic()
    state = arrange(state, deck=[KING, *[c for c in state.economy.deck if c != KING]])
    state = act(state, 0, {"type": "buy_permit"})
    assert KING in state.economy.hands[0] and KING in state.economy.fresh
    assert "play_decree" not in {a.type for a in GAME.legal(state, 0).enumerate() or []}
    bought = replace(state, economy=replace(state.economy, buying=False))  # back before buying
    why = refusal(bought, 0, {"type": "play_decree", "card": KING})
    assert why == "K♠ was bought this turn; play it from your next turn"
    for _ in range(4):
        state = end_turn_rolling(state, (1, 2))
    assert state.core.current == 0
    assert decree(state).magic.ballot is not None


def test_only_kings_are_decrees() -> None:
    """Kings: "Royal Decrees"; a property is not one."""
    state = with_king()
    state = arrange(state, hands=[[KING, "3C"], [], [], []])
    why = refusal(state, 0, {"type": "play_decree", "card": "3C"})
    assert why == "3♣ is not a King; only Kings are royal decrees"
    assert refusal(state, 1, {"type": "play_decree", "card": KING}) == "it is not your move"


def test_the_option_one_lets_a_decree_move_one_counter() -> None:
    """Option decree_counters "one" (MERLIN-MODULES.md §2.6 (a))."""
    state = with_king(decree_counters="one")
    why = refusal(
        state, 0, {"type": "play_decree", "card": KING, "tax_rate": 1, "research_cost": 1}
    )
    assert why == "at this table a decree moves one counter only: change just one of them"
    menu = GAME.legal(state, 0).enumerate()
    assert menu is not None
    decrees = [a for a in menu if a.type == "play_decree"]
    assert len(decrees) == 6  # no change, or one of three counters up or down (tax rate at 1)
    state = decree(state, tax_rate=1)
    assert state.core.counters.tax_rate == 2


def test_counters_stay_above_their_floors() -> None:
    """setup.toml [floors]: the research cost never goes below 1."""
    state = with_king()
    why = refusal(state, 0, {"type": "play_decree", "card": KING, "research_cost": -1})
    assert why == "the research cost cannot go below 1"
    menu = GAME.legal(state, 0).enumerate()
    assert menu is not None
    assert len([a for a in menu if a.type == "play_decree"]) == 18  # 3 × 2 × 3


def test_the_ballot_blocks_the_turn_until_it_resolves() -> None:
    """Kings: "all players take a vote": the player's turn waits for the round and goes on after."""
    state = decree(with_king())
    assert GAME.actors(state) == (0, 1, 2, 3)
    assert refusal(state, 0, {"type": "end_turn"}).startswith("you cannot end_turn now")
    state = propose(state, {0: "none"})
    assert GAME.actors(state) == (1, 2, 3)
    assert (
        refusal(state, 0, {"type": "end_turn"})
        == "you have already sealed your choice; wait for the others"
    )
    state = propose(state, {1: "none", 2: "none", 3: "none"})
    state = vote(state, {0: "yes", 1: "yes", 2: "yes", 3: "yes"})
    assert GAME.actors(state) == (0,) and GAME.view(state, 0)["step"] == "turn"
    assert magic(state).ballot is None
    assert act(state, 0, {"type": "end_turn"}).core.current == 1


# --- take back investments -----------------------------------------------------------------------


def invested_table() -> MerlinState:
    state = with_king()
    tableaux: list[list[Any]] = [[Stack("3C", invested=4), Stack("5C", invested=2)], [], [], []]
    placed = ("3C", "5C")
    return arrange(
        state, tableaux=tableaux, deck=[c for c in state.economy.deck if c not in placed]
    )


def test_a_decree_frees_investments_for_the_rest_of_the_turn() -> None:
    """Kings: "The player that plays the card has the ability on that turn to take back any and all
    investments they currently have on properties." """
    state = invested_table()
    why = refusal(state, 0, {"type": "reclaim", "card": "3C"})
    assert why == "investments are locked in; only a royal decree played this turn frees them"
    state = full_round(decree(state), NOBODY, {})
    gold = state.core.gold[0]
    state = act(state, 0, {"type": "reclaim", "card": "3C"})
    assert state.core.gold[0] == gold + 4
    assert [s.invested for s in state.economy.tableaux[0]] == [0, 2]
    assert refusal(state, 0, {"type": "reclaim", "card": "3C"}) == "nothing is invested on 3♣"
    state = act(state, 0, {"type": "reclaim", "card": "5C"})
    assert state.core.gold[0] == gold + 6 and conserved(state)
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    assert state.core.current == 0 and not magic(state).reclaim


# --- the regulation round ------------------------------------------------------------------------


def test_proposals_are_revealed_then_voted_by_plurality() -> None:
    """Kings: "As a group, all the players must make a regulation, change a regulation or delete a
    regulation. All players can vote on it"; "Have a sheet of paper with all the regulations"."""
    state = decree(with_king())
    state = propose(
        state, {0: "add:permit_quota", 1: "add:oil_levy", 2: "add:permit_quota", 3: "none"}
    )
    (revealed,) = events(state, "proposals")
    assert revealed["proposals"] == {
        "0": "add:permit_quota",
        "1": "add:oil_levy",
        "2": "add:permit_quota",
        "3": "none",
    }
    ballot = magic(state).ballot
    assert ballot is not None and ballot.kind == "regulate"
    assert ballot.choices == ("add:permit_quota", "add:oil_levy", "none")
    state = vote(state, {0: "add:oil_levy", 1: "add:oil_levy", 2: "none", 3: "add:permit_quota"})
    assert magic(state).regulations == (Rule("oil_levy", 0),)
    assert GAME.view(state, 2)["magic"]["regulations"][0]["title"] == "Oil Levy"
    (result,) = events(state, "regulation_vote")
    assert result["chosen"] == "add:oil_levy"
    assert any("Regulations in force: the Oil Levy" in e.text for e in state.events)
    ballot = magic(state).ballot
    assert ballot is not None and ballot.kind == "reshuffle"


def test_a_tie_goes_to_the_decree_players_proposal() -> None:
    """MERLIN-MODULES.md §2.6: "ties go to the decree player's" proposal."""
    state = decree(with_king())
    state = propose(state, {0: "add:spell_duty", 1: "add:oil_levy", 2: "none", 3: "none"})
    state = vote(state, {0: "add:spell_duty", 1: "add:oil_levy", 2: "add:oil_levy", 3: "none"})
    assert magic(state).regulations == (Rule("oil_levy", 0),)  # a plurality of 2
    state = decree(with_king())
    state = propose(state, {0: "add:spell_duty", 1: "add:oil_levy", 2: "none", 3: "none"})
    state = vote(
        state, {0: "add:spell_duty", 1: "add:oil_levy", 2: "add:spell_duty", 3: "add:oil_levy"}
    )
    assert magic(state).regulations == (Rule("spell_duty", 1),)


def test_a_tie_without_the_decree_players_proposal_goes_to_the_earliest_in_turn_order() -> None:
    """[R] A tie the decree player's proposal is not in goes to the tied proposal made earliest in
    turn order from the decree player (here seat 2: seat 3's proposal comes before seat 0's)."""
    state = after_magic()
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    assert state.core.current == 2
    state = decree(with_king(state, seat=2), seat=2)
    assert magic(state).ballot.voters == (2, 3, 0, 1)  # type: ignore[union-attr]
    state = propose(state, {0: "add:oil_levy", 1: "add:oil_levy", 2: "none", 3: "add:permit_quota"})
    assert magic(state).ballot.choices == ("none", "add:permit_quota", "add:oil_levy")  # type: ignore[union-attr]
    state = vote(
        state, {0: "add:oil_levy", 1: "add:permit_quota", 2: "add:oil_levy", 3: "add:permit_quota"}
    )
    assert magic(state).regulations == (Rule("permit_quota", 2),)


def test_a_single_proposal_is_adopted_without_a_vote() -> None:
    """[R] When every player proposes the same, it is adopted; the decree's vote follows."""
    state = decree(with_king())
    state = propose(state, dict.fromkeys(range(4), "add:investment_ceiling"))
    assert magic(state).regulations == (Rule("investment_ceiling", 5),)
    ballot = magic(state).ballot
    assert ballot is not None and ballot.kind == "reshuffle"
    assert "The only proposal" in state.events[-1].text


def test_change_and_delete_a_regulation() -> None:
    """Kings: "make a regulation, change a regulation or delete a regulation" (a change moves the
    figure one step within its range, regulations.toml least..most)."""
    state = arrange_magic(with_king(), regulations=(Rule("permit_quota", 2), Rule("oil_levy", 0)))
    state = decree(state)
    menu = GAME.legal(state, 1).enumerate()
    assert menu is not None
    offered = {a.proposal for a in menu}  # type: ignore[attr-defined]
    assert {"change:permit_quota:up", "change:permit_quota:down", "delete:oil_levy"} <= offered
    assert not {"add:permit_quota", "change:oil_levy:up", "add:trade_tariff"} & offered
    state = full_round(
        state,
        {0: "change:permit_quota:up", 1: "none", 2: "none", 3: "delete:oil_levy"},
        {0: "change:permit_quota:up", 1: "change:permit_quota:up", 2: "none", 3: "none"},
    )
    assert magic(state).regulations == (Rule("permit_quota", 3), Rule("oil_levy", 0))
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    state = decree(with_king(state))
    state = propose(state, dict.fromkeys(range(4), "delete:oil_levy"))
    assert magic(state).regulations == (Rule("permit_quota", 3),)


def test_proposals_refused_in_words() -> None:
    """Kings: "The regulation cannot be targeted towards a player, but can target their actions";
    only the sheet's regulations, of the modules in the game, within their figures' ranges."""
    state = arrange_magic(with_king(), regulations=(Rule("permit_quota", 5), Rule("oil_levy", 0)))
    state = decree(state)

    def why(proposal: str) -> str:
        return refusal(state, 1, {"type": "propose", "proposal": proposal})

    assert why("add:permit_quota") == (
        "the Permit Quota is in force already; propose to change or delete it"
    )
    assert why("change:permit_quota:up") == "the Permit Quota is at its limit (1 to 5)"
    assert why("change:oil_levy:up") == "the Oil Levy has no figure to change"
    assert why("delete:spell_duty") == "the Spell Duty is not in force; propose to add it"
    assert why("add:trade_tariff") == (
        "the Trade Tariff belongs to the finance module, which is not in this game"
    )
    assert why("ban:seat_2") == (
        "propose to add, change or delete one of the regulations of the sheet, or none"
    )
    state = act(state, 1, {"type": "propose", "proposal": "none"})
    assert why("none") == "you have already sealed your choice; wait for the others"  # rules.py


def test_others_never_see_a_sealed_proposal_or_vote() -> None:
    """MERLIN-MODULES.md §1, Secrecy: "sealed bids/votes" are secret: another seat's view is the
    same whatever was sealed, and shows only who has sealed."""
    state = decree(with_king())
    sealed_a = propose(state, {0: "add:permit_quota"})
    sealed_b = propose(state, {0: "add:oil_levy"})
    for seat in (1, 2, 3, None):
        assert GAME.view(sealed_a, seat) == GAME.view(sealed_b, seat)
    ballot = GAME.view(sealed_a, 1)["magic"]["ballot"]
    assert ballot["sealed"] == [0] and ballot["mine"] is None
    assert GAME.view(sealed_a, 0)["magic"]["ballot"]["mine"] == "add:permit_quota"
    voting = propose(sealed_a, {1: "add:oil_levy", 2: "none", 3: "none"})
    vote_a = vote(voting, {2: "none"})
    vote_b = vote(voting, {2: "add:oil_levy"})
    for seat in (0, 1, 3):
        assert GAME.view(vote_a, seat) == GAME.view(vote_b, seat)
        assert "none" not in json.dumps(GAME.view(vote_a, seat)["magic"]["ballot"]["sealed"])


def test_redetermine_draws_others_sealed_choices_afresh() -> None:
    """DESIGN: "a seat's view is the same before and after redetermine": others' sealed proposals
    are drawn again among the legal ones; one's own stays."""
    state = decree(with_king())
    state = propose(state, {0: "add:permit_quota", 1: "add:oil_levy"})
    seen = set()
    for seed in range(30):
        other = GAME.redetermine(state, 1, random.Random(seed))
        assert GAME.view(other, 1) == GAME.view(state, 1)
        ballot = magic(other).ballot
        assert ballot is not None
        assert ballot.sealed[1] == "add:oil_levy" and ballot.sealed[2:] == (None, None)
        seen.add(ballot.sealed[0])
    assert len(seen) > 1
    assert all(p in {a.proposal for a in GAME.legal(state, 2).enumerate() or []} for p in seen)  # type: ignore[attr-defined]


# --- the vote on the decree ----------------------------------------------------------------------


def test_a_majority_reshuffles_the_king() -> None:
    """Kings: "all players take a vote on if the decree should be reshuffled into the deck,
    majority rule." """
    state = propose(decree(with_king()), NOBODY)
    assert cards_accounted(state)
    state = vote(state, {0: "yes", 1: "yes", 2: "yes", 3: "no"})
    assert KING in state.economy.deck and magic(state).removed == ()
    assert cards_accounted(state) and conserved(state)
    (decided,) = events(state, "decree_vote")
    assert decided["reshuffled"] and decided["yes"] == 3


def test_half_is_no_majority_and_the_king_leaves_the_game() -> None:
    """[R] "majority rule" is strictly more than half: 2 yes of 4 removes the King from the game."""
    state = propose(decree(with_king()), NOBODY)
    state = vote(state, {0: "yes", 1: "no", 2: "yes", 3: "no"})
    assert KING not in state.economy.deck and magic(state).removed == (KING,)
    assert cards_accounted(state)
    assert "removed from the game" in state.events[-1].text


# --- crowns --------------------------------------------------------------------------------------


def spring_next(state: MerlinState) -> MerlinState:
    """The last portion of winter: the next double turns the wheel into spring (taxes)."""
    return arrange(state, counters={"portion": 8})


def test_a_crown_skips_the_next_spring_taxes() -> None:
    """Kings: "A crown is a consumable item that allows the player to skip paying taxes for the
    year it is used." """
    state = arrange_magic(spring_next(after_magic()), crowns=(1, 0, 0, 0))
    state = act(state, 0, {"type": "use_crown"})
    assert magic(state).crowns == (0, 0, 0, 0) and magic(state).crown_year == (1, 0, 0, 0)
    assert refusal(state, 0, {"type": "use_crown"}) == (
        "you have no crown; playing a royal decree gives one"
    )
    gold = state.core.gold
    state = end_turn_rolling(state, (2, 2))
    assert events(state, "tax_skipped") == [{"kind": "tax_skipped", "seat": 0}]
    assert [e["seat"] for e in events(state, "tax")] == [1, 2, 3]
    assert state.core.gold[0] == gold[0] and conserved(state)


def test_one_crown_a_spring() -> None:
    """[R] A second crown for the same spring is refused (it would skip nothing more)."""
    state = arrange_magic(after_magic(), crowns=(2, 0, 0, 0))
    state = act(state, 0, {"type": "use_crown"})
    why = refusal(state, 0, {"type": "use_crown"})
    assert why == "a crown already spares you the taxes of the spring of year 1"


def test_after_this_years_taxes_a_crown_spares_next_years() -> None:
    """[R] "skip paying taxes for the year it is used": once this year's spring taxes are paid, the
    crown spares the next spring's."""
    state = arrange(after_magic(), counters={"taxed_year": 1})
    state = act(arrange_magic(state, crowns=(1, 0, 0, 0)), 0, {"type": "use_crown"})
    assert magic(state).crown_year == (2, 0, 0, 0)


# --- the regulations applied here ----------------------------------------------------------------


def test_permit_quota_limits_the_buys_of_a_turn() -> None:
    """Permit Quota (regulations.toml, "Buy permits one at a time since the price can change"): at
    most 2 permits bought a turn."""
    state = arrange_magic(after_magic(), regulations=(Rule("permit_quota", 2),))
    deck = [c for c in state.economy.deck if c[:-1] not in ("7", "A", "X")]
    state = arrange(state, deck=deck, gold=[20, 10, 10, 10])
    state = act(act(state, 0, {"type": "buy_permit"}), 0, {"type": "buy_permit"})
    why = refusal(state, 0, {"type": "buy_permit"})
    assert why == "the Permit Quota allows 2 permits a turn and you have bought them; end your turn"
    assert "buy_permit" not in {a.type for a in GAME.legal(state, 0).enumerate() or []}
    state = end_turn_rolling(state, (1, 2))
    assert act(state, 1, {"type": "buy_permit"}).economy.hands[1]


def test_investment_ceiling_caps_gold_on_a_property() -> None:
    """Investment Ceiling ("Property investments are locked in"): at most 5 gold on a property."""
    state = arrange(after_magic(), tableaux=[[Stack("3C", invested=3)], [], [], []])
    state = arrange_magic(state, regulations=(Rule("investment_ceiling", 5),))
    why = refusal(state, 0, {"type": "invest", "card": "3C", "amount": 3})
    assert why == "the Investment Ceiling lets you put 2 more gold on 3♣"
    state = act(state, 0, {"type": "invest", "card": "3C", "amount": 2})
    assert state.economy.tableaux[0][0].invested == 5
    assert all(a.type != "invest" for a in GAME.legal(state, 0).enumerate() or [])


def oil_table(gold: list[int]) -> MerlinState:
    """Seat 1 holds the land 5♦ on 3♣; the tax rate is 2; the Oil Levy is in force."""
    state = after_magic()
    deck = [c for c in state.economy.deck if c not in ("5D", "3C")]
    state = arrange(
        state,
        tableaux=[[], [Stack("3C", top="5D")], [], []],
        deck=deck,
        gold=gold,
        counters={"tax_rate": 2},
    )
    return arrange_magic(state, regulations=(Rule("oil_levy", 0),))


def test_oil_levy_charges_the_tax_rate_per_unit_of_oil() -> None:
    """Oil Levy: "If a players gains an oil card, they must pay the tax rate." """
    state = oil_table([10, 10, 10, 10])
    row = state.core.ledger.row
    state = end_turn_rolling(state, (2, 3))
    assert state.economy.goods[1][1] == 1
    assert state.core.gold[1] == 8 and state.core.ledger.row == row + 2
    assert events(state, "oil_levy") == [
        {"kind": "oil_levy", "seat": 1, "units": 1, "due": 2, "paid": 2}
    ]
    assert conserved(state)


def test_oil_levy_takes_what_the_player_holds() -> None:
    """[R] The levy is paid as far as the player's gold goes; the oil is theirs in full."""
    state = oil_table([10, 1, 10, 10])
    state = end_turn_rolling(state, (2, 3))
    assert state.economy.goods[1][1] == 1 and state.core.gold[1] == 0
    assert "paid 1 gold to the R.O.W. for 1 Elixir Oil (of 2 due)" in " ".join(
        e.text for e in state.events
    )


def test_no_levy_without_the_regulation() -> None:
    state = arrange_magic(oil_table([10, 10, 10, 10]), regulations=())
    state = end_turn_rolling(state, (2, 3))
    assert state.core.gold[1] == 10 and not events(state, "oil_levy")


def test_a_whole_decree_keeps_gold_and_cards() -> None:
    """Conservation through a decree: counters, crown, proposals, vote, reshuffle, reclaim."""
    state = invested_table()
    state = decree(state, cost_of_living=-1, research_cost=1)
    state = full_round(
        state,
        {0: "add:investment_ceiling", 1: "add:oil_levy", 2: "none", 3: "add:investment_ceiling"},
        {
            0: "add:investment_ceiling",
            1: "add:oil_levy",
            2: "add:investment_ceiling",
            3: "add:oil_levy",
        },
    )
    state = act(state, 0, {"type": "reclaim", "card": "3C"})
    assert conserved(state) and cards_accounted(state)
    assert magic(state).regulations == (Rule("investment_ceiling", 5),)  # tie: the decree player's
    state = rig(state, (1, 2))
    assert conserved(act(state, 0, {"type": "end_turn"}))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.tuples(*[st.sampled_from((-1, 0, 1))] * 3))
def test_random_rounds_keep_gold_cards_and_secrets(seed: int, steps: tuple[int, ...]) -> None:
    """Any decree round played at random: gold conserved, every card accounted for, each seat's
    view unchanged by redetermining for it, and the turn back with the player at the end."""
    rng = random.Random(seed)
    state = arrange_magic(with_king(), regulations=(Rule("permit_quota", 2),))
    moves = dict(zip(("cost_of_living", "research_cost", "tax_rate"), steps, strict=True))
    if "research_cost" in moves and state.core.counters.research_cost == 1:
        moves["research_cost"] = max(0, moves["research_cost"])
    state = decree(state, **moves)
    while magic(state).ballot is not None:
        seat = rng.choice(GAME.actors(state))
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
        assert conserved(state) and cards_accounted(state)
        for viewer in range(4):
            other = GAME.redetermine(state, viewer, random.Random(seed))
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
    assert GAME.actors(state) == (0,) and magic(state).crowns[0] == 1


def test_a_player_leaving_while_the_others_have_proposed_votes_no_more() -> None:
    """Bankruptcy: a player out of the game takes no part in what follows; the proposals they did
    not seal resolve without them, and the vote that follows does not wait on them."""
    state = propose(decree(with_king()), {0: "add:spell_duty", 1: "add:golem_licence", 2: "none"})
    log: list[Any] = []
    state = exit_player(state, 3, log)
    ballot = magic(state).ballot
    assert ballot is not None and ballot.kind == "regulate"
    assert 3 not in ballot.voters
