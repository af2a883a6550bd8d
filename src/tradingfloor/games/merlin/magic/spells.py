"""The magic module: casting spells and what each default spell does (MERLIN-MODULES.md §2.2,
§2.10).

Spells: "A spell can be played at any player. Used to stifle completion. Reveal the card and to
whom or property it affects. After using the spell, either reshuffle or use to act as a counter for
the spell lab that produced the spell. Spells that were not produced from that spell lab cannot
take credit for it."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank, to_row
from tradingfloor.games.merlin.magic.actions import CastSpell
from tradingfloor.games.merlin.magic.content import Spell, kind_of
from tradingfloor.games.merlin.magic.labs import find_lab, own_lab, set_lab
from tradingfloor.games.merlin.magic.state import Effect, Held, Magic, SetPotion
from tradingfloor.games.merlin.magic.table import (
    add_effect,
    content_of,
    count_play,
    drop_effect,
    effects,
    find_held,
    magic_of,
    mark_targeted,
    potions_set,
    regulation,
    remove_held,
    reveal_potion,
    shuffle_custom,
    spend,
    with_magic,
)
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, Payout, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.tableau import stack_of
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

Target = tuple[int | None, str | None]
"""Whom a spell is cast at: a player (seat, None), one of their cards (seat, card), or a reading
on the field (None, reading card)."""

AIMS = {
    "player": "another player still in the game",
    "land": "a land on another player's property",
    "property": "another player's property (not a Chauffeur)",
    "lab": "another player's lab",
    "specialized": "another player's Spell Shop or Brewery",
    "stack": "one of another player's stacks",
    "player_bought": "another player who bought a permit since your last turn",
    "reading": "the newest future reading on the field",
}
CURSES = ("blight", "fallow")
"""Effects that take a permit's next production (Blight on a land, Fallow Curse on a property)."""


def spell_of(state: MerlinState, card_id: str) -> Spell:
    return content_of(state).spells[kind_of(card_id)]


# --- targets ------------------------------------------------------------------------------------


def _others(state: MerlinState, me: int) -> list[int]:
    return [s for s in state.core.in_game() if s != me]


def bought_since(state: MerlinState, me: int) -> tuple[int, ...]:
    """The players who bought a permit since `me`'s last turn (Core Loop: "Players must say the
    actions they are taking out loud as some spells requires that knowledge")."""
    rows = magic_of(state).bought_since
    return rows[me] if rows else ()


def _kind_targets(state: MerlinState, me: int, aim: str) -> list[Target]:
    """Every target of the right kind for a spell aimed at `aim`."""
    tableaux = state.economy.tableaux
    others = _others(state, me)
    if aim == "player":
        return [(s, None) for s in others]
    if aim == "player_bought":
        return [(s, None) for s in others if s in bought_since(state, me)]
    if aim == "reading":
        field = magic_of(state).field
        return [(None, field[-1].card)] if field else []
    if aim == "lab":
        return [(lab.owner, lab.card) for lab in magic_of(state).labs if lab.owner in others]
    if aim == "land":
        return [
            (s, st.top)
            for s in others
            for st in tableaux[s]
            if kind(state, st) == "land" and st.top
        ]
    wanted = {
        "property": ("property", "land", "specialized"),
        "specialized": ("specialized",),
        "stack": ("property", "land", "specialized", "chauffeur"),
    }[aim]
    return [(s, st.base) for s in others for st in tableaux[s] if kind(state, st) in wanted]


def corrosion_on(state: MerlinState, card: str) -> Effect | None:
    return next((e for e in effects(state, "corrosion") if e.card == card), None)


