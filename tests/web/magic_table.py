"""A Merlin table with the magic module and every part of it filled: labs, a Spell Shop and a
Brewery, golems on stacks with damage, potions set, readings on the field, regulations, crowns,
maintenance owed, hands of spells, recipes and potions, and (optionally) a vote under way.

For the terminal and browser tests of the magic interface, and for screenshots of it."""

from __future__ import annotations

from collections import Counter

from tests.games.merlin.helpers import arrange_dealt
from tests.games.merlin.magic.helpers import after_magic, arrange_magic
from tradingfloor.games.merlin.magic.state import (
    Ballot,
    Effect,
    Golem,
    Held,
    Lab,
    Reading,
    Rule,
    SetPotion,
)
from tradingfloor.games.merlin.state import MerlinState, Stack

TABLEAUX = [
    [Stack("4C", top="5D"), Stack("6C", top="9S"), Stack("3C", invested=2)],
    [Stack("8C", top="10H"), Stack("5C", top="3D")],
    [Stack("2C"), Stack("9C", top="2D")],
    [Stack("10C", top="8D")],
]
HANDS = [["JD", "KC", "QS", "5S"], ["QH"], ["KD"], []]
LABS = (
    Lab("2S", owner=0, grant=1, credits=("siphon.1", "blight.1")),
    Lab("8H", owner=0),
    Lab("4S", owner=2, grant=1),
)
GOLEMS = (
    Golem("JH", owner=2, seat=1, on="8C", role="attack", hp=1, placed=1),
    Golem("QC", owner=1, seat=1, on="8C", role="defend", hp=2, placed=2),
    Golem("JC", owner=3, seat=3, on="10C", role="defend", hp=1, placed=3),
    Golem("QD", owner=1, seat=2, on="9C", role="attack", hp=2, placed=4),
)
SPELLS = (
    (Held("pickpocket.1", source="2S"), Held("rot.1", source="2S"), Held("bad_omen.1")),
    (Held("pickpocket.2"), Held("dispel.1")),
    (),
    (Held("siphon.2"),),
)
RECIPES = ((Held("golden_touch.1", source="8H"),), (Held("lucky_charm.1"),), (), ())
POTIONS = ((Held("iron_skin.1"),), (), (Held("clear_skies.1"),), ())
SET = (
    SetPotion(Held("warding_draught.1"), owner=0),
    SetPotion(Held("growth_tonic.1"), owner=0, on="4C"),
    SetPotion(Held("safe_passage.1"), owner=1, on="5C"),
)
FIELD = (
    Reading("drought.1", turn=1, orbit=0),
    Reading("merchant_subsidy.1", turn=2, orbit=0),
    Reading("early_thaw.2", turn=3, orbit=0),
)


def used_playing_cards() -> list[str]:
    cards = [c for row in TABLEAUX for s in row for c in (s.base, s.top) if c]
    cards += [c for hand in HANDS for c in hand]
    cards += [lab.card for lab in LABS] + [g.card for g in GOLEMS]
    return cards


def magic_table(ballot: Ballot | None = None, seed: int = 1) -> MerlinState:
    """Seat 0 to play, with every part of the magic table in view."""
    state = after_magic(seed=seed)
    aside = [ballot.card] if ballot is not None and ballot.card else []  # a King held for its vote
    used = Counter(used_playing_cards() + aside)
    state = arrange_dealt(
        state,
        used,
        tableaux=TABLEAUX,
        hands=HANDS,
        gold=[12, 9, 6, 4],
        goods=[[2, 1, 3], [1, 0, 2], [0, 2, 0], [1, 1, 1]],
    )
    magic = state.magic
    revealed = {r.card for r in magic.field}  # the first roll's reading stays on the field
    field = (*magic.field, *(r for r in FIELD if r.card not in revealed))
    held = {h.card for group in (*SPELLS, *RECIPES, *POTIONS) for h in group}
    held |= {p.potion.card for p in SET} | {r.card for r in field}
    held |= {c for lab in LABS for c in lab.credits}
    return arrange_magic(
        state,
        spell_deck=tuple(c for c in magic.spell_deck if c not in held),
        recipe_deck=tuple(c for c in magic.recipe_deck if c not in held),
        reading_deck=tuple(c for c in magic.reading_deck if c not in held),
        spells=SPELLS,
        recipes=RECIPES,
        potions=POTIONS,
        labs=LABS,
        golems=GOLEMS,
        golems_played=len(GOLEMS),
        damage=((1, "8C", 1), (3, "10C", 2)),
        set_potions=SET,
        field=field,
        effects=(Effect("fallow", seat=2, card="2C"),),
        crowns=(2, 0, 1, 0),
        crown_year=(0, 0, 0, 0),
        regulations=(Rule("permit_quota", 2), Rule("spell_duty", 1)),
        maintenance=2,
        bank_debt=(0, 0, 0, 3),
        ballot=ballot,
        proposals=(None,) * 4,
        allies=((3, 0),),
        targeted=((0, 2),),
        open_shops=((0, "6C", 1),),
    )


def regulation_vote() -> MerlinState:
    """The same table with seat 0's decree's regulation vote under way: two have voted."""
    ballot = Ballot(
        kind="regulate",
        caller=0,
        voters=(0, 1, 2, 3),
        sealed=(None, "add:oil_levy", "delete:spell_duty", None),
        choices=("add:oil_levy", "change:permit_quota:down", "delete:spell_duty"),
        card="KS",
    )
    return magic_table(ballot)


def proposal_round() -> MerlinState:
    """The same table with seat 0's decree's regulation round under way: seat 2 has proposed."""
    ballot = Ballot(
        kind="propose",
        caller=0,
        voters=(0, 1, 2, 3),
        sealed=(None, None, "sealed", None),
        card="KS",
    )
    return magic_table(ballot)


def many_spells() -> MerlinState:
    """Seat 0 holds six spells: casting one is a form (spell, target, credit) rather than a row
    of buttons."""
    state = magic_table()
    extra = (Held("blight.2"), Held("fallow_curse.1"), Held("corrosion.1"))
    spells = (state.magic.spells[0] + extra, *state.magic.spells[1:])
    taken = {h.card for h in extra}
    return arrange_magic(
        state,
        spells=spells,
        spell_deck=tuple(c for c in state.magic.spell_deck if c not in taken),
    )
