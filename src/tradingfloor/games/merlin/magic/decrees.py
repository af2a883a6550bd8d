"""The magic module: Kings (royal decrees), the regulation round, crowns and the monarchy
(MERLIN-MODULES.md §2.6), and the regulations this part applies (Permit Quota, Investment
Ceiling, Oil Levy).

Kings: "Royal Decrees. Very powerful cards that can change the course of a game. The 4 kings in
the deck are picked and played". A King bought goes to its buyer's hand; from a later turn
`play_decree` moves the three counters, lets the player take back investments for the rest of
the turn, gives a crown, then opens the regulation round (sealed proposals, then a sealed vote on
them) and the vote on reshuffling the decree. The King lies aside, in the ballot, until that vote.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from itertools import product
from typing import Any, Final

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.deck import shuffle_in
from tradingfloor.games.merlin.ledger import add_gold, put, to_row
from tradingfloor.games.merlin.magic.actions import (
    PlayDecree,
    Propose,
    Reclaim,
)
from tradingfloor.games.merlin.magic.content import Regulation
from tradingfloor.games.merlin.magic.state import Ballot, Rule
from tradingfloor.games.merlin.magic.table import (
    content_of,
    count_play,
    magic_of,
    regulation,
    with_magic,
)
from tradingfloor.games.merlin.magic.votes import (
    PROPOSING,
    ballot_of,
    majority,
    open_ballot,
    seal,
    votes_of,
    yes_count,
)
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Lister,
    Log,
    Module,
    Payout,
    Picker,
    event,
)
from tradingfloor.games.merlin.seasons import set_counter
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.tableau import stack_of
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold
from tradingfloor.games.merlin.words import seat as seat_words

COUNTERS = ("cost_of_living", "research_cost", "tax_rate")
COUNTER_WORDS = {
    "cost_of_living": "the cost of the living",
    "research_cost": "the research cost",
    "tax_rate": "the tax rate",
}
NONE = "none"


# --- play_decree ---------------------------------------------------------------------------------


def _steps(action: PlayDecree) -> dict[str, int]:
    return {name: int(getattr(action, name)) for name in COUNTERS}


def _why_steps(state: MerlinState, steps: Mapping[str, int]) -> str | None:
    """Kings: "it can be used to increase or decrease by one: the cost of the living, research
    cost, and the tax rate" (each, or with the option `decree_counters` "one", one of them)."""
    moved = [name for name, step in steps.items() if step]
    allowed = content_of(state).figures.decrees.counters
    for name in moved:
        if name not in allowed:
            return f"a decree does not move {COUNTER_WORDS[name]} at this table"
    if state.config.decree_counters == "one" and len(moved) > 1:
        return "at this table a decree moves one counter only: change just one of them"
    floors = state.config.content.floors
    for name in moved:
        value = getattr(state.core.counters, name)
        if value + steps[name] < floors.get(name, 0):
            return f"{COUNTER_WORDS[name]} cannot go below {floors.get(name, 0)}"
    return None


def _kings(state: MerlinState, seat: int) -> list[str]:
    """Kings in hand that were bought before this turn."""
    eco, config = state.economy, state.config
    return [c for c in eco.hands[seat] if cards.is_king(config, c) and c not in eco.fresh]


def _why_decree(state: MerlinState, seat: int, action: PlayDecree) -> str | None:
    if action.card not in state.economy.hands[seat]:
        return f"you hold no {card_words(action.card)} to play"
    if not cards.is_king(state.config, action.card):
        return f"{card_words(action.card)} is not a King; only Kings are royal decrees"
    if action.card in state.economy.fresh:
        # Core Loop: "Permits are bought at the end so they can only be played the turn after"
        return f"{card_words(action.card)} was bought this turn; play it from your next turn"
    return _why_steps(state, _steps(action))


def _decrees(state: MerlinState, seat: int) -> list[Action]:
    kings = _kings(state, seat)
    if not kings:
        return []
    moves = _legal_steps(state)
    return [_decree(k, m) for k in kings for m in moves]


