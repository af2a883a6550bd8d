"""The magic module: spell and potion labs, their research grants and research (MERLIN-MODULES.md
§2.1).

Spades: "Spell lab that generate spell cards when funded with research grants and the number on the
card is rolled. When the number is rolled, the research funding is given to the central bank."
Hearts: "Potion lab that generate potion recipe cards when funded with research grants".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Literal

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank
from tradingfloor.games.merlin.magic.actions import FundLab
from tradingfloor.games.merlin.magic.content import kind_of
from tradingfloor.games.merlin.magic.state import Held, Lab, Magic
from tradingfloor.games.merlin.magic.table import (
    Deck,
    Hand,
    add_held,
    content_of,
    count_play,
    draw_custom,
    magic_of,
    with_magic,
)
from tradingfloor.games.merlin.production import rolled
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, event, private
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, seat

LabKind = Literal["spell", "potion"]


def lab_kind(state: MerlinState, card: str) -> LabKind:
    """A spade lab researches spells, a heart lab potion recipes (by the content's suits)."""
    research = content_of(state).figures.research
    return "spell" if cards.suit(state.config, card) == research.spell_suit else "potion"


def deck_of_lab(state: MerlinState, card: str) -> Deck:
    return "spell_deck" if lab_kind(state, card) == "spell" else "recipe_deck"


def hand_of_lab(state: MerlinState, card: str) -> Hand:
    return "spells" if lab_kind(state, card) == "spell" else "recipes"


def find_lab(state: MerlinState, card: str) -> tuple[int, Lab] | None:
    """The position and lab of the lab card `card` on the table, or None."""
    for index, lab in enumerate(magic_of(state).labs):
        if lab.card == card:
            return index, lab
    return None


def own_lab(state: MerlinState, owner: int, card: str) -> Lab | None:
    found = find_lab(state, card)
    return found[1] if found is not None and found[1].owner == owner else None


def set_lab(state: MerlinState, lab: Lab) -> MerlinState:
    """The table with the lab of the same card replaced by `lab`."""
    found = find_lab(state, lab.card)
    assert found is not None
    return with_magic(state, labs=put(magic_of(state).labs, found[0], lab))


def drop_lab(state: MerlinState, card: str) -> MerlinState:
    return with_magic(state, labs=tuple(lab for lab in magic_of(state).labs if lab.card != card))


def successful(state: MerlinState, lab: Lab) -> bool:
    """Spades: "The spell lab is considered successful once it has generated 3 spent spells"."""
    return len(lab.credits) >= content_of(state).figures.research.lab_successful


# --- placing a lab ------------------------------------------------------------------------------


def place_lab(state: MerlinState, seat: int, card: str, log: Log) -> MerlinState:
    """Place a lab from hand on its own, unfunded (Spades: a "Spell lab that generate spell cards
    when funded"). The economy's rules for placing were checked first (not the turn it was
    bought: "Permits are bought at the end so they can only be played the turn after")."""
    eco = state.economy
    hand = list(eco.hands[seat])
    hand.remove(card)
    state = replace(state, economy=replace(eco, hands=put(eco.hands, seat, tuple(hand))))
    state = with_magic(state, labs=(*magic_of(state).labs, Lab(card, seat)))
    kind = lab_kind(state, card)
    log.append(event("lab_placed", seat=seat, card=card, lab=kind))
    return count_play(state, f"{kind}_lab")


# --- funding ------------------------------------------------------------------------------------


def _why_fund(state: MerlinState, me: int, action: FundLab) -> str | None:
    lab = own_lab(state, me, action.lab)
    if lab is None:
        lab_card = card_words(action.lab)
        return f"you have no lab {lab_card} on the table; place a spade or heart lab first"
    if lab.grant:
        # MERLIN-MODULES.md §2.1: "One grant at a time."
        return (
            f"{card_words(action.lab)} is funded already; its grant goes to the central bank "
            "when its number is rolled, and then it can be funded again"
        )
    cost = state.core.counters.research_cost
    if state.core.gold[me] < cost:
        return f"research costs {cost} gold (the research cost); you hold {state.core.gold[me]}"
    return None


def _funds(state: MerlinState, me: int) -> list[Action]:
    # `_why_fund` refuses every lab while the research cost is more than the gold in hand, and a
    # lab with a grant on it (MERLIN-MODULES.md §2.1: "One grant at a time"): tested before its
    # refusals are put in words, as most players at most moves may fund nothing.
    core = state.core
    if core.gold[me] < core.counters.research_cost:
        return []
    labs = [lab for lab in magic_of(state).labs if lab.owner == me and not lab.grant]
    actions = [_fund(lab.card) for lab in labs]
    return [a for a in actions if _why_fund(state, me, a) is None]


@cache
def _fund(lab: str) -> FundLab:
    """The move to fund `lab` (actions are immutable: every menu can share it)."""
    return drawn(FundLab, lab=lab)


def _apply_fund(state: MerlinState, me: int, action: FundLab, log: Log) -> MerlinState:
    # Research Cost: "The labs that research, require constant funding to be able to research."
    # The grant lies on the lab: gold on the table until the lab's number is rolled.
    cost = state.core.counters.research_cost
    lab = own_lab(state, me, action.lab)
    assert lab is not None
    state = add_gold(state, me, -cost)
    state = set_lab(state, replace(lab, grant=cost))
    log.append(event("lab_funded", seat=me, lab=action.lab, grant=cost))
    state = with_magic(state, research_paid=magic_of(state).research_paid + cost)
    return count_play(state, "lab_funded")


# --- research on a roll -------------------------------------------------------------------------


def research(state: MerlinState, log: Log) -> MerlinState:
    """On any roll of its number a funded lab draws the top spell (spades) or recipe (hearts) into
    its owner's secret hand, and its grant goes to the central bank (Spades: "When the number is
    rolled, the research funding is given to the central bank"). Winter does not stop research;
    an unfunded lab does nothing. Labs research in turn order from the roller."""
    magic = state.magic  # (typed below: the state's `magic` is Any, read field by name)
    if not isinstance(magic, Magic) or not any(lab.grant for lab in magic.labs):
        return state  # (most rolls: no lab is funded)
    number = rolled(state)
    config = state.config
    for owner in state.core.from_roller():
        for lab in magic_of(state).labs:
            if lab.owner == owner and lab.grant and cards.rank(config, lab.card) == number:
                state = _research(state, lab, log)
    return state


def _research(state: MerlinState, lab: Lab, log: Log) -> MerlinState:
    """One lab's research: a card drawn (none when its custom deck is empty: the grant still goes
    to the central bank), the grant to the central bank."""
    drawn, state = draw_custom(state, deck_of_lab(state, lab.card))
    if drawn is not None:
        state = add_held(state, hand_of_lab(state, lab.card), lab.owner, Held(drawn, lab.card))
        title = title_of(state, drawn)
        log.append(
            private(
                "research_drawn",
                [lab.owner],
                seat=lab.owner,
                lab=lab.card,
                card=drawn,
                title=title,
            )
        )
    state = to_bank(set_lab(state, replace(lab, grant=0)), lab.grant)
    log.append(
        event(
            "researched",
            seat=lab.owner,
            lab=lab.card,
            research=lab_kind(state, lab.card),
            grant=lab.grant,
            drawn=drawn is not None,
        )
    )
    return state


def title_of(state: MerlinState, card_id: str) -> str:
    """The title of a spell, potion or reading card (Pickpocket for pickpocket.2)."""
    content = content_of(state)
    name = kind_of(card_id)
    found = content.spells.get(name) or content.potions.get(name) or content.readings.get(name)
    return found.title if found is not None else name


# --- words --------------------------------------------------------------------------------------


def _label_fund(state: MerlinState, me: int, action: Any) -> str:
    cost = state.core.counters.research_cost
    return f"Fund your lab {card_words(action.lab)} with {gold(cost)} (the research cost)"


def _lab_word(kind: str) -> str:
    return "spell lab" if kind == "spell" else "potion lab"


def _placed(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])} placed {card_words(e['card'])} as a {_lab_word(e['lab'])}"


def _funded(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])} funded the lab {card_words(e['lab'])} with a research grant of "
        f"{gold(e['grant'])}"
    )


def _researched(e: Mapping[str, Any]) -> str:
    what = "spell" if e["research"] == "spell" else "potion recipe"
    got = f"researched a {what}" if e["drawn"] else f"found no {what} left to research"
    return (
        f"{seat(e['seat'])}'s lab {card_words(e['lab'])} {got}; its grant of {gold(e['grant'])} "
        "went to the central bank"
    )


def _drawn(e: Mapping[str, Any]) -> str:
    return f"{seat(e['seat'])}'s lab {card_words(e['lab'])} researched {e['title']}"


LABELS = {"fund_lab": _label_fund}
EVENTS = {
    "lab_placed": _placed,
    "lab_funded": _funded,
    "researched": _researched,
    "research_drawn": _drawn,
}

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _FundsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _funds(state, seat)


PART = Module(
    name="magic.labs",
    actions={"turn": (ActionRule("fund_lab", _why_fund, _FundsListed(), _apply_fund),)},
    on_roll=(research,),
)
