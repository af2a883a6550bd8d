"""The magic module: sealed ballots, Jokers and the table votes (MERLIN-MODULES.md §2.6, §2.7).

A ballot is a pending step of the turn: every player still in seals a choice (a regulation
proposal, a proposal's vote, yes or no); nobody sees another's sealed choice, only who has sealed,
until the last one seals and the ballot resolves. The decree's ballots (`propose`, `regulate`,
`reshuffle`) resolve in decrees.py, the table votes here. While one is open the turn waits; when it
resolves the player goes on with their turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.game import Event
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.deck import shuffle_in
from tradingfloor.games.merlin.ledger import add_gold, put, to_row
from tradingfloor.games.merlin.magic.actions import CallVote, Vote
from tradingfloor.games.merlin.magic.state import Ballot, Magic
from tradingfloor.games.merlin.magic.table import (
    content_of,
    count_play,
    done_this_turn,
    magic_of,
    marked,
    with_magic,
)
from tradingfloor.games.merlin.records import (
    replace,
    with_ballot,
    with_parts,
    with_sealed,
)
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, Module, Picker, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import seat as seat_words

PROPOSING = "regulation_proposal"
"""The pending step of a decree's regulation round where each player seals a proposal."""
VOTING = "ballot"
"""The pending step of every other ballot: a vote on the proposals, or yes/no."""
YES_NO: Final[tuple[str, ...]] = ("yes", "no")
TABLE_VOTES = ("jokers_in", "jokers_out", "volatility_up", "volatility_down")
UNANIMOUS = ("jokers_in", "jokers_out")


# --- the ballot machinery (shared with decrees.py) -----------------------------------------------


def open_ballot(
    state: MerlinState,
    kind: str,
    caller: int,
    card: str | None = None,
    choices: tuple[str, ...] = (),
) -> MerlinState:
    """A sealed ballot of every player still in, listed in turn order from the caller."""
    return with_magic(state, ballot=_ballot(state, kind, caller, card, choices))


def _ballot(
    state: MerlinState, kind: str, caller: int, card: str | None, choices: tuple[str, ...]
) -> Ballot:
    """The ballot `open_ballot` opens, before anyone has sealed."""
    voters = tuple(state.core.from_roller())
    sealed: tuple[str | None, ...] = (None,) * state.players
    return Ballot(kind, caller, voters, sealed, choices, card)


def ballot_of(state: MerlinState) -> Ballot | None:
    # (typed: compiled, the ballot is read from the record itself, not looked up by name)
    magic: Magic | None = state.magic
    return None if magic is None else magic.ballot


def awaited(ballot: Ballot) -> tuple[int, ...]:
    """The voters who have not sealed yet."""
    sealed = ballot.sealed
    return tuple([s for s in ballot.voters if sealed[s] is None])


def pending(state: MerlinState) -> tuple[str, tuple[int, ...]] | None:
    """The ballot under way blocks the turn: (its step, the seats still to seal)."""
    ballot = ballot_of(state)
    if ballot is None:
        return None
    seats = awaited(ballot)
    if not seats:
        return None
    return (PROPOSING if ballot.kind == "propose" else VOTING), seats


def seal(state: MerlinState, seat: int, choice: str, what: str, log: Log) -> MerlinState:
    """`seat` seals `choice` (the log says only that they sealed); the last seal resolves it."""
    ballot = ballot_of(state)
    assert ballot is not None
    ballot = with_sealed(ballot, put(ballot.sealed, seat, choice))
    log.append(_sealed(seat, what))
    # (a seal always changes the ballot: with_magic's test for an unchanged part would compare
    # the whole ballot for nothing)
    magic = with_ballot(magic_of(state), ballot)
    state = with_parts(state, state.core, state.economy, magic, state.finance)
    return resolve(state, log) if _all_sealed(ballot) else state


def _all_sealed(ballot: Ballot) -> bool:
    """Whether every voter has sealed (`not awaited(ballot)`, without listing who has not)."""
    sealed = ballot.sealed
    return all(sealed[voter] is not None for voter in ballot.voters)


_SEALED: Final[dict[tuple[int, str], Event]] = {}
"""The event of a seat's seal of each kind, made once: events are immutable, and every ballot's
seals tell the same few (a quarter of random play's moves seal a vote)."""


