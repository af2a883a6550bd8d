"""Turn Order: the blind auction, its re-bids and the blind rank auction, and the pot."""

from __future__ import annotations

import random
from itertools import groupby
from math import comb
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import words
from tradingfloor.games.merlin.actions import RankBid, TurnBid
from tradingfloor.games.merlin.ledger import add_gold, earn, put, to_bank, to_pot
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Log, event, pick_in, table_for
from tradingfloor.games.merlin.state import Auction, Contest, MerlinState

RANK_ENUMERATION_LIMIT = 2000  # rank bids above which the menu gives the fields, not the list
BARTER = "auction_barter"
"""A module's step (finance) where two players tied for a place that is not last barter for it
before they bid again; the economy alone re-bids at once."""
SALE = "auction_sale"
"""A module's step (finance) where the first-placed player sells a place that the rank auction
left tied for last; the economy alone gives it to the lower seat."""


def module_runs(state: MerlinState, step: str) -> bool:
    """Whether a module of this match plays the turn-order step `step` (a contest of its kind)."""
    return step in table_for(state).actions


def contest(state: MerlinState) -> Contest | None:
    auction = state.core.auction
    return auction.queue[0] if auction is not None and auction.queue else None


def _bidder(state: MerlinState, seat: int, kind: str) -> str | None:
    now = contest(state)
    if now is None or now.kind != kind or seat not in now.seats:
        return "you have no bid to make in this auction"
    auction = state.core.auction
    if auction is not None and auction.sealed[seat] is not None:
        return "you have already sealed your bid; wait for the others"
    return None


# --- the blind auction -----------------------------------------------------------------------


def _why_turn_bid(state: MerlinState, seat: int, action: TurnBid) -> str | None:
    why = _bidder(state, seat, "blind")
    if why:
        return why
    if action.amount > state.core.gold[seat]:
        return f"you hold {state.core.gold[seat]} gold, so you cannot bid {action.amount}"
    return None


def _turn_bids(state: MerlinState, seat: int) -> list[Action]:
    if _bidder(state, seat, "blind"):
        return []
    return [drawn(TurnBid, amount=a) for a in range(state.core.gold[seat] + 1)]


