"""The magic module: brewing potions, setting them face down, and what each default potion does
when its trigger comes (MERLIN-MODULES.md §2.3, §2.10).

Potions: "A potion is created when the ingredients for a potion recipe are fulfilled and the player
puts back those commodities into the deck. To use the potion, it must be placed face down under the
property the player would like it to affect or face down in front of them if it affects the player
directly. When the activation on the card takes place, the card is then revealed and the cards
abilities play out. Once used, it is reshuffled into the deck. The potion card must be played
before the activation occurs. A potion on a non-targeted property does not get activated from
actions on other properties."

A potion waits for a trigger that gives it something to do: a yield that comes to its owner (not
one a curse or a golem takes), a 7 that takes its owner's investments or holding fee.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import add_gold, bank_pays, put, to_bank
from tradingfloor.games.merlin.magic import golem_fights
from tradingfloor.games.merlin.magic.actions import Brew
from tradingfloor.games.merlin.magic.actions import SetPotion as SetPotionAction
from tradingfloor.games.merlin.magic.content import Potion, kind_of
from tradingfloor.games.merlin.magic.spells import blocked
from tradingfloor.games.merlin.magic.state import Effect, Magic, SetPotion
from tradingfloor.games.merlin.magic.table import (
    add_effect,
    add_held,
    content_of,
    drop_effect,
    effects,
    find_held,
    magic_of,
    potions_set,
    remove_held,
    reveal_potion,
    with_magic,
)
from tradingfloor.games.merlin.production import kind, rolled
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Lister,
    Log,
    Module,
    Payout,
    event,
    private,
)
from tradingfloor.games.merlin.seasons import season
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.tableau import stack_of
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, goods, seat

STAKES: Final = "lucky_stakes"
"""A note, made just before a roll and dropped just after it, of the investments a player with a
Lucky Charm set has on the table (what a 7 on that roll takes)."""
WHERE = {
    "own_land": "under one of your properties with a land on it",
    "own_property": "under one of your properties (not a Chauffeur)",
    "own_stack": "under one of your stacks",
    "self": "before you, not under a stack",
}


def potion_of(state: MerlinState, card_id: str) -> Potion:
    return content_of(state).potions[kind_of(card_id)]


# --- brewing ------------------------------------------------------------------------------------


def _needs(state: MerlinState, potion: Potion) -> list[tuple[int, int]]:
    """(commodity index, units) the recipe takes."""
    names = state.config.content.commodities
    return [(names.index(name), units) for name, units in potion.recipe.items()]


def _recipe_words(potion: Potion) -> str:
    return " and ".join(f"{units} {goods(name)}" for name, units in potion.recipe.items())


def _why_brew(state: MerlinState, me: int, action: Brew) -> str | None:
    if find_held(state, "recipes", me, action.recipe) is None:
        return "you hold no such recipe; recipes come from your funded potion labs"
    potion = potion_of(state, action.recipe)
    held = state.economy.goods[me]
    names = state.config.content.commodities
    if potion.recipe.keys() - set(names):
        return f"{potion.title} needs a commodity this game does not have"
    if any(held[index] < units for index, units in _needs(state, potion)):
        return f"{potion.title} takes {_recipe_words(potion)}; buy what you lack on the market"
    return None


def _brews(state: MerlinState, me: int) -> list[Action]:
    actions = [drawn(Brew, recipe=h.card) for h in magic_of(state).recipes[me]]
    return [a for a in actions if _why_brew(state, me, a) is None]


def _apply_brew(state: MerlinState, me: int, action: Brew, log: Log) -> MerlinState:
    # Potions: "the player puts back those commodities"; Hearts: "The recipe is single use."
    held = find_held(state, "recipes", me, action.recipe)
    assert held is not None
    potion = potion_of(state, action.recipe)
    eco = state.economy
    row = list(eco.goods[me])
    for index, units in _needs(state, potion):
        row[index] -= units
    state = replace(state, economy=replace(eco, goods=put(eco.goods, me, tuple(row))))
    state = remove_held(state, "recipes", me, action.recipe)
    state = add_held(state, "potions", me, held)
    log.append(event("brewed", seat=me, returned=dict(potion.recipe)))
    log.append(private("brewed_which", [me], seat=me, potion=action.recipe, title=potion.title))
    return state


# --- setting ------------------------------------------------------------------------------------


def _places(state: MerlinState, me: int, potion: Potion) -> list[str | None]:
    """Where this potion may be set: before its owner, or under one of their stacks."""
    if potion.target == "self":
        return [None]
    wanted = {
        "own_land": ("land",),
        "own_property": ("property", "land", "specialized"),
        "own_stack": ("property", "land", "specialized", "chauffeur"),
    }[potion.target]
    return [s.base for s in state.economy.tableaux[me] if kind(state, s) in wanted]


def _why_set(state: MerlinState, me: int, action: SetPotionAction) -> str | None:
    if find_held(state, "potions", me, action.potion) is None:
        return "you hold no such brewed potion; brew one from a recipe first"
    potion = potion_of(state, action.potion)
    if action.on not in _places(state, me, potion):
        return f"{potion.title} is set face down {WHERE[potion.target]}"
    return None


def _sets(state: MerlinState, me: int) -> list[Action]:
    return [
        SetPotionAction(potion=h.card, on=on)
        for h in magic_of(state).potions[me]
        for on in _places(state, me, potion_of(state, h.card))
    ]


def _apply_set(state: MerlinState, me: int, action: SetPotionAction, log: Log) -> MerlinState:
    # Potions: "placed face down under the property ... or face down in front of them".
    held = find_held(state, "potions", me, action.potion)
    assert held is not None
    state = remove_held(state, "potions", me, action.potion)
    placed = SetPotion(potion=held, owner=me, on=action.on)
    state = with_magic(state, set_potions=(*magic_of(state).set_potions, placed))
    log.append(event("potion_set", seat=me, on=action.on))
    title = potion_of(state, action.potion).title
    log.append(private("potion_set_which", [me], seat=me, on=action.on, title=title))
    return state


# --- triggers on a yield ------------------------------------------------------------------------


def potion_yield(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Golden Touch, Clear Skies and Growth Tonic act on the next yield that comes to their owner
    from their target (not one a golem takes, not one a curse takes)."""
    if state.magic is None or payout.why != "roll" or payout.to != payout.owner:
        return state, payout
    if not state.magic.set_potions:
        return state, payout  # (most yields: no potion is set to act on them)
    if payout.commodity is None:
        return _golden_touch(state, payout, log)
    return _land_yield(state, payout, log)


