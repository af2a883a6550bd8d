"""Spell Shops and Breweries (MERLIN-MODULES.md §2.4): founding one, double gold, maintenance,
taxes counted twice, selling spells and Mead, opening a shop to others, not investing in a
Brewery."""

from __future__ import annotations

from tests.games.merlin.helpers import arrange, end_turn_rolling, events
from tests.games.merlin.magic.helpers import act, arrange_magic
from tests.games.merlin.magic.tables import credit, give, magic, refused, sound, table
from tradingfloor.games.merlin.magic.state import Effect, Lab, Rule
from tradingfloor.games.merlin.state import Stack
from tradingfloor.games.merlin.taxes import tax_due


def test_a_spell_shop_doubles_its_gold_and_pays_maintenance() -> None:
    """MERLIN-MODULES.md §2.11: "Spell Shop 4♣ + 9♠: roll 4 → +6 gold; roll 9 → −1 gold, bank
    +1." Clubs: "Specialized properties like Spell Shops and Breweries generate double property
    value of gold"; Spades: "when the permit number is rolled a property maintenance is paid to
    the central bank ... always starting at one gold"."""
    state = table(tableaux=[[], [Stack("4C", top="9S")], [], []], gold=[9, 9, 9, 9])
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 9 + 6
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, (4, 5))
    assert state.core.gold[1] == 15 - 1 and state.core.ledger.bank == bank + 1
    assert events(state, "maintenance") == [
        {
            "kind": "maintenance",
            "seat": 1,
            "card": "4C",
            "lab": "9S",
            "due": 1,
            "paid": 1,
            "owed": 0,
        }
    ]
    assert sound(state)


def test_taxes_count_a_specialized_property_twice() -> None:
    """MERLIN-MODULES.md §1 and §2.4: "rate 1, one plain property, one Spell Shop → 1 + 1×(1+2) =
    4" (Taxes: "multiplied by two for specialized properties")."""
    state = table(tableaux=[["5C", Stack("4C", top="9S")], [], [], []], gold=[9, 9, 9, 9])
    assert state.core.counters.tax_rate == 1 and tax_due(state, 0) == 4
    # Through the spring taxes: the wheel turns from winter into spring on a double.
    state = arrange(state, counters={"portion": 8, "clock": 8})
    state = end_turn_rolling(state, (3, 3))
    assert [e for e in events(state, "tax") if e["seat"] == 0] == [
        {"kind": "tax", "seat": 0, "paid": 4}
    ]


def test_founding_a_shop_from_a_funded_successful_lab() -> None:
    """Spades: "When a funded and successful lab is placed perpendicular on a property, a Spell
    Shop is created, reshuffle the spent spells under the lab into the deck. The research funds are
    given to the Central Bank." """
    state = table(tableaux=[["4C"], [], [], []], labs=[Lab("9S", 0, grant=2)])
    state = credit(state, "9S", "rot.1", "rot.2", "siphon.1")
    bank, spells = state.core.ledger.bank, len(magic(state).spell_deck)
    state = act(state, 0, {"type": "found_shop", "lab": "9S", "on": "4C"})
    assert state.economy.tableaux[0] == (Stack("4C", top="9S"),) and magic(state).labs == ()
    assert state.core.ledger.bank == bank + 2 and len(magic(state).spell_deck) == spells + 3
    (told,) = [e for e in state.events if e.kind == "shop_founded"]
    assert told.text == (
        "{seat:0} founded a Spell Shop: the lab 9♠ on 4♣; its 3 credits went back into the deck "
        "and its grant of 2 gold to the central bank"
    )
    assert sound(state)


def test_founding_refusals_say_what_is_missing() -> None:
    """A shop needs a funded lab with 3 credits ("successful once it has generated 3 spent
    spells") and an own unoccupied property."""
    state = table(
        tableaux=[["4C", Stack("5C", top="5D"), Stack("3C", invested=2)], [], [], []],
        labs=[Lab("9S", 0, grant=2), Lab("8H", 0), Lab("6S", 0, grant=1)],
    )
    state = credit(state, "9S", "rot.1", "rot.2", "siphon.1")
    state = credit(state, "8H", "iron_skin.1", "iron_skin.2", "clear_skies.1")
    found = {"type": "found_shop", "lab": "9S", "on": "5C"}
    assert refused(state, 0, found) == "5♣ is occupied (something lies on it or is invested in it)"
    assert "occupied" in refused(state, 0, {**found, "on": "3C"})
    assert refused(state, 0, {**found, "on": "6C"}) == "you have no property 6♣ on the table"
    assert "must be funded first" in refused(state, 0, {**found, "lab": "8H", "on": "4C"})
    assert refused(state, 0, {**found, "lab": "6S", "on": "4C"}) == (
        "6♠ has 0 spent cards credited under it; a lab is successful with 3: credit the spells "
        "or potions it made when you use them"
    )


def test_a_brewery_cannot_be_invested_in_and_a_spell_shop_can() -> None:
    """Hearts: "Brewery cannot be invested in"; Spades: "Spell Shop's can be invested in"."""
    state = table(
        tableaux=[[Stack("4C", top="9H"), Stack("5C", top="9S")], [], [], []], gold=[9, 9, 9, 9]
    )
    assert refused(state, 0, {"type": "invest", "card": "4C", "amount": 2}) == (
        "a Brewery cannot be invested in; 4♣ sells Mead instead"
    )
    state = act(state, 0, {"type": "invest", "card": "5C", "amount": 2})
    assert state.economy.tableaux[0][1].invested == 2


