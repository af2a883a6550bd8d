"""The vote under way in a seat's magic view: its kind and rule in words, who votes, who has
sealed, the seat's own sealed choice and each choice in words (RULINGS Merlin 8: nobody sees
another's sealed proposal or vote). Its entries are made only when read: bots read none.
"""

from __future__ import annotations

from typing import Any

from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.magic.state import Ballot
from tradingfloor.games.merlin.magic.table import magic_of
from tradingfloor.games.merlin.sections import Nested, Parts
from tradingfloor.games.merlin.state import MerlinState

BALLOTS = {
    "propose": "Regulation round: each player seals a proposal",
    "regulate": "Regulation round: the vote on the proposals",
    "reshuffle": "The decree: reshuffle it into the deck, or remove it from the game",
    "jokers_in": "Put the Jokers into the deck (all must agree)",
    "jokers_out": "Take the Jokers out of the deck (all must agree)",
    "volatility_up": "Raise the volatility by one (a majority decides)",
    "volatility_down": "Lower the volatility by one (a majority decides)",
}


BALLOT_RULES = {
    # Kings: "a sealed plurality vote; ties go to the decree player's" (MERLIN-MODULES.md §2.6)
    "propose": "Proposals are sealed: nobody sees another's until all have proposed. Then all "
    "vote on them.",
    "regulate": "Votes are sealed. The proposal with the most votes is carried out; a tie goes "
    "to the decree player's proposal.",
    "reshuffle": "Votes are sealed. More than half saying yes reshuffles the King into the "
    "deck; otherwise it is removed from the game.",
    "jokers_in": "Votes are sealed. Every player still in must say yes.",
    "jokers_out": "Votes are sealed. Every player still in must say yes.",
    "volatility_up": "Votes are sealed. More than half must say yes.",
    "volatility_down": "Votes are sealed. More than half must say yes.",
}


def ballot(state: MerlinState, seat: int | None) -> Nested | None:
    """The vote under way (its choices in words made only when read: bots read none)."""
    return None if magic_of(state).ballot is None else Nested(BALLOT_PARTS)


def _ballot_of(state: MerlinState) -> Ballot:
    ballot = magic_of(state).ballot
    assert ballot is not None, "a ballot under way"
    return ballot


def _mine(state: MerlinState, seat: int | None) -> str | None:
    return _ballot_of(state).sealed[seat] if seat is not None else None


def _mine_text(state: MerlinState, seat: int | None) -> str | None:
    mine = _mine(state, seat)
    return None if mine is None else _said(state, seat).get(mine, mine)


BALLOT_PARTS: Parts = {
    "kind": lambda state, seat: _ballot_of(state).kind,
    "title": lambda state, seat: _title(_ballot_of(state).kind),
    "rule": lambda state, seat: BALLOT_RULES.get(_ballot_of(state).kind, "Votes are sealed."),
    "caller": lambda state, seat: _ballot_of(state).caller,
    "voters": lambda state, seat: list(_ballot_of(state).voters),
    "sealed": lambda state, seat: [
        s for s in _ballot_of(state).voters if _ballot_of(state).sealed[s] is not None
    ],
    "mine": _mine,
    "mine_text": _mine_text,
    "choices": lambda state, seat: list(_ballot_of(state).choices),
    "choice_texts": lambda state, seat: [_said(state, seat)[c] for c in _ballot_of(state).choices],
    "words": lambda state, seat: _said(
        state, seat
    ),  # every choice a voter may seal now, in words (for the forms)
    "card": lambda state, seat: _ballot_of(state).card,
}
"""The entries of the vote under way."""


def _title(kind: str) -> str:
    return BALLOTS.get(kind, kind.replace("_", " ").capitalize())


_last_said: list[tuple[Any, Any, dict[str, str]]] = [(None, None, {})]
"""The last state and seat whose ballot was said, and its words (three entries read them)."""


def _said(state: MerlinState, seat: int | None) -> dict[str, str]:
    """`_ballot_words` of the state's ballot, remembered for the last state and seat."""
    asked, asked_seat, said = _last_said[0]
    if asked is not state or asked_seat != seat:
        said = _ballot_words(state, _ballot_of(state), seat)
        _last_said[0] = (state, seat, said)
    return said


def _ballot_words(state: MerlinState, ballot: Ballot, seat: int | None) -> dict[str, str]:
    """Each choice of the ballot in the engine's words: the proposals on it (or, while players
    propose, every proposal open to them: the sheet is public), else yes and no."""
    from tradingfloor.games.merlin.magic import decrees

    options = list(ballot.choices)
    if ballot.kind == "propose":
        options += decrees.proposals_open(state)
    elif not options:
        options = ["yes", "no"]
    me = seat if seat is not None else ballot.caller
    return {c: _choice_words(state, me, ballot, c) for c in dict.fromkeys(options)}


def _choice_words(state: MerlinState, me: int, ballot: Ballot, choice: str) -> str:
    """ "Add the Permit Quota (2)", "Yes: reshuffle K♠ into the deck"."""
    from tradingfloor.games.merlin.magic import decrees
    from tradingfloor.games.merlin.magic.actions import Vote

    if ballot.kind in ("propose", "regulate"):
        text = decrees.proposal_words(state, choice)
    else:
        make = words.modules_words().labels.get("magic_vote")
        text = str(make(state, me, Vote(choice=choice))) if make else choice
        text = text.removeprefix("Vote ")
    return text[:1].upper() + text[1:]
