"""Merlin Economics' state: the shared table (`core`) and one sub-state per module.

`magic` and `finance` are None when those modules are off; each module keeps its own part.
"""

# mypy: disable-error-code="misc"
# (misc: each record's __init__ writes its frozen fields, once: frozen.py)

from __future__ import annotations

import copyreg
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final, Literal, final

from tradingfloor.core.game import Event
from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin.content import Content
from tradingfloor.games.merlin.frozen import frozen_after_init
from tradingfloor.games.merlin.pickling import picklable

Phase = Literal["auction", "turn", "vote", "over"]
RECENT: Final = 60
"""How many of the latest events a state keeps for views."""
ROW = -1
"""The owner id of the Revenue Office of Wizards' market bids."""


@dataclass(frozen=True)
class Config:
    """The match's options with its content: fixed for the whole game."""

    players: int
    modules: tuple[str, ...]
    volatility: int
    max_orbits: int
    investment_pays_on: str
    content_folder: Any  # content.Source: a variant or folder, uploaded files, or None
    content: Content
    deck: tuple[str, ...]
    magic: Any = None  # magic.content.MagicContent when the magic module is on
    finance: Any = None  # finance.content.FinanceContent when the finance module is on
    jokers: bool = False  # Jokers (Optional): in the deck from the start
    decree_counters: str = "each"  # a decree moves each of the three counters, or one


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Counters:
    """The indicators: the season wheel's position, the year and the economy's counters."""

    clock: int  # portions the wheel has turned since the game began
    year: int
    portion: int
    wheel: int  # index into the content's wheels
    cost_of_living: int
    research_cost: int
    tax_rate: int
    climate: int
    taxed_year: int = 0  # the last year whose spring taxes were levied

    def __init__(
        self,
        clock: int,
        year: int,
        portion: int,
        wheel: int,
        cost_of_living: int,
        research_cost: int,
        tax_rate: int,
        climate: int,
        taxed_year: int = 0,
    ) -> None:
        self.clock = clock
        self.year = year
        self.portion = portion
        self.wheel = wheel
        self.cost_of_living = cost_of_living
        self.research_cost = research_cost
        self.tax_rate = tax_rate
        self.climate = climate
        self.taxed_year = taxed_year


INCOME = (
    "production",
    "investments",
    "chauffeurs",
    "market",
    "pot",
    "liquidations",
    "sales",
)
"""Where players' gold comes from, as the lab reports it (Ledger.income counts each)."""
NO_INCOME = (0,) * len(INCOME)


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Ledger:
    """The two institutions' balances, the auction pot, the gold that entered the game, and the
    gold players received by source (`INCOME`)."""

    bank: int = 0
    row: int = 0
    pot: int = 0
    minted_start: int = 0
    minted_production: int = 0
    minted_issue: int = 0
    income: tuple[int, ...] = NO_INCOME

    def __init__(
        self,
        bank: int = 0,
        row: int = 0,
        pot: int = 0,
        minted_start: int = 0,
        minted_production: int = 0,
        minted_issue: int = 0,
        income: tuple[int, ...] = NO_INCOME,
    ) -> None:
        self.bank = bank
        self.row = row
        self.pot = pot
        self.minted_start = minted_start
        self.minted_production = minted_production
        self.minted_issue = minted_issue
        self.income = income

    @property
    def minted(self) -> int:
        return self.minted_start + self.minted_production + self.minted_issue


@dataclass(frozen=True, slots=True, init=False)
class Contest:
    """One round of the turn-order auction: who bids, for which places, blind or by rank."""

    kind: Literal["blind", "rank", "barter", "sale"]  # barter, sale: a module's (finance)
    seats: tuple[int, ...]
    first_place: int  # index of the earliest place at stake
    depth: int  # 0 for the opening auction, 1 for a re-bid

    def __init__(
        self,
        kind: Literal["blind", "rank", "barter", "sale"],
        seats: tuple[int, ...],
        first_place: int,
        depth: int,
    ) -> None:
        self.kind = kind
        self.seats = seats
        self.first_place = first_place
        self.depth = depth


@dataclass(frozen=True, slots=True, init=False)
class Auction:
    """The turn-order auction under way: places filled so far, the contests to run, sealed bids."""

    places: tuple[int | None, ...]
    queue: tuple[Contest, ...]
    sealed: tuple[tuple[int, ...] | None, ...]  # per seat: a blind bid (1 value) or rank stacks
    history: tuple[dict[str, Any], ...] = ()

    def __init__(
        self,
        places: tuple[int | None, ...],
        queue: tuple[Contest, ...],
        sealed: tuple[tuple[int, ...] | None, ...],
        history: tuple[dict[str, Any], ...] = (),
    ) -> None:
        self.places = places
        self.queue = queue
        self.sealed = sealed
        self.history = history


