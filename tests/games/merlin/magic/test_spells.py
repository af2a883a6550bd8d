"""Spells (MERLIN-MODULES.md §2.2, §2.10): cast on one's own turn, revealed with the target, then
credited to the caster's own source lab or reshuffled; the ten default spells; Spell Duty; Warding
Draught."""

from __future__ import annotations

from tests.games.merlin.helpers import end_turn_rolling, events
from tests.games.merlin.magic.helpers import act, arrange_magic
from tests.games.merlin.magic.tables import give, magic, refused, set_potion, sound, table
from tradingfloor.games.merlin.magic.state import Effect, Lab, Reading, Rule
from tradingfloor.games.merlin.state import Stack


def cast(spell: str, seat: int | None = None, card: str | None = None, credit: bool = False):  # type: ignore[no-untyped-def]
    return {"type": "cast_spell", "spell": spell, "seat": seat, "card": card, "credit": credit}


def test_a_spell_is_revealed_with_its_target_and_credited_to_its_lab() -> None:
    """Spells: "Reveal the card and to whom or property it affects. After using the spell, either
    reshuffle or use to act as a counter for the spell lab that produced the spell." Pickpocket:
    "pocket change and can have adverse affects" (up to 3 gold)."""
    state = table(labs=[Lab("6S", 0)], gold=[4, 5, 9, 9])
    state = give(state, "spells", 0, "pickpocket.1", source="6S")
    state = act(state, 0, cast("pickpocket.1", 1, credit=True))
    assert state.core.gold[:2] == (7, 2)
    assert magic(state).labs == (Lab("6S", 0, credits=("pickpocket.1",)),)
    assert magic(state).spells[0] == () and magic(state).targeted == ((0, 1),)
    (told,) = [e for e in state.events if e.kind == "spell_cast"]
    assert told.visible_to is None
    assert told.text == "{seat:0} cast Pickpocket at {seat:1}; it is credited to the lab 6♠"
    assert events(state, "pickpocket")[0]["taken"] == 3 and sound(state)


def test_a_spell_not_credited_is_reshuffled() -> None:
    """Spades: "either reshuffle or use to act as a counter"; Pickpocket takes what there is."""
    state = table(labs=[Lab("6S", 0)], gold=[4, 2, 9, 9])
    state = give(state, "spells", 0, "pickpocket.1", source="6S")
    before = len(magic(state).spell_deck)
    state = act(state, 0, cast("pickpocket.1", 1))
    assert state.core.gold[:2] == (6, 0)
    assert len(magic(state).spell_deck) == before + 1 and magic(state).labs[0].credits == ()
    assert sound(state)


def test_only_the_casters_own_lab_takes_the_credit() -> None:
    """Spades: "Spells that were not produced from that spell lab cannot take credit for it": a
    spell whose lab is another's (or gone) is reshuffled, and no credit is offered for it."""
    state = table(labs=[Lab("6S", 2), Lab("8S", 0)], gold=[4, 5, 9, 9])
    state = give(state, "spells", 0, "pickpocket.1", source="6S")
    offered = [a for a in _legal(state, 0) if a.type == "cast_spell"]
    assert offered and not any(a.credit for a in offered)
    state = act(state, 0, cast("pickpocket.1", 1, credit=True))
    assert all(lab.credits == () for lab in magic(state).labs)
    assert "pickpocket.1" in magic(state).spell_deck


def test_blight_takes_the_lands_next_production() -> None:
    """Blight (D: "If a spell is played to block production of souls…"): the land's next production
    yields nothing; a winter roll, which yields nothing anyway, does not spend it."""
    state = table(tableaux=[[], [Stack("4C", top="8D")], [], []], counters={"portion": 7})
    state = give(state, "spells", 0, "blight.1")
    state = act(state, 0, cast("blight.1", 1, "8D"))
    assert magic(state).effects == (Effect("blight", seat=1, card="8D"),)
    state = end_turn_rolling(state, (3, 5))  # winter: nothing to take
    assert state.economy.goods[1] == (0, 0, 0) and magic(state).effects
    state = _summer(state)
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[1] == (0, 0, 0) and magic(state).effects == ()
    assert "yielded nothing (Blight)" in next(
        e.text for e in state.events if e.kind == "curse_struck"
    )
    state = end_turn_rolling(state, (3, 5))
    assert state.economy.goods[1] == (0, 0, 1)


def test_fallow_curse_takes_the_propertys_next_gold() -> None:
    """Fallow Curse ("Spells negatively affect other players"): no gold on its next roll."""
    state = table(tableaux=[[], ["4C"], [], []], gold=[9, 9, 9, 9])
    state = give(state, "spells", 0, "fallow_curse.1")
    state = act(state, 0, cast("fallow_curse.1", 1, "4C"))
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 9
    state = end_turn_rolling(state, (1, 3))
    assert state.core.gold[1] == 12 and sound(state)


