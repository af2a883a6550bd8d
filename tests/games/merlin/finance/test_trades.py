"""Trades between players and the road roll (MERLIN-MODULES.md §3.2).

Trading Between Players: "a D6 is rolled by both players to determine if the paths between
kingdoms is safe. If either player rolls a one the trade is void, and all their items are stolen
and reshuffled into the deck or their gold is given back to the central bank. If the trading
partners have ever targeted each other with spells, then this also happens when a two is rolled."
"""

from __future__ import annotations

import random
from typing import Any

from tests.games.merlin.finance.helpers import act, after_finance, arrange, conserved, rig
from tests.games.merlin.helpers import GAME, events
from tests.games.merlin.magic.helpers import arrange_magic
from tests.games.merlin.magic.tables import give, magic, refused, set_potion, sound
from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.magic.state import Effect, Held
from tradingfloor.games.merlin.state import MerlinState

ACCEPT = {"type": "accept"}


def table(modules: list[str] | None = None) -> MerlinState:
    """Seat 0 to play with 10 gold, 3 Souls and 1 Essence Grain; seat 1 with 6 gold and 2 Essence
    Grain; the central bank empty."""
    state = after_finance(modules=modules)
    return arrange(
        state,
        gold=[10, 6, 9, 9],
        goods=[[3, 0, 1], [0, 0, 2], [0, 0, 0], [0, 0, 0]],
        bank=0,
    )


def trade(to: int = 1, **fields: Any) -> dict[str, Any]:
    return {"type": "propose_trade", "to": to, **fields}


THREE_GOLD_TWO_SOULS_FOR_A_GRAIN = trade(
    give_gold=3,
    give_commodity="souls",
    give_units=2,
    get_commodity="essence_grain",
    get_units=1,
)


