"""The magic module: golem fights (MERLIN-MODULES.md §2.5): hit points, the golems acting on an 11
or 12, damage, ruin and entrenchment, the yield an attacker takes, and golems following a stack
that changed hands or left the table. Playing golems and allies are in golems.py.

Draft, Jacks and Queens: "When rolling an 11 or 12, all attacking golems will attack any property
they are on, all defending golems will either attack any attacking golems or heal the property one
hit point." "On an 11 dice roll, all Stone Golems will attack." "On a 12 dice roll, all Bronze
Golems will attack." "Properties with permits on top (Lands, Spell Shops, Breweries, etc.) have two
hit points." "A property with both an attacking and defending golem are considered entrenched and
will not generate any resource." Attackers: "instead of the player that owns the property receiving
the resource, it is given to the attacking party."

Rulings (docs/rules/merlin.md) are marked [R] where they are taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradingfloor.games.merlin import cards, tableau
from tradingfloor.games.merlin.deck import shuffle_in
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank
from tradingfloor.games.merlin.magic.golems import figures, find_golem, golems_on, type_of
from tradingfloor.games.merlin.magic.state import Golem, Magic
from tradingfloor.games.merlin.magic.table import magic_of, shuffle_custom, with_magic
from tradingfloor.games.merlin.memo import kept, same_objects
from tradingfloor.games.merlin.production import kind, rolled
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Log, Module, Payout, event
from tradingfloor.games.merlin.state import MerlinState, Stack
from tradingfloor.games.merlin.tableau import stack_of
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

# --- hit points ----------------------------------------------------------------------------------


def lost(state: MerlinState, owner: int, on: str) -> int:
    """Hit points `owner`'s stack `on` has lost."""
    return next((n for s, c, n in magic_of(state).damage if (s, c) == (owner, on)), 0)


def max_hp(state: MerlinState, owner: int, stack: Stack) -> int:
    """ "Properties with permits on top (Lands, Spell Shops, Breweries, etc.) have two hit
    points"; a defensive golem adds "one additional hit point to the property for each golem
    protecting said property"."""
    hp = figures(state).hp
    own = hp.topped if stack.top is not None else hp.property
    defenders = [g for g in golems_on(state, owner, stack.base) if g.role == "defend"]
    return own + hp.defender * len(defenders)


def hit_points(state: MerlinState, owner: int, on: str) -> int:
    """Hit points `owner`'s stack `on` has left (0 when it is not on the table)."""
    found = stack_of(state, owner, on)
    if found is None:
        return 0
    return max(0, max_hp(state, owner, found[1]) - lost(state, owner, on))


def ruined(state: MerlinState, owner: int, on: str) -> bool:
    """A stack left in ruins (option ruin = "idle"): it yields nothing until healed to full."""
    return (owner, on) in magic_of(state).ruined


def _set_lost(state: MerlinState, owner: int, on: str, count: int) -> MerlinState:
    damage = list(magic_of(state).damage)
    index = next((i for i, (s, c, _) in enumerate(damage) if (s, c) == (owner, on)), None)
    if index is None:
        damage.append((owner, on, count))
    else:
        damage[index] = (owner, on, count)
    return with_magic(state, damage=tuple(d for d in damage if d[2] > 0))


def invest_refusal(state: MerlinState, seat: int, card: str) -> str | None:
    """Why `seat` may not invest in their property `card` now, or None: "Properties with permits
    on top that have been hit no longer generate gold on roll, and cannot be invested in." """
    if state.magic is None:
        return None
    if ruined(state, seat, card):
        return (
            f"{card_words(card)} lies in ruins after a golem attack: it takes no investment "
            "until a defending golem heals it to full"
        )
    found = stack_of(state, seat, card)
    if found is not None and found[1].top is not None and lost(state, seat, card):
        return (
            f"{card_words(card)} was hit by a golem: a damaged property with a permit on top "
            "cannot be invested in until a defending golem heals it"
        )
    return None


# --- the golems' rolls ---------------------------------------------------------------------------


def _acting_ranks(state: MerlinState, number: int) -> set[int]:
    """ "On an 11 dice roll, all Stone Golems will attack." "On a 12 dice roll, all Bronze Golems
    will attack." """
    rules = figures(state)
    ranks = set()
    if number == rules.stone_roll:
        ranks.add(rules.stone_rank)
    if number == rules.bronze_roll:
        ranks.add(rules.bronze_rank)
    return ranks


