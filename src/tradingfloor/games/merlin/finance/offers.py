"""Structured offers between players (RULINGS Merlin 2; MERLIN-MODULES.md §3.1).

Table talk becomes proposals: a trade, a loan, gold for a tied turn-order place. The author makes
at most `offers.per_turn` a turn; the player offered to answers at once with `accept` or `decline`
(the economy's answers), acting alone until they answer. Each kind of offer registers how it is
checked and carried out (`Answer`), in the part that makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.actions import Accept, Decline
from tradingfloor.games.merlin.finance.state import Finance, Proposal
from tradingfloor.games.merlin.finance.table import figures_of, finance_of, new_id, with_finance
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import seat

# The moves have no fields: one action of each serves every menu (actions are immutable).
ACCEPT_MOVE = drawn(Accept)
DECLINE_MOVE = drawn(Decline)

STEP = "finance_offer"
"""The pending step of the player answering an offer."""


@dataclass(frozen=True)
class Answer:
    """How one kind of offer is answered: why accepting is refused now (the answerer's side),
    what accepting does, and the offer in words for the answer's label."""

    why_not: Callable[[MerlinState, Proposal], str | None]
    accept: Callable[[MerlinState, Proposal, Log], MerlinState]
    words: Callable[[MerlinState, Proposal], str]


ANSWERS: dict[str, Answer] = {}
"""Each kind of offer's answer, registered by the part that makes it (trades, loans, places)."""


def offers_left(state: MerlinState) -> int:
    """How many more offers the player may make this turn."""
    return figures_of(state).offers.per_turn - finance_of(state).offers_made


def why_no_offer(state: MerlinState) -> str | None:
    """Why the player may make no more offers this turn (None: they may)."""
    if offers_left(state) <= 0:
        made = finance_of(state).offers_made
        return f"you have made {made} offers this turn, the most allowed"
    return None


def make_offer(state: MerlinState, proposal: Proposal, log: Log) -> MerlinState:
    """Put `proposal` (its id is given here) before the player it is made to."""
    offer_id, state = new_id(state)
    proposal = replace(proposal, id=offer_id)
    made = finance_of(state).offers_made + 1
    log.append(event("offered", id=offer_id, author=proposal.author, to=proposal.to))
    return with_finance(state, offer=proposal, offers_made=made)


def pending(state: MerlinState) -> tuple[str, tuple[int, ...]] | None:
    """An offer awaiting its answer blocks the turn: the player offered to answers."""
    # (typed: compiled, the offer is read from the record itself, not looked up by name)
    finance: Finance | None = state.finance
    offer = None if finance is None else finance.offer
    return (STEP, (offer.to,)) if offer is not None else None


def _why_accept(state: MerlinState, seat: int, action: Accept) -> str | None:
    offer = finance_of(state).offer
    if offer is None or offer.to != seat:
        return "nothing is offered to you"
    return ANSWERS[offer.kind].why_not(state, offer)


def _why_decline(state: MerlinState, seat: int, action: Decline) -> str | None:
    offer = finance_of(state).offer
    return "nothing is offered to you" if offer is None or offer.to != seat else None


def _accepts(state: MerlinState, seat: int) -> list[Action]:
    return [] if _why_accept(state, seat, ACCEPT_MOVE) else [ACCEPT_MOVE]


def _declines(state: MerlinState, seat: int) -> list[Action]:
    return [] if _why_decline(state, seat, DECLINE_MOVE) else [DECLINE_MOVE]


def _apply_accept(state: MerlinState, seat: int, action: Accept, log: Log) -> MerlinState:
    offer = finance_of(state).offer
    assert offer is not None
    state = with_finance(state, offer=None)
    log.append(event("offer_accepted", id=offer.id, author=offer.author, to=seat))
    return ANSWERS[offer.kind].accept(state, offer, log)


def _apply_decline(state: MerlinState, seat: int, action: Decline, log: Log) -> MerlinState:
    offer = finance_of(state).offer
    assert offer is not None
    log.append(event("offer_declined", id=offer.id, author=offer.author, to=seat))
    return with_finance(state, offer=None)


def new_turn(state: MerlinState, log: Log) -> MerlinState:
    """A new turn: no offers made yet."""
    finance = state.finance  # (typed below: the state's `finance` is Any, read field by name)
    if not isinstance(finance, Finance) or (not finance.offers_made and finance.offer is None):
        return state  # (most turns: no finance offer was made)
    return replace(state, finance=replace(finance, offers_made=0, offer=None))


def on_exit(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """An offer made by or to a player who leaves is withdrawn."""
    offer = finance_of(state).offer
    if offer is not None and seat in (offer.author, offer.to):
        return with_finance(state, offer=None)
    return state


def label(state: MerlinState, accepting: bool) -> str | None:
    """The answer to the finance offer under way, in words (None when none is under way)."""
    if state.finance is None or finance_of(state).offer is None:
        return None
    offer = finance_of(state).offer
    assert offer is not None
    what = ANSWERS[offer.kind].words(state, offer)
    return f"Accept: {what}" if accepting else f"Decline: {what}"


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _AcceptsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _accepts(state, seat)


class _DeclinesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _declines(state, seat)


RULES = (
    ActionRule("accept", _why_accept, _AcceptsListed(), _apply_accept),
    ActionRule("decline", _why_decline, _DeclinesListed(), _apply_decline),
)

PART = Module(
    name="finance.offers",
    actions={STEP: RULES},
    on_turn_start=(new_turn,),
    pending=(pending,),
    on_exit=(on_exit,),
)

EVENTS = {
    "offered": lambda d: f"{seat(d['author'])} makes {seat(d['to'])} an offer",
    "offer_accepted": lambda d: f"{seat(d['to'])} accepts {seat(d['author'])}'s offer",
    "offer_declined": lambda d: f"{seat(d['to'])} declines {seat(d['author'])}'s offer",
}