def _useless(state: MerlinState, spell: Spell, target: Target) -> str | None:
    """Why a spell would do nothing at this target (then it is not cast), or None."""
    who, card = target
    if who is None or card is None:
        return None
    if spell.effect == "rot":
        found = stack_of(state, who, card)
        if found is None or not found[1].invested:
            return f"Rot takes an investment, and {card_words(card)} carries none"
    if spell.effect == "siphon":
        lab = own_lab(state, who, card)
        if lab is None or not lab.grant:
            return f"Siphon takes a research grant, and {card_words(card)} is not funded"
    if spell.effect == "corrosion":
        raised = corrosion_on(state, card)
        if spell.amount and raised is not None and raised.amount >= spell.amount:
            return (
                f"the maintenance of {card_words(card)} is raised by {spell.amount} already, "
                "the most Corrosion can"
            )
    if spell.effect == "dispel" and not _under(state, who, card):
        return f"no potion lies under {card_words(card)}"
    return None


def _under(state: MerlinState, who: int, card: str) -> list[SetPotion]:
    """The potions set face down under `who`'s stack `card`."""
    return [p for p in magic_of(state).set_potions if p.owner == who and p.on == card]


def targets(state: MerlinState, me: int, spell: Spell) -> list[Target]:
    """Every target at which this spell would act."""
    found = _kind_targets(state, me, spell.target)
    return [t for t in found if _useless(state, spell, t) is None]


# --- casting ------------------------------------------------------------------------------------


def creditable(state: MerlinState, me: int, held: Held) -> bool:
    """Whether a spent spell may go under its source lab: the caster's own lab, still a lab
    (Spades: "Spells that were not produced from that spell lab cannot take credit for it")."""
    return held.source is not None and own_lab(state, me, held.source) is not None


def _why_cast(state: MerlinState, me: int, action: CastSpell) -> str | None:
    held = find_held(state, "spells", me, action.spell)
    if held is None:
        return "you hold no such spell; spells come from your funded spell labs"
    spell = spell_of(state, action.spell)
    duty = regulation(state, "spell_duty")
    if duty and state.core.gold[me] < duty:
        purse = gold(state.core.gold[me])
        return f"the Spell Duty costs {gold(duty)} a spell, paid to the R.O.W.; you hold {purse}"
    target = (action.seat, action.card)
    if target not in _kind_targets(state, me, spell.target):
        return f"{spell.title} is cast at {AIMS[spell.target]}"
    return _useless(state, spell, target)


def _casts(state: MerlinState, me: int) -> list[Action]:
    out: list[Action] = []
    spells = magic_of(state).spells[me]
    if not spells:
        return out  # nothing to cast (asked before the regulations are read)
    duty = regulation(state, "spell_duty")
    if duty and state.core.gold[me] < duty:
        return out
    for held in spells:
        credits = [False, True] if creditable(state, me, held) else [False]
        for who, card in targets(state, me, spell_of(state, held.card)):
            out += [
                drawn(CastSpell, spell=held.card, seat=who, card=card, credit=c) for c in credits
            ]
    return out


def _apply_cast(state: MerlinState, me: int, action: CastSpell, log: Log) -> MerlinState:
    """Spells: "Reveal the card and to whom or property it affects." Then it acts (unless a
    Warding Draught turns it aside) and is credited to its lab or reshuffled."""
    held = find_held(state, "spells", me, action.spell)
    assert held is not None
    spell = spell_of(state, action.spell)
    state = remove_held(state, "spells", me, action.spell)
    duty = regulation(state, "spell_duty") or 0
    if duty:
        # Spell Duty: "Spells negatively affect other players": casting costs N to the R.O.W.
        state = to_row(add_gold(state, me, -duty), duty)
    # A credit asked for a spell whose lab is gone (or not the caster's) reshuffles it instead.
    credit = action.credit and creditable(state, me, held)
    log.append(_cast_event(state, me, held, spell, action, credit, duty))
    if action.seat is not None:
        state = mark_targeted(state, me, action.seat)
    warded = potions_set(state, action.seat, None, "warding") if action.seat is not None else []
    if warded:
        # Warding Draught: "next spell at you → no effect"; the spell is still spent.
        state = reveal_potion(state, warded[0], log)
        log.append(event("spell_warded", seat=action.seat, caster=me, title=spell.title))
    else:
        state = EFFECTS[spell.effect](state, me, spell, (action.seat, action.card), log)
    state = count_play(state, kind_of(action.spell))
    return spend(state, held, "spell_deck", credit, log)


