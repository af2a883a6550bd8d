"""Potions (MERLIN-MODULES.md §2.3, §2.10): brewing a recipe, setting a potion face down, and the
eight default potions' triggers."""

from __future__ import annotations

from tests.games.merlin.helpers import GAME, end_turn_rolling, events
from tests.games.merlin.magic.helpers import act, arrange_magic
from tests.games.merlin.magic.tables import give, magic, refused, set_potion, sound, table
from tradingfloor.games.merlin.magic.potions import prevent_golem_damage
from tradingfloor.games.merlin.magic.state import Effect, Held, Lab, SetPotion
from tradingfloor.games.merlin.state import Stack


def test_brewing_puts_the_commodities_back_and_keeps_the_potion_secret() -> None:
    """Potions: "A potion is created when the ingredients for a potion recipe are fulfilled and the
    player puts back those commodities"; Hearts: "The recipe is single use." Which potion was brewed
    is secret: the table hears only what went back."""
    state = table(labs=[Lab("8H", 0)], goods=[(1, 0, 2), (0, 0, 0), (0, 0, 0), (0, 0, 0)])
    state = give(state, "recipes", 0, "growth_tonic.1", source="8H")
    state = act(state, 0, {"type": "brew", "recipe": "growth_tonic.1"})
    assert state.economy.goods[0] == (0, 0, 1)
    assert magic(state).recipes[0] == () and magic(state).potions[0] == (
        Held("growth_tonic.1", "8H"),
    )
    (public,) = [e for e in state.events if e.visible_to is None]
    assert public.text == "{seat:0} brewed a potion, putting back 1 Essence Grain and 1 Souls"
    assert "growth" not in str(public.data)
    (secret,) = [e for e in state.events if e.visible_to == frozenset({0})]
    assert secret.text == "{seat:0} brewed Growth Tonic"
    assert "growth_tonic.1" not in str(GAME.view(state, 1)) and sound(state)


def test_brewing_without_the_commodities_is_refused() -> None:
    """Hearts: "Recipes require commodities to activate"."""
    state = table(goods=[(0, 0, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)])
    state = give(state, "recipes", 0, "growth_tonic.1")
    assert refused(state, 0, {"type": "brew", "recipe": "growth_tonic.1"}) == (
        "Growth Tonic takes 1 Essence Grain and 1 Souls; buy what you lack on the market"
    )
    assert "hold no such recipe" in refused(state, 0, {"type": "brew", "recipe": "iron_skin.1"})


def test_setting_a_potion_where_it_acts_says_where_not_which() -> None:
    """Potions: "it must be placed face down under the property the player would like it to
    affect or face down in front of them if it affects the player directly"."""
    state = table(tableaux=[[Stack("4C", top="8D"), "5C"], [], [], []])
    state = give(state, "potions", 0, "growth_tonic.1", "lucky_charm.1")
    assert refused(state, 0, {"type": "set_potion", "potion": "growth_tonic.1", "on": "5C"}) == (
        "Growth Tonic is set face down under one of your properties with a land on it"
    )
    assert refused(state, 0, {"type": "set_potion", "potion": "lucky_charm.1", "on": "4C"}) == (
        "Lucky Charm is set face down before you, not under a stack"
    )
    state = act(state, 0, {"type": "set_potion", "potion": "growth_tonic.1", "on": "4C"})
    assert magic(state).set_potions == (SetPotion(Held("growth_tonic.1"), 0, "4C"),)
    texts = {e.visible_to: e.text for e in state.events}
    assert texts[None] == "{seat:0} set a potion face down under {seat:0}'s 4♣"
    assert texts[frozenset({0})] == "{seat:0} set Growth Tonic face down under {seat:0}'s 4♣"
    seen = GAME.view(state, 1)["magic"]["set_potions"]
    assert seen == [{"owner": 0, "on": "4C", "potion": None}] and sound(state)


def test_growth_tonic_adds_two_to_the_lands_next_yield() -> None:
    """Growth Tonic ("Potions apply buffs"): the land's next yield +2; then it is revealed and
    credited to its potion lab (Hearts: "3 spent potions")."""
    state = table(tableaux=[[Stack("4C", top="8D")], [], [], []], labs=[Lab("8H", 0)])
    state = set_potion(state, 0, "growth_tonic.1", on="4C", source="8H")
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[0] == (0, 0, 3)
    assert magic(state).set_potions == () and magic(state).labs[0].credits == ("growth_tonic.1",)
    assert [e.kind for e in state.events if "potion" in e.kind or e.kind == "growth"] == [
        "potion_revealed",
        "growth",
    ]
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[0] == (0, 0, 4) and sound(state)


def test_golden_touch_adds_the_property_value() -> None:
    """Golden Touch ("Property that generates gold"): the next gold + its property value; on a
    Spell Shop after the doubling."""
    state = table(tableaux=[[], ["4C", Stack("3C", top="9S")], [], []], gold=[9, 9, 9, 9])
    state = set_potion(state, 1, "golden_touch.1", on="4C")
    state = set_potion(state, 1, "golden_touch.2", on="3C")
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 9 + 3 + 3
    state = end_turn_rolling(state, (1, 2))
    assert state.core.gold[1] == 15 + 4 * 2 + 4 and magic(state).set_potions == ()
    assert sound(state)


