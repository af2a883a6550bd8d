"""The magic module: golems (MERLIN-MODULES.md §2.5): what a golem is, animating one with a
Soul, and the alliances that let a player's defenders guard another's properties. Jacks are Stone
golems, Queens Bronze ones; red ones attack another player's stack, black ones defend their
owner's or an ally's. Their fights on an 11 or 12 and the yield they take or block are in
golem_fights.py.

Draft, Jacks and Queens: "Golems that can attack and defend property. Jack and Queens are Stone and
Bronze Golems respectively. Red cards (Diamond and Hearts) act as attacking golems, whilst black
cards (Spade and Clubs) act as defensive golems." "All Golems require one Soul to be animated and
played." "Defensive golems can be played on owned or allied properties."

Rulings (docs/rules/merlin.md) are marked [R] where they are taken.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import add_gold, put, to_row
from tradingfloor.games.merlin.magic.actions import Ally, PlayGolem
from tradingfloor.games.merlin.magic.content import Golems
from tradingfloor.games.merlin.magic.state import Golem, Role
from tradingfloor.games.merlin.magic.table import (
    content_of,
    count_play,
    done_this_turn,
    magic_of,
    marked,
    regulation,
    with_magic,
)
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, Picker, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.tableau import stack_of
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

# --- what a golem is -----------------------------------------------------------------------------


def figures(state: MerlinState) -> Golems:
    return content_of(state).figures.golems


def is_stone(state: MerlinState, card: str) -> bool:
    """Jacks: "Jack and Queens are Stone and Bronze Golems respectively." """
    return cards.rank(state.config, card) == figures(state).stone_rank


def role_of(state: MerlinState, card: str) -> Role:
    """ "Red cards (Diamond and Hearts) act as attacking golems, whilst black cards (Spade and
    Clubs) act as defensive golems." """
    return "attack" if cards.suit(state.config, card) in figures(state).attack_suits else "defend"


def type_of(state: MerlinState, card: str) -> str:
    return "stone" if is_stone(state, card) else "bronze"


def golems_on(state: MerlinState, owner: int, on: str) -> list[Golem]:
    """The golems on `owner`'s stack `on`, the oldest first."""
    found = [g for g in magic_of(state).golems if g.seat == owner and g.on == on]
    return sorted(found, key=lambda g: g.placed)


def find_golem(state: MerlinState, card: str) -> Golem | None:
    return next((g for g in magic_of(state).golems if g.card == card), None)


# --- playing a golem -----------------------------------------------------------------------------


def _licence(state: MerlinState) -> int:
    """Golem Licence: "playing a golem costs the tax rate to the R.O.W." (0 when not active)."""
    if regulation(state, "golem_licence") is None:
        return 0
    return state.core.counters.tax_rate


def _soul(state: MerlinState) -> int:
    return state.config.content.commodities.index(figures(state).soul_commodity)


def _payment_refusal(state: MerlinState, me: int) -> str | None:
    """ "All Golems require one Soul to be animated and played", and the Golem Licence's fee."""
    souls, held = figures(state).souls, state.economy.goods[me][_soul(state)]
    if held < souls:
        return (
            f"animating a golem takes {souls} Soul{'s' if souls != 1 else ''} and you hold "
            f"{held}: buy one on the Grand Market or wait for a land to yield one"
        )
    fee, purse = _licence(state), state.core.gold[me]
    if fee > purse:
        return f"the Golem Licence costs the tax rate, {gold(fee)}, and you hold {gold(purse)}"
    return None


def _card_refusal(state: MerlinState, me: int, card: str) -> str | None:
    if card not in state.economy.hands[me]:
        return f"you hold no {card_words(card)} to play"
    if not cards.is_golem(state.config, card):
        return f"{card_words(card)} is not a golem: only Jacks and Queens are animated"
    if card in state.economy.fresh:
        # Core Loop: "Permits are bought at the end so they can only be played the turn after"
        return f"{card_words(card)} was bought this turn; it can be played from your next turn"
    return None


def _target_refusal(state: MerlinState, me: int, role: Role, owner: int, on: str) -> str | None:
    """Why a golem of `role` may not go on `owner`'s stack `on`."""
    if not 0 <= owner < state.players or state.core.out[owner]:
        return "that player is not in the game"
    found = stack_of(state, owner, on)
    if found is None:
        return f"that player has no property {card_words(on)} on the table"
    if kind(state, found[1]) == "chauffeur":
        # Clubs: "Chauffeurs cannot be targeted by golems."
        return "Chauffeurs cannot be targeted by golems: none attacks them, none needs a guard"
    if role == "attack" and owner == me:
        # "Attacking golems can be played on opposing properties"
        return "a red golem attacks another player's property; black golems defend yours"
    if role == "defend" and owner != me and (owner, me) not in magic_of(state).allies:
        # "Defensive golems can be played on owned or allied properties"
        return (
            "a black golem defends your own properties, or those of a player who allied you; "
            "that player has not"
        )
    return None


