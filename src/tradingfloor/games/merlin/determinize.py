"""Resampling what a seat cannot see: the deck order, others' sealed bids and votes, the seed."""

from __future__ import annotations

import random

from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin import rules
from tradingfloor.games.merlin.actions import RankBid, TaxVote, TurnBid
from tradingfloor.games.merlin.ledger import put
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import table_for
from tradingfloor.games.merlin.state import MerlinState


def redetermine(state: MerlinState, seat: int, rng: random.Random) -> MerlinState:
    """A state `seat` cannot tell from `state`, every secret drawn afresh."""
    deck = list(state.economy.deck)
    rng.shuffle(deck)  # the deck order is nobody's knowledge
    state = replace(
        state,
        rng=Rng(rng.getrandbits(62)),
        economy=replace(state.economy, deck=tuple(deck)),
    )
    state = _resample_vote(_resample_bids(state, seat, rng), seat, rng)
    for resample in table_for(state).redetermine:
        state = resample(state, seat, rng)
    return state


def _resample_bids(state: MerlinState, seat: int, rng: random.Random) -> MerlinState:
    auction = state.core.auction
    if auction is None:
        return state
    sealed = auction.sealed
    for other, mine in enumerate(auction.sealed):
        if other == seat or mine is None:
            continue
        blank = replace(
            state,
            core=replace(
                state.core, auction=replace(auction, sealed=put(auction.sealed, other, None))
            ),
        )
        action = rules.legal(blank, other).sample(rng)
        if isinstance(action, TurnBid):
            sealed = put(sealed, other, (action.amount,))
        elif isinstance(action, RankBid):
            sealed = put(sealed, other, tuple(action.stacks))
    return replace(state, core=replace(state.core, auction=replace(auction, sealed=sealed)))


def _resample_vote(state: MerlinState, seat: int, rng: random.Random) -> MerlinState:
    vote = state.core.vote
    if vote is None:
        return state
    sealed = vote.sealed
    for other, mine in enumerate(vote.sealed):
        if other == seat or mine is None:
            continue
        blank = replace(
            state,
            core=replace(state.core, vote=replace(vote, sealed=put(vote.sealed, other, None))),
        )
        action = rules.legal(blank, other).sample(rng)
        if isinstance(action, TaxVote):
            sealed = put(sealed, other, action.choice)
    return replace(state, core=replace(state.core, vote=replace(vote, sealed=sealed)))
