"""Merlin Economics' contract functions: whose move it is, what is legal, applying, the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal, TypeVar, get_args, get_origin

from tradingfloor.core.actions import Action
from tradingfloor.core.errors import IllegalAction
from tradingfloor.core.game import Event, Result
from tradingfloor.core.spaces import ActionSpace, NoActions
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import gold_in_play
from tradingfloor.games.merlin.memo import ByIdentity, last_state, per_config
from tradingfloor.games.merlin.records import logged
from tradingfloor.games.merlin.rulebook import ActionRule, table_for
from tradingfloor.games.merlin.spaces import StepSpace
from tradingfloor.games.merlin.state import Book, Config, MerlinState, Stack
from tradingfloor.games.merlin.turn_order import contest
from tradingfloor.games.merlin.turns import settle

__all__ = ["actors", "apply", "gold_in_play", "legal", "result", "score", "scores", "step"]


def actors(state: MerlinState) -> tuple[int, ...]:
    """Seats awaited: sealed bidders or voters, a buyer answering an offer, or the player."""
    return _awaited(state)[1]


def step(state: MerlinState, seat: int) -> str | None:
    """The name of the step `seat` is at (a key of the module table), or None if not its move."""
    name, seats = _awaited(state)
    return name if seat in seats else None


Awaited = tuple[str | None, tuple[int, ...]]
_LAST_AWAITED: Final[list[tuple[object, Awaited]]] = [(None, (None, ()))]
"""The last state asked about and its step and seats, replaced whole (a move asks `actors`,
`legal` and `apply` of the same state; held in a compiled list, not a decorator's closure that
compiled callers would call as a Python object)."""


def _awaited(state: MerlinState) -> Awaited:
    """The step of play under way and the seats it awaits (None and () when the game is over)."""
    asked, answer = _LAST_AWAITED[0]
    if asked is not state:
        answer = _awaited_now(state)
        _LAST_AWAITED[0] = (state, answer)
    return answer


def _awaited_now(state: MerlinState) -> Awaited:
    core = state.core
    if core.phase == "over":
        return None, ()
    if core.phase == "auction" and core.auction is not None:
        now = contest(state)
        if now is None:
            return None, ()
        sealed = core.auction.sealed
        return f"auction_{now.kind}", tuple(s for s in now.seats if sealed[s] is None)
    if core.phase == "vote" and core.vote is not None:
        vote = core.vote
        return "vote", tuple(s for s in vote.voters if vote.sealed[s] is None)
    waiting = _pending(state)
    if waiting is not None:
        return waiting
    offer = state.economy.offer
    if offer is not None:
        return "offer", (offer.buyer,)
    return ("buying" if state.economy.buying else "turn"), (core.current,)


def _pending(state: MerlinState) -> tuple[str, tuple[int, ...]] | None:
    """A module's step under way in a turn (a decree's vote), before the player's own moves."""
    if state.core.phase != "turn":
        return None
    for pending in table_for(state).pending:
        waiting = pending(state)
        if waiting is not None:
            return waiting
    return None


_LAST_SPACE: Final[list[tuple[object, int, ActionSpace | None]]] = [(None, -1, None)]
"""The last state and seat asked about and their space, replaced whole (a move asks `legal`
of the same state and seat twice: to choose, then in `apply`)."""


def legal(state: MerlinState, seat: int) -> ActionSpace:
    """What `seat` may do now."""
    asked, asked_seat, space = _LAST_SPACE[0]
    if asked is not state or asked_seat != seat or space is None:
        space = _legal(state, seat)
        _LAST_SPACE[0] = (state, seat, space)
    return space


def _legal(state: MerlinState, seat: int) -> ActionSpace:
    if not 0 <= seat < state.players:
        return NoActions(f"there is no seat {seat} in this {state.players}-player game")
    if state.core.phase == "over":
        return NoActions("the game is over")
    name = step(state, seat)
    if name is None:
        return NoActions(_waiting(state, seat))
    return StepSpace(state, seat, name, table_for(state).actions.get(name, _NO_RULES))