def on_roll(state: MerlinState, log: Log) -> MerlinState:
    """ "When rolling an 11 or 12, all attacking golems will attack any property they are on, all
    defending golems will either attack any attacking golems or heal the property one hit
    point." Stacks in turn order from the roller, each in its own tableau order."""
    if state.magic is None:
        return state
    state = tidy(state, log)
    if not magic_of(state).golems:
        return state  # (no golem in play: none attacks or defends; most turns)
    ranks = _acting_ranks(state, rolled(state))
    if not ranks:
        return state
    occupied = {(g.seat, g.on) for g in magic_of(state).golems}
    fields = [
        (owner, stack.base)
        for owner in state.core.from_roller()
        for stack in state.economy.tableaux[owner]
        if (owner, stack.base) in occupied
    ]
    for owner, on in fields:
        state = _fight(state, owner, on, ranks, log)
    return state


def _fight(state: MerlinState, owner: int, on: str, ranks: set[int], log: Log) -> MerlinState:
    """One stack: its acting defenders first, then its surviving acting attackers."""
    acting = [
        g.card for g in golems_on(state, owner, on) if cards.rank(state.config, g.card) in ranks
    ]
    for card in acting:
        golem = find_golem(state, card)
        if golem is not None and golem.role == "defend":
            state = _defend(state, golem, log)
    for card in acting:
        golem = find_golem(state, card)
        if golem is None or golem.role != "attack":
            continue
        if hit_points(state, owner, on) <= 0:
            break  # in ruins already (option "idle"): nothing more to hit
        state = _attack(state, golem, log)
    return state


def _defend(state: MerlinState, defender: Golem, log: Log) -> MerlinState:
    """ "Defensive golems will only attack incoming attacking golems, however if there is no
    attacking force, the defensive golem will heal the property one hit point if applicable."
    [R] Each defender in turn: it hits the oldest attacker still standing there, else it heals."""
    attackers = [g for g in golems_on(state, defender.seat, defender.on) if g.role == "attack"]
    if attackers:
        return _hit_golem(state, attackers[0], defender, log)
    return _heal(state, defender, log)


def _hit_golem(state: MerlinState, target: Golem, by: Golem, log: Log) -> MerlinState:
    """ "Stone Golems have 1 hit points meaning, when hit, are destroyed." "Bronze Golems have 2
    hit point, when hit, turned once, and then destroyed on the next hit." """
    magic = magic_of(state)
    index = magic.golems.index(target)
    left = target.hp - 1
    data = dict(seat=by.owner, card=by.card, target=target.card, owner=target.owner)
    data.update(stack=target.seat, on=target.on, hp=left)
    if left > 0:
        log.append(event("golem_hit", **data))
        return with_magic(state, golems=put(magic.golems, index, replace(target, hp=left)))
    log.append(event("golem_destroyed", **data))
    state = with_magic(state, golems=magic.golems[:index] + magic.golems[index + 1 :])
    return shuffle_in(state, [target.card])


def _heal(state: MerlinState, defender: Golem, log: Log) -> MerlinState:
    owner, on = defender.seat, defender.on
    count = lost(state, owner, on)
    if not count:
        return state
    state = _set_lost(state, owner, on, count - 1)
    if count == 1 and ruined(state, owner, on):  # healed to full: the ruins yield again
        state = with_magic(
            state, ruined=tuple(r for r in magic_of(state).ruined if r != (owner, on))
        )
    hp = hit_points(state, owner, on)
    log.append(
        event("golem_healed", seat=defender.owner, card=defender.card, owner=owner, on=on, hp=hp)
    )
    return state


def _prevented(state: MerlinState, owner: int, on: str, log: Log) -> tuple[MerlinState, bool]:
    """An Iron Skin potion under the stack: "next golem damage → prevented" (magic/potions.py;
    until that part defines `prevent_golem_damage`, nothing is prevented)."""
    from tradingfloor.games.merlin.magic import potions

    prevent = getattr(potions, "prevent_golem_damage", None)
    if prevent is None:
        return state, False
    after, stopped = prevent(state, owner, on, log)
    return after, bool(stopped)


