"""Labs and research (MERLIN-MODULES.md §2.1): placing a lab, funding it, research on its number."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.merlin.helpers import GAME, end_turn_rolling, events, random_walk
from tests.games.merlin.magic.helpers import (
    act,
)
from tests.games.merlin.magic.tables import credit, give, magic, refused, sound, table
from tradingfloor.games.merlin.magic.state import Held, Lab
from tradingfloor.games.merlin.state import MerlinState, Stack

# --- the acceptance figure ------------------------------------------------------------------------


def test_a_funded_lab_researches_on_its_number() -> None:
    """MERLIN-MODULES.md §2.11: "Research cost 3, 6♠ funded, roll 6: spell hand +1, bank +3, lab
    unfunded; unfunded: nothing." Spades: "When the number is rolled, the research funding is
    given to the central bank"."""
    state = table(labs=[Lab("6S", 0)], counters={"research_cost": 3})
    state = act(state, 0, {"type": "fund_lab", "lab": "6S"})
    assert state.core.gold[0] == 7 - 3 and magic(state).labs == (Lab("6S", 0, grant=3),)
    assert sound(state)
    bank = state.core.ledger.bank
    top = magic(state).spell_deck[0]
    state = end_turn_rolling(state, (2, 4))
    assert magic(state).spells[0] == (Held(top, "6S"),)
    assert state.core.ledger.bank == bank + 3
    assert magic(state).labs == (Lab("6S", 0, grant=0),)
    assert sound(state)
    # Unfunded: nothing.
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, (1, 5))
    assert magic(state).spells[0] == (Held(top, "6S"),)
    assert state.core.ledger.bank == bank and magic(state).labs == (Lab("6S", 0),)


def test_the_drawn_card_is_told_only_to_its_owner() -> None:
    """Secrecy (RULINGS Merlin 8): "Hands of spells, potion recipes and potions set face down are
    secret"; every action taken is public."""
    state = table(labs=[Lab("6S", 0, grant=1)])
    top = magic(state).spell_deck[0]
    state = end_turn_rolling(state, (2, 4))
    public = [e for e in state.events if e.visible_to is None and e.kind == "researched"]
    secret = [e for e in state.events if e.kind == "research_drawn"]
    assert [e.data["lab"] for e in public] == ["6S"] and top not in str(public[0].data)
    assert [(e.data["card"], e.visible_to) for e in secret] == [(top, frozenset({0}))]
    assert "researched a spell" in public[0].text
    for seat in (None, 1, 2):
        assert top not in str(GAME.view(state, seat))


def test_a_potion_lab_researches_a_recipe() -> None:
    """Hearts: "Potion lab that generate potion recipe cards when funded with research grants and
    the number on the card is rolled"."""
    state = table(labs=[Lab("9H", 2, grant=2)])
    top = magic(state).recipe_deck[0]
    state = end_turn_rolling(state, (4, 5))
    assert magic(state).recipes[2] == (Held(top, "9H"),) and magic(state).spells[2] == ()
    assert magic(state).labs[0].grant == 0 and sound(state)


def test_winter_does_not_stop_research() -> None:
    """Season Wheel: "Players receive no commodities during Winter"; labs are not lands: research
    goes on in winter (MERLIN-MODULES.md §2.1)."""
    state = table(labs=[Lab("8S", 0, grant=1)], counters={"portion": 7})
    state = end_turn_rolling(state, (3, 5))
    assert len(magic(state).spells[0]) == 1


def test_an_empty_deck_still_takes_the_grant() -> None:
    """With every spell in hands, the grant still goes to the central bank and nothing is drawn."""
    state = table(labs=[Lab("6S", 0, grant=2)])
    state = give(state, "spells", 3, *magic(state).spell_deck)
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, (2, 4))
    assert magic(state).spells[0] == () and state.core.ledger.bank == bank + 2
    (told,) = [e for e in state.events if e.kind == "researched"]
    assert told.data["drawn"] is False and "found no spell left to research" in told.text
    assert magic(state).labs[0].grant == 0 and sound(state)


def test_placing_a_lab_from_hand() -> None:
    """Playing Cards: labs are permits, placed on their own, unfunded; a lab bought this turn is
    placed from the next ("Permits are bought at the end so they can only be played the turn
    after you have bought them")."""
    state = table(hands=[["6S"], [], [], []])
    state = act(state, 0, {"type": "place", "card": "6S"})
    assert magic(state).labs == (Lab("6S", 0),) and state.economy.hands[0] == ()
    assert events(state, "lab_placed") == [
        {"kind": "lab_placed", "seat": 0, "card": "6S", "lab": "spell"}
    ]
    assert sound(state)
    bought = table(hands=[["5H"], [], [], []])
    bought = replace(bought, economy=replace(bought.economy, fresh=("5H",)))
    assert "bought this turn" in refused(bought, 0, {"type": "place", "card": "5H"})


