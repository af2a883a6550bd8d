"""The `finance` module's part of the table (MERLIN-MODULES.md §3).

Public: every offer, contract, position, policy, debt, listing and auction under way. Secret: the
sealed bids of a blind property auction and of an open auction's round.
"""

# mypy: disable-error-code="misc"
# (misc: each record's __init__ writes its frozen fields, once: frozen.py)

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tradingfloor.games.merlin.frozen import frozen_after_init
from tradingfloor.games.merlin.pickling import picklable

BANK = -2
"""A creditor id: the central bank (the R.O.W. is state.ROW, -1)."""

OfferKind = Literal["trade", "loan", "place"]
ItemKind = Literal["future", "bond", "share", "note", "spell", "recipe", "crown"]
Event = Literal["spell_on_buyer", "golem_damage_on_buyer", "land_blocked", "seven"]


@dataclass(frozen=True, slots=True, init=False)
class Bundle:
    """What one side of a trade hands over: gold, commodity units (per commodity), spell and
    recipe cards from the hand, and crowns."""

    gold: int = 0
    goods: tuple[int, ...] = ()
    spells: tuple[str, ...] = ()
    recipes: tuple[str, ...] = ()
    crowns: int = 0

    def __init__(
        self,
        gold: int = 0,
        goods: tuple[int, ...] = (),
        spells: tuple[str, ...] = (),
        recipes: tuple[str, ...] = (),
        crowns: int = 0,
    ) -> None:
        self.gold = gold
        self.goods = goods
        self.spells = spells
        self.recipes = recipes
        self.crowns = crowns

    def empty(self) -> bool:
        return not (self.gold or any(self.goods) or self.spells or self.recipes or self.crowns)


frozen_after_init(Bundle)  # (as Python, before the empty bundle below is built)
NOTHING = Bundle()
"""The empty side of a trade (a proposal's default)."""


@dataclass(frozen=True, slots=True, init=False)
class Proposal:
    """An offer awaiting one player's answer (RULINGS Merlin 2): a trade (the author gives `give`
    for `get`), a loan (`principal`, `repay`, `due_orbit`), or gold for a tied turn-order place."""

    id: int
    kind: OfferKind
    author: int
    to: int
    give: Bundle = NOTHING
    get: Bundle = NOTHING
    principal: int = 0
    repay: int = 0
    due_orbit: int = 0
    card: str | None = None  # the lender's Chauffeur the principal comes from

    def __init__(
        self,
        id: int,
        kind: OfferKind,
        author: int,
        to: int,
        give: Bundle = NOTHING,
        get: Bundle = NOTHING,
        principal: int = 0,
        repay: int = 0,
        due_orbit: int = 0,
        card: str | None = None,
    ) -> None:
        self.id = id
        self.kind = kind
        self.author = author
        self.to = to
        self.give = give
        self.get = get
        self.principal = principal
        self.repay = repay
        self.due_orbit = due_orbit
        self.card = card


@dataclass(frozen=True, slots=True, init=False)
class Future:
    """A futures contract on one bushel: the short's note on the field, taken by a long.

    `due` counts the short's turns begun since expiry (1: settle now; 2: default)."""

    id: int
    short: int
    commodity: int
    price: int  # the forward price the long pays the short
    year: int  # expiry: the start of (year, portion) on the season wheel
    portion: int
    long: int | None = None
    expired: bool = False
    due: int = 0

    def __init__(
        self,
        id: int,
        short: int,
        commodity: int,
        price: int,
        year: int,
        portion: int,
        long: int | None = None,
        expired: bool = False,
        due: int = 0,
    ) -> None:
        self.id = id
        self.short = short
        self.commodity = commodity
        self.price = price
        self.year = year
        self.portion = portion
        self.long = long
        self.expired = expired
        self.due = due