def _unpaid(state: MerlinState, me: int) -> bool:
    """Whether no golem can be played for want of its Soul or fee (`_why_play` refuses all)."""
    return _payment_refusal(state, me) is not None


def _why_play(state: MerlinState, me: int, action: PlayGolem) -> str | None:
    why = _card_refusal(state, me, action.card)
    if why is None:
        role = role_of(state, action.card)
        why = _target_refusal(state, me, role, action.seat, action.on)
    return why or _payment_refusal(state, me)


def _plays(state: MerlinState, me: int) -> list[Action]:
    # (`_card_refusal` of a card in the hand: a golem, not bought this turn)
    config, fresh = state.config, state.economy.fresh
    hand = [c for c in state.economy.hands[me] if cards.is_golem(config, c) and c not in fresh]
    if not hand or _payment_refusal(state, me) is not None:
        return []
    out: list[Action] = []
    for card in hand:
        role = role_of(state, card)
        for owner in state.core.in_game():
            for stack in state.economy.tableaux[owner]:
                if _target_refusal(state, me, role, owner, stack.base) is None:
                    out.append(drawn(PlayGolem, card=card, seat=owner, on=stack.base))
    return out


def _apply_play(state: MerlinState, me: int, action: PlayGolem, log: Log) -> MerlinState:
    # "Put the commodity into the respective deck before playing the Golem."
    rules, soul = figures(state), _soul(state)
    eco = state.economy
    hand = list(eco.hands[me])
    hand.remove(action.card)
    goods = put(eco.goods[me], soul, eco.goods[me][soul] - rules.souls)
    eco = replace(eco, hands=put(eco.hands, me, tuple(hand)), goods=put(eco.goods, me, goods))
    state = replace(state, economy=eco)
    fee = _licence(state)
    state = to_row(add_gold(state, me, -fee), fee)
    role, stone = role_of(state, action.card), is_stone(state, action.card)
    magic = magic_of(state)
    golem = Golem(
        card=action.card,
        owner=me,
        seat=action.seat,
        on=action.on,
        role=role,
        hp=rules.hp.stone if stone else rules.hp.bronze,
        placed=magic.golems_played,
    )
    state = with_magic(state, golems=(*magic.golems, golem), golems_played=golem.placed + 1)
    state = count_play(state, f"{type_of(state, action.card)}_golem")
    log.append(
        event(
            "golem_played",
            seat=me,
            card=action.card,
            golem=type_of(state, action.card),
            role=role,
            owner=action.seat,
            on=action.on,
            souls=rules.souls,
            licence=fee,
        )
    )
    return state


# --- allies --------------------------------------------------------------------------------------


def _why_ally(state: MerlinState, me: int, action: Ally) -> str | None:
    other = action.seat
    if other == me:
        return "your own golems already guard your properties"
    if not 0 <= other < state.players or state.core.out[other]:
        return "that player is not in the game"
    allied = (me, other) in magic_of(state).allies
    if action.allied and allied:
        return "that player is already your ally"
    if not action.allied and not allied:
        return "that player is not your ally"
    if done_this_turn(state, f"ally:{other}"):
        # [R] An alliance changes at most once a turn with each player.
        return "you have already changed your alliance with that player this turn"
    return None


def _allies(state: MerlinState, me: int) -> list[Action]:
    magic = magic_of(state)
    # (whom `me` is allied with, read from the pairs once rather than searched for each player;
    # random play asks at most moves)
    mine = {other for owner, other in magic.allies if owner == me}
    played = magic.played
    return [
        _ally(other, other not in mine)
        for other in state.core.in_game()
        if other != me and _ally_mark(other) not in played  # `done_this_turn`
    ]