def _sealed(seat: int, what: str) -> Event:
    """The public event of `seat` sealing a `what`: who sealed, not what they chose."""
    key = (seat, what)
    told = _SEALED.get(key)
    if told is None:
        told = _SEALED[key] = event("sealed", seat=seat, what=what)
    return told


def resolve(state: MerlinState, log: Log) -> MerlinState:
    """Every voter has sealed: the ballot's outcome."""
    ballot = ballot_of(state)
    assert ballot is not None
    if ballot.kind in TABLE_VOTES:
        return _resolve_table(state, ballot, log)
    from tradingfloor.games.merlin.magic import decrees  # decrees.py builds on this file

    return decrees.resolve(state, ballot, log)


def votes_of(ballot: Ballot) -> dict[str, str]:
    """The sealed choices by seat (for the public log once the ballot resolves)."""
    return {str(s): str(ballot.sealed[s]) for s in ballot.voters}


def yes_count(ballot: Ballot) -> int:
    return sum(1 for s in ballot.voters if ballot.sealed[s] == "yes")


def majority(ballot: Ballot) -> bool:
    """Strictly more than half the voters said yes (a tie is no)."""
    return 2 * yes_count(ballot) > len(ballot.voters)


def unanimous(ballot: Ballot) -> bool:
    return yes_count(ballot) == len(ballot.voters)


def vote_choices(state: MerlinState, ballot: Ballot) -> tuple[str, ...]:
    """What a voter may seal in a vote: one of the proposals, or yes/no."""
    return ballot.choices if ballot.kind == "regulate" else YES_NO


def choices_for(state: MerlinState, ballot: Ballot) -> tuple[str, ...]:
    """What a voter may seal in this ballot (the same for every voter)."""
    if ballot.kind == "propose":
        from tradingfloor.games.merlin.magic import decrees

        return tuple(decrees.proposals_open(state))
    return vote_choices(state, ballot)


def resample(state: MerlinState, seat: int, rng: random.Random) -> MerlinState:
    """Others' sealed proposals and votes drawn afresh among their legal choices (`seat` knows
    only that they have sealed)."""
    ballot = ballot_of(state)
    if ballot is None:
        return state
    legal = choices_for(state, ballot)
    sealed = tuple(
        rng.choice(legal) if other != seat and mine is not None and legal else mine
        for other, mine in enumerate(ballot.sealed)
    )
    return with_magic(state, ballot=replace(ballot, sealed=sealed))


def after_exit(state: MerlinState, seat: int, log: Log) -> MerlinState:
    """A voter who left the game (exits.py takes them off the ballot) may leave only sealed voters:
    the ballot resolves then."""
    ballot = ballot_of(state)
    if ballot is None or awaited(ballot):
        return state
    return resolve(state, log)


# --- magic_vote ----------------------------------------------------------------------------------


def _why_no_vote(ballot: Ballot | None, seat: int) -> str | None:
    """Why `seat` has no vote to seal now, whatever they would choose."""
    if ballot is None or ballot.kind == "propose" or seat not in ballot.voters:
        return "there is no vote for you now"
    if ballot.sealed[seat] is not None:
        return "you have already voted; wait for the others"
    return None


def _why_vote(state: MerlinState, seat: int, action: Vote) -> str | None:
    ballot = ballot_of(state)
    why = _why_no_vote(ballot, seat)
    if why or ballot is None:
        return why
    allowed = vote_choices(state, ballot)
    if action.choice not in allowed:
        if ballot.kind == "regulate":
            return "vote for one of the proposals on the ballot"
        return "vote yes or no"
    return None


def _votes(state: MerlinState, seat: int) -> list[Action]:
    ballot = ballot_of(state)
    if ballot is None or _why_no_vote(ballot, seat):
        return []
    return [_vote(c) for c in vote_choices(state, ballot)]