def _attack(state: MerlinState, attacker: Golem, log: Log) -> MerlinState:
    """ "Attacking golems can be played on opposing properties, and deal one point of damage to
    the property." At 0 hit points the stack is ruined."""
    owner, on = attacker.seat, attacker.on
    state, stopped = _prevented(state, owner, on, log)
    if stopped:
        return state
    state = _set_lost(state, owner, on, lost(state, owner, on) + 1)
    hp = hit_points(state, owner, on)
    log.append(
        event("golem_damage", seat=attacker.owner, card=attacker.card, owner=owner, on=on, hp=hp)
    )
    return _ruin(state, owner, on, log) if hp <= 0 else state


def _ruin(state: MerlinState, owner: int, on: str, log: Log) -> MerlinState:
    """[R] A stack at 0 hit points is ruined. Option ruin = "destroyed": its cards and every golem
    on it reshuffle into the deck, its investment goes to the central bank, its store to its
    owner, the potions set under it into the recipe deck. Option "idle": it stays and yields
    nothing until healed to full."""
    if figures(state).ruin == "idle":
        if not ruined(state, owner, on):
            state = with_magic(state, ruined=(*magic_of(state).ruined, (owner, on)))
        log.append(event("stack_ruined", seat=owner, on=on, idle=True))
        return state
    found = stack_of(state, owner, on)
    assert found is not None
    index, stack = found
    tableau = state.economy.tableaux[owner]
    eco = state.economy
    tableau = tableau[:index] + tableau[index + 1 :]
    state = replace(state, economy=replace(eco, tableaux=put(eco.tableaux, owner, tableau)))
    piles = (stack.base, stack.top)
    golems = [g.card for g in golems_on(state, owner, on)]
    state, potions = _clear_magic(state, owner, stack)
    state = to_bank(state, stack.invested)
    state = add_gold(state, owner, stack.stored)
    state = shuffle_custom(state, "recipe_deck", potions)
    returned = [c for c in piles if c is not None]
    log.append(
        event(
            "stack_ruined",
            seat=owner,
            on=on,
            cards=returned,
            golems=golems,
            invested=stack.invested,
            stored=stack.stored,
            potions=len(potions),
        )
    )
    return shuffle_in(state, [*returned, *golems])


def _clear_magic(state: MerlinState, owner: int, stack: Stack) -> tuple[MerlinState, list[str]]:
    """Whatever the magic table keeps for a stack that leaves it: golems, damage, set potions,
    an open shop and effects on its cards. Returns the potions set under it."""
    magic = magic_of(state)
    on, piles = stack.base, {stack.base, stack.top}
    under = [p for p in magic.set_potions if p.owner == owner and p.on == on]
    state = with_magic(
        state,
        golems=tuple(g for g in magic.golems if (g.seat, g.on) != (owner, on)),
        damage=tuple(d for d in magic.damage if (d[0], d[1]) != (owner, on)),
        ruined=tuple(r for r in magic.ruined if r != (owner, on)),
        set_potions=tuple(p for p in magic.set_potions if p not in under),
        open_shops=tuple(s for s in magic.open_shops if (s[0], s[1]) != (owner, on)),
        effects=tuple(e for e in magic.effects if e.card is None or e.card not in piles),
    )
    return state, [p.potion.card for p in under]


# --- yield: theft, entrenchment, damage ----------------------------------------------------------


def _stack_yielding(state: MerlinState, owner: int, card: str) -> Stack | None:
    """The stack of `owner` that `card` lies in (its base or its top), or None."""
    return next((s for s in state.economy.tableaux[owner] if card in (s.base, s.top)), None)


def withheld(state: MerlinState, payout: Payout) -> str | None:
    """Why golems let this yield give nothing ("ruined", "entrenched"), or no gold ("damaged"),
    or None: for the yield filters that run after golems (a potion must not revive it)."""
    if state.magic is None or not (magic_of(state).golems or magic_of(state).damage):
        return None
    stack = _stack_yielding(state, payout.owner, payout.card)
    if stack is None:  # an Ace's free permit, not on the table
        return None
    owner, on = payout.owner, stack.base
    here = {g.role for g in golems_on(state, owner, on)}
    if ruined(state, owner, on):
        return "ruined"
    if here == {"attack", "defend"}:
        # "A property with both an attacking and defending golem are considered entrenched and
        # will not generate any resource."
        return "entrenched"
    if payout.commodity is None and stack.top is not None and lost(state, owner, on):
        # "Properties with permits on top that have been hit no longer generate gold on roll"
        # [R] gold only: the land on top still yields its commodity.
        return "damaged"
    return None


