"""The terminal with the magic module: the magic table drawn in words, secrets kept, forms'
choices in words (MERLIN-MODULES.md §2; RULINGS Merlin 8: "Hands of spells, potion recipes and
potions set face down are secret; permits, golems in play, crowns ... are public")."""

from __future__ import annotations

import json
import re

from tests.web.magic_table import magic_table, many_spells, proposal_round, regulation_vote
from tradingfloor.games.merlin import terminal

from .consoles import drawn, menu_number, scripted
from .helpers import GAME

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.\d\b")  # spell_duty, pickpocket.1


def test_the_magic_table_is_drawn_in_words() -> None:
    """Labs with grant and credits, shops, golems on stacks with hit points, potions, readings
    with trigger and waiver, the regulations sheet, crowns and maintenance, in the draft's terms
    (Spades: "research grants"; Jacks and Queens: "hit points"; Kings: "regulations")."""
    text = drawn(magic_table(), 0)
    assert "6♣(1)+9♠ Spell Shop (open, fee 1)" in text
    assert "8♣(1)+10♥ Brewery" in text
    assert "2♠ spell lab" in text and "8♥ potion lab" in text
    assert "a spell on a 2" in text and "a potion recipe on an 8" in text
    assert "unfunded" in text and "2 of 3" in text
    assert "Seat 2's 8♣" in text and "2 of 3" in text
    assert "Seat 3's Stone golem J♥ attacks (1 HP, acts on 11)" in text
    assert "nothing (entrenched)" in text and "goes to Seat 2" in text
    assert "Drought (Tea Leaves, turn 1): When 8, 9 or 10 is rolled" in text
    assert "Void if 7 is rolled first" in text
    assert "Permit Quota: At most 2 permits bought a turn." in text
    assert "Fallow Curse on Seat 3's 2♣" in text
    assert "2 crowns (of 5 for a monarchy)" in text
    assert "owes the bank 3 (maintenance)" in text
    assert "maintenance 2 gold" in text
    assert not IDENTIFIER.search(text), IDENTIFIER.search(text)


def test_your_hand_is_yours_and_the_others_are_counts() -> None:
    """Your spells, recipes and potions with what they do; another's only as counts; which
    potion lies face down only for its owner."""
    state = magic_table()
    mine = drawn(state, 0)
    assert "Pickpocket, Rot, Bad Omen, Golden Touch" in mine
    assert "recipe: Golden Touch (brew with 2 Elixir Oil)" in mine
    assert "Your Growth Tonic, under 4♣: Its next yield gives 2 more units." in mine
    assert "Seat 2's potion, face down under 5♣ (only its owner knows which)" in mine
    assert "2 spells, 1 recipe, 0 potions" in mine  # seat 2's hand
    theirs = drawn(state, 1)
    for secret in ("Golden Touch", "Rot", "Growth Tonic", "Warding Draught", "Iron Skin"):
        assert secret not in theirs, secret
    assert "Safe Passage" in theirs and "Safe Passage" not in mine
    spectator = drawn(state, None)
    assert "Safe Passage" not in spectator and "Growth Tonic" not in spectator


def test_the_view_keeps_hands_potions_and_sealed_votes_secret() -> None:
    """What another seat's view holds of seat 0's secrets: nothing but counts and that a potion
    lies there (RULINGS Merlin 8)."""
    state = regulation_vote()
    other = json.dumps(GAME.view(state, 2)["magic"])
    for secret in ("golden_touch.1", "rot.1", "growth_tonic.1", "warding_draught.1"):
        assert secret not in other, secret
    ballot = GAME.view(state, 0)["magic"]["ballot"]
    assert ballot["sealed"] == [1, 2] and ballot["mine"] is None
    assert GAME.view(state, 1)["magic"]["ballot"]["mine_text"] == "Add the Oil Levy"
    assert "delete:spell_duty" not in json.dumps(GAME.view(state, 1)["magic"]["ballot"]["mine"])


def test_a_vote_under_way_says_who_has_voted_and_what_is_on_it() -> None:
    """Kings: the regulation round's sealed plurality vote, ties to the decree player's."""
    text = drawn(regulation_vote(), 1)
    assert "Regulation round: the vote on the proposals" in text
    assert "Seat 1 played K♠" in text
    assert "Seat 1: deciding, You: voted, Seat 3: voted, Seat 4: deciding" in text
    assert "Add the Oil Levy; Lower the Permit Quota to 1; Delete the Spell Duty" in text
    assert "your vote: Add the Oil Levy" in text
    assert "a tie goes to the decree player's proposal" in text
    proposing = drawn(proposal_round(), 0)
    assert "each player seals a proposal" in proposing
    assert "Seat 3: proposed" in proposing


def test_casting_a_spell_through_its_form_reads_in_words() -> None:
    """Spades: "Reveal the card and to whom or property it affects": the form names each spell,
    player and card, and crediting it or reshuffling it, never an identifier."""
    state = many_spells()
    legal = GAME.legal(state, 0)
    console = scripted(menu_number(legal, "cast_spell"), "1", "1", "1", "1")
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert action.to_json()["type"] == "cast_spell"
    assert action.to_json()["spell"] == "pickpocket.1"
    for words in ("1) Pickpocket", "Fallow Curse", "1) Seat 2", "None: at the card"):
        assert words in printed, words
    assert "Early Thaw" in printed and "Reshuffle it" in printed
    assert "Seat 2's 8♣" in printed and "Seat 3's 2♦" in printed  # whose each card is
    assert "Credit it to its lab" in printed
    assert not IDENTIFIER.search(printed.split("your move")[-1]), printed


def test_a_decree_moves_each_counter_down_1_not_at_all_or_up_1() -> None:
    """Kings: "increase or decrease by one: the cost of the living, research cost, and the tax
    rate": three choices in words."""
    state = magic_table()
    legal = GAME.legal(state, 0)
    console = scripted(menu_number(legal, "play_decree"), "1", "1", "1", "3")
    action = terminal.prompt(console, GAME.view(state, 0), legal, GAME.parse_action)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert "1) Down 1" in printed and "2) No change" in printed and "3) Up 1" in printed
    assert action.to_json()["cost_of_living"] == -1