def _golden_touch(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Golden Touch: the property's next gold + its property value (Clubs: "Property that
    generates gold when the number on the card is rolled")."""
    found = potions_set(state, payout.owner, payout.card, "golden_touch")
    if not found or payout.gold <= 0 or blocked(state, payout):
        return state, payout
    extra = cards.property_value(state.config, payout.card)
    state = reveal_potion(state, found[0], log)
    log.append(event("golden_touch", seat=payout.owner, card=payout.card, extra=extra))
    return state, replace(payout, gold=payout.gold + extra)


def _land_yield(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    owner = payout.owner
    base = next((s.base for s in state.economy.tableaux[owner] if s.top == payout.card), None)
    if base is None:
        return state, payout
    skies = potions_set(state, owner, None, "clear_skies") if season(state) == "winter" else []
    content = state.config.content
    summer = content.land_yield.get(cards.rank(state.config, payout.card), 0)
    summer *= content.multiplier.get("summer", 1)
    amount = summer if skies else payout.amount
    if amount <= 0 or blocked(state, replace(payout, amount=amount)):
        return state, payout
    if golem_fights.withheld(state, payout) in ("ruined", "entrenched"):
        return state, payout  # the golems let nothing through: no potion revives the yield
    if skies:
        # Season Wheel: "no commodities during Winter": Clear Skies yields as in summer.
        state = reveal_potion(state, skies[0], log)
        log.append(event("clear_skies", seat=owner, card=payout.card, amount=amount))
    growth = potions_set(state, owner, base, "growth")
    if growth:
        extra = potion_of(state, growth[0].potion.card).amount
        state = reveal_potion(state, growth[0], log)
        log.append(event("growth", seat=owner, card=payout.card, extra=extra))
        amount += extra
    return state, replace(payout, amount=amount)


# --- golems -------------------------------------------------------------------------------------


def prevent_golem_damage(
    state: MerlinState, seat: int, on: str, log: Log
) -> tuple[MerlinState, bool]:
    """Iron Skin under `seat`'s stack `on`: the next golem damage to it is prevented
    (golem_fights.py calls this before it deals damage). Returns the state and whether it was
    prevented."""
    found = potions_set(state, seat, on, "iron_skin")
    if not found:
        return state, False
    state = reveal_potion(state, found[0], log)
    log.append(event("iron_skin", seat=seat, on=on))
    return state, True


# --- triggers on a 7 ----------------------------------------------------------------------------


def note_stakes(state: MerlinState, log: Log) -> MerlinState:
    """Just before the roll: what each player with a Lucky Charm set has invested (a 7 on this
    roll takes it)."""
    magic = state.magic  # (typed below: the state's `magic` is Any, read field by name)
    if not isinstance(magic, Magic) or not magic.set_potions:
        return state  # (most turns: no potion is set, no Lucky Charm among them)
    for who in state.core.in_game():
        stake = sum(s.invested for s in state.economy.tableaux[who])
        if stake and potions_set(state, who, None, "lucky_charm"):
            state = add_effect(state, Effect(STAKES, seat=who, amount=stake))
    return state


def on_seven(state: MerlinState, log: Log) -> MerlinState:
    """After the economy's 7: Lucky Charm gives back the investments it took, Preserving Brine
    the holding fee (paid gold and lost units). The notes of the stakes are dropped either way."""
    if state.magic is None:
        return state
    notes = effects(state, STAKES)
    for note in notes:
        state = drop_effect(state, note)
    if rolled(state) != state.config.content.seven:
        return state
    for note in notes:
        state = _lucky_charm(state, note, log)
    if not magic_of(state).set_potions:
        return state  # (no potion is set, no Preserving Brine among them: most 7s)
    return _brine(state, log)


def _lucky_charm(state: MerlinState, note: Effect, log: Log) -> MerlinState:
    """Lucky Charm: "gamble that the number on the card will come up sooner than a 7": the
    investments this 7 took come back from the central bank, as far as it holds (RULINGS
    Merlin 5)."""
    who = note.seat
    assert who is not None
    found = potions_set(state, who, None, "lucky_charm")
    if not found or state.core.out[who]:
        return state
    state = reveal_potion(state, found[0], log)
    state, paid = bank_pays(state, who, note.amount, "investments")
    log.append(event("lucky_charm", seat=who, due=note.amount, paid=paid))
    return state


def _brine(state: MerlinState, log: Log) -> MerlinState:
    """Preserving Brine: "pay one gold to keep their commodities": its owner keeps them free; the
    fee paid comes back from the central bank (which has just taken it) and lost units return."""
    for fee in _holding_fees(log):
        who = int(fee["seat"])
        found = potions_set(state, who, None, "brine")
        lost = [int(n) for n in fee["lost"]]
        paid = int(fee["paid"])
        if not found or not (paid or any(lost)):
            continue
        state = reveal_potion(state, found[0], log)
        state = add_gold(to_bank(state, -paid), who, paid)
        eco = state.economy
        row = tuple(h + n for h, n in zip(eco.goods[who], lost, strict=True))
        state = replace(state, economy=replace(eco, goods=put(eco.goods, who, row)))
        log.append(event("brine", seat=who, paid=paid, kept=sum(lost)))
    return state


def _holding_fees(log: Log) -> list[Mapping[str, Any]]:
    """The holding fees of this roll: the log's entries since its last roll."""
    rolls = [i for i, e in enumerate(log) if e.kind == "roll"]
    since = rolls[-1] if rolls else 0
    return [dict(e.data) for e in log[since:] if e.kind == "holding_fee"]


# --- potions whose stack is gone ----------------------------------------------------------------


def return_orphans(state: MerlinState, log: Log) -> MerlinState:
    """A potion set under a stack its owner no longer has (sold, ruined) goes back to the owner's
    brewed potions, unrevealed."""
    if state.magic is None:
        return state
    for placed in magic_of(state).set_potions:
        if placed.on is None or stack_of(state, placed.owner, placed.on) is not None:
            continue
        kept = tuple(p for p in magic_of(state).set_potions if p != placed)
        state = with_magic(state, set_potions=kept)
        state = add_held(state, "potions", placed.owner, placed.potion)
        log.append(event("potion_returned", seat=placed.owner, on=placed.on))
    return state


# --- words --------------------------------------------------------------------------------------


def _label_brew(state: MerlinState, me: int, action: Any) -> str:
    potion = potion_of(state, action.recipe)
    return f"Brew {potion.title}, putting back {_recipe_words(potion)}"


def _label_set(state: MerlinState, me: int, action: Any) -> str:
    title = potion_of(state, action.potion).title
    where = "before you" if action.on is None else f"under your {card_words(action.on)}"
    return f"Set {title} face down {where}"


def _where(e: Mapping[str, Any]) -> str:
    on = e.get("on")
    return "before them" if on is None else f"under {seat(e['seat'])}'s {card_words(on)}"


def _brewed(e: Mapping[str, Any]) -> str:
    back = " and ".join(f"{n} {goods(name)}" for name, n in e["returned"].items())
    return f"{seat(e['seat'])} brewed a potion, putting back {back}"


def _brewed_which(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} brewed {e['title']}"


def _set(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} set a potion face down {_where(e)}"


def _set_which(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} set {e['title']} face down {_where(e)}"


def _revealed(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])}'s potion {_where(e)} is revealed: {e['title']}"