def _cast_event(
    state: MerlinState,
    me: int,
    held: Held,
    spell: Spell,
    action: CastSpell,
    credit: bool,
    duty: int,
) -> Any:
    reading = None
    if spell.target == "reading" and action.card is not None:
        reading = content_of(state).readings[kind_of(action.card)].title
    return event(
        "spell_cast",
        seat=me,
        spell=action.spell,
        title=spell.title,
        target=action.seat,
        card=None if reading else action.card,
        reading=reading,
        credited=held.source if credit else None,
        duty=duty,
    )


# --- the effects --------------------------------------------------------------------------------

Cast = Callable[[MerlinState, int, Spell, Target, Log], MerlinState]


def _pickpocket(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Gold: "Gold that is not invested that is not in a Chauffeur is considered pocket change and
    can have adverse affects": take up to `amount` of the target's gold in hand."""
    who = target[0]
    assert who is not None
    taken = min(spell.amount, state.core.gold[who])
    state = add_gold(add_gold(state, who, -taken), me, taken)
    log.append(event("pickpocket", seat=me, target=who, taken=taken))
    return state


def _curse(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Blight (a land) or Fallow Curse (a property): its next production yields nothing."""
    who, card = target
    state = add_effect(state, Effect(spell.effect, seat=who, card=card))
    log.append(event("cursed", seat=who, card=card, title=spell.title))
    return state


def _rot(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Property Investing: investments are "lost and given to the central bank"."""
    who, card = target
    assert who is not None and card is not None
    found = stack_of(state, who, card)
    assert found is not None
    index, stack = found
    eco = state.economy
    tableau = put(eco.tableaux[who], index, replace(stack, invested=0))
    state = replace(state, economy=replace(eco, tableaux=put(eco.tableaux, who, tableau)))
    log.append(event("rot", seat=who, card=card, lost=stack.invested))
    return to_bank(state, stack.invested)


def _siphon(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Research Cost: labs "require constant funding": the grant goes to the central bank."""
    card = target[1]
    assert card is not None
    found = find_lab(state, card)
    assert found is not None
    lab = found[1]
    log.append(event("siphon", seat=lab.owner, lab=card, lost=lab.grant))
    return to_bank(set_lab(state, replace(lab, grant=0)), lab.grant)


def _corrosion(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Maintenance: "Maintenance is one gold, but can fluctuate": +1 on that shop, at most
    `amount` (+3) in all."""
    who, card = target
    assert card is not None
    old = corrosion_on(state, card)
    raised = 1 if old is None else old.amount + 1
    if spell.amount:
        raised = min(raised, spell.amount)
    if old is not None:
        state = drop_effect(state, old)
    state = add_effect(state, Effect("corrosion", seat=who, card=card, amount=raised))
    log.append(event("corrosion", seat=who, card=card, raised=raised))
    return state


def _dispel(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Potions under the stack go back into the recipe deck unrevealed."""
    who, card = target
    assert who is not None and card is not None
    gone = _under(state, who, card)
    kept = tuple(p for p in magic_of(state).set_potions if p not in gone)
    state = with_magic(state, set_potions=kept)
    log.append(event("dispel", seat=who, card=card, potions=len(gone)))
    return shuffle_custom(state, "recipe_deck", [p.potion.card for p in gone])


def _greed(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Greed Hex: a player who bought a permit since the caster's last turn pays the cost of the
    living to the central bank, as far as their gold goes."""
    who = target[0]
    assert who is not None
    due = state.core.counters.cost_of_living
    paid = min(due, state.core.gold[who])
    log.append(event("greed_hex", seat=who, due=due, paid=paid))
    return to_bank(add_gold(state, who, -paid), paid)


def _bad_omen(state: MerlinState, me: int, spell: Spell, target: Target, log: Log) -> MerlinState:
    """Future reading cards: "These predictions can be wrong": the newest reading is voided,
    reshuffled into the reading deck."""
    field = magic_of(state).field
    voided = field[-1]
    state = with_magic(state, field=field[:-1])
    title = content_of(state).readings[kind_of(voided.card)].title
    log.append(event("bad_omen", reading=title))
    return shuffle_custom(state, "reading_deck", [voided.card])


def _bandit_roads(
    state: MerlinState, me: int, spell: Spell, target: Target, log: Log
) -> MerlinState:
    """Trading Between Players: the road roll of the target's next trade fails on 1 to `amount`.
    Recorded for the finance module's road roll; nothing reads it until finance exists."""
    who = target[0]
    state = add_effect(state, Effect("bandit_roads", seat=who, amount=spell.amount))
    log.append(event("bandit_roads", seat=who, amount=spell.amount))
    return state


EFFECTS: dict[str, Cast] = {
    "pickpocket": _pickpocket,
    "blight": _curse,
    "fallow": _curse,
    "rot": _rot,
    "siphon": _siphon,
    "corrosion": _corrosion,
    "dispel": _dispel,
    "greed": _greed,
    "bad_omen": _bad_omen,
    "bandit_roads": _bandit_roads,
}


# --- curses on production -----------------------------------------------------------------------


def _curse_on(state: MerlinState, payout: Payout) -> Effect | None:
    if payout.why != "roll" or not (payout.gold or payout.amount):
        return None
    found = [e for name in CURSES for e in effects(state, name) if e.card == payout.card]
    return found[0] if found else None


def blocked(state: MerlinState, payout: Payout) -> bool:
    """Whether a curse takes this yield (potions wait for a yield that comes)."""
    return _curse_on(state, payout) is not None


def curse_yield(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Blight / Fallow Curse: the cursed permit's next production that would yield something
    yields nothing (a winter roll of a land, which yields nothing anyway, does not spend it)."""
    curse = _curse_on(state, payout)
    if curse is None:
        return state, payout
    state = drop_effect(state, curse)
    spells = content_of(state).spells.values()
    title = next((s.title for s in spells if s.effect == curse.kind), curse.kind)
    log.append(event("curse_struck", seat=payout.owner, card=payout.card, title=title))
    return state, replace(payout, gold=0, amount=0)


# --- turn end: who bought, stale curses ---------------------------------------------------------


def note_buyers(state: MerlinState, log: Log) -> MerlinState:
    """At a turn's end: if its player bought a permit, every other player's window ("since your
    last turn") now holds them; the player's own window starts afresh."""
    magic = state.magic  # (typed below: the state's `magic` is Any, read field by name)
    if not isinstance(magic, Magic):
        return state
    me, bought = state.core.current, magic.bought_since
    if bought and not bought[me] and not state.economy.buying:
        return state  # (most turns: nobody's window changes)
    rows = list(bought or ((),) * state.players)
    if state.economy.buying:
        rows = [r if s == me or me in r else (*r, me) for s, r in enumerate(rows)]
    rows[me] = ()
    return with_magic(state, bought_since=tuple(rows))


def drop_stale(state: MerlinState, log: Log) -> MerlinState:
    """Curses and corrosion on cards that left the table (sold to the bank, ruined) lapse."""
    magic = state.magic  # (typed below: the state's `magic` is Any, read field by name)
    if not isinstance(magic, Magic) or not magic.effects:
        return state  # (most turns: no effect lies on the table)
    lasting = [e for name in (*CURSES, "corrosion") for e in effects(state, name)]
    if not lasting:
        return state  # (most turns: the table need not be read)
    placed = {c for t in state.economy.tableaux for s in t for c in (s.base, s.top) if c}
    for effect in lasting:
        if effect.card not in placed:
            state = drop_effect(state, effect)
    return state


# --- words --------------------------------------------------------------------------------------


def _aim_words(state: MerlinState, action: Any) -> str:
    if action.seat is None:
        if action.card is None:
            return ""
        reading = content_of(state).readings[kind_of(action.card)].title
        return f" on the newest reading, {reading}"
    if action.card is None:
        return f" at {seat(action.seat)}"
    return f" at {seat(action.seat)}'s {card_words(action.card)}"


def _label_cast(state: MerlinState, me: int, action: Any) -> str:
    title = spell_of(state, action.spell).title
    held = find_held(state, "spells", me, action.spell)
    then = "then reshuffle it"
    if action.credit and held is not None and held.source is not None:
        then = f"then credit it to your lab {card_words(held.source)}"
    return f"Cast {title}{_aim_words(state, action)}, {then}"


def _cast_words(e: Mapping[str, Any]) -> str:
    if e.get("reading"):
        aim = f" on the reading {e['reading']}"
    elif e.get("target") is None:
        aim = ""
    elif e.get("card"):
        aim = f" at {seat(e['target'])}'s {card_words(e['card'])}"
    else:
        aim = f" at {seat(e['target'])}"
    text = f"{seat(e['seat'])} cast {e['title']}{aim}"
    if e.get("duty"):
        text += f", paying {gold(e['duty'])} Spell Duty to the R.O.W."
    if e.get("credited"):
        return text + f"; it is credited to the lab {card_words(e['credited'])}"
    return text + "; it is reshuffled"


def _warded(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])}'s Warding Draught turned {seat(e['caster'])}'s {e['title']} aside"


def _pickpocket_words(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} took {gold(e['taken'])} from {seat(e['target'])}'s pocket"


def _cursed(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])}'s {card_words(e['card'])} is under {e['title']}: its next "
        "production yields nothing"
    )


def _struck(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])}'s {card_words(e['card'])} yielded nothing ({e['title']})"