def test_iron_skin_prevents_the_next_golem_damage() -> None:
    """Iron Skin ("Golems that can attack and defend property"): the golems part asks it before
    dealing damage to the stack; it answers once."""
    state = table(tableaux=[["4C", "5C"], [], [], []])
    state = set_potion(state, 0, "iron_skin.1", on="4C")
    log: list = []
    after, prevented = prevent_golem_damage(state, 0, "5C", log)
    assert not prevented and after == state
    after, prevented = prevent_golem_damage(state, 0, "4C", log)
    assert prevented and magic(after).set_potions == ()
    assert [e.kind for e in log] == ["potion_revealed", "iron_skin"]
    assert prevent_golem_damage(after, 0, "4C", log)[1] is False


def test_lucky_charm_gives_back_what_the_seven_took() -> None:
    """Lucky Charm ("gamble that the number on the card will come up sooner than a 7"): on the
    next 7 the investments it takes come back from the central bank."""
    state = table(tableaux=[[Stack("4C", invested=5)], ["5C"], [], []], gold=[9, 9, 9, 9])
    state = set_potion(state, 0, "lucky_charm.1")
    state = set_potion(state, 1, "lucky_charm.2")
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, (3, 4))
    assert state.economy.tableaux[0][0].invested == 0
    assert state.core.gold[0] == 14 and state.core.ledger.bank == bank
    assert events(state, "lucky_charm") == [{"kind": "lucky_charm", "seat": 0, "due": 5, "paid": 5}]
    # The 7 took nothing of seat 1's: their charm waits.
    assert [p.owner for p in magic(state).set_potions] == [1]
    assert magic(state).effects == () and sound(state)


def test_preserving_brine_keeps_the_commodities_free() -> None:
    """Preserving Brine ("pay one gold to keep their commodities"): on the next 7 its owner pays
    no holding fee and loses nothing; others pay as usual."""
    state = table(gold=[1, 9, 9, 9], goods=[(2, 0, 1), (0, 0, 2), (0, 0, 0), (0, 0, 0)], bank=0)
    state = set_potion(state, 0, "preserving_brine.1")
    state = end_turn_rolling(state, (3, 4))
    assert state.economy.goods[0] == (2, 0, 1) and state.core.gold[0] == 1
    assert state.core.gold[1] == 7 and state.core.ledger.bank == 2
    assert events(state, "brine") == [{"kind": "brine", "seat": 0, "paid": 1, "kept": 2}]
    assert magic(state).set_potions == () and sound(state)


def test_clear_skies_yields_in_winter_as_in_summer() -> None:
    """Clear Skies (Season Wheel: "no commodities during Winter"): the owner's next winter land
    yield comes as summer's; outside winter it waits."""
    state = table(tableaux=[[Stack("4C", top="8D")], [], [], []])
    state = set_potion(state, 0, "clear_skies.1")
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[0] == (0, 0, 1) and len(magic(state).set_potions) == 1
    state = arrange_magic(state)
    from tests.games.merlin.helpers import arrange

    state = arrange(state, counters={"portion": 7})
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[0] == (0, 0, 2) and magic(state).set_potions == ()
    assert events(state, "clear_skies")[0]["amount"] == 1


def test_safe_passage_waits_for_the_finance_modules_road_roll() -> None:
    """Safe Passage ("a D6 is rolled by both players"): a record for the road roll of trades;
    without the finance module nothing triggers it."""
    state = table()
    state = give(state, "potions", 0, "safe_passage.1")
    state = act(state, 0, {"type": "set_potion", "potion": "safe_passage.1"})
    for dice in ((3, 4), (1, 1), (5, 6)):
        state = end_turn_rolling(state, dice)
    assert len(magic(state).set_potions) == 1


def test_a_potion_waits_while_a_curse_takes_the_yield() -> None:
    """A potion "must be played before the activation occurs": a yield that a Fallow Curse takes
    does not activate it; it acts on the next one."""
    state = table(tableaux=[[], ["4C"], [], []], gold=[9, 9, 9, 9])
    state = set_potion(state, 1, "golden_touch.1", on="4C")
    state = arrange_magic(state, effects=(Effect("fallow", seat=1, card="4C"),))
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 9 and len(magic(state).set_potions) == 1
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 15 and magic(state).set_potions == ()


def test_a_potion_under_a_stack_sold_goes_back_to_its_owner() -> None:
    """ "A potion on a non-targeted property does not get activated from actions on other
    properties": a stack sold to another player leaves its potion with its owner, unrevealed."""
    state = table(tableaux=[["4C"], [], [], []], gold=[9, 9, 9, 9])
    state = set_potion(state, 0, "golden_touch.1", on="4C")
    state = act(state, 0, {"type": "offer_sale", "card": "4C", "to": 1, "price": 3})
    state = act(state, 1, {"type": "accept"})
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 9 - 3 + 3
    assert magic(state).set_potions == () and magic(state).potions[0] == (Held("golden_touch.1"),)
    assert sound(state)