_MOVES: Final = tuple(dict(zip(COUNTERS, s, strict=True)) for s in product((-1, 0, 1), repeat=3))
"""Each way a decree might move the counters, in `product`'s order (made once: zipped at every
ask, they cost more than asking the rules of them; read, never changed)."""


def _legal_steps(state: MerlinState) -> list[dict[str, int]]:
    """Each way a decree may move the counters now, in `product`'s order."""
    return [m for m in _MOVES if _why_steps(state, m) is None]


def _decree(card: str, steps: Mapping[str, int]) -> Action:
    return drawn(
        PlayDecree,
        card=card,
        cost_of_living=steps["cost_of_living"],
        research_cost=steps["research_cost"],
        tax_rate=steps["tax_rate"],
    )


def _pick_decree(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    """`_decrees`' menu[randrange(len(menu))], drawn without making the menu's moves (a King
    played is rare; the menu held 27 moves a King)."""
    kings = _kings(state, seat)
    if not kings:
        return None
    moves = _legal_steps(state)
    if not moves:
        return None
    index = below(len(kings) * len(moves), rng)  # the menu is by King, then by move
    return _decree(kings[index // len(moves)], moves[index % len(moves)])


def _apply_decree(state: MerlinState, seat: int, action: PlayDecree, log: Log) -> MerlinState:
    eco = state.economy
    hand = list(eco.hands[seat])
    hand.remove(action.card)
    state = replace(state, economy=replace(eco, hands=put(eco.hands, seat, tuple(hand))))
    steps = _steps(action)
    for name, step in steps.items():
        if step:
            state = set_counter(state, name, getattr(state.core.counters, name) + step)
    # Kings: "The player that plays the Royal Decree is given a crown." and "The player that
    # plays the card has the ability on that turn to take back any and all investments".
    crowns = magic_of(state).crowns
    state = with_magic(state, crowns=put(crowns, seat, crowns[seat] + 1), reclaim=True)
    state = count_play(state, "decree")
    counters = state.core.counters
    log.append(
        event(
            "decree",
            seat=seat,
            card=action.card,
            steps=steps,
            counters={name: getattr(counters, name) for name in COUNTERS},
            crowns=magic_of(state).crowns[seat],
        )
    )
    # Kings: "As a group, all the players must make a regulation, change a regulation or delete a
    # regulation." The round's proposals are sealed first.
    return open_ballot(state, "propose", seat, card=action.card)


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickDecree(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_decree(state, seat, rng)


class _ReclaimsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _reclaims(state, seat)


class _PickPropose(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_propose(state, seat, rng)


PLAY_DECREE = ActionRule("play_decree", _why_decree, _decrees, _apply_decree, _PickDecree())


# --- reclaim -------------------------------------------------------------------------------------


def _why_reclaim(state: MerlinState, seat: int, action: Reclaim) -> str | None:
    if not magic_of(state).reclaim:
        return "investments are locked in; only a royal decree played this turn frees them"
    found = stack_of(state, seat, action.card)
    if found is None:
        return f"you have no property {card_words(action.card)} on the table"
    if not found[1].invested:
        return f"nothing is invested on {card_words(action.card)}"
    return None


def _reclaims(state: MerlinState, seat: int) -> list[Action]:
    if not magic_of(state).reclaim:
        return []
    return [drawn(Reclaim, card=s.base) for s in state.economy.tableaux[seat] if s.invested]


def _apply_reclaim(state: MerlinState, seat: int, action: Reclaim, log: Log) -> MerlinState:
    # Kings: "take back any and all investments they currently have on properties"
    found = stack_of(state, seat, action.card)
    assert found is not None
    index, stack = found
    eco = state.economy
    tableau = put(eco.tableaux[seat], index, replace(stack, invested=0))
    state = replace(state, economy=replace(eco, tableaux=put(eco.tableaux, seat, tableau)))
    log.append(event("reclaim", seat=seat, card=action.card, amount=stack.invested))
    return add_gold(state, seat, stack.invested)


RECLAIM = ActionRule("reclaim", _why_reclaim, _ReclaimsListed(), _apply_reclaim)


# --- the regulation round ------------------------------------------------------------------------


def _active(state: MerlinState) -> dict[str, int]:
    return {rule.name: rule.value for rule in magic_of(state).regulations}


def _has_figure(rule: Regulation) -> bool:
    return rule.most > rule.least


def proposals_open(state: MerlinState) -> list[str]:
    """Every legal proposal now: add a regulation not active (of a module that is on), change an
    active one's figure one step within its range, delete an active one, or none."""
    content, active = content_of(state), _active(state)
    modules = state.config.modules
    out = [NONE]
    for name, rule in content.regulations.items():
        if name not in active:
            if rule.module in modules:
                out.append(f"add:{name}")
            continue
        if _has_figure(rule) and active[name] < rule.most:
            out.append(f"change:{name}:up")
        if _has_figure(rule) and active[name] > rule.least:
            out.append(f"change:{name}:down")
        out.append(f"delete:{name}")
    return out


def _why_proposal(state: MerlinState, text: str) -> str | None:
    """Why a proposal is not one a player may make now, in words."""
    if text in proposals_open(state):
        return None
    content, active = content_of(state), _active(state)
    parts = text.split(":")
    verb, name = parts[0], parts[1] if len(parts) > 1 else ""
    rule = content.regulations.get(name)
    if verb not in ("add", "change", "delete") or rule is None:
        return "propose to add, change or delete one of the regulations of the sheet, or none"
    if verb == "add" and name in active:
        return f"the {rule.title} is in force already; propose to change or delete it"
    if verb == "add":
        return f"the {rule.title} belongs to the {rule.module} module, which is not in this game"
    if name not in active:
        return f"the {rule.title} is not in force; propose to add it"
    if verb == "change" and not _has_figure(rule):
        return f"the {rule.title} has no figure to change"
    if verb == "change" and parts[2:] in (["up"], ["down"]):
        return f"the {rule.title} is at its limit ({rule.least} to {rule.most})"
    return f"propose raising or lowering the {rule.title}'s figure"


def _why_propose(state: MerlinState, seat: int, action: Propose) -> str | None:
    ballot = ballot_of(state)
    if ballot is None or ballot.kind != "propose" or seat not in ballot.voters:
        return "there is no regulation round for you now"
    if ballot.sealed[seat] is not None:
        return "you have already sealed your proposal; wait for the others"
    return _why_proposal(state, action.proposal)


def _proposes(state: MerlinState, seat: int) -> list[Action]:
    if _why_propose(state, seat, drawn(Propose, proposal=NONE)):
        return []
    return [drawn(Propose, proposal=p) for p in proposals_open(state)]


def _pick_propose(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    """`_proposes`' menu[randrange(len(menu))], drawn without making the menu's moves (only the
    proposal drawn is made a move)."""
    if _why_propose(state, seat, _NO_PROPOSAL):
        return None
    proposals = proposals_open(state)
    return drawn(Propose, proposal=proposals[below(len(proposals), rng)]) if proposals else None


_NO_PROPOSAL: Final = drawn(Propose, proposal=NONE)
"""The proposal of none, asked of the rules to learn whether a seat may propose now (made once:
actions are immutable)."""


def _apply_propose(state: MerlinState, seat: int, action: Propose, log: Log) -> MerlinState:
    return seal(state, seat, action.proposal, "regulation proposal", log)


PROPOSE = ActionRule("propose", _why_propose, _proposes, _apply_propose, _PickPropose())


def resolve(state: MerlinState, ballot: Ballot, log: Log) -> MerlinState:
    """A decree's ballot has every seal: the proposals revealed, the vote counted, or the decree's
    fate decided."""
    if ballot.kind == "propose":
        return _revealed(state, ballot, log)
    if ballot.kind == "regulate":
        return _regulated(state, ballot, log)
    return _decided(state, ballot, log)


def _revealed(state: MerlinState, ballot: Ballot, log: Log) -> MerlinState:
    """The proposals are opened; the distinct ones, in turn order from the decree's player, go to
    a sealed vote (a single one is adopted without a vote)."""
    proposals = {s: str(ballot.sealed[s]) for s in ballot.voters}
    choices = tuple(dict.fromkeys(proposals[s] for s in ballot.voters))
    sheet = tuple(ballot.sealed)
    state = with_magic(state, proposals=sheet, ballot=None)
    log.append(
        event(
            "proposals",
            seat=ballot.caller,
            proposals={str(s): p for s, p in proposals.items()},
            words={p: proposal_words(state, p) for p in choices},
        )
    )
    if len(choices) == 1:
        return _adopt(state, ballot, choices[0], {}, log)
    return open_ballot(state, "regulate", ballot.caller, card=ballot.card, choices=choices)


def _winner(state: MerlinState, ballot: Ballot) -> str:
    """The plurality; a tie goes to the decree player's own proposal when it is tied, else to the
    tied proposal made earliest in turn order from the decree player ([R], MERLIN-MODULES §2.6:
    "ties go to the decree player's")."""
    counts = Counter(str(ballot.sealed[s]) for s in ballot.voters)
    most = max(counts.values())
    tied = [c for c in ballot.choices if counts[c] == most]
    own = magic_of(state).proposals[ballot.caller]
    return own if own in tied else tied[0]


def _regulated(state: MerlinState, ballot: Ballot, log: Log) -> MerlinState:
    return _adopt(state, ballot, _winner(state, ballot), votes_of(ballot), log)


def _adopt(
    state: MerlinState, ballot: Ballot, chosen: str, votes: dict[str, str], log: Log
) -> MerlinState:
    """The chosen proposal changes the sheet (Kings: "Have a sheet of paper with all the
    regulations in the game"); then the vote on the decree."""
    said = {c: proposal_words(state, c) for c in (ballot.choices or (chosen,))}
    state = _change_sheet(state, chosen)
    content = content_of(state)
    log.append(
        event(
            "regulation_vote",
            seat=ballot.caller,
            votes=votes,
            chosen=chosen,
            said=said[chosen],
            words=said,
            sheet=[_rule_words(content.regulations[r.name], r.value) for r in _sheet(state)],
        )
    )
    # Kings: "After being played, all players take a vote on if the decree should be reshuffled
    # into the deck, majority rule."
    return open_ballot(state, "reshuffle", ballot.caller, card=ballot.card)


def _sheet(state: MerlinState) -> tuple[Rule, ...]:
    return magic_of(state).regulations


def _change_sheet(state: MerlinState, chosen: str) -> MerlinState:
    parts = chosen.split(":")
    if parts[0] == NONE:
        return state
    name, sheet = parts[1], _sheet(state)
    if parts[0] == "add":
        return with_magic(
            state, regulations=(*sheet, Rule(name, content_of(state).regulations[name].value))
        )
    if parts[0] == "delete":
        return with_magic(state, regulations=tuple(r for r in sheet if r.name != name))
    step = 1 if parts[2] == "up" else -1
    changed = tuple(replace(r, value=r.value + step) if r.name == name else r for r in sheet)
    return with_magic(state, regulations=changed)


def _decided(state: MerlinState, ballot: Ballot, log: Log) -> MerlinState:
    """Kings: "majority rule": more than half yes reshuffles the King into the deck; otherwise it
    leaves the game (kept aside with the removed cards, so every card stays counted)."""
    card = ballot.card
    assert card is not None
    reshuffled = majority(ballot)
    magic = magic_of(state)
    state = with_magic(state, ballot=None, proposals=(None,) * state.players)
    if reshuffled:
        state = shuffle_in(state, [card])
    else:
        state = with_magic(state, removed=(*magic.removed, card))
    log.append(
        event(
            "decree_vote",
            seat=ballot.caller,
            card=card,
            votes=votes_of(ballot),
            yes=yes_count(ballot),
            reshuffled=reshuffled,
        )
    )
    return state


# --- regulations applied here --------------------------------------------------------------------


def invest_cap(state: MerlinState, seat: int, card: str) -> int | None:
    """How much more gold may go on `card` under an Investment Ceiling, or None (no ceiling):
    at most N gold lies invested on a property."""
    ceiling = regulation(state, "investment_ceiling")
    if ceiling is None:
        return None
    found = stack_of(state, seat, card)
    invested = found[1].invested if found is not None else 0
    return max(0, ceiling - invested)


def bought_this_turn(state: MerlinState, seat: int) -> int:
    """Cards `seat` has bought this turn (every buy counts, whatever the card turned out to be)."""
    return sum(1 for e in state.turn_log if e.kind == "buy_permit" and e.data["seat"] == seat)


def buy_refusal(state: MerlinState, seat: int) -> str | None:
    """Why `seat` may not buy another permit this turn (a Permit Quota), or None."""
    quota = regulation(state, "permit_quota")
    if quota is None or bought_this_turn(state, seat) < quota:
        return None
    return f"the Permit Quota allows {quota} permits a turn and you have bought them; end your turn"


def oil_levy(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Oil Levy (Kings: "If a players gains an oil card, they must pay the tax rate"): whoever
    receives Elixir Oil (the climate's commodity: "For every oil generated") from a land pays
    the tax rate per unit to the R.O.W., as far as their gold goes; the oil is theirs in full
    ([R])."""
    content = state.config.content
    if (
        payout.commodity is None
        or payout.amount <= 0
        or payout.to < 0
        or content.commodities[payout.commodity] != content.climate_commodity
        or regulation(state, "oil_levy") is None
    ):
        return state, payout
    due = state.core.counters.tax_rate * payout.amount
    paid = min(due, state.core.gold[payout.to])
    if due:
        state = to_row(add_gold(state, payout.to, -paid), paid)
        log.append(event("oil_levy", seat=payout.to, units=payout.amount, due=due, paid=paid))
    return state, payout


# --- words ---------------------------------------------------------------------------------------


def _rule_words(rule: Regulation, value: int) -> str:
    return f"the {rule.title} ({value})" if _has_figure(rule) else f"the {rule.title}"


def proposal_words(state: MerlinState, proposal: str) -> str:
    """A proposal as it is said: "add the Permit Quota (2)", "raise the Investment Ceiling to 6"."""
    parts = proposal.split(":")
    rule = content_of(state).regulations.get(parts[1]) if len(parts) > 1 else None
    if rule is None:
        return "keep the regulations as they are"
    if parts[0] == "add":
        return f"add {_rule_words(rule, rule.value)}"
    if parts[0] == "delete":
        return f"delete the {rule.title}"
    now = _active(state).get(rule.name, rule.value)
    up = parts[2:] == ["up"]
    return f"{'raise' if up else 'lower'} the {rule.title} to {now + (1 if up else -1)}"


def label_vote(state: MerlinState, ballot: Ballot, choice: str) -> str:
    """A decree ballot's vote in words (votes.py's label for magic_vote)."""
    if ballot.kind == "regulate":
        return f"Vote to {proposal_words(state, choice)}"
    king = card_words(ballot.card)
    if choice == "yes":
        return f"Vote yes: reshuffle {king} into the deck"
    return f"Vote no: remove {king} from the game"


def _label_decree(state: MerlinState, me: int, a: PlayDecree) -> str:
    counters, moves = state.core.counters, []
    for name, step in _steps(a).items():
        if step:
            to = getattr(counters, name) + step
            moves.append(f"{COUNTER_WORDS[name]} {'up' if step > 0 else 'down'} to {to}")
    moved = ", ".join(moves) if moves else "no counter moved"
    return (
        f"Play {card_words(a.card)} as a royal decree: {moved}; take a crown, then the "
        f"regulation round and the vote on the decree"
    )


def _label_reclaim(state: MerlinState, me: int, a: Reclaim) -> str:
    found = stack_of(state, me, a.card)
    amount = found[1].invested if found else 0
    return f"Take back your investment of {gold(amount)} on {card_words(a.card)} (royal decree)"


def _label_propose(state: MerlinState, me: int, a: Propose) -> str:
    return f"Propose to {proposal_words(state, a.proposal)}"


def _decree_text(e: Mapping[str, Any]) -> str:
    moved = [
        f"{COUNTER_WORDS[n]} {'up' if s > 0 else 'down'} to {e['counters'][n]}"
        for n, s in e["steps"].items()
        if s
    ]
    what = ", ".join(moved) if moved else "no counter moved"
    return (
        f"{seat_words(e['seat'])} played {card_words(e['card'])}, a royal decree: {what}; "
        f"{seat_words(e['seat'])} takes a crown ({e['crowns']} now). The regulation round begins"
    )


def _proposals_text(e: Mapping[str, Any]) -> str:
    said = ", ".join(f"{seat_words(s)}: {e['words'][p]}" for s, p in e["proposals"].items())
    return f"Regulation proposals revealed: {said}"


def _regulation_text(e: Mapping[str, Any]) -> str:
    votes = ", ".join(
        f"{seat_words(s)} {e.get('words', {}).get(v, v)}" for s, v in e["votes"].items()
    )
    how = f"By vote ({votes}), the" if e["votes"] else "The only proposal,"
    sheet = ", ".join(e["sheet"]) if e["sheet"] else "none"
    return f"{how} regulation round chose to {e['said']}. Regulations in force: {sheet}"


def _decree_vote_text(e: Mapping[str, Any]) -> str:
    votes = ", ".join(f"{seat_words(s)} {v}" for s, v in e["votes"].items())
    fate = "reshuffled into the deck" if e["reshuffled"] else "removed from the game"
    return f"The vote on {card_words(e['card'])} ({votes}): it is {fate}"


LABELS: dict[str, Any] = {
    "play_decree": _label_decree,
    "reclaim": _label_reclaim,
    "propose": _label_propose,
}
FORM_TITLES = {
    "play_decree": "Play a King as a royal decree",
    "reclaim": "Take back an investment (royal decree)",
    "propose": "Seal a regulation proposal",
}
FIELD_LABELS = {
    "cost_of_living": "cost of the living",
    "research_cost": "research cost",
    "tax_rate": "tax rate",
    "proposal": "proposal",
}
NOTES = {
    "play_decree": "Each counter moves down 1, stays (0) or moves up 1. You take a crown; for "
    "the rest of the turn you may take back your investments. Then every player seals a "
    "regulation proposal, votes on them, and votes whether the King is reshuffled or removed.",
    "propose": "Sealed: the others see only that you have proposed, until everyone has. Then "
    "all vote on the proposals; a tie goes to the decree player's proposal.",
}
EVENTS: dict[str, Any] = {
    "decree": _decree_text,
    "reclaim": lambda e: (
        f"{seat_words(e['seat'])} took back {gold(e['amount'])} invested on "
        f"{card_words(e['card'])} (royal decree)"
    ),
    "proposals": _proposals_text,
    "regulation_vote": _regulation_text,
    "decree_vote": _decree_vote_text,
    "oil_levy": lambda e: (
        f"Oil Levy: {seat_words(e['seat'])} paid {gold(e['paid'])} to the R.O.W. for "
        f"{e['units']} Elixir Oil" + (f" (of {e['due']} due)" if e["paid"] < e["due"] else "")
    ),
}

PART = Module(
    name="magic.decrees",
    actions={
        "turn": (PLAY_DECREE, RECLAIM),
        "buying": (RECLAIM,),
        PROPOSING: (PROPOSE,),
    },
    yield_filters=(oil_levy,),
)