@dataclass(frozen=True, slots=True, init=False)
class Vote:
    """The spring vote on the tax rate: sealed choices of the players still in."""

    voters: tuple[int, ...]
    sealed: tuple[str | None, ...]

    def __init__(
        self,
        voters: tuple[int, ...],
        sealed: tuple[str | None, ...],
    ) -> None:
        self.voters = voters
        self.sealed = sealed


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Core:
    """What every module shares: seats, turns, gold, counters, accounts and the step under way."""

    phase: Phase
    order: tuple[int, ...]
    turn: int  # index into `order` of the player whose turn it is
    turn_no: int  # turns started since the game began
    orbit: int  # orbits completed
    gold: tuple[int, ...]
    out: tuple[bool, ...]
    debt: tuple[int, ...]
    bankrupt_since: tuple[int | None, ...]  # the wheel's clock when each went bankrupt
    counters: Counters
    ledger: Ledger
    dice: tuple[int, int] | None = None
    auction: Auction | None = None
    vote: Vote | None = None
    ended: str | None = None

    def __init__(
        self,
        phase: Phase,
        order: tuple[int, ...],
        turn: int,
        turn_no: int,
        orbit: int,
        gold: tuple[int, ...],
        out: tuple[bool, ...],
        debt: tuple[int, ...],
        bankrupt_since: tuple[int | None, ...],
        counters: Counters,
        ledger: Ledger,
        dice: tuple[int, int] | None = None,
        auction: Auction | None = None,
        vote: Vote | None = None,
        ended: str | None = None,
    ) -> None:
        self.phase = phase
        self.order = order
        self.turn = turn
        self.turn_no = turn_no
        self.orbit = orbit
        self.gold = gold
        self.out = out
        self.debt = debt
        self.bankrupt_since = bankrupt_since
        self.counters = counters
        self.ledger = ledger
        self.dice = dice
        self.auction = auction
        self.vote = vote
        self.ended = ended

    @property
    def current(self) -> int:
        return self.order[self.turn] if self.order else -1

    def in_game(self) -> list[int]:
        return [s for s in range(len(self.gold)) if not self.out[s]]

    def from_roller(self) -> list[int]:
        """Players still in, in turn order from the one whose turn it is (RULINGS Merlin 5)."""
        order, out = self.order, self.out
        n = len(order)
        if not n:
            return self.in_game()
        start = self.turn % n
        # (by index from the roller round: no slices of the order joined)
        return [order[at % n] for at in range(start, start + n) if not out[order[at % n]]]


@dataclass(frozen=True, slots=True, init=False)
class Stack:
    """A property on the table with what lies on it: a land, or a second property (a Chauffeur)."""

    base: str
    top: str | None = None
    invested: int = 0
    stored: int = 0

    def __init__(
        self,
        base: str,
        top: str | None = None,
        invested: int = 0,
        stored: int = 0,
    ) -> None:
        self.base = base
        self.top = top
        self.invested = invested
        self.stored = stored


@dataclass(frozen=True, slots=True, init=False)
class Order:
    """A bid (covered by its gold) or an ask (covered by its commodity) for one commodity unit."""

    id: int
    owner: int  # a seat, or ROW
    price: int
    placed: int  # the turn_no it was placed in
    escrow_since: int | None = None  # a bid moved to escrow: the turn_no it moved

    def __init__(
        self,
        id: int,
        owner: int,
        price: int,
        placed: int,
        escrow_since: int | None = None,
    ) -> None:
        self.id = id
        self.owner = owner
        self.price = price
        self.placed = placed
        self.escrow_since = escrow_since


@dataclass(frozen=True, slots=True, init=False)
class Escrow:
    """Gold waiting in escrow for its owner's next turn (the difference of a lowered bid)."""

    owner: int
    gold: int
    since: int

    def __init__(
        self,
        owner: int,
        gold: int,
        since: int,
    ) -> None:
        self.owner = owner
        self.gold = gold
        self.since = since


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Book:
    """One commodity's bid/ask table."""

    bids: tuple[Order, ...] = ()
    asks: tuple[Order, ...] = ()
    escrow: tuple[Escrow, ...] = ()
    last_sold: int | None = None
    bidless_since: int | None = 0  # the clock since which it has had no bids (None: it has bids)

    def __init__(
        self,
        bids: tuple[Order, ...] = (),
        asks: tuple[Order, ...] = (),
        escrow: tuple[Escrow, ...] = (),
        last_sold: int | None = None,
        bidless_since: int | None = 0,
    ) -> None:
        self.bids = bids
        self.asks = asks
        self.escrow = escrow
        self.last_sold = last_sold
        self.bidless_since = bidless_since