@dataclass(frozen=True, slots=True, init=False)
class Quote:
    """A Chauffeur owner's insurance on offer: pays `payout` once if one of `numbers` is rolled (or
    `event` happens to the buyer) within `rolls` rolls, for `premium`; the premium changes only
    when the season changes (`priced` is the wheel's clock when it was set; the event "seven" is
    the numbers (7,))."""

    id: int
    writer: int
    numbers: tuple[int, ...]
    rolls: int
    payout: int
    premium: int
    priced: int
    event: Event | None = None
    commodity: int | None = None  # a land_blocked event's commodity

    def __init__(
        self,
        id: int,
        writer: int,
        numbers: tuple[int, ...],
        rolls: int,
        payout: int,
        premium: int,
        priced: int,
        event: Event | None = None,
        commodity: int | None = None,
    ) -> None:
        self.id = id
        self.writer = writer
        self.numbers = numbers
        self.rolls = rolls
        self.payout = payout
        self.premium = premium
        self.priced = priced
        self.event = event
        self.commodity = commodity


@dataclass(frozen=True, slots=True, init=False)
class Policy:
    """Insurance bought: the writer owes the buyer `payout` on the first roll or event that
    qualifies. A roll form ends after `rolls_left` more rolls; an event form covers the turns of
    those rolls (it ends at the roll after them). `premium`: what the buyer paid."""

    id: int
    quote: int
    writer: int
    buyer: int
    numbers: tuple[int, ...]
    rolls_left: int
    payout: int
    event: Event | None = None
    commodity: int | None = None
    premium: int = 0

    def __init__(
        self,
        id: int,
        quote: int,
        writer: int,
        buyer: int,
        numbers: tuple[int, ...],
        rolls_left: int,
        payout: int,
        event: Event | None = None,
        commodity: int | None = None,
        premium: int = 0,
    ) -> None:
        self.id = id
        self.quote = quote
        self.writer = writer
        self.buyer = buyer
        self.numbers = numbers
        self.rolls_left = rolls_left
        self.payout = payout
        self.event = event
        self.commodity = commodity
        self.premium = premium


@dataclass(frozen=True, slots=True, init=False)
class Loan:
    """A Chauffeur's loan: the borrower repays `repay` on their first turn once `due_orbit` orbits
    are complete (core.orbit >= due_orbit: "after orbit {due_orbit}"); `principal` came from the
    lender's Chauffeur on `card`."""

    id: int
    lender: int
    borrower: int
    repay: int
    due_orbit: int
    principal: int = 0
    card: str = ""

    def __init__(
        self,
        id: int,
        lender: int,
        borrower: int,
        repay: int,
        due_orbit: int,
        principal: int = 0,
        card: str = "",
    ) -> None:
        self.id = id
        self.lender = lender
        self.borrower = borrower
        self.repay = repay
        self.due_orbit = due_orbit
        self.principal = principal
        self.card = card


@dataclass(frozen=True, slots=True, init=False)
class Security:
    """One unit of an issuer's bonds, stock or notes, and who holds it (the issuer while unsold).

    A bond pays `face` on its issuer's first turn once `maturity` orbits are complete (core.orbit
    >= maturity); a share pays its part of the issuer's club gold; a note redeems for 1 gold from
    the issuer's Chauffeur store."""

    id: int
    kind: Literal["bond", "share", "note"]
    issuer: int
    holder: int
    face: int = 0
    maturity: int = 0

    def __init__(
        self,
        id: int,
        kind: Literal["bond", "share", "note"],
        issuer: int,
        holder: int,
        face: int = 0,
        maturity: int = 0,
    ) -> None:
        self.id = id
        self.kind = kind
        self.issuer = issuer
        self.holder = holder
        self.face = face
        self.maturity = maturity


@dataclass(frozen=True, slots=True, init=False)
class Listing:
    """An ask on a custom bid/ask table: one item (a future's long position, a bond, share or
    note, a spell or recipe card, a crown) for `price` gold."""

    id: int
    seller: int
    item: ItemKind
    ref: str  # the future or security id, or the card; "" for a crown
    price: int

    def __init__(
        self,
        id: int,
        seller: int,
        item: ItemKind,
        ref: str,
        price: int,
    ) -> None:
        self.id = id
        self.seller = seller
        self.item = item
        self.ref = ref
        self.price = price