def _rot_words(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])}'s investment of {gold(e['lost'])} on {card_words(e['card'])} rotted "
        "away to the central bank"
    )


def _siphon_words(e: Mapping[str, Any]) -> str:
    return (
        f"the grant of {gold(e['lost'])} on {seat(e['seat'])}'s lab {card_words(e['lab'])} went "
        "to the central bank"
    )


def _corrosion_words(e: Mapping[str, Any]) -> str:
    return (
        f"the maintenance of {seat(e['seat'])}'s {card_words(e['card'])} is raised by "
        f"{gold(e['raised'])}"
    )


def _dispel_words(e: Mapping[str, Any]) -> str:
    n = e["potions"]
    what = "1 potion" if n == 1 else f"{n} potions"
    return (
        f"{what} under {seat(e['seat'])}'s {card_words(e['card'])} went back into the recipe "
        "deck unrevealed"
    )


def _greed_words(e: Mapping[str, Any]) -> str:
    text = f"{seat(e['seat'])} paid {gold(e['paid'])} to the central bank for the Greed Hex"
    return text + (f" (of the {e['due']} due; they hold no more)" if e["paid"] < e["due"] else "")


def _omen_words(e: Mapping[str, Any]) -> str:
    return f"the reading {e['reading']} is voided and shuffled back into the reading deck"