def test_rot_gives_the_investment_to_the_central_bank() -> None:
    """Rot: "investments … lost and given to the central bank"."""
    state = table(tableaux=[[], [Stack("4C", invested=5), "5C"], [], []])
    state = give(state, "spells", 0, "rot.1", "rot.2")
    bank = state.core.ledger.bank
    assert (
        refused(state, 0, cast("rot.1", 1, "5C")) == "Rot takes an investment, and 5♣ carries none"
    )
    state = act(state, 0, cast("rot.1", 1, "4C"))
    assert state.economy.tableaux[1][0].invested == 0 and state.core.ledger.bank == bank + 5
    assert events(state, "rot") == [{"kind": "rot", "seat": 1, "card": "4C", "lost": 5}]
    assert sound(state)


def test_siphon_gives_the_grant_to_the_central_bank() -> None:
    """Siphon: labs "require constant funding": the grant goes to the central bank."""
    state = table(labs=[Lab("6H", 1, grant=3), Lab("8S", 2)])
    state = give(state, "spells", 0, "siphon.1")
    bank = state.core.ledger.bank
    assert "8♠ is not funded" in refused(state, 0, cast("siphon.1", 2, "8S"))
    state = act(state, 0, cast("siphon.1", 1, "6H"))
    assert magic(state).labs[0].grant == 0 and state.core.ledger.bank == bank + 3
    assert sound(state)


def test_corrosion_raises_one_shops_maintenance_up_to_three() -> None:
    """Corrosion: "Maintenance is one gold, but can fluctuate": +1 there, at most +3; on the lab's
    number the shop's owner pays the counter (1) and the corrosion."""
    state = table(tableaux=[[], [Stack("4C", top="9S")], [], []], gold=[9, 9, 9, 9])
    spells = ("corrosion.1", "corrosion.2")
    state = give(state, "spells", 0, *spells)
    state = act(state, 0, cast("corrosion.1", 1, "4C"))
    state = act(state, 0, cast("corrosion.2", 1, "4C"))
    assert magic(state).effects == (Effect("corrosion", seat=1, card="4C", amount=2),)
    state = arrange_magic(state, effects=(Effect("corrosion", seat=1, card="4C", amount=3),))
    state = give(state, "spells", 0, *spells)
    assert "raised by 3 already" in refused(state, 0, cast("corrosion.1", 1, "4C"))
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, (4, 5))
    assert state.core.gold[1] == 9 - 4 and state.core.ledger.bank == bank + 4


def test_dispel_reshuffles_the_potions_under_a_stack_unrevealed() -> None:
    """Dispel: "A potion on a non-targeted property does not get activated …": the potions under
    that stack go back into the recipe deck, and no one learns which they were."""
    state = table(tableaux=[[], ["4C", "5C"], [], []])
    state = set_potion(state, 1, "golden_touch.1", on="4C")
    state = give(state, "spells", 0, "dispel.1")
    assert refused(state, 0, cast("dispel.1", 1, "5C")) == "no potion lies under 5♣"
    state = act(state, 0, cast("dispel.1", 1, "4C"))
    assert magic(state).set_potions == () and "golden_touch.1" in magic(state).recipe_deck
    assert events(state, "dispel") == [{"kind": "dispel", "seat": 1, "card": "4C", "potions": 1}]
    assert all("golden" not in str(e.data) for e in state.events)
    assert sound(state)


def test_greed_hex_hits_a_player_who_bought_since_your_last_turn() -> None:
    """Greed Hex: "Players must say the actions they are taking out loud as some spells requires
    that knowledge": a player who bought a permit since the caster's last turn pays the cost of
    the living to the central bank, as far as their gold goes."""
    state = table(gold=[9, 9, 9, 1])
    state = give(state, "spells", 0, "greed_hex.1", "greed_hex.2")
    assert "bought a permit since your last turn" in refused(state, 0, cast("greed_hex.1", 1))
    state = end_turn_rolling(state, (1, 2))
    state = act(state, 1, {"type": "buy_permit"})
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))
    state = end_turn_rolling(state, (1, 2))  # seat 0's turn again
    assert state.core.current == 0 and magic(state).bought_since[0] == (1,)
    gold, bank = state.core.gold[1], state.core.ledger.bank
    assert "bought a permit" in refused(state, 0, cast("greed_hex.1", 2))
    state = act(state, 0, cast("greed_hex.1", 1))
    assert state.core.gold[1] == gold - 2 and state.core.ledger.bank == bank + 2
    state = arrange_magic(state, bought_since=((3,), (), (), ()))
    state = act(state, 0, cast("greed_hex.2", 3))
    assert state.core.gold[3] == 0 and events(state, "greed_hex")[0]["paid"] == 1