def _pick_vote(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    """`_votes`' menu[randrange(len(menu))], drawn without making the menu (a quarter of random
    play's moves are votes)."""
    ballot = ballot_of(state)
    if ballot is None or _why_no_vote(ballot, seat):
        return None
    choices = vote_choices(state, ballot)
    return _vote(choices[below(len(choices), rng)]) if choices else None


_VOTES: Final[dict[str, Vote]] = {}
"""The vote for each choice made so far (a dict, not functools.cache: compiled, a dict is read
at once, a cache is called as a Python object)."""


def _vote(choice: str) -> Vote:
    """The vote for `choice` (actions are immutable: every ballot can share it)."""
    vote = _VOTES.get(choice)
    if vote is None:
        vote = _VOTES[choice] = Vote(choice=choice)
    return vote


def _apply_vote(state: MerlinState, seat: int, action: Vote, log: Log) -> MerlinState:
    return seal(state, seat, action.choice, "vote", log)


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickVote(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_vote(state, seat, rng)


class _CallsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _calls(state, seat)


VOTE = ActionRule("magic_vote", _why_vote, _votes, _apply_vote, _PickVote())


# --- the table votes -----------------------------------------------------------------------------


def _why_call(state: MerlinState, seat: int, action: CallVote) -> str | None:
    return _why_call_kind(state, action.kind)


def _why_call_kind(state: MerlinState, kind: str) -> str | None:
    magic = magic_of(state)
    if done_this_turn(state, "call_vote"):
        return "you have called a vote this turn already; call another on your next turn"
    if kind == "jokers_in" and magic.jokers_in:
        return "the Jokers are in the deck already; you may call to take them out"
    if kind == "jokers_out" and not magic.jokers_in:
        return "the Jokers are not in the deck; you may call to put them in"
    figures = content_of(state).figures.votes
    if kind == "volatility_up" and magic.volatility >= figures.volatility_most:
        return f"the volatility is at its most ({figures.volatility_most}); you may call it down"
    if kind == "volatility_down" and magic.volatility <= figures.volatility_least:
        return f"the volatility is at its least ({figures.volatility_least}); you may call it up"
    return None


CALLS: Final = {kind: CallVote(kind=kind) for kind in TABLE_VOTES}  # type: ignore[arg-type]


def _calls(state: MerlinState, seat: int) -> list[Action]:
    """The votes `_why_call_kind` allows now, in TABLE_VOTES' order, read without its words:
    random play asks at every move, and a vote is called at most once a turn."""
    magic = magic_of(state)
    if done_this_turn(state, "call_vote"):  # once a turn
        return []
    # Jokers: a call puts them in when they are out, takes them out when they are in.
    menu: list[Action] = [CALLS["jokers_out"] if magic.jokers_in else CALLS["jokers_in"]]
    # 7s: the volatility is called up below its most, down above its least.
    figures = content_of(state).figures.votes
    if magic.volatility < figures.volatility_most:
        menu.append(CALLS["volatility_up"])
    if magic.volatility > figures.volatility_least:
        menu.append(CALLS["volatility_down"])
    return menu


def _apply_call(state: MerlinState, seat: int, action: CallVote, log: Log) -> MerlinState:
    # Jokers (Optional): "added and taken out of the deck whenever all the players unanimously
    # agree to do so"; 7s: volatility "can be voted on by all players".
    log.append(event("vote_called", seat=seat, vote=action.kind))
    ballot = _ballot(state, action.kind, seat, None, ())
    return with_magic(state, played=marked(state, "call_vote"), ballot=ballot)


CALL_VOTE = ActionRule("call_vote", _why_call, _CallsListed(), _apply_call)


def _resolve_table(state: MerlinState, ballot: Ballot, log: Log) -> MerlinState:
    """Jokers in or out: all must say yes; the volatility: a strict majority."""
    passed = unanimous(ballot) if ballot.kind in UNANIMOUS else majority(ballot)
    state = with_magic(state, ballot=None)
    if passed:
        state = _carry(state, ballot.kind)
    magic = magic_of(state)
    log.append(
        event(
            "table_vote",
            vote=ballot.kind,
            votes=votes_of(ballot),
            passed=passed,
            jokers_in=magic.jokers_in,
            volatility=magic.volatility,
        )
    )
    return state


def _carry(state: MerlinState, kind: str) -> MerlinState:
    """What a passed table vote changes."""
    jokers = content_of(state).figures.jokers
    if kind == "jokers_in":
        return with_magic(shuffle_in(state, jokers), jokers_in=True)
    if kind == "jokers_out":
        # Jokers are played at once when bought, so every Joker in the game lies in the deck.
        deck = tuple(c for c in state.economy.deck if c not in jokers)
        state = replace(state, economy=replace(state.economy, deck=deck))
        return with_magic(state, jokers_in=False)
    step = 1 if kind == "volatility_up" else -1
    return with_magic(state, volatility=magic_of(state).volatility + step)


# --- Jokers: the tax men -------------------------------------------------------------------------


def play_joker(state: MerlinState, seat: int, card: str, log: Log) -> MerlinState | None:
    """Jokers (Optional): "Tax men whom take the tax rate amount of gold out of all the players
    reserves. Picked then played, and reshuffled." Each player still in pays the tax rate to the
    R.O.W., as far as their gold goes."""
    if not cards.is_joker(state.config, card):
        return None
    rate = state.core.counters.tax_rate
    paid: dict[str, int] = {}
    for payer in state.core.from_roller():
        amount = min(state.core.gold[payer], rate)
        state = to_row(add_gold(state, payer, -amount), amount)
        paid[str(payer)] = amount
    log.append(event("tax_men", seat=seat, card=card, tax_rate=rate, paid=paid))
    state = count_play(state, "joker")
    return shuffle_in(state, [card])


# --- words ---------------------------------------------------------------------------------------

CARRIED = {
    "jokers_in": "the Jokers are shuffled into the deck",
    "jokers_out": "the Jokers are taken out of the deck",
    "volatility_up": "the volatility goes up by 1",
    "volatility_down": "the volatility goes down by 1",
}
CALLED = {
    "jokers_in": "to put the Jokers into the deck (all must agree)",
    "jokers_out": "to take the Jokers out of the deck (all must agree)",
    "volatility_up": "to raise the volatility by 1 (a majority decides)",
    "volatility_down": "to lower the volatility by 1 (a majority decides)",
}


def _label_call(state: MerlinState, me: int, a: CallVote) -> str:
    return f"Call a vote {CALLED[a.kind]}"


def _label_vote(state: MerlinState, me: int, a: Vote) -> str:
    ballot = ballot_of(state)
    if ballot is None:
        return f"Vote {a.choice}"
    if ballot.kind in TABLE_VOTES:
        outcome = CARRIED[ballot.kind] if a.choice == "yes" else "nothing changes"
        return f"Vote {a.choice}: {outcome}"
    from tradingfloor.games.merlin.magic import decrees

    return decrees.label_vote(state, ballot, a.choice)


def _said_votes(e: Mapping[str, Any]) -> str:
    return ", ".join(f"{seat_words(s)} {v}" for s, v in e["votes"].items())


def _table_vote_text(e: Mapping[str, Any]) -> str:
    kind = e["vote"]
    if not e["passed"]:
        return f"The vote {CALLED[kind]} failed ({_said_votes(e)})"
    figure = f"; volatility {e['volatility']}" if kind.startswith("volatility") else ""
    return f"The vote passed ({_said_votes(e)}): {CARRIED[kind]}{figure}"


def _tax_men_text(e: Mapping[str, Any]) -> str:
    paid = ", ".join(f"{seat_words(s)} {v}" for s, v in e["paid"].items())
    total = sum(e["paid"].values())
    return (
        f"{seat_words(e['seat'])} drew {card_words(e['card'])}, the tax men: each player pays "
        f"up to the tax rate of {e['tax_rate']} to the R.O.W. ({paid}; {total} gold in all); "
        f"the Joker is reshuffled"
    )


LABELS: dict[str, Any] = {"call_vote": _label_call, "magic_vote": _label_vote}
FORM_TITLES = {"call_vote": "Call a table vote", "magic_vote": "Seal your vote"}
FIELD_LABELS = {"kind": "vote on", "choice": "vote"}
NOTES = {
    "call_vote": "Once a turn. The Jokers go in or out only if every player still in says yes; "
    "the volatility moves if more than half say yes.",
    "magic_vote": "Sealed: the others see only that you have voted, until everyone has.",
}
EVENTS: dict[str, Any] = {
    "vote_called": lambda e: f"{seat_words(e['seat'])} called a vote {CALLED[e['vote']]}",
    "table_vote": _table_vote_text,
    "tax_men": _tax_men_text,
}

PART = Module(
    name="magic.votes",
    actions={"turn": (CALL_VOTE,), VOTING: (VOTE,)},
    on_bought=(play_joker,),
    pending=(pending,),
    redetermine=(resample,),
    on_exit=(after_exit,),
)