def golem_yield(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """What golems do to a stack's yield: ruins and entrenchment yield nothing, a damaged
    property with a permit on top no gold, and an attacker takes what is left."""
    if state.magic is None or not (magic_of(state).golems or magic_of(state).damage):
        return state, payout
    why = withheld(state, payout)
    if why is not None:
        log.append(event("golem_no_yield", seat=payout.owner, card=payout.card, why=why))
        if why != "damaged":
            return state, replace(payout, gold=0, amount=0)
        payout = replace(payout, gold=0)
    stack = _stack_yielding(state, payout.owner, payout.card)
    if stack is None:  # an Ace's free permit, not on the table
        return state, payout
    attackers = [g for g in golems_on(state, payout.owner, stack.base) if g.role == "attack"]
    if attackers:
        # "instead of the player that owns the property receiving the resource, it is given to
        # the attacking party." [R] Several attackers: the first placed takes it.
        thief = attackers[0].owner
        log.append(event("yield_stolen", seat=thief, owner=payout.owner, card=payout.card))
        payout = replace(payout, to=thief)
    return state, payout


# --- golems whose stack changed hands or left the table ------------------------------------------


def tidy(state: MerlinState, log: Log) -> MerlinState:
    """Golems, damage and ruins follow a stack sold to another player and leave with a stack that
    left the table (liquidated, or its owner out); golems that no longer fit where they stand (on
    their owner's stack as attackers, on a non-ally's as defenders, on a Chauffeur) go back into
    the deck. A hit point lost beyond what a stack now has (a defender left) is
    forgiven: only an attack ruins a property [R]. Run at each turn's start and roll."""
    if state.magic is None:
        return state
    magic = magic_of(state)
    if not (magic.golems or magic.damage or magic.ruined):
        return state
    reads = _tidy_reads(state)
    if same_objects(reads, _tidied.get("clean", ())):
        return state
    after = _tidy(state, magic, log)
    if after is state:
        _tidied["clean"] = reads
    return after


_tidied: dict[str, tuple[object, ...]] = kept({})
"""Under "clean": what `tidy` read on the last table it left as it was. The same parts need no
tidying again (a turn's start and its roll both tidy, and most turns move no stack)."""


def _tidy_reads(state: MerlinState) -> tuple[object, ...]:
    """Everything `tidy` reads: the golems, damage, ruins and alliances, the tableaux, the match."""
    magic = magic_of(state)
    economy = state.economy
    return (state.config, magic.golems, magic.damage, magic.ruined, magic.allies, economy.tableaux)


def _tidy(state: MerlinState, magic: Magic, log: Log) -> MerlinState:
    """`tidy`'s work on a table with golems, damage or ruins."""
    where = {s.base: owner for owner, row in enumerate(state.economy.tableaux) for s in row}
    chauffeurs = {
        s.base for row in state.economy.tableaux for s in row if kind(state, s) == "chauffeur"
    }
    staying, gone = [], []
    for golem in magic.golems:
        now = where.get(golem.on)
        moved = replace(golem, seat=now) if now is not None and now != golem.seat else golem
        # Clubs: "Chauffeurs cannot be targeted by golems": a stack made a Chauffeur sheds them.
        if now is None or golem.on in chauffeurs or (now != golem.seat and not _fits(state, moved)):
            gone.append(golem)
        else:
            staying.append(moved)
    damage = tuple((where[c], c, n) for _, c, n in magic.damage if c in where)
    ruins = tuple((where[c], c) for _, c in magic.ruined if c in where)
    state = with_magic(state, golems=tuple(staying), damage=damage, ruined=ruins)
    state = _forgive(state)
    if not gone:
        return state
    for golem in gone:
        log.append(event("golem_returned", seat=golem.owner, card=golem.card, on=golem.on))
    return shuffle_in(state, [g.card for g in gone])


def _then_tidy(rule: ActionRule) -> ActionRule:
    """An economy move that takes a stack off a tableau (liquidate, accept a sale), followed at
    once by `tidy`, so that no golem stands on a stack that has left."""

    def apply(state: MerlinState, seat: int, action: Any, log: Log) -> MerlinState:
        return tidy(rule.apply(state, seat, action, log), log)

    return replace(rule, apply=apply)


MOVING = {r.type: _then_tidy(r) for r in (*tableau.RULES, *tableau.ANSWERS)}
"""The economy's moves re-registered (as magic/restrict.py does) to tidy after them."""


def on_exit(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """A player out of the game: their ruins leave with their stacks (exits.py returns the golems
    and the damage)."""
    magic = magic_of(state)
    return with_magic(state, ruined=tuple(r for r in magic.ruined if r[0] != seat))


def _fits(state: MerlinState, golem: Golem) -> bool:
    """Whether a golem may stand where it is: an attacker on another's stack, a defender on its
    owner's or an ally's."""
    if golem.role == "attack":
        return golem.owner != golem.seat
    return golem.owner == golem.seat or (golem.seat, golem.owner) in magic_of(state).allies


def _forgive(state: MerlinState) -> MerlinState:
    for owner, on, count in magic_of(state).damage:
        found = stack_of(state, owner, on)
        if found is None:
            continue
        most = max_hp(state, owner, found[1]) - (0 if ruined(state, owner, on) else 1)
        if count > most:
            state = _set_lost(state, owner, on, most)
    return state


def crumble(state: MerlinState, golem_type: str, log: Log) -> MerlinState:
    """Every golem of a type ("stone" or "bronze") crumbles back into the deck (the reading
    Golem Blight: "all Stone golems crumble")."""
    gone = [g for g in magic_of(state).golems if type_of(state, g.card) == golem_type]
    if not gone:
        return state
    state = with_magic(state, golems=tuple(g for g in magic_of(state).golems if g not in gone))
    for golem in gone:
        log.append(event("golem_returned", seat=golem.owner, card=golem.card, on=golem.on))
    return _forgive(shuffle_in(state, [g.card for g in gone]))


# --- words ---------------------------------------------------------------------------------------


def _points(count: int) -> str:
    return f"{count} hit point{'' if count == 1 else 's'}"


def _struck(e: Mapping[str, Any], what: str) -> str:
    return (
        f"{seat(e['seat'])}'s {card_words(e['card'])} {what} {seat(e['owner'])}'s "
        f"{card_words(e['target'])} on {card_words(e['on'])}"
    )


def _ruined(e: Mapping[str, Any]) -> str:
    where = f"{seat(e['seat'])}'s {card_words(e['on'])}"
    if e.get("idle"):
        return f"{where} lies in ruins: it yields nothing until a defending golem heals it to full"
    back = " and ".join(card_words(c) for c in [*e["cards"], *e["golems"]])
    text = f"{where} is ruined: {back} go back into the deck"
    if e.get("invested"):
        text += f"; its investment of {gold(e['invested'])} goes to the central bank"
    if e.get("stored"):
        text += f"; its store of {gold(e['stored'])} goes back to {seat(e['seat'])}"
    if e.get("potions"):
        text += f"; {e['potions']} potion(s) set under it go back into the recipe deck"
    return text


NO_YIELD = {
    "ruined": "lies in ruins and yields nothing",
    "entrenched": "is entrenched (attacking and defending golems on it) and yields nothing",
    "damaged": "was hit by a golem and yields no gold",
}

EVENTS = {
    "golem_hit": lambda e: _struck(e, "hit") + f": it has {_points(e['hp'])} left",
    "golem_destroyed": lambda e: _struck(e, "destroyed") + ": it goes back into the deck",
    "golem_healed": lambda e: (
        f"{seat(e['seat'])}'s {card_words(e['card'])} healed {seat(e['owner'])}'s "
        f"{card_words(e['on'])}: {_points(e['hp'])} left"
    ),
    "golem_damage": lambda e: (
        f"{seat(e['seat'])}'s {card_words(e['card'])} hit {seat(e['owner'])}'s "
        f"{card_words(e['on'])}: {_points(e['hp'])} left"
    ),
    "stack_ruined": _ruined,
    "golem_no_yield": lambda e: (
        f"{seat(e['seat'])}'s {card_words(e['card'])} {NO_YIELD.get(e['why'], 'yields nothing')}"
    ),
    "yield_stolen": lambda e: (
        f"{seat(e['seat'])}'s attacking golem takes the yield of {seat(e['owner'])}'s "
        f"{card_words(e['card'])}"
    ),
    "golem_returned": lambda e: (
        f"{seat(e['seat'])}'s {card_words(e['card'])} left {card_words(e['on'])} and goes back "
        "into the deck"
    ),
}


PART = Module(
    name="magic.golem_fights",
    actions={
        "turn": (MOVING["liquidate"],),
        "offer": (MOVING["accept"],),
    },
    on_turn_start=(tidy,),
    on_exit=(on_exit,),
    on_roll=(on_roll,),
    yield_filters=(golem_yield,),
)