def _pick_ally(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    """`_allies`' menu[randrange(len(menu))], drawn without making the menu: only the seat drawn
    is asked whether `me` is allied with it (random play asks at most moves)."""
    magic = magic_of(state)
    played = magic.played
    others = [o for o in state.core.in_game() if o != me and _ally_mark(o) not in played]
    if not others:
        return None
    other = others[below(len(others), rng)]
    allied = any(owner == me and ally == other for owner, ally in magic.allies)
    return _ally(other, not allied)


_ALLY_MARKS: Final = tuple(f"ally:{other}" for other in range(8))
"""What a turn's moves note when an alliance with each seat changed, made once (final: compiled,
read without a look-up in the module)."""


def _ally_mark(other: int) -> str:
    """ "ally:<seat>": an alliance with `other` changed this turn ([R] once a turn)."""
    return _ALLY_MARKS[other] if other < len(_ALLY_MARKS) else f"ally:{other}"


_ALLY_MOVES: Final = tuple(
    (drawn(Ally, seat=o, allied=False), drawn(Ally, seat=o, allied=True)) for o in range(8)
)
"""The moves to leave and to ally with each seat, made once (actions are immutable: they can be
shared)."""


def _ally(other: int, allied: bool) -> Ally:
    """The move to ally with (or leave) `other`: read from the table (past it, made afresh)."""
    if other < len(_ALLY_MOVES):
        return _ALLY_MOVES[other][1 if allied else 0]
    return drawn(Ally, seat=other, allied=allied)


def _apply_ally(state: MerlinState, me: int, action: Ally, log: Log) -> MerlinState:
    # "Defensive golems can be played on owned or allied properties": the owner accepts the ally.
    # [R] Ending an alliance stops new golems; those already guarding stay.
    # (each field read once: an action's field is read by name, at a few hundred instructions)
    ally, allied = action.seat, action.allied
    pair = (me, ally)
    pairs = [p for p in magic_of(state).allies if p != pair]
    if allied:
        pairs.append(pair)
    log.append(event("ally", seat=me, ally=ally, allied=allied))
    return with_magic(state, allies=tuple(pairs), played=marked(state, f"ally:{ally}"))


# --- words ---------------------------------------------------------------------------------------


def _kind_word(state: MerlinState, card: str) -> str:
    return "Stone" if is_stone(state, card) else "Bronze"


def _label_play(state: MerlinState, me: int, a: Any) -> str:
    verb = "attack" if role_of(state, a.card) == "attack" else "defend"
    souls = figures(state).souls
    cost = f"{souls} Soul{'s' if souls != 1 else ''}"
    fee = _licence(state)
    if fee:
        cost += f" and {gold(fee)} for the Golem Licence"
    return (
        f"Animate {card_words(a.card)} ({_kind_word(state, a.card)} golem, {cost}) to {verb} "
        f"{seat(a.seat)}'s {card_words(a.on)}"
    )


def _label_ally(state: MerlinState, me: int, a: Any) -> str:
    if a.allied:
        return f"Let {seat(a.seat)}'s defending golems guard your properties"
    return f"Stop {seat(a.seat)}'s golems from coming to guard your properties"


LABELS = {"play_golem": _label_play, "ally": _label_ally}
FORM_TITLES = {
    "play_golem": "Animate a golem with a Soul: red ones attack another's property, black ones "
    "defend yours or an ally's"
}
NOTES = {
    "play_golem": "Stone golems (Jacks) act on an 11, Bronze golems (Queens) on a 12. Attackers "
    "take the property's yield and damage it; defenders add a hit point, hit attackers or heal."
}


def _played(e: Mapping[str, Any]) -> str:
    verb = "attack" if e["role"] == "attack" else "defend"
    text = (
        f"{seat(e['seat'])} animated {card_words(e['card'])}, a {e['golem'].title()} golem, with "
        f"{e['souls']} Soul to {verb} {seat(e['owner'])}'s {card_words(e['on'])}"
    )
    if e.get("licence"):
        text += f"; the Golem Licence cost {gold(e['licence'])} to the R.O.W."
    return text


EVENTS = {
    "golem_played": _played,
    "ally": lambda e: (
        f"{seat(e['seat'])} "
        + ("lets " if e["allied"] else "no longer lets ")
        + f"{seat(e['ally'])}'s golems come to guard {seat(e['seat'])}'s properties"
    ),
}


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PlaysListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _plays(state, seat)


class _PickAlly(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_ally(state, seat, rng)


PART = Module(
    name="magic.golems",
    actions={
        "turn": (
            ActionRule("play_golem", _why_play, _PlaysListed(), _apply_play, blocked=_unpaid),
            ActionRule("ally", _why_ally, _allies, _apply_ally, _PickAlly()),
        ),
    },
)
"""Playing golems and allies; golem_fights.PART, listed right after it in module.py, follows
them on the turn with the economy's moves that take a stack off a tableau, and holds the hooks."""