_NO_RULES: Final[dict[str, ActionRule]] = {}
"""The rules of a step no module gives actions to (read, never written)."""


def _waiting(state: MerlinState, seat: int) -> str:
    """Why a seat has nothing to do now."""
    core = state.core
    if core.out[seat]:
        return "you are out of the game"
    if core.vote is not None and core.vote.sealed[seat] is not None:
        return "you have already voted; wait for the others"
    if core.auction is not None and core.auction.sealed[seat] is not None:
        return "you have already sealed your bid; wait for the others"
    ballot = getattr(state.magic, "ballot", None)  # a decree's or the table's vote (magic)
    if ballot is not None and seat in ballot.voters and ballot.sealed[seat] is not None:
        return "you have already sealed your choice; wait for the others"
    if ballot is not None:
        return "a vote is under way; wait for it to end"
    sale = getattr(state.finance, "sale", None)  # a property auction (finance)
    if sale is not None and seat == sale.leader:
        return "your bid stands; wait for the others to raise or pass"
    if sale is not None and seat in sale.bidders and sale.sealed[seat] is not None:
        return "you have already sealed your bid; wait for the others"
    if sale is not None:
        return "a property auction is under way; wait for it to end"
    return "it is not your move"


def apply(state: MerlinState, seat: int, action: object) -> MerlinState:
    """The state after `seat` acts; IllegalAction (and nothing changed) when the rules refuse."""
    kind = _type_of(action)
    if kind is None:
        raise IllegalAction(f"not a Merlin Economics action: {action!r}", seat, action)
    space = legal(state, seat)
    vetted = isinstance(space, StepSpace) and space.vetted(action)  # legal already
    why = None if vetted else space.check(action)
    if why:
        raise IllegalAction(why, seat, action)
    assert isinstance(space, StepSpace)
    rule = space.rules[kind]
    log: list[Event] = []
    after = rule.apply(state, seat, action, log)
    for hook in table_for(after).after_action:  # what the action's events set off (insurance)
        after = hook(after, log)
    after = settle(after, log)
    events = tuple(log)
    turns_begun = after.core.turn_no - state.core.turn_no
    turn_log = _turn_log(state.turn_log, events, turns_begun)
    recent = state.recent.then(events)
    return logged(after, events, turn_log, recent, state.event_count + len(events))


def _turn_log(
    turn_log: tuple[Event, ...], events: tuple[Event, ...], turns_begun: int
) -> tuple[Event, ...]:
    """What has happened since the current turn began, after `events`: from the last turn that
    began among them (`turns_begun` of them began), else the turn's log so far with them."""
    # (a turn's start numbers it, and logs it: `turn_no` says how many began, so most moves need
    # no event's kind read by name, and a move that began a turn reads its events from the first,
    # where the turn's start lies near)
    for at in range(len(events)):
        if turns_begun <= 0:
            break
        if events[at].kind == "turn_start":
            turns_begun -= 1
            if not turns_begun:
                return events[at:]
    return turn_log + events


_TYPE_OF: Final[dict[type, str]] = {}
"""Each action class's `type`, where the class allows but one (a pydantic model's field is read
by name, at a few hundred instructions a move: a class is looked up at once)."""


def _type_of(action: object) -> str | None:
    """`action.type` ("" for none), or None for an object that is no action (an action's class
    found here is one: isinstance on a model class costs a look-up in its metaclass)."""
    cls = type(action)
    kind = _TYPE_OF.get(cls)
    if kind is None:
        if not isinstance(action, Action):
            return None
        kind = str(getattr(action, "type", ""))
        if _only_type(cls) == kind:
            _TYPE_OF[cls] = kind
    return kind


def _only_type(cls: type) -> object:
    """The one value that a model class's `type` field may hold (a Literal of one), else None."""
    fields = getattr(cls, "model_fields", None)
    field = fields.get("type") if isinstance(fields, dict) else None
    kind = getattr(field, "annotation", None)
    if get_origin(kind) is not Literal or len(get_args(kind)) != 1:
        return None
    return get_args(kind)[0]


