"""Golems (MERLIN-MODULES.md §2.5): Jacks are Stone, Queens Bronze; red ones attack, black ones
defend; they act on 11 and 12, take and block yield, damage and ruin properties."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest

from tests.games.merlin.helpers import GAME, end_turn_rolling, events
from tradingfloor.core.errors import IllegalAction
from tradingfloor.games.merlin.bankruptcy import exit_player
from tradingfloor.games.merlin.logbook import event_text
from tradingfloor.games.merlin.magic import golem_fights, golems, potions
from tradingfloor.games.merlin.magic.state import (
    Effect,
    Golem,
    Held,
    Magic,
    Role,
    Rule,
    SetPotion,
)
from tradingfloor.games.merlin.rulebook import Payout
from tradingfloor.games.merlin.state import MerlinState, Stack

from .helpers import act, after_magic, arrange, arrange_magic, cards_accounted, conserved

ELEVEN, TWELVE, FOUR, THREE, EIGHT = (5, 6), (6, 6), (1, 3), (1, 2), (2, 6)


def golem(card: str, owner: int, on: str, seat: int = 1, placed: int = 0) -> Golem:
    """A golem in play: `owner`'s `card` on `seat`'s stack `on` (Stone 1 hit point, Bronze 2)."""
    role: Role = "attack" if card[-1] in "DH" else "defend"
    return Golem(card, owner, seat, on, role, 1 if card[0] == "J" else 2, placed)


def table(
    hands: Iterable[Iterable[str]] = ((), (), (), ()),
    tableaux: Iterable[Iterable[Stack | str]] = ((), (), (), ()),
    souls: tuple[int, ...] = (0, 0, 0, 0),
    **magic: Any,
) -> MerlinState:
    """A 4-player magic game, seat 0 to play, with these holdings (their cards out of the deck)."""
    state = after_magic()
    hands = [list(h) for h in hands]
    rows = [[Stack(s) if isinstance(s, str) else s for s in row] for row in tableaux]
    used = {c for h in hands for c in h}
    used |= {c for row in rows for s in row for c in (s.base, s.top) if c}
    used |= {g.card for g in magic.get("golems", ())}
    deck = [c for c in state.economy.deck if c not in used]
    goods = [(n, 0, 0) for n in souls]
    state = arrange(state, hands=hands, tableaux=rows, goods=goods, deck=deck)
    state = arrange_magic(state, **magic)
    assert cards_accounted(state) and conserved(state)
    return state


def magic(state: MerlinState) -> Magic:
    assert isinstance(state.magic, Magic)
    return state.magic


def play(state: MerlinState, seat: int, card: str, owner: int, on: str) -> MerlinState:
    return act(state, seat, {"type": "play_golem", "card": card, "seat": owner, "on": on})


def with_ruin(state: MerlinState, mode: str) -> MerlinState:
    """The same table with the option ruin set to `mode`."""
    content = state.config.magic
    rules = content.figures.golems.model_copy(update={"ruin": mode})
    figures = content.figures.model_copy(update={"golems": rules})
    return replace(state, config=replace(state.config, magic=replace(content, figures=figures)))


# --- MERLIN-MODULES.md §2.11, the acceptance figures ---------------------------------------------


def test_a_stone_attacker_on_a_topped_property_damages_then_ruins_it() -> None:
    """§2.11: "Stone attacker on 4♣+3♦: roll 11 → no gold on 4, `invest` refused; second 11 →
    ruined." Draft: "Properties with permits on top ... have two hit points ... Properties with
    permits on top that have been hit no longer generate gold on roll, and cannot be invested
    in." """
    state = table(
        hands=[["JD"], [], [], []],
        tableaux=[[], [Stack("4C", top="3D")], [], []],
        souls=(1, 0, 0, 0),
    )
    state = play(state, 0, "JD", 1, "4C")
    assert magic(state).golems == (Golem("JD", 0, 1, "4C", "attack", 1, 0),)
    assert golem_fights.hit_points(state, 1, "4C") == 2

    state = end_turn_rolling(state, ELEVEN)  # seat 1 rolls 11
    assert magic(state).damage == ((1, "4C", 1),)
    assert golem_fights.hit_points(state, 1, "4C") == 1
    assert events(state, "golem_damage") == [
        {"kind": "golem_damage", "seat": 0, "card": "JD", "owner": 1, "on": "4C", "hp": 1}
    ]
    with pytest.raises(IllegalAction, match="hit by a golem: a damaged property with a permit"):
        act(state, 1, {"type": "invest", "card": "4C", "amount": 1})

    gold = state.core.gold
    state = end_turn_rolling(state, FOUR)  # seat 2 rolls 4
    assert state.core.gold == gold  # no gold on 4, to its owner or to the attacker
    assert [e["why"] for e in events(state, "golem_no_yield")] == ["damaged"]

    state = end_turn_rolling(state, ELEVEN)  # seat 3 rolls 11: the second hit
    assert state.economy.tableaux[1] == ()
    assert magic(state).golems == () and magic(state).damage == ()
    assert {"4C", "3D", "JD"} <= set(state.economy.deck)
    assert events(state, "stack_ruined")[0]["cards"] == ["4C", "3D"]
    assert conserved(state) and cards_accounted(state)