def test_who_bought_is_remembered_turn_by_turn() -> None:
    """The window of Greed Hex: from the end of the caster's last turn to now."""
    state = table(gold=[9, 9, 9, 9])
    state = act(state, 0, {"type": "buy_permit"})
    state = end_turn_rolling(state, (1, 2))
    assert magic(state).bought_since == ((), (0,), (0,), (0,))
    state = act(state, 1, {"type": "buy_permit"})
    state = end_turn_rolling(state, (1, 2))
    assert magic(state).bought_since == ((1,), (), (0, 1), (0, 1))


def test_bad_omen_voids_the_newest_reading() -> None:
    """Bad Omen: "These predictions can be wrong": the newest reading on the field is voided,
    shuffled back into the reading deck."""
    state = table()
    old, new = magic(state).reading_deck[:2]
    state = arrange_magic(
        state,
        reading_deck=magic(state).reading_deck[2:],
        field=(Reading(old, 1, 0), Reading(new, 1, 0)),
    )
    state = give(state, "spells", 0, "bad_omen.1")
    assert refused(state, 0, cast("bad_omen.1", card=old)) == (
        "Bad Omen is cast at the newest future reading on the field"
    )
    state = act(state, 0, cast("bad_omen.1", card=new))
    assert [r.card for r in magic(state).field] == [old] and new in magic(state).reading_deck
    assert sound(state)


def test_bandit_roads_is_recorded_for_the_road_roll() -> None:
    """Bandit Roads: "a D6 is rolled by both players to determine if the paths between kingdoms is
    safe": recorded for the finance module's road roll (no effect without finance)."""
    state = table()
    state = give(state, "spells", 0, "bandit_roads.1")
    state = act(state, 0, cast("bandit_roads.1", 2))
    assert magic(state).effects == (Effect("bandit_roads", seat=2, amount=3),)


def test_spell_duty_costs_the_caster_and_refuses_the_poor() -> None:
    """Spell Duty ("Spells negatively affect other players"): casting costs N gold to the R.O.W."""
    state = table(gold=[3, 5, 9, 9])
    state = arrange_magic(state, regulations=(Rule("spell_duty", 2),))
    state = give(state, "spells", 0, "bandit_roads.1", "bandit_roads.2")
    row = state.core.ledger.row
    state = act(state, 0, cast("bandit_roads.1", 1))
    assert state.core.gold[0] == 1 and state.core.ledger.row == row + 2
    assert "paying 2 gold Spell Duty" in next(
        e.text for e in state.events if e.kind == "spell_cast"
    )
    assert refused(state, 0, cast("bandit_roads.2", 1)) == (
        "the Spell Duty costs 2 gold a spell, paid to the R.O.W.; you hold 1 gold"
    )
    assert sound(state)


def test_warding_draught_turns_the_next_spell_aside() -> None:
    """Warding Draught ("Spells negatively affect other players"): the next spell at its owner
    has no effect; the potion is revealed (and credited to its lab), the spell still spent."""
    state = table(labs=[Lab("5H", 1), Lab("6S", 0)], gold=[4, 5, 9, 9])
    state = set_potion(state, 1, "warding_draught.1", source="5H")
    state = give(state, "spells", 0, "pickpocket.1", source="6S")
    state = act(state, 0, cast("pickpocket.1", 1, credit=True))
    assert state.core.gold[:2] == (4, 5) and magic(state).set_potions == ()
    assert magic(state).labs[0].credits == ("warding_draught.1",)
    assert magic(state).labs[1].credits == ("pickpocket.1",)
    assert magic(state).targeted == ((0, 1),)
    assert [e.kind for e in state.events] == ["spell_cast", "potion_revealed", "spell_warded"]
    assert sound(state)


def test_refusals_name_the_right_target() -> None:
    """A spell "can be played at any player" other than oneself, at a target of its kind."""
    state = table(tableaux=[["5C"], ["4C"], [], []])
    state = give(state, "spells", 0, "pickpocket.1", "blight.1")
    assert refused(state, 0, cast("pickpocket.1", 0)) == (
        "Pickpocket is cast at another player still in the game"
    )
    assert refused(state, 0, cast("blight.1", 1, "4C")) == (
        "Blight is cast at a land on another player's property"
    )
    assert "hold no such spell" in refused(state, 0, cast("rot.1", 1, "4C"))
    assert "not your move" in refused(state, 1, cast("pickpocket.1", 2))


def _legal(state, seat):  # type: ignore[no-untyped-def]
    from tests.games.merlin.helpers import GAME

    listed = GAME.legal(state, seat).enumerate()
    assert listed is not None
    return listed


def _summer(state):  # type: ignore[no-untyped-def]
    from tests.games.merlin.helpers import arrange

    return arrange(state, counters={"portion": 0})