def score(state: MerlinState, seat: int) -> int:
    """RULINGS 4: gold plus holdings at the central bank's buy-back values (0 for a player out)."""
    return scores(state)[seat]


@last_state
def scores(state: MerlinState) -> tuple[int, ...]:
    """Every seat's `score` (a view shows every seat's)."""
    config, eco = state.config, state.economy
    per_unit = config.content.buyback_commodity
    holdings = _market_holdings(eco.books)
    tableaux = _kept_worths(_TABLEAUX_WORTHS, _TABLEAU_WORTHS, eco.tableaux, config, _tableau_worth)
    hands = _kept_worths(_HANDS_WORTHS, _HAND_WORTHS, eco.hands, config, _hand_worth)
    goods = _GOODS.get(eco.goods, _units_held)
    # MERLIN-MODULES.md §1, cap score: "minus debts owed to players"; contracts and shares
    # count 0.
    owed = _owed_to_players(state)
    gold, out = state.core.gold, state.core.out
    return tuple(
        [
            0
            if out[seat]
            else gold[seat]
            + tableaux[seat]
            + hands[seat]
            + _held_worth(holdings.get(seat, _NOTHING), per_unit)
            + goods[seat] * per_unit
            - owed.get(seat, 0)
            for seat in range(state.players)
        ]
    )


Part = TypeVar("Part")
Worths = ByIdentity[tuple[Config, int]]
_TABLEAU_WORTHS: Worths = ByIdentity()
_HAND_WORTHS: Worths = ByIdentity()
"""A tableau's and a hand's part of a score in their match, by their identity (most moves leave
every seat's tableau and hand be)."""
SeatWorths = ByIdentity[tuple[Config, tuple[int, ...]]]
_TABLEAUX_WORTHS: SeatWorths = ByIdentity()
_HANDS_WORTHS: SeatWorths = ByIdentity()
"""Every seat's tableau and hand worths, by the identity of the tuple of all seats' (most moves
leave it be: one look-up a score instead of one per seat)."""
_GOODS: ByIdentity[tuple[int, ...]] = ByIdentity()
"""Per seat, the commodity units held, by the identity of every seat's goods."""


def _kept_worths(
    kept: SeatWorths,
    kept_each: Worths,
    parts: tuple[Part, ...],
    config: Config,
    reckon: Callable[[Part, Config], int],
) -> tuple[int, ...]:
    """Each seat's `reckon(part, config)`, kept by the identity of the seats' parts together."""
    found = kept.find(parts)
    if found is None or found[0] is not config:
        worths = tuple(_kept_worth(kept_each, part, config, reckon) for part in parts)
        found = kept.keep(parts, (config, worths))
    return found[1]