def test_a_one_on_either_die_voids_the_trade_and_both_sides_are_lost() -> None:
    """Dice (1, 4): "If either player rolls a one the trade is void, and all their items are
    stolen ... or their gold is given back to the central bank"."""
    state = act(table(), 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    assert GAME.actors(state) == (1,)
    state = act(rig(state, (1, 4)), 1, ACCEPT)
    assert state.core.gold[:2] == (7, 6) and state.core.ledger.bank == 3
    assert state.economy.goods[0] == (1, 0, 1) and state.economy.goods[1] == (0, 0, 1)
    (roll,) = events(state, "road_roll")
    assert roll["dice"] == [1, 4] and roll["void"] is True
    assert state.finance.rolls == ((0, 1), (1, 4))
    (told,) = [e for e in state.events if e.kind == "trade_void"]
    assert told.text == (
        "Bandits on the road: {seat:0}'s 3 gold and 2 Souls and {seat:1}'s 1 Essence Grain are "
        "lost (goods to the supply, cards reshuffled, gold to the central bank)"
    )
    assert GAME.actors(state) == (0,) and sound(state)


def test_a_two_voids_the_trade_between_players_who_cast_spells_at_each_other() -> None:
    """Dice (2, 5), seat 1 having cast a spell at seat 0: "If the trading partners have ever
    targeted each other with spells, then this also happens when a two is rolled"."""
    state = arrange_magic(table(), targeted=((1, 0),))
    state = act(state, 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    state = act(rig(state, (2, 5)), 1, ACCEPT)
    assert events(state, "road_roll")[0]["faces"] == [1, 2]
    assert state.core.gold[:2] == (7, 6) and state.core.ledger.bank == 3
    assert state.economy.goods[0] == (1, 0, 1) and state.economy.goods[1] == (0, 0, 1)
    assert sound(state)


def test_a_safe_road_hands_each_side_over() -> None:
    """The same dice (2, 5) between players with no spell history: the trade arrives."""
    state = arrange_magic(table(), targeted=((2, 0),))  # a spell at another player counts not
    state = act(state, 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    state = act(rig(state, (2, 5)), 1, ACCEPT)
    assert state.core.gold[:2] == (7, 9) and state.core.ledger.bank == 0
    assert state.economy.goods[0] == (1, 0, 2) and state.economy.goods[1] == (2, 0, 1)
    (told,) = [e for e in state.events if e.kind == "trade_done"]
    assert told.text == (
        "The trade arrived: {seat:0} gave 3 gold and 2 Souls to {seat:1} for 1 Essence Grain"
    )
    assert sound(state)


def test_a_declined_trade_changes_nothing_and_rolls_nothing() -> None:
    state = table()
    before = state.rng
    state = act(state, 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    state = act(state, 1, {"type": "decline"})
    assert state.rng == before and state.core.gold[:2] == (10, 6)
    assert state.finance.offer is None and GAME.actors(state) == (0,)


def test_cards_and_crowns_change_hands_and_cards_keep_their_lab() -> None:
    """Offers: "Barter items: gold, commodities, spells, recipes, crowns": a spell keeps its
    source lab (Spades: "Spells that were not produced from that spell lab cannot take credit")."""
    state = give(table(), "spells", 0, "pickpocket.1", source="6S")
    state = arrange_magic(state, crowns=(0, 2, 0, 0))
    state = act(state, 0, trade(give_card="pickpocket.1", get_crowns=1, get_gold=1))
    state = act(rig(state, (3, 3)), 1, ACCEPT)
    assert magic(state).spells[0] == () and magic(state).spells[1] == (Held("pickpocket.1", "6S"),)
    assert magic(state).crowns == (1, 1, 0, 0) and state.core.gold[:2] == (11, 5)
    assert sound(state)


def test_a_void_trade_reshuffles_its_cards_and_loses_its_crowns() -> None:
    """A void trade: "all their items are stolen and reshuffled into the deck": the recipe goes
    back into the recipe deck; crowns are lost."""
    state = give(table(), "recipes", 0, "safe_passage.1")
    state = arrange_magic(state, crowns=(0, 2, 0, 0))
    deck = len(magic(state).recipe_deck)
    state = act(state, 0, trade(give_card="safe_passage.1", get_crowns=2))
    assert state.finance.offer.give.recipes == ("safe_passage.1",)
    state = act(rig(state, (6, 1)), 1, ACCEPT)
    assert magic(state).recipes[0] == () and len(magic(state).recipe_deck) == deck + 1
    assert "safe_passage.1" in magic(state).recipe_deck
    assert magic(state).crowns == (0, 0, 0, 0) and sound(state)


def test_bandit_roads_widen_the_void_faces_of_the_next_trade_once() -> None:
    """Bandit Roads: "the road roll of their next trade fails on 1 to 3": dice (3, 6) void the
    trade; the spell is spent by that roll."""
    state = arrange_magic(table(), effects=(Effect("bandit_roads", seat=1, amount=3),))
    state = act(state, 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    state = act(rig(state, (3, 6)), 1, ACCEPT)
    assert events(state, "road_roll")[0]["faces"] == [1, 2, 3]
    assert state.core.ledger.bank == 3 and magic(state).effects == ()
    assert sound(state)


def test_safe_passage_makes_the_road_roll_count_as_sixes() -> None:
    """Safe Passage ("your next road roll counts as 6 and 6"), set before the answerer: dice
    (1, 1) still deliver; the potion is revealed and reshuffled."""
    state = set_potion(table(), 1, "safe_passage.1")
    state = act(state, 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    state = act(rig(state, (1, 1)), 1, ACCEPT)
    assert events(state, "road_roll")[0]["safe"] is True
    assert events(state, "potion_revealed") and magic(state).set_potions == ()
    assert state.core.gold[:2] == (7, 9) and sound(state)


def test_refusals_say_what_to_do_instead() -> None:
    state = table()
    assert refused(state, 0, trade(give_gold=3)) == (
        "a trade gives something and gets something; name both sides"
    )
    assert refused(state, 0, trade(give_gold=11, get_gold=1)) == "you hold only 10 gold"
    assert refused(state, 0, trade(give_gold=1, get_gold=7)) == "{seat:1} holds only 6 gold"
    assert refused(state, 0, trade(give_units=2, get_gold=1)) == (
        "name the commodity of the units you give"
    )
    assert refused(state, 0, trade(to=0, give_gold=1, get_gold=1)) == (
        "{seat:0} cannot trade with you; offer a player still in the game"
    )
    for _ in range(3):
        state = act(state, 0, trade(give_gold=1, get_gold=1))
        state = act(state, 1, {"type": "decline"})
    assert refused(state, 0, trade(give_gold=1, get_gold=1)) == (
        "you have made 3 offers this turn, the most allowed; trade again on your next turn"
    )


def test_the_answer_is_refused_when_a_side_can_no_longer_be_covered() -> None:
    state = act(table(), 0, trade(give_gold=1, get_gold=6))
    state = arrange(state, gold=[10, 2, 9, 9])
    assert refused(state, 1, ACCEPT) == "you hold only 2 gold; decline the trade"


def test_finance_without_magic_trades_gold_and_goods_only() -> None:
    state = table(modules=["economy", "finance"])
    assert refused(state, 0, trade(give_crowns=1, get_gold=1)) == (
        "spells, recipes and crowns come with the magic module, which is off in this game"
    )
    state = act(state, 0, THREE_GOLD_TWO_SOULS_FOR_A_GRAIN)
    state = act(rig(state, (4, 5)), 1, ACCEPT)
    assert state.core.gold[:2] == (7, 9) and conserved(state)


def test_property_sales_never_roll() -> None:
    """MERLIN-MODULES.md §3.2: "Property sales and market executions never roll"."""
    state = arrange(table(), tableaux=[["4C"], [], [], []])
    state = act(state, 0, {"type": "offer_sale", "card": "4C", "to": 1, "price": 2})
    before = state.rng
    state = act(state, 1, ACCEPT)
    assert state.rng == before and not events(state, "road_roll")
    assert state.economy.tableaux[1][0].base == "4C"


def test_the_trade_form_is_never_listed_and_random_play_proposes_legal_trades() -> None:
    state = give(table(), "spells", 0, "pickpocket.1")
    space = GAME.legal(state, 0)
    rule = space.rules["propose_trade"]
    count = rule.count(state, 0)
    assert count > 2000
    form = words.form(state, "propose_trade", rule.fields(state, 0), count)
    assert form["label"].startswith("Offer another player a trade")
    assert form["fields"]["give_card"]["labels"] == ["none", "Pickpocket"]
    rng = random.Random(3)
    for _ in range(30):
        action = rule.sample(state, 0, rng)
        assert action is not None and space.check(action) is None


def test_an_offered_card_stays_in_its_authors_hand_when_the_others_are_dealt_again() -> None:
    """The card offered is public; the rest of the author's hand stays secret."""
    state = give(table(), "spells", 0, "pickpocket.1", "greed_hex.1")
    state = act(state, 0, trade(give_card="pickpocket.1", get_gold=1))
    for seed in range(10):
        other = GAME.redetermine(state, 1, random.Random(seed))
        assert "pickpocket.1" in [h.card for h in other.magic.spells[0]]
        assert len(other.magic.spells[0]) == 2 and sound(other)
        assert GAME.view(other, 1) == GAME.view(state, 1)