def _pick_turn_bid(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    if _bidder(state, seat, "blind"):
        return None
    picked = pick_in(rng, [(None, state.core.gold[seat] + 1)])
    return None if picked is None else drawn(TurnBid, amount=picked[1])


def _turn_bid_fields(state: MerlinState, seat: int) -> Fields:
    return {} if _bidder(state, seat, "blind") else {"amount": range(state.core.gold[seat] + 1)}


def _seal(state: MerlinState, seat: int, stacks: tuple[int, ...], log: Log) -> MerlinState:
    auction = state.core.auction
    assert auction is not None
    auction = replace(auction, sealed=put(auction.sealed, seat, stacks))
    log.append(event("sealed", seat=seat, what="turn-order bid"))
    state = replace(state, core=replace(state.core, auction=auction))
    now = auction.queue[0]
    if all(auction.sealed[s] is not None for s in now.seats):
        return _resolve(state, log)
    return state


def _apply_turn_bid(state: MerlinState, seat: int, action: TurnBid, log: Log) -> MerlinState:
    return _seal(state, seat, (action.amount,), log)


# --- the blind rank auction ------------------------------------------------------------------


def rank_minimum(state: MerlinState, gold: int, places: int) -> int:
    """ "Players must bid at least one gold for each rank", if they can."""
    least = state.config.content.rank_minimum
    return least if gold >= least * places else 0


def _why_rank_bid(state: MerlinState, seat: int, action: RankBid) -> str | None:
    why = _bidder(state, seat, "rank")
    if why:
        return why
    now = contest(state)
    assert now is not None
    places, gold, stacks = len(now.seats), state.core.gold[seat], action.stacks
    # Blind Rank Auctioning: stacks "from the least ranked on the players left to the most on the
    # players right": one stack per place, of any size ("at least one gold for each rank").
    if len(stacks) != places:
        return f"make one stack for each of the {places} places, the earliest place first"
    least = rank_minimum(state, gold, places)
    if min(stacks) < least:
        return "bid at least one gold for each place"
    if sum(stacks) > gold:
        return f"your stacks add up to {sum(stacks)} gold but you hold {gold}"
    return None


def _stack_rows(places: int, budget: int, least: int) -> list[tuple[int, ...]]:
    """Stacks of `places` values of at least `least` adding up to at most `budget`, in any order
    (Blind Rank Auctioning orders the stacks by place, not by size)."""
    if places == 0:
        return [()]
    top = budget - least * (places - 1)
    return [
        (first, *rest)
        for first in range(least, top + 1)
        for rest in _stack_rows(places - 1, budget - first, least)
    ]


def rank_bid_count(state: MerlinState, gold: int, places: int) -> int:
    """How many rank bids a player holding `gold` can make over `places` places."""
    spare = gold - places * rank_minimum(state, gold, places)
    return comb(spare + places, places)


def rank_form(state: MerlinState, seat: int) -> list[dict[str, Any]]:
    """The rank auction as a form for interfaces: one stack per place (empty when not bidding)."""
    now = contest(state)
    if _bidder(state, seat, "rank") or now is None:
        return []
    gold, places = state.core.gold[seat], len(now.seats)
    least = rank_minimum(state, gold, places)
    return [words.rank_form(now.first_place, places, least, gold)]


def _rank_bid_size(state: MerlinState, seat: int) -> int:
    now = contest(state)
    if _bidder(state, seat, "rank") or now is None:
        return 0
    return rank_bid_count(state, state.core.gold[seat], len(now.seats))


def _rank_bids(state: MerlinState, seat: int) -> list[Action]:
    now = contest(state)
    if _bidder(state, seat, "rank") or now is None:
        return []
    gold, places = state.core.gold[seat], len(now.seats)
    if rank_bid_count(state, gold, places) > RANK_ENUMERATION_LIMIT:
        return []
    least = rank_minimum(state, gold, places)
    return [drawn(RankBid, stacks=row) for row in _stack_rows(places, gold, least)]


def _pick_rank_bid(state: MerlinState, seat: int, rng: random.Random) -> Action | None:
    now = contest(state)
    if _bidder(state, seat, "rank") or now is None:
        return None
    gold, places = state.core.gold[seat], len(now.seats)
    least = rank_minimum(state, gold, places)
    cap = max(least, gold // places)
    return drawn(RankBid, stacks=tuple(rng.randint(least, cap) for _ in range(places)))


def _apply_rank_bid(state: MerlinState, seat: int, action: RankBid, log: Log) -> MerlinState:
    return _seal(state, seat, tuple(action.stacks), log)


# --- resolution ------------------------------------------------------------------------------


def _resolve(state: MerlinState, log: Log) -> MerlinState:
    """Every bid goes in the pot; places are given; ties open new contests; the pot is shared."""
    auction = state.core.auction
    assert auction is not None
    now = auction.queue[0]
    bids = {s: auction.sealed[s] or () for s in now.seats}
    for seat, stacks in bids.items():
        # Game Loop: "All blind bets are put in the center as a pot."
        state = to_pot(add_gold(state, seat, -sum(stacks)), sum(stacks))
    places = list(auction.places)
    if now.kind == "blind":
        barter = module_runs(state, BARTER)
        follow = _place_blind(now, {s: b[0] for s, b in bids.items()}, places, barter)
    else:
        follow = _place_by_rank(now, bids, places, module_runs(state, SALE))
    record = {
        "contest": now.kind,
        "bids": {str(s): list(b) for s, b in bids.items()},
        "places": [p for p in places],
    }
    log.append(event("auction_round", **record))
    auction = Auction(
        places=tuple(places),
        queue=(*follow, *auction.queue[1:]),
        sealed=(None,) * state.players,
        history=(*auction.history, record),
    )
    state = replace(state, core=replace(state.core, auction=auction))
    if auction.queue:
        return state
    return _finish(state, log)


def _place_blind(
    now: Contest, bids: dict[int, int], places: list[int | None], barter: bool = False
) -> list[Contest]:
    """ "Highest bid gets first place, second highest gets second place, etc."; ties re-bid
    (with `barter`, two tied for a place that is not last barter for it first)."""
    ranked = sorted(now.seats, key=lambda s: (-bids[s], s))
    follow: list[Contest] = []
    position = now.first_place
    end = now.first_place + len(now.seats)
    done = 0
    for _, members in groupby(ranked, key=lambda s: bids[s]):
        group = tuple(members)
        if len(group) == 1:
            places[position] = group[0]
        elif now.depth >= 1 or position + len(group) == end:
            # Turn Order: "If there is a tie for last or if there are two recursive ties ... a blind
            # rank auction"
            follow.append(Contest("rank", group, position, now.depth + 1))
        elif len(group) == 2:
            # Turn Order: "Players in the tie will negotiate over the position from the other(s)
            # through gold or other means": the earliest (the lower seat) may offer gold for the
            # earlier place (a module's step); RULINGS Merlin 2: failing that, a sealed re-bid.
            if barter:
                follow.append(Contest("barter", group[:1], position, 1))
            follow.append(Contest("blind", group, position, 1))
        else:
            # "If there are more than two players in the tie all the remaining unplaced players will
            # once again blind auction for the remaining positions."
            follow.append(Contest("blind", tuple(ranked[done:]), position, 1))
            break
        position += len(group)
        done += len(group)
    return follow


def _place_by_rank(
    now: Contest, bids: dict[int, tuple[int, ...]], places: list[int | None], sell: bool = False
) -> list[Contest]:
    """Each place from the earliest goes to the highest stack for it; ties go in table order.

    Turn Order: "If there is recursive tie for last in the blind rank auction, the player going
    first receives the position to sell": alone, the economy gives it to the lower seat; with
    `sell` (a module's step), when every player left in a contest that decides the last place
    ties for the place at stake (a tie for last) and the first place is already someone's, the
    contest stops there and that player's sale of the place among the tied follows."""
    left = sorted(now.seats)
    last = now.first_place + len(now.seats) == len(places)  # the contest decides the last place
    for offset in range(len(now.seats)):
        position = now.first_place + offset
        top = max(bids[s][offset] for s in left)
        tied = tuple(s for s in left if bids[s][offset] == top)
        first = places[0]
        if sell and last and len(tied) == len(left) > 1 and first is not None:
            return [Contest("sale", tied, position, 0)]
        winner = max(left, key=lambda s: (bids[s][offset], -s))
        places[position] = winner
        left.remove(winner)
    return []


def settle(state: MerlinState, placed: dict[int, int], log: Log, contests: int = 1) -> MerlinState:
    """A module's contest at the head of the queue is over: `placed` (place -> seat) filled, it
    and the `contests - 1` after it dropped; the next contest begins, or the order is set."""
    auction = state.core.auction
    assert auction is not None
    places = list(auction.places)
    for position, seat in placed.items():
        places[position] = seat
    auction = replace(
        auction,
        places=tuple(places),
        queue=auction.queue[contests:],
        sealed=(None,) * state.players,
    )
    state = replace(state, core=replace(state.core, auction=auction))
    return state if auction.queue else _finish(state, log)


def _finish(state: MerlinState, log: Log) -> MerlinState:
    """The order is set: share the pot and start the first turn."""
    from tradingfloor.games.merlin.turns import begin_play

    auction = state.core.auction
    assert auction is not None
    order = tuple(s for s in auction.places if s is not None)
    pot = state.core.ledger.pot
    # Game Loop: "Last place gets half the pot of blind bets. The other half is put in the Central
    # Bank. If there are more than 4 players the last two players should each get half."
    content = state.config.content
    half = pot // content.pot_divisor
    if len(order) > content.last_two_above:
        shares = {order[-1]: half // 2, order[-2]: half // 2}
    else:
        shares = {order[-1]: half}
    for seat, share in shares.items():
        state = earn(state, seat, share, "pot")
    state = to_bank(state, pot - sum(shares.values()))
    ledger = replace(state.core.ledger, pot=0)
    log.append(
        event(
            "turn_order",
            order=list(order),
            pot=pot,
            shares={str(k): v for k, v in shares.items()},
            bank=pot - sum(shares.values()),
        )
    )
    core = replace(state.core, order=order, ledger=ledger, auction=None, phase="turn")
    return begin_play(replace(state, core=core), log)


RULES = {
    "auction_blind": (
        ActionRule(
            "turn_bid",
            _why_turn_bid,
            _turn_bids,
            _apply_turn_bid,
            _pick_turn_bid,
            _turn_bid_fields,
        ),
    ),
    "auction_rank": (
        ActionRule(
            "rank_bid",
            _why_rank_bid,
            _rank_bids,
            _apply_rank_bid,
            _pick_rank_bid,
            None,
            _rank_bid_size,
        ),
    ),
}