def _units_held(goods: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(map(sum, goods))


def _held_worth(held: tuple[int, int], per_unit: int) -> int:
    """What an owner's market holdings count: the gold of its bids and escrow, its asks' units."""
    gold, asks = held
    return gold + asks * per_unit


def _kept_worth(
    kept: Worths, part: Part, config: Config, reckon: Callable[[Part, Config], int]
) -> int:
    """`reckon(part, config)`, kept by `part`'s identity for its match."""
    found = kept.find(part)
    if found is None or found[0] is not config:
        found = kept.keep(part, (config, reckon(part, config)))
    return found[1]


def _tableau_worth(tableau: tuple[Stack, ...], config: Config) -> int:
    """Gold on a tableau's stacks with their cards at buy-back values."""
    buyback = _buybacks(config)
    total = 0
    for stack in tableau:
        total += stack.invested + stack.stored + buyback(stack.base)
        if stack.top is not None:
            total += buyback(stack.top)
    return total


def _hand_worth(hand: tuple[str, ...], config: Config) -> int:
    """A hand's cards at buy-back values."""
    return sum(map(_buybacks(config), hand))


def _owed_to_players(state: MerlinState) -> dict[int, int]:
    """What each debtor owes to players (nothing without finance)."""
    if state.finance is None:
        return _NO_DEBTS
    return _OWED.get(state.finance.debts, _owed_by_debtor)


_NO_DEBTS: dict[int, int] = {}
_OWED: ByIdentity[dict[int, int]] = ByIdentity()
"""By the debts' identity (most moves leave them be): what each debtor owes to players."""


def _owed_by_debtor(debts: tuple[Any, ...]) -> dict[int, int]:
    owed: dict[int, int] = {}
    for debt in debts:
        if debt.creditor >= 0:  # (owed to a player, not the R.O.W. or the central bank)
            owed[debt.debtor] = owed.get(debt.debtor, 0) + debt.amount
    return owed


def _buybacks(config: Config) -> Callable[[str], int]:
    """A card's buy-back value in this match, from a table made once per match."""
    table = per_config(config, "buybacks", lambda: _buyback_table(config))
    return table.__getitem__


def _buyback_table(config: Config) -> dict[str, int]:
    return {card: _buyback(config, card) for card in config.content.card_suit}


def _buyback(config: Config, card: str) -> int:
    if cards.is_property(config, card):
        return cards.property_value(config, card)
    return config.content.buyback_land if cards.is_land(config, card) else 0


Holdings = dict[int, tuple[int, int]]
"""Per owner, what they hold in the market: the gold of their bids and escrow, and their asks."""
_NOTHING = (0, 0)
_BOOK_HOLDINGS: ByIdentity[Holdings] = ByIdentity()
_MARKET_HOLDINGS: ByIdentity[Holdings] = ByIdentity()


def _market_holdings(books: tuple[Book, ...]) -> Holdings:
    """Every owner's holdings in all the books (kept per books: most moves leave them be)."""
    found = _MARKET_HOLDINGS.find(books)
    if found is None:
        found = {}
        for book in books:
            for owner, (gold, asks) in _BOOK_HOLDINGS.get(book, _book_holdings).items():
                held_gold, held_asks = found.get(owner, _NOTHING)
                found[owner] = (held_gold + gold, held_asks + asks)
        _MARKET_HOLDINGS.keep(books, found)
    return found


def _book_holdings(book: Book) -> Holdings:
    """Every owner's holdings in one book (a book is immutable: reckoned once)."""
    gold: dict[int, int] = {}
    asks: dict[int, int] = {}
    for bid in book.bids:
        gold[bid.owner] = gold.get(bid.owner, 0) + bid.price
    for held in book.escrow:
        gold[held.owner] = gold.get(held.owner, 0) + held.gold
    for ask in book.asks:
        asks[ask.owner] = asks.get(ask.owner, 0) + 1
    return {owner: (gold.get(owner, 0), asks.get(owner, 0)) for owner in {*gold, *asks}}


REASONS = {
    "last": "every other player is out of the game",
    "cap": "the orbit cap ended the game; ranked by gold plus holdings at buy-back values",
    "nobody": "every player went out of the game",
    "monarchy": "a monarchy: a player played their crowns and won at once",
}


def result(state: MerlinState) -> Result | None:
    """RULINGS 4: the last player not out wins; at the orbit cap, the highest score."""
    core = state.core
    if core.phase != "over":
        return None
    still_in = [not out for out in core.out]
    scores = [score(state, s) for s in range(state.players)]
    why = core.ended or "last"
    if not any(still_in):
        why = "nobody"
    reason = REASONS[why]
    if why == "monarchy":
        return _monarchy(scores, core.current, reason)
    if why == "cap":
        cap = state.config.max_orbits
        reason = REASONS["cap"].replace("the orbit cap", f"the orbit cap ({cap} orbits)")
    return Result.from_scores(scores, reason, eligible=still_in)


def _monarchy(scores: list[int], monarch: int, reason: str) -> Result:
    """RULINGS Merlin 4: "a player who plays five crowns" wins alone (on their own turn, so the
    current player); the others rank after them by score."""
    ranks = tuple(
        1 if s == monarch else 2 + sum(1 for o, v in enumerate(scores) if o != monarch and v > mine)
        for s, mine in enumerate(scores)
    )
    return Result(tuple(float(x) for x in scores), ranks, (monarch,), reason)