def test_a_stone_attacker_and_a_stone_defender_are_entrenched() -> None:
    """§2.11: "Stone attacker + Stone defender: entrenched (no yield); roll 11 → attacker
    destroyed, no damage." Draft: "A property with both an attacking and defending golem are
    considered entrenched and will not generate any resource." """
    guard, raider = golem("JC", 1, "4C", placed=0), golem("JD", 0, "4C", placed=1)
    state = table(tableaux=[[], ["4C"], [], []], golems=(guard, raider), golems_played=2)
    gold = state.core.gold
    state = end_turn_rolling(state, FOUR)
    assert state.core.gold == gold
    assert [e["why"] for e in events(state, "golem_no_yield")] == ["entrenched"]

    state = end_turn_rolling(state, ELEVEN)
    assert magic(state).golems == (guard,)
    assert magic(state).damage == ()
    assert "JD" in state.economy.deck
    assert events(state, "golem_destroyed")[0]["target"] == "JD"
    assert conserved(state) and cards_accounted(state)


# --- playing a golem ------------------------------------------------------------------------------


def test_a_bought_golem_is_kept_in_hand_and_played_from_the_next_turn() -> None:
    """Core Loop: "Permits are bought at the end so they can only be played the turn after you
    have bought them." Jacks and Queens are kept in hand like permits."""
    state = table(tableaux=[[], ["4C"], [], []], souls=(1, 0, 0, 0))
    state = arrange(state, deck=["JD", *(c for c in state.economy.deck if c != "JD")])
    state = act(state, 0, {"type": "buy_permit"})
    assert state.economy.hands[0] == ("JD",) and state.economy.fresh == ("JD",)
    with pytest.raises(IllegalAction):
        play(state, 0, "JD", 1, "4C")
    rule = golems.PART.actions["turn"][0]
    assert rule.why(state, 0, GAME.parse_action(_play("JD", 1, "4C"))) == (
        "J♦ was bought this turn; it can be played from your next turn"
    )
    for _ in range(4):
        state = end_turn_rolling(state, EIGHT)
    state = play(state, 0, "JD", 1, "4C")
    assert [g.card for g in magic(state).golems] == ["JD"]


def _play(card: str, owner: int, on: str) -> dict[str, Any]:
    return {"type": "play_golem", "card": card, "seat": owner, "on": on}


def test_animating_a_golem_puts_one_soul_back() -> None:
    """Draft: "All Golems require one Soul to be animated and played. Put the commodity into the
    respective deck before playing the Golem." """
    state = table(hands=[["JD"], [], [], []], tableaux=[[], ["4C"], [], []])
    with pytest.raises(IllegalAction, match="animating a golem takes 1 Soul and you hold 0"):
        play(state, 0, "JD", 1, "4C")
    state = arrange(state, goods=[(2, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)])
    state = play(state, 0, "JD", 1, "4C")
    assert state.economy.goods[0] == (1, 0, 0)
    assert state.economy.hands[0] == ()
    assert dict(magic(state).card_counts)["stone_golem"] == 1
    assert events(state, "golem_played") == [
        {
            "kind": "golem_played",
            "seat": 0,
            "card": "JD",
            "golem": "stone",
            "role": "attack",
            "owner": 1,
            "on": "4C",
            "souls": 1,
            "licence": 0,
        }
    ]