def test_unpaid_maintenance_is_a_debt_to_the_bank() -> None:
    """Maintenance to the central bank; what the gold does not cover is owed to the bank and the
    player is bankrupt until pay_debt pays it ("Players facing bankruptcy can exit bankruptcy by
    paying off any debts")."""
    state = table(tableaux=[[], [Stack("4C", top="9S")], [], []], gold=[9, 1, 9, 9])
    state = arrange_magic(
        state,
        maintenance=2,
        effects=(Effect("corrosion", seat=1, card="4C", amount=1),),
        regulations=(Rule("maintenance_standard", 1),),
    )
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, (4, 5))
    assert state.core.gold[1] == 0 and state.core.ledger.bank == bank + 1
    assert magic(state).bank_debt == (0, 3, 0, 0)
    assert state.core.bankrupt_since[1] == state.core.counters.clock
    assert "owes the bank 3 gold more" in next(
        e.text for e in state.events if e.kind == "maintenance"
    )
    state = arrange(state, gold=[9, 5, 9, 9])
    state = act(state, 1, {"type": "pay_debt"})
    assert magic(state).bank_debt == (0, 0, 0, 0) and state.core.bankrupt_since[1] is None
    assert state.core.gold[1] == 2 and sound(state)


def test_selling_a_spell_through_your_own_spell_shop() -> None:
    """Spades: a Spell Shop grants "the ability to sell spells to the bank", for the cost of the
    living, as far as the central bank holds (RULINGS Merlin 5)."""
    state = table(tableaux=[[Stack("4C", top="9S")], [], [], []], gold=[9, 9, 9, 9], bank=3)
    state = give(state, "spells", 0, "rot.1", "rot.2")
    state = act(state, 0, {"type": "sell_spell", "spell": "rot.1", "shop": "4C", "seat": 0})
    assert state.core.gold[0] == 11 and state.core.ledger.bank == 1
    assert "rot.1" in magic(state).spell_deck and len(magic(state).spells[0]) == 1
    state = act(state, 0, {"type": "sell_spell", "spell": "rot.2", "shop": "4C", "seat": 0})
    assert state.core.gold[0] == 12 and state.core.ledger.bank == 0
    (told,) = [e for e in state.events if e.kind == "spell_sold"]
    assert (
        told.text
        == "{seat:0} sold Rot to the central bank for 1 gold of the 2 due (it holds no more)"
    )
    assert state.core.ledger.income[6] == 3 and sound(state)


def test_selling_through_anothers_open_spell_shop_pays_the_fee() -> None:
    """Spades: "the ability but not the obligation to allow other players to sell their spells to
    the bank ... using your Spell Shop on their turn", for a fee to its owner."""
    state = table(tableaux=[[], [Stack("4C", top="9S")], [], []], gold=[9, 9, 9, 9], bank=10)
    state = give(state, "spells", 0, "rot.1", "rot.2")
    sell = {"type": "sell_spell", "spell": "rot.1", "shop": "4C", "seat": 1}
    assert refused(state, 0, sell) == "{seat:1} has no Spell Shop on 4♣ open to others"
    state = arrange_magic(state, open_shops=((1, "4C", 1),))
    state = act(state, 0, sell)
    assert state.core.gold[:2] == (9 - 1 + 2, 10) and state.core.ledger.bank == 8
    assert sound(state)


def test_opening_and_closing_a_spell_shop() -> None:
    """Spades: the owner may open the Spell Shop to others (for a fee) or not."""
    state = table(tableaux=[[Stack("4C", top="9S"), Stack("5C", top="9H")], [], [], []])
    state = act(state, 0, {"type": "open_shop", "shop": "4C", "fee": 2})
    assert magic(state).open_shops == ((0, "4C", 2),)
    state = act(state, 0, {"type": "open_shop", "shop": "4C", "fee": 1})
    assert magic(state).open_shops == ((0, "4C", 1),)
    state = act(state, 0, {"type": "open_shop", "shop": "4C", "fee": None})
    assert magic(state).open_shops == ()
    assert "not open to others" in refused(state, 0, {"type": "open_shop", "shop": "4C"})
    assert refused(state, 0, {"type": "open_shop", "shop": "5C", "fee": 1}) == (
        "you have no Spell Shop on 5♣"
    )


def test_a_brewery_sells_mead_any_number_of_times() -> None:
    """Hearts: "A Brewery give the ability to sell a hand of two Essence Grain to the bank as Mead
    for the price of the current cost of the living"."""
    state = table(
        tableaux=[[Stack("4C", top="9H")], [], [], []],
        gold=[9, 9, 9, 9],
        goods=[(0, 0, 5), (0, 0, 2), (0, 0, 0), (0, 0, 0)],
        bank=10,
    )
    state = act(state, 0, {"type": "sell_mead"})
    state = act(state, 0, {"type": "sell_mead"})
    assert state.economy.goods[0] == (0, 0, 1) and state.core.gold[0] == 13
    assert state.core.ledger.bank == 6
    assert refused(state, 0, {"type": "sell_mead"}) == "Mead takes 2 Essence Grain; you hold 1"
    assert "have no Brewery" in refused(end_turn_rolling(state, (1, 2)), 1, {"type": "sell_mead"})
    assert sound(state)


def test_a_liquidated_shop_sells_at_its_property_value_and_reshuffles_its_lab() -> None:
    """MERLIN-MODULES.md §1 [R]: "a specialized property liquidates (and scores) at its plain
    property value, its lab reshuffled". Clubs: "liquidate the property, selling it to the central
    bank for the property value, and reshuffling it back into the deck"."""
    state = table(tableaux=[[Stack("4C", top="9S")], [], [], []], gold=[9, 9, 9, 9], bank=20)
    state = act(state, 0, {"type": "liquidate", "card": "4C"})
    assert state.core.gold[0] == 9 + 3
    assert "9S" in state.economy.deck and "4C" in state.economy.deck
    assert "9S" not in state.economy.hands[0]
    assert sound(state)