def _golden(e: Mapping[str, Any]) -> str:
    return (
        f"Golden Touch: {seat(e['seat'])}'s {card_words(e['card'])} yields {gold(e['extra'])} more"
    )


def _skies(e: Mapping[str, Any]) -> str:
    return (
        f"Clear Skies: {seat(e['seat'])}'s {card_words(e['card'])} yields {e['amount']} in winter "
        "as in summer"
    )


def _growth(e: Mapping[str, Any]) -> str:
    return f"Growth Tonic: {seat(e['seat'])}'s {card_words(e['card'])} yields {e['extra']} more"


def _iron(e: Mapping[str, Any]) -> str:
    return f"Iron Skin: the golem's blow on {seat(e['seat'])}'s {card_words(e['on'])} is prevented"


def _lucky(e: Mapping[str, Any]) -> str:
    text = (
        f"Lucky Charm: the central bank gave {seat(e['seat'])} back {gold(e['paid'])} of the "
        "investments the 7 took"
    )
    return text + (f" ({e['due']} were due; it holds no more)" if e["paid"] < e["due"] else "")


def _brine_words(e: Mapping[str, Any]) -> str:
    return (
        f"Preserving Brine: {seat(e['seat'])} keeps their commodities without the holding fee "
        f"({gold(e['paid'])} back, {e['kept']} units kept)"
    )


def _returned(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])}'s potion under {card_words(e['on'])} went back to their hand: the "
        "stack is no longer theirs"
    )


LABELS = {"brew": _label_brew, "set_potion": _label_set}
FORM_TITLES = {"set_potion": "Set a brewed potion face down", "brew": "Brew a potion"}
FIELD_LABELS = {"recipe": "recipe", "potion": "potion"}
EVENTS = {
    "brewed": _brewed,
    "brewed_which": _brewed_which,
    "potion_set": _set,
    "potion_set_which": _set_which,
    "potion_revealed": _revealed,
    "golden_touch": _golden,
    "clear_skies": _skies,
    "growth": _growth,
    "iron_skin": _iron,
    "lucky_charm": _lucky,
    "brine": _brine_words,
    "potion_returned": _returned,
}

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _BrewsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _brews(state, seat)


class _SetsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _sets(state, seat)


PART = Module(
    name="magic.potions",
    actions={
        "turn": (
            ActionRule("brew", _why_brew, _BrewsListed(), _apply_brew),
            ActionRule("set_potion", _why_set, _SetsListed(), _apply_set),
        )
    },
    on_turn_start=(return_orphans, note_stakes),
    on_roll=(on_seven,),
    yield_filters=(potion_yield,),
)