def test_stone_and_bronze_hit_points_and_order_of_play() -> None:
    """Draft: "Stone Golems have 1 hit points"; "Bronze Golems have 2 hit point"."""
    state = table(
        hands=[["JD", "QH"], [], [], []], tableaux=[[], ["4C"], ["9C"], []], souls=(2, 0, 0, 0)
    )
    state = play(state, 0, "QH", 2, "9C")
    state = play(state, 0, "JD", 1, "4C")
    assert magic(state).golems == (
        Golem("QH", 0, 2, "9C", "attack", 2, 0),
        Golem("JD", 0, 1, "4C", "attack", 1, 1),
    )
    assert magic(state).golems_played == 2


def test_red_golems_attack_only_other_players_and_never_a_chauffeur() -> None:
    """Draft: "Attacking golems can be played on opposing properties"; Clubs: "Chauffeurs cannot
    be targeted by golems." """
    state = table(
        hands=[["JH"], [], [], []],
        tableaux=[["4C"], [Stack("5C", top="9C")], ["6C"], []],
        souls=(1, 0, 0, 0),
    )
    with pytest.raises(IllegalAction, match="red golem attacks another player's property"):
        play(state, 0, "JH", 0, "4C")
    with pytest.raises(IllegalAction, match="Chauffeurs cannot be targeted by golems"):
        play(state, 0, "JH", 1, "5C")
    out = replace(state, core=replace(state.core, out=(False, False, True, False)))
    with pytest.raises(IllegalAction, match="not in the game"):
        play(out, 0, "JH", 2, "6C")
    legal = GAME.legal(state, 0).enumerate()
    assert legal is not None
    assert [a.to_json() for a in legal if a.type == "play_golem"] == [_play("JH", 2, "6C")]


def test_black_golems_defend_their_owner_or_an_ally_who_accepts() -> None:
    """Draft: "Defensive golems can be played on owned or allied properties"."""
    state = table(
        hands=[["JC", "QS"], [], [], []], tableaux=[["4C"], ["5C"], [], []], souls=(2, 0, 0, 0)
    )
    with pytest.raises(IllegalAction, match="that player has not"):
        play(state, 0, "QS", 1, "5C")
    state = play(state, 0, "JC", 0, "4C")
    allied = arrange_magic(state, allies=((1, 0),))  # seat 1 allied seat 0
    allied = play(allied, 0, "QS", 1, "5C")
    assert [(g.card, g.seat, g.role) for g in magic(allied).golems] == [
        ("JC", 0, "defend"),
        ("QS", 1, "defend"),
    ]


def test_allying_a_player_and_ending_it() -> None:
    """Draft: "Defensive golems can be played on owned or allied properties": the owner allies."""
    state = table()
    state = act(state, 0, {"type": "ally", "seat": 2})
    assert magic(state).allies == ((0, 2),)
    assert event_text(events(state, "ally")[0]) == (
        "{seat:0} lets {seat:2}'s golems come to guard {seat:0}'s properties"
    )
    with pytest.raises(IllegalAction, match="already your ally"):
        act(state, 0, {"type": "ally", "seat": 2})
    with pytest.raises(IllegalAction, match="your own golems"):
        act(state, 0, {"type": "ally", "seat": 0})
    with pytest.raises(IllegalAction, match="already changed your alliance with that player"):
        act(state, 0, {"type": "ally", "seat": 2, "allied": False})  # [R] once a turn
    with pytest.raises(IllegalAction, match="not your ally"):
        act(state, 0, {"type": "ally", "seat": 3, "allied": False})
    for _ in range(4):
        state = end_turn_rolling(state, EIGHT)
    state = act(state, 0, {"type": "ally", "seat": 2, "allied": False})
    assert magic(state).allies == ()