@dataclass(frozen=True, slots=True, init=False)
class Wanted:
    """A covered bid on a custom bid/ask table: `price` gold held for one item of a kind
    (`ref` names the issuer for securities, the commodity-and-expiry for futures, or "")."""

    id: int
    buyer: int
    item: ItemKind
    ref: str
    price: int

    def __init__(
        self,
        id: int,
        buyer: int,
        item: ItemKind,
        ref: str,
        price: int,
    ) -> None:
        self.id = id
        self.buyer = buyer
        self.item = item
        self.ref = ref
        self.price = price


@dataclass(frozen=True, slots=True, init=False)
class Debt:
    """Gold a player owes: to a player (a seat), the R.O.W. (ROW) or the central bank (BANK)."""

    debtor: int
    creditor: int
    amount: int
    why: str  # future, insurance, loan, bond, note

    def __init__(
        self,
        debtor: int,
        creditor: int,
        amount: int,
        why: str,
    ) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.why = why


@dataclass(frozen=True, slots=True, init=False)
class Sale:
    """A property auction under way (Auctioning): blind (one sealed round, a tie re-bids once) or
    open (sealed raise-or-pass rounds; a pass is final; ends in a round without a raise)."""

    seller: int
    card: str
    style: Literal["blind", "open"]
    start: int
    bidders: tuple[int, ...]  # still bidding, in turn order from the seller
    sealed: tuple[int | None, ...]  # per seat: a sealed bid (0: no bid / pass), secret
    high: int = 0  # the standing bid (open)
    leader: int | None = None
    rounds: int = 0
    tie: bool = False  # a blind tie's re-bid under way

    def __init__(
        self,
        seller: int,
        card: str,
        style: Literal["blind", "open"],
        start: int,
        bidders: tuple[int, ...],
        sealed: tuple[int | None, ...],
        high: int = 0,
        leader: int | None = None,
        rounds: int = 0,
        tie: bool = False,
    ) -> None:
        self.seller = seller
        self.card = card
        self.style = style
        self.start = start
        self.bidders = bidders
        self.sealed = sealed
        self.high = high
        self.leader = leader
        self.rounds = rounds
        self.tie = tie


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Finance:
    """Everything the finance module adds to the table."""

    offer: Proposal | None = None
    offers_made: int = 0  # this turn (at most offers_per_turn)
    futures: tuple[Future, ...] = ()
    quotes: tuple[Quote, ...] = ()
    policies: tuple[Policy, ...] = ()
    loans: tuple[Loan, ...] = ()
    securities: tuple[Security, ...] = ()
    listings: tuple[Listing, ...] = ()
    wanted: tuple[Wanted, ...] = ()
    debts: tuple[Debt, ...] = ()
    sale: Sale | None = None
    next_id: int = 1
    rolls: tuple[tuple[int, int], ...] = ()  # the last road roll (one die per party)

    def __init__(
        self,
        offer: Proposal | None = None,
        offers_made: int = 0,
        futures: tuple[Future, ...] = (),
        quotes: tuple[Quote, ...] = (),
        policies: tuple[Policy, ...] = (),
        loans: tuple[Loan, ...] = (),
        securities: tuple[Security, ...] = (),
        listings: tuple[Listing, ...] = (),
        wanted: tuple[Wanted, ...] = (),
        debts: tuple[Debt, ...] = (),
        sale: Sale | None = None,
        next_id: int = 1,
        rolls: tuple[tuple[int, int], ...] = (),
    ) -> None:
        self.offer = offer
        self.offers_made = offers_made
        self.futures = futures
        self.quotes = quotes
        self.policies = policies
        self.loans = loans
        self.securities = securities
        self.listings = listings
        self.wanted = wanted
        self.debts = debts
        self.sale = sale
        self.next_id = next_id
        self.rolls = rolls


RECORDS = (
    Bundle,
    Proposal,
    Future,
    Quote,
    Policy,
    Loan,
    Security,
    Listing,
    Wanted,
    Debt,
    Sale,
    Finance,
)
"""Every record of this part of the table."""

picklable(*RECORDS)
frozen_after_init(*RECORDS)