def test_funding_refusals_say_what_to_do() -> None:
    """Research Cost: "The labs that research, require constant funding"; one grant at a time."""
    state = table(labs=[Lab("6S", 0, grant=1), Lab("8H", 0), Lab("5S", 1)], gold=[0, 10, 10, 10])
    assert "place a spade or heart lab" in refused(state, 0, {"type": "fund_lab", "lab": "5S"})
    assert "funded already" in refused(state, 0, {"type": "fund_lab", "lab": "6S"})
    assert refused(state, 0, {"type": "fund_lab", "lab": "8H"}) == (
        "research costs 1 gold (the research cost); you hold 0"
    )


def test_labs_research_in_turn_order_from_the_roller() -> None:
    """Two funded labs on one number: the roller's side draws first (RULINGS Merlin 5's order)."""
    state = table(labs=[Lab("6S", 0, grant=1), Lab("6H", 1, grant=1), Lab("10S", 2, grant=1)])
    spells = magic(state).spell_deck[:2]
    state = end_turn_rolling(state, (2, 4))  # seat 1 rolls
    assert [h.card for h in magic(state).spells[0]] == [spells[0]]
    assert len(magic(state).recipes[1]) == 1 and magic(state).labs[2].grant == 1


# --- random play --------------------------------------------------------------------------------


def rich_table(seed: int) -> MerlinState:
    """A magic table with labs funded and successful, shops, spells, recipes, potions and goods,
    so random play reaches every magic move."""
    state = table(
        tableaux=[
            [Stack("4C", top="9S"), Stack("2C", top="5D"), "8C"],
            [Stack("3C", top="10H"), Stack("6C", top="9D"), "5C"],
            [Stack("10C", top="2D"), "9C"],
            [],
        ],
        labs=[Lab("6S", 0, grant=1), Lab("8H", 1, grant=1), Lab("4S", 2), Lab("5H", 3, grant=1)],
        gold=[12, 12, 12, 12],
        goods=[(2, 2, 4), (2, 2, 4), (2, 2, 4), (2, 2, 4)],
        bank=30,
    )
    state = credit(state, "6S", "dispel.1", "rot.1", "siphon.1")
    state = credit(state, "8H", "lucky_charm.1", "preserving_brine.1", "clear_skies.1")
    state = give(state, "spells", 0, "pickpocket.1", "blight.1", source="6S")
    state = give(state, "spells", 1, "greed_hex.1", "fallow_curse.1", source="4S")
    state = give(state, "spells", 2, "corrosion.1", "bad_omen.1", source="4S")
    state = give(state, "recipes", 1, "growth_tonic.1", "golden_touch.1", source="8H")
    state = give(state, "potions", 2, "warding_draught.1", "iron_skin.1", source="5H")
    state = give(state, "potions", 3, "lucky_charm.2", source="5H")
    return replace(state, rng=replace(state.rng, counter=state.rng.counter + seed))


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_random_magic_play_conserves_gold_and_cards(seed: int) -> None:
    """Gold enters only as the ledger says and "There should be no discard piles, every discarded
    card should be shuffled back into their respective decks": at every step of random play of a
    magic game (4 players, 8 orbits), and from a table rich in labs, shops, spells and potions."""
    start = GAME.new({"players": 4, "modules": ["economy", "magic"], "max_orbits": 8}, seed)
    for state in random_walk(start, seed, 600):
        assert sound(state)
    for state in random_walk(rich_table(seed), seed, 400):
        assert sound(state)
        assert min(state.core.gold) >= 0 and state.core.ledger.bank >= 0


def test_these_parts_moves_and_log_lines_read_in_words() -> None:
    """A person never reads an identifier (DESIGN.md): every move of labs, spells, potions and
    shops offered in random play, and every log line they write, is in the game's words."""
    from tests.games.merlin.test_words import readable
    from tradingfloor.games.merlin.magic import labs, potions, shops, spells

    parts = (labs, spells, potions, shops)
    told = {kind for part in parts for kind in part.EVENTS}
    moves = {kind for part in parts for kind in part.LABELS}
    seen: set[str] = set()
    for seed in range(3):
        for state in random_walk(rich_table(seed), seed, 250):
            for e in state.events:
                if e.kind in told:
                    seen.add(e.kind)
                    assert readable(e.text), e.text
            for seat in GAME.actors(state):
                for entry in GAME.legal(state, seat).describe()["actions"]:
                    if entry["type"] in moves:
                        seen.add(entry["type"])
                        assert readable(entry["label"]), entry["label"]
    assert {"researched", "spell_cast", "fund_lab", "cast_spell", "set_potion"} <= seen