def test_the_golem_licence_costs_the_tax_rate_to_the_row() -> None:
    """Regulations, Golem Licence: "playing a golem costs the tax rate to the R.O.W." """
    state = table(hands=[["JD"], [], [], []], tableaux=[[], ["4C"], [], []], souls=(1, 0, 0, 0))
    state = arrange_magic(state, regulations=(Rule("golem_licence"),))
    state = arrange(state, counters={"tax_rate": 2})
    poor = arrange(state, gold=[1, *state.core.gold[1:]])
    with pytest.raises(IllegalAction, match="Golem Licence costs the tax rate, 2 gold"):
        play(poor, 0, "JD", 1, "4C")
    gold, row = state.core.gold[0], state.core.ledger.row
    state = play(state, 0, "JD", 1, "4C")
    assert (state.core.gold[0], state.core.ledger.row) == (gold - 2, row + 2)
    assert events(state, "golem_played")[0]["licence"] == 2
    assert conserved(state)


# --- hit points, rolls ----------------------------------------------------------------------------


def test_a_plain_property_has_one_hit_point() -> None:
    """Stone golems attack on 11; a property without a permit on top has 1 hit point."""
    state = table(tableaux=[[], ["4C"], [], []], golems=(golem("JD", 0, "4C"),), golems_played=1)
    state = end_turn_rolling(state, ELEVEN)
    assert state.economy.tableaux[1] == ()
    assert conserved(state) and cards_accounted(state)


def test_each_defender_adds_a_hit_point() -> None:
    """Draft: defensive golems "add one additional hit point to the property for each golem
    protecting said property"; "On a 12 dice roll, all Bronze Golems will attack" (the Stone
    defender waits for an 11)."""
    state = table(
        tableaux=[[], ["4C"], [], []],
        golems=(golem("JC", 1, "4C"), golem("QD", 0, "4C", placed=1)),
        golems_played=2,
    )
    assert golem_fights.hit_points(state, 1, "4C") == 2
    state = end_turn_rolling(state, TWELVE)
    assert magic(state).damage == ((1, "4C", 1),)
    assert golem_fights.hit_points(state, 1, "4C") == 1
    assert state.economy.tableaux[1] == (Stack("4C"),)


def test_bronze_golems_act_on_twelve_and_are_turned_once_before_they_fall() -> None:
    """Draft: "Bronze Golems have 2 hit point, when hit, turned once, and then destroyed on the
    next hit."; a Stone golem elsewhere does nothing on a 12."""
    raider = golem("QD", 0, "4C", placed=1)
    stone = golem("JH", 2, "6C", seat=3, placed=2)
    state = table(
        tableaux=[[], [Stack("4C", top="3D")], [], ["6C"]],
        golems=(golem("QC", 1, "4C"), raider, stone),
        golems_played=3,
    )
    state = end_turn_rolling(state, TWELVE)
    assert magic(state).golems[1] == replace(raider, hp=1)
    assert events(state, "golem_hit")[0]["hp"] == 1  # the defender acted first
    assert magic(state).damage == ((1, "4C", 1),)  # then the attacker, still standing
    state = end_turn_rolling(state, TWELVE)
    assert [g.card for g in magic(state).golems] == ["QC", "JH"]
    assert magic(state).damage == ((1, "4C", 1),)  # the defender fought: no healing
    assert cards_accounted(state)


def test_a_defender_without_an_attacker_heals_the_property() -> None:
    """Draft: "if there is no attacking force, the defensive golem will heal the property one
    hit point if applicable." """
    state = table(
        tableaux=[[], [Stack("4C", top="3D")], [], []],
        golems=(golem("JS", 1, "4C"),),
        golems_played=1,
        damage=((1, "4C", 1),),
    )
    state = end_turn_rolling(state, ELEVEN)
    assert magic(state).damage == ()
    assert golem_fights.hit_points(state, 1, "4C") == 3
    assert event_text(events(state, "golem_healed")[0]) == (
        "{seat:1}'s J♠ healed {seat:1}'s 4♣: 3 hit points left"
    )


