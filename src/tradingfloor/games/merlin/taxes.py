"""Taxes: every spring to the R.O.W., then the unanimous vote on the tax rate."""

from __future__ import annotations

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.actions import TaxVote
from tradingfloor.games.merlin.ledger import add_gold, put, to_row
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Lister, Log, event, table_for
from tradingfloor.games.merlin.seasons import season_at, set_counter
from tradingfloor.games.merlin.state import MerlinState, Vote

# One action per vote serves every menu (actions are immutable).
TAX_VOTES: dict[str, TaxVote] = {c: drawn(TaxVote, choice=c) for c in ("keep", "up", "down")}


def properties_owned(state: MerlinState, seat: int) -> int:
    """Clubs a player holds, placed or in hand (a Chauffeur is two)."""
    config = state.config
    held = [c for c in state.economy.hands[seat] if cards.is_property(config, c)]
    placed = [
        c
        for s in state.economy.tableaux[seat]
        for c in (s.base, s.top)
        if c is not None and cards.is_property(config, c)
    ]
    return len(held) + len(placed)


def tax_due(state: MerlinState, seat: int) -> int:
    """Taxes: "the tax rate plus the tax rate multiplied by the number of properties they own" """
    base = state.config.content.tax_base_units
    extra = sum(units(state, seat) for units in table_for(state).tax_units)
    return state.core.counters.tax_rate * (base + properties_owned(state, seat) + extra)


def tax_season_begins(state: MerlinState) -> bool:
    """Whether the wheel has just entered the tax season (spring) for the first time this year.

    A harsher wheel can turn a spring portion into winter, so the wheel may enter spring twice in a
    year; taxes come once ("Every spring tax season is upon the players")."""
    counters = state.core.counters
    spring = state.config.content.tax_season
    entered = season_at(state, counters.portion) == spring
    entered = entered and season_at(state, counters.portion - 1) != spring
    return entered and counters.taxed_year != counters.year


def on_portion(state: MerlinState, log: Log) -> MerlinState:
    """Taxes: "Every spring tax season is upon the players. Every player must pay the tax rate to
    the Revenue Office of Wizards or R.O.W" """
    if not tax_season_begins(state):
        return state
    counters = replace(state.core.counters, taxed_year=state.core.counters.year)
    state = replace(state, core=replace(state.core, counters=counters))
    core = state.core
    exempt = table_for(state).tax_exempt
    for seat in core.in_game():
        if any(skips(state, seat) for skips in exempt):
            log.append(event("tax_skipped", seat=seat))
            continue
        due = tax_due(state, seat)
        if state.core.gold[seat] >= due:
            state = to_row(add_gold(state, seat, -due), due)
            log.append(event("tax", seat=seat, paid=due))
            continue
        # "... and if they cannot are considered bankrupt."
        core = state.core
        since = core.bankrupt_since[seat]
        core = replace(
            core,
            debt=put(core.debt, seat, core.debt[seat] + due),
            bankrupt_since=put(
                core.bankrupt_since, seat, core.counters.clock if since is None else since
            ),
        )
        state = replace(state, core=core)
        log.append(event("bankrupt", seat=seat, owes=core.debt[seat]))
    voters = tuple(state.core.in_game())
    vote = Vote(voters=voters, sealed=(None,) * state.players)
    return replace(state, core=replace(state.core, vote=vote))


def _choices_allowed(state: MerlinState) -> list[str]:
    floor = state.config.content.floors.get("tax_rate", 0)
    down = state.core.counters.tax_rate > floor
    return ["keep", "up", *(["down"] if down else [])]


def _why_vote(state: MerlinState, seat: int, action: TaxVote) -> str | None:
    vote = state.core.vote
    if vote is None or seat not in vote.voters:
        return "there is no vote for you now"
    if vote.sealed[seat] is not None:
        return "you have already voted; wait for the others"
    if action.choice not in _choices_allowed(state):
        return "the tax rate cannot go lower"
    return None


def _votes(state: MerlinState, seat: int) -> list[Action]:
    if _why_vote(state, seat, TAX_VOTES["keep"]):
        return []
    return [TAX_VOTES[c] for c in _choices_allowed(state)]


def _apply_vote(state: MerlinState, seat: int, action: TaxVote, log: Log) -> MerlinState:
    vote = state.core.vote
    assert vote is not None
    vote = replace(vote, sealed=put(vote.sealed, seat, action.choice))
    log.append(event("sealed", seat=seat, what="tax vote"))
    state = replace(state, core=replace(state.core, vote=vote))
    if any(vote.sealed[s] is None for s in vote.voters):
        return state
    return _count(state, vote, log)


def _count(state: MerlinState, vote: Vote, log: Log) -> MerlinState:
    """Taxes: "the players can unanimously decide to increase or decrease the tax rate by one. If
    increased, the cost of the living and research cost are decreased by one. If decreased, the cost
    of the living and research cost are increased by one." """
    choices = {vote.sealed[s] or "keep" for s in vote.voters}
    sign = {"up": 1, "down": -1}.get(choices.pop(), 0) if len(choices) == 1 else 0
    counters, content = state.core.counters, state.config.content
    if sign:
        moved = sign * content.tax_counter_step
        state = set_counter(state, "tax_rate", counters.tax_rate + sign * content.tax_vote_step)
        state = set_counter(state, "cost_of_living", counters.cost_of_living - moved)
        state = set_counter(state, "research_cost", counters.research_cost - moved)
    log.append(
        event(
            "tax_vote",
            votes={str(s): vote.sealed[s] for s in vote.voters},
            tax_rate=state.core.counters.tax_rate,
            cost_of_living=state.core.counters.cost_of_living,
            research_cost=state.core.counters.research_cost,
        )
    )
    return replace(state, core=replace(state.core, vote=None, phase="turn"))


# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _VotesListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _votes(state, seat)


RULES = (ActionRule("tax_vote", _why_vote, _VotesListed(), _apply_vote),)