def _bandit_words(e: Mapping[str, Any]) -> str:
    return (
        f"bandits haunt {seat(e['seat'])}'s roads: the road roll of their next trade fails on "
        f"1 to {e['amount']}"
    )


LABELS = {"cast_spell": _label_cast}
FORM_TITLES = {
    "cast_spell": "Cast a spell from your hand at a player, one of their cards or a reading"
}
FIELD_LABELS = {"spell": "spell", "seat": "player", "credit": "credit it to its lab"}
NOTES = {
    "cast_spell": "A spell is revealed with its target; credit it to the lab that made it (3 "
    "credits make a lab successful) or it is reshuffled."
}
EVENTS = {
    "spell_cast": _cast_words,
    "spell_warded": _warded,
    "pickpocket": _pickpocket_words,
    "cursed": _cursed,
    "curse_struck": _struck,
    "rot": _rot_words,
    "siphon": _siphon_words,
    "corrosion": _corrosion_words,
    "dispel": _dispel_words,
    "greed_hex": _greed_words,
    "bad_omen": _omen_words,
    "bandit_roads": _bandit_words,
}

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _CastsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _casts(state, seat)


PART = Module(
    name="magic.spells",
    actions={"turn": (ActionRule("cast_spell", _why_cast, _CastsListed(), _apply_cast),)},
    yield_filters=(curse_yield,),
    on_turn_end=(note_buyers, drop_stale),
)