def test_defenders_hit_the_oldest_attacker_then_survivors_hit_the_property() -> None:
    """MERLIN-MODULES.md §2.5: "Per property, defenders first: each acting defender deals 1 damage
    to one attacker there (oldest first) ... Then each surviving acting attacker deals 1 damage
    to the property." """
    state = table(
        tableaux=[[], [Stack("4C", top="3D")], [], []],
        golems=(
            golem("JC", 1, "4C"),
            golem("JD", 0, "4C", placed=1),
            golem("JH", 2, "4C", placed=2),
        ),
        golems_played=3,
    )
    state = end_turn_rolling(state, ELEVEN)
    assert [g.card for g in magic(state).golems] == ["JC", "JH"]
    assert magic(state).damage == ((1, "4C", 1),)
    assert golem_fights.hit_points(state, 1, "4C") == 2  # 2 + 1 for the defender, 1 lost
    assert cards_accounted(state)


@pytest.mark.parametrize("stopped", [True, False])
def test_an_iron_skin_under_the_stack_prevents_the_damage(
    monkeypatch: pytest.MonkeyPatch, stopped: bool
) -> None:
    """Potions, Iron Skin: "own stack: next golem damage → prevented" (potions.py decides)."""
    calls: list[tuple[int, str]] = []

    def prevent(state: MerlinState, seat: int, on: str, log: list[Any]) -> tuple[MerlinState, bool]:
        calls.append((seat, on))
        return state, stopped

    monkeypatch.setattr(potions, "prevent_golem_damage", prevent, raising=False)
    state = table(
        tableaux=[[], [Stack("4C", top="3D")], [], []],
        golems=(golem("JD", 0, "4C"),),
        golems_played=1,
    )
    state = end_turn_rolling(state, ELEVEN)
    assert calls == [(1, "4C")]
    assert magic(state).damage == (() if stopped else ((1, "4C", 1),))


# --- yield ----------------------------------------------------------------------------------------


def test_an_attacker_takes_the_yield_of_the_property_and_its_land() -> None:
    """Draft: "When a property generates a resource and an attacking golem is on the card, instead
    of the player that owns the property receiving the resource, it is given to the attacking
    party." The first-placed attacker takes it."""
    state = table(
        tableaux=[[], [Stack("4C", top="3D")], [], []],
        golems=(golem("JD", 0, "4C"), golem("JH", 2, "4C", placed=1)),
        golems_played=2,
    )
    gold = state.core.gold
    state = end_turn_rolling(state, FOUR)
    assert state.core.gold == (gold[0] + 3, *gold[1:])
    assert events(state, "produced")[0] == {
        "kind": "produced",
        "seat": 0,
        "card": "4C",
        "gold": 3,
        "why": "roll",
        "owner": 1,
    }
    state = end_turn_rolling(state, THREE)
    assert [g[0] for g in state.economy.goods] == [1, 0, 0, 0]
    assert event_text(events(state, "yield_stolen")[0]) == (
        "{seat:0}'s attacking golem takes the yield of {seat:1}'s 3♦"
    )
    assert conserved(state)


def test_a_damaged_topped_property_yields_no_gold_but_its_land_still_yields() -> None:
    """Draft: "Properties with permits on top that have been hit no longer generate gold on roll";
    [R] the land on top is not the property hit and still yields its commodity."""
    state = table(tableaux=[[], [Stack("4C", top="3D")], [], []], damage=((1, "4C", 1),))
    payout = Payout(1, "4C", "roll", 1, gold=3)
    assert golem_fights.withheld(state, payout) == "damaged"
    assert (
        golem_fights.withheld(state, replace(payout, card="3D", gold=0, commodity=0, amount=1))
        is None
    )
    gold = state.core.gold
    state = end_turn_rolling(state, FOUR)
    assert state.core.gold == gold
    state = end_turn_rolling(state, THREE)
    assert state.economy.goods[1] == (1, 0, 0)


# --- ruin -----------------------------------------------------------------------------------------