@dataclass(frozen=True, slots=True, init=False)
class Offer:
    """A property offered by the current player to another, awaiting their answer."""

    seller: int
    buyer: int
    card: str
    price: int

    def __init__(
        self,
        seller: int,
        buyer: int,
        card: str,
        price: int,
    ) -> None:
        self.seller = seller
        self.buyer = buyer
        self.card = card
        self.price = price


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Economy:
    """The economy module's part: deck, hands, tableaux, commodities, the Grand Market."""

    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    tableaux: tuple[tuple[Stack, ...], ...]
    goods: tuple[tuple[int, ...], ...]  # per seat, per commodity
    books: tuple[Book, ...]
    next_order: int = 1
    fresh: tuple[str, ...] = ()  # cards the current player bought this turn
    buying: bool = False
    offers_made: int = 0
    offer: Offer | None = None
    permits_out: tuple[int, ...] | None = None  # properties per player when the deck first held

    def __init__(
        self,
        deck: tuple[str, ...],
        hands: tuple[tuple[str, ...], ...],
        tableaux: tuple[tuple[Stack, ...], ...],
        goods: tuple[tuple[int, ...], ...],
        books: tuple[Book, ...],
        next_order: int = 1,
        fresh: tuple[str, ...] = (),
        buying: bool = False,
        offers_made: int = 0,
        offer: Offer | None = None,
        permits_out: tuple[int, ...] | None = None,
    ) -> None:
        self.deck = deck
        self.hands = hands
        self.tableaux = tableaux
        self.goods = goods
        self.books = books
        self.next_order = next_order
        self.fresh = fresh
        self.buying = buying
        self.offers_made = offers_made
        self.offer = offer
        self.permits_out = permits_out

    # no permit (a balance figure)


@final
class EventRun:
    """A run of events, read as the tuple of them (`whole`): the latest `keep` of them (0: all),
    kept as a chain of the moves' events. A move adds one link to the run its state had, instead
    of a tuple of them all built anew, and the last one freed, at every move."""

    def __init__(
        self, older: EventRun | None, events: tuple[Event, ...], size: int, keep: int
    ) -> None:
        self.older = older  # the run before `events`
        self.events = events  # the latest events
        self.size = size  # events in the chain: `events` and the older run's
        self.keep = keep
        self.kept: tuple[Event, ...] | None = None  # `whole`, once reckoned

    def then(self, events: tuple[Event, ...]) -> EventRun:
        """This run with `events` after it."""
        if not events:
            return self
        size = self.size + len(events)
        run = EventRun(self, events, size, self.keep)
        if self.keep and size >= 2 * self.keep:
            # the links past the latest `keep` events let go (a run holds at most twice those)
            return EventRun(None, run.whole(), self.keep, self.keep)
        return run

    def whole(self) -> tuple[Event, ...]:
        """The events it reads as, oldest first."""
        kept = self.kept
        if kept is None:
            kept = self.kept = self._joined()
        return kept

    def _joined(self) -> tuple[Event, ...]:
        """The latest events of the chain, written from the last one back into their places."""
        if self.older is None:  # a run of one link: its events, as many as it keeps
            return self.events
        joined: list[Any] = [None] * len(self)
        place = len(joined)
        run: EventRun | None = self
        while run is not None and place > 0:
            events = run.events
            at = len(events)
            while at > 0 and place > 0:
                at -= 1
                place -= 1
                joined[place] = events[at]
            run = run.older
        return tuple(joined)

    def __len__(self) -> int:
        return min(self.size, self.keep) if self.keep else self.size

    def __iter__(self) -> Iterator[Event]:
        return iter(self.whole())

    def __getitem__(self, index: Any) -> Any:
        return self.whole()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventRun):
            return self.whole() == other.whole()
        if isinstance(other, tuple):
            return self.whole() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.whole())

    def __repr__(self) -> str:
        return repr(self.whole())  # as the tuple of its events (a state's repr shows them)


def event_run(events: tuple[Event, ...], keep: int) -> EventRun:
    """A run of `events`, the latest `keep` of them (0: all)."""
    latest = events[len(events) - keep :] if 0 < keep < len(events) else events
    return EventRun(None, latest, len(latest), keep)


NONE_RECENT: Final = event_run((), RECENT)
"""The recent events before anything has happened."""


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class MerlinState:
    """The whole table. The deck order, the rng and the sealed bids and votes are secret."""

    config: Config
    rng: Rng
    core: Core
    economy: Economy
    magic: Any = None
    finance: Any = None
    events: tuple[Event, ...] = ()  # what the last action did
    turn_log: tuple[Event, ...] = ()  # what has happened since the current turn began
    recent: EventRun = NONE_RECENT  # the last RECENT events, for interfaces catching up
    event_count: int = 0  # events since the game began

    def __init__(
        self,
        config: Config,
        rng: Rng,
        core: Core,
        economy: Economy,
        magic: Any = None,
        finance: Any = None,
        events: tuple[Event, ...] = (),
        turn_log: tuple[Event, ...] = (),
        recent: EventRun = NONE_RECENT,
        event_count: int = 0,
    ) -> None:
        self.config = config
        self.rng = rng
        self.core = core
        self.economy = economy
        self.magic = magic
        self.finance = finance
        self.events = events
        self.turn_log = turn_log
        self.recent = recent
        self.event_count = event_count

    @property
    def players(self) -> int:
        return self.config.players


RECORDS = (
    Config,
    Counters,
    Ledger,
    Contest,
    Auction,
    Vote,
    Core,
    Stack,
    Order,
    Escrow,
    Book,
    Offer,
    Economy,
    MerlinState,
)
"""Every record of this part of the table."""

picklable(*RECORDS)
copyreg.pickle(EventRun, lambda run: (event_run, (run.whole(), run.keep)))
frozen_after_init(*RECORDS)
