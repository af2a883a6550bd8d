"""Crowns and the monarchy (MERLIN-MODULES.md §2.6): a royal decree's crown skips a spring's
taxes, and five of them played at once win the game."""

from __future__ import annotations

from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.magic.actions import Monarchy, UseCrown
from tradingfloor.games.merlin.magic.table import content_of, magic_of, with_magic
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.turns import game_over
from tradingfloor.games.merlin.words import seat as seat_words


def _crown_year(state: MerlinState) -> int:
    """The year of the next spring's taxes: this year's unless they are paid already."""
    counters = state.core.counters
    return counters.year + (1 if counters.taxed_year >= counters.year else 0)


def _why_crown(state: MerlinState, seat: int, action: UseCrown) -> str | None:
    magic = magic_of(state)
    if not magic.crowns[seat]:
        return "you have no crown; playing a royal decree gives one"
    if magic.crown_year[seat] == _crown_year(state):
        return f"a crown already spares you the taxes of the spring of year {_crown_year(state)}"
    return None


CROWN_MOVE = UseCrown()  # the move has no fields: one action serves every turn


def _crowns(state: MerlinState, seat: int) -> list[Action]:
    return [] if _why_crown(state, seat, CROWN_MOVE) else [CROWN_MOVE]


def _apply_crown(state: MerlinState, seat: int, action: UseCrown, log: Log) -> MerlinState:
    # Kings: "A crown is a consumable item that allows the player to skip paying taxes for the
    # year it is used." ([R] the next spring's taxes: this year's unless already paid)
    magic = magic_of(state)
    year = _crown_year(state)
    state = with_magic(
        state,
        crowns=put(magic.crowns, seat, magic.crowns[seat] - 1),
        crown_year=put(magic.crown_year, seat, year),
    )
    log.append(event("crown_used", seat=seat, year=year, crowns=magic.crowns[seat] - 1))
    return state


def crown_exempt(state: MerlinState, seat: int) -> bool:
    """A crown used for this year spares its spring taxes (taxes.py logs "tax_skipped")."""
    return state.magic is not None and magic_of(state).crown_year[seat] == state.core.counters.year


def _why_monarchy(state: MerlinState, seat: int, action: Monarchy) -> str | None:
    needed = content_of(state).figures.decrees.monarchy_crowns
    held = magic_of(state).crowns[seat]
    if held < needed:
        return f"a monarchy takes {needed} crowns; you hold {held}"
    return None


MONARCHY_MOVE = Monarchy()


def _monarchies(state: MerlinState, seat: int) -> list[Action]:
    # Kings: a monarchy takes `monarchy_crowns` crowns (`_why_monarchy`), tested without the
    # refusal's words: most players hold fewer at most moves.
    if not _may_crown(state, seat):
        return []
    return [MONARCHY_MOVE]


def _may_crown(state: MerlinState, seat: int) -> bool:
    """Whether `seat` holds the crowns a monarchy takes (`_why_monarchy` refuses otherwise)."""
    held = magic_of(state).crowns[seat]
    # (a monarchy takes at least one crown, as the content's figures are checked: a player
    # without any, the commonest, need not read them)
    return held > 0 and held >= content_of(state).figures.decrees.monarchy_crowns


def _apply_monarchy(state: MerlinState, seat: int, action: Monarchy, log: Log) -> MerlinState:
    # Kings: "Players that have five crowns can play them all to create a monarchy and instantly
    # win the game." (rules.result names the player, the current one, the only winner)
    needed = content_of(state).figures.decrees.monarchy_crowns
    crowns = magic_of(state).crowns
    state = with_magic(state, crowns=put(crowns, seat, crowns[seat] - needed))
    log.append(event("monarchy", seat=seat, crowns=needed))
    return game_over(state, "monarchy", log)


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _CrownsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _crowns(state, seat)


class _MonarchiesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _monarchies(state, seat)


USE_CROWN = ActionRule("use_crown", _why_crown, _CrownsListed(), _apply_crown)
MONARCHY = ActionRule(
    "monarchy",
    _why_monarchy,
    _MonarchiesListed(),
    _apply_monarchy,
    blocked=lambda state, seat: not _may_crown(state, seat),
)


# --- words ---------------------------------------------------------------------------------------


def _label_crown(state: MerlinState, me: int, a: UseCrown) -> str:
    return f"Spend a crown: skip paying the taxes of the spring of year {_crown_year(state)}"


def _label_monarchy(state: MerlinState, me: int, a: Monarchy) -> str:
    needed = content_of(state).figures.decrees.monarchy_crowns
    return f"Play {needed} crowns to create a monarchy and win the game"


LABELS: dict[str, Any] = {"use_crown": _label_crown, "monarchy": _label_monarchy}
EVENTS: dict[str, Any] = {
    "crown_used": lambda e: (
        f"{seat_words(e['seat'])} spent a crown: no taxes for {seat_words(e['seat'])} in the "
        f"spring of year {e['year']}"
    ),
    "monarchy": lambda e: (
        f"{seat_words(e['seat'])} played {e['crowns']} crowns: a monarchy! "
        f"{seat_words(e['seat'])} wins the game"
    ),
}

PART = Module(
    name="magic.crowns",
    actions={"turn": (USE_CROWN, MONARCHY)},
    tax_exempt=(crown_exempt,),
)