def test_a_ruined_stack_returns_its_cards_investment_golems_and_potions() -> None:
    """[R] ruin = "destroyed": "every discarded card should be shuffled back into their respective
    decks"; the investment is lost to the central bank ("investments ... lost and given to the
    central bank")."""
    state = after_magic()
    recipe = [c for c in magic(state).recipe_deck if c != "golden_touch.1"]
    state = table(
        tableaux=[[], [Stack("4C", invested=2)], [], []],
        golems=(golem("JD", 0, "4C"),),
        golems_played=1,
        recipe_deck=tuple(recipe),
        set_potions=(SetPotion(Held("golden_touch.1"), 1, "4C"),),
        effects=(Effect("fallow", seat=1, card="4C"),),
    )
    bank = state.core.ledger.bank
    state = end_turn_rolling(state, ELEVEN)
    assert state.economy.tableaux[1] == ()
    assert state.core.ledger.bank == bank + 2
    assert "golden_touch.1" in magic(state).recipe_deck
    assert magic(state).set_potions == () and magic(state).effects == ()
    assert event_text(events(state, "stack_ruined")[0]) == (
        "{seat:1}'s 4♣ is ruined: 4♣ and J♦ go back into the deck; its investment of 2 gold "
        "goes to the central bank; 1 potion(s) set under it go back into the recipe deck"
    )
    assert conserved(state) and cards_accounted(state)


def test_with_idle_ruins_the_stack_stays_and_yields_nothing_until_healed_to_full() -> None:
    """Option ruin = "idle" (MERLIN-MODULES.md §2.5): "it stays, yields nothing until healed"."""
    state = with_ruin(
        table(
            tableaux=[[], [Stack("4C", top="3D")], [], []],
            golems=(golem("JD", 0, "4C"),),
            golems_played=1,
            damage=((1, "4C", 1),),
        ),
        "idle",
    )
    state = end_turn_rolling(state, ELEVEN)
    assert state.economy.tableaux[1] == (Stack("4C", top="3D"),)
    assert magic(state).ruined == ((1, "4C"),)
    with pytest.raises(IllegalAction, match="lies in ruins"):
        act(state, 1, {"type": "invest", "card": "4C", "amount": 1})
    gold, goods = state.core.gold, state.economy.goods
    state = end_turn_rolling(state, THREE)
    state = end_turn_rolling(state, FOUR)
    assert (state.core.gold, state.economy.goods) == (gold, goods)  # neither gold nor Souls

    # A defender drives the attacker off, then heals twice: the ruins yield again when full.
    state = arrange_magic(state, golems=(golem("JC", 1, "4C", placed=0), *magic(state).golems))
    state = arrange(state, deck=[c for c in state.economy.deck if c != "JC"])
    for _ in range(3):
        state = end_turn_rolling(state, ELEVEN)
    assert magic(state).ruined == () and magic(state).damage == ()
    before = state.core.gold[1]
    state = end_turn_rolling(state, FOUR)
    assert state.core.gold[1] == before + 3
    assert conserved(state) and cards_accounted(state)


# --- stacks that leave or change hands ------------------------------------------------------------


def test_a_player_out_of_the_game_takes_golems_and_damage_off_the_table() -> None:
    """Bankruptcy: "If a player is still bankrupt by the same time next year, they are exited";
    their stacks, golems on them and their damage leave the table."""
    state = table(
        hands=[[], ["QD"], [], []],
        tableaux=[["5C"], [Stack("4C", top="3D")], [], []],
        golems=(golem("JD", 0, "4C"), golem("JC", 1, "4C", placed=1)),
        golems_played=2,
        damage=((1, "4C", 1),),
    )
    state = exit_player(state, 1, [])
    assert magic(state).golems == () and magic(state).damage == ()
    assert conserved(state) and cards_accounted(state)


def test_a_liquidated_stack_leaves_its_golems_and_damage() -> None:
    """Clubs: liquidating reshuffles the property ("reshuffling it back into the deck"); the golems
    on it go back into the deck with it and its damage is forgotten."""
    state = table(
        tableaux=[[], ["4C"], [], []],
        golems=(golem("JD", 0, "4C"), golem("JC", 1, "4C", placed=1)),
        golems_played=2,
        damage=((1, "4C", 1),),
    )
    state = end_turn_rolling(state, EIGHT)
    state = act(state, 1, {"type": "liquidate", "card": "4C"})
    assert magic(state).golems == () and magic(state).damage == ()
    assert [e["card"] for e in events(state, "golem_returned")] == ["JD", "JC"]
    assert event_text(events(state, "golem_returned")[0]) == (
        "{seat:0}'s J♦ left 4♣ and goes back into the deck"
    )
    assert conserved(state) and cards_accounted(state)


def test_a_sold_stack_keeps_its_damage_and_sheds_golems_that_no_longer_fit() -> None:
    """Clubs: "Properties can be bought and sold freely between players": the stack goes with its
    damage and its defenders; an attacker now on its own owner's stack goes back into the deck."""
    state = table(
        tableaux=[[], [Stack("4C", top="3D")], [], []],
        golems=(golem("JD", 0, "4C"), golem("JC", 1, "4C", placed=1)),
        golems_played=2,
        damage=((1, "4C", 1),),
        allies=((0, 1),),
    )
    state = end_turn_rolling(state, EIGHT)
    state = act(state, 1, {"type": "offer_sale", "card": "4C", "to": 0, "price": 1})
    state = act(state, 0, {"type": "accept"})
    assert magic(state).damage == ((0, "4C", 1),)
    assert magic(state).golems == (replace(golem("JC", 1, "4C", placed=1), seat=0),)
    assert [e["card"] for e in events(state, "golem_returned")] == ["JD"]
    assert conserved(state) and cards_accounted(state)


def test_a_stack_made_a_chauffeur_sheds_its_golems() -> None:
    """Clubs: "Chauffeurs cannot be targeted by golems": a property placed across an attacked one
    sends the golems on it back into the deck by the next roll, which then does no harm."""
    state = table(
        hands=[[], ["9C"], [], []],
        tableaux=[[], ["4C"], [], []],
        golems=(golem("JD", 0, "4C"),),
        golems_played=1,
    )
    state = end_turn_rolling(state, EIGHT)
    state = act(state, 1, {"type": "place", "card": "9C", "on": "4C"})
    state = end_turn_rolling(state, ELEVEN)
    assert magic(state).golems == () and magic(state).damage == ()
    assert state.economy.tableaux[1] == (Stack("4C", top="9C"),)
    assert events(state, "golem_returned")[0]["card"] == "JD"
    assert cards_accounted(state)


def test_a_player_out_of_the_game_leaves_no_ruins() -> None:
    """Bankruptcy: a player exited takes their stacks off the table, ruins included."""
    state = with_ruin(
        table(
            tableaux=[[], ["4C"], [], []],
            damage=((1, "4C", 1),),
            ruined=((1, "4C"),),
        ),
        "idle",
    )
    state = exit_player(state, 1, [])
    assert magic(state).ruined == () and magic(state).damage == ()
    assert conserved(state) and cards_accounted(state)


# --- words ----------------------------------------------------------------------------------------


def test_every_golem_move_and_event_has_words() -> None:
    """Every move has a label and every logged event a text in the draft's terms."""
    state = table(hands=[["JD"], [], [], []], tableaux=[[], ["4C"], [], []], souls=(1, 0, 0, 0))
    described = GAME.legal(state, 0).describe()["actions"]
    labels = [a["label"] for a in described if a["type"] in ("play_golem", "ally")]
    assert "Animate J♦ (Stone golem, 1 Soul) to attack {seat:1}'s 4♣" in labels
    assert "Let {seat:1}'s defending golems guard your properties" in labels
    kinds = {*golems.EVENTS, *golem_fights.EVENTS}
    assert {"golem_played", "ally", "golem_hit", "golem_destroyed", "golem_healed"} <= kinds
    state = play(state, 0, "JD", 1, "4C")
    assert event_text(events(state, "golem_played")[0]) == (
        "{seat:0} animated J♦, a Stone golem, with 1 Soul to attack {seat:1}'s 4♣"
    )
