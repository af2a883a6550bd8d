"""The finance module's actions (MERLIN-MODULES.md §3), each a typed JSON object with a `type` tag.

Answers to an offer are the economy's `accept` and `decline`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt, StrictStr

from tradingfloor.core.actions import Action

Gold = Annotated[StrictInt, Field(ge=0, le=100_000, title="Gold")]
Price = Annotated[StrictInt, Field(ge=1, le=100_000, title="Price in gold")]
Seat = Annotated[StrictInt, Field(ge=0, le=5, title="Player")]
Creditor = Annotated[StrictInt, Field(ge=-2, le=5, title="To whom")]
Card = Annotated[StrictStr, Field(min_length=2, max_length=3, title="Card")]
Custom = Annotated[StrictStr, Field(min_length=3, max_length=40, title="Card")]
Commodity = Annotated[StrictStr, Field(min_length=1, max_length=30, title="Commodity")]
Units = Annotated[StrictInt, Field(ge=0, le=1_000, title="Units")]
Count = Annotated[StrictInt, Field(ge=1, le=50, title="How many")]
Id = Annotated[StrictInt, Field(ge=1, le=10_000_000, title="Contract")]
Orbits = Annotated[StrictInt, Field(ge=1, le=100, title="Orbits")]
Year = Annotated[StrictInt, Field(ge=1, le=1_000, title="Year")]
Portion = Annotated[StrictInt, Field(ge=0, le=20, title="Portion of the wheel")]
Number = Annotated[StrictInt, Field(ge=2, le=12, title="Number")]
Ref = Annotated[StrictStr, Field(max_length=40, title="Item")]
Item = Literal["future", "bond", "share", "note", "spell", "recipe", "crown"]


# --- debts (debts.py) ----------------------------------------------------------------------------


class Repay(Action):
    """Pay gold toward what you owe one creditor (a player, the R.O.W. or the central bank)."""

    type: Literal["repay"] = "repay"
    creditor: Creditor
    amount: Price


# --- trades between players (trades.py) ----------------------------------------------------------


class ProposeTrade(Action):
    """Offer another player a trade: what you give for what you get (the road roll decides)."""

    type: Literal["propose_trade"] = "propose_trade"
    to: Seat
    give_gold: Gold = 0
    give_commodity: Commodity | None = Field(default=None, title="Commodity you give")
    give_units: Units = 0
    give_card: Custom | None = Field(default=None, title="Spell or recipe you give")
    give_crowns: Annotated[StrictInt, Field(ge=0, le=20, title="Crowns you give")] = 0
    get_gold: Gold = 0
    get_commodity: Commodity | None = Field(default=None, title="Commodity you get")
    get_units: Units = 0
    get_crowns: Annotated[StrictInt, Field(ge=0, le=20, title="Crowns you get")] = 0


# --- property auctions (auctions.py) -------------------------------------------------------------


class AuctionProperty(Action):
    """Auction one of your properties, blind or by open bidding, from a starting bid at or below
    its property value."""

    type: Literal["auction_property"] = "auction_property"
    card: Card
    style: Literal["blind", "open"] = Field(title="Auction")
    start: Gold = Field(title="Starting bid")


class SealBid(Action):
    """Seal a bid in a property auction (0: no bid, or pass in open bidding)."""

    type: Literal["seal_bid"] = "seal_bid"
    amount: Gold


# --- turn-order extras (places.py) --------------------------------------------------------------


class OfferForPlace(Action):
    """Offer the player tied with you gold for the earlier of your two places in the turn order."""

    type: Literal["offer_for_place"] = "offer_for_place"
    amount: Gold


class BidAgain(Action):
    """Make no offer for the tied place: you and the player tied with you seal bids again."""

    type: Literal["bid_again"] = "bid_again"


class BidForPlace(Action):
    """Seal a bid for the place tied for last that the first player sells (the highest bid takes
    it and pays them)."""

    type: Literal["bid_for_place"] = "bid_for_place"
    amount: Gold


# --- futures (futures.py, settlement.py) ---------------------------------------------------------


class WriteFuture(Action):
    """Write a futures contract as the short: one bushel of a commodity, a forward price, and an
    expiry on the season wheel."""

    type: Literal["write_future"] = "write_future"
    commodity: Commodity
    price: Price = Field(title="Forward price")
    year: Year
    portion: Portion


class TakeFuture(Action):
    """Pay a future's forward price to its short and become the long."""

    type: Literal["take_future"] = "take_future"
    future: Id


class Deliver(Action):
    """Settle an expired future you are short by delivering the bushel from your hand."""

    type: Literal["deliver"] = "deliver"
    future: Id


class Offset(Action):
    """Settle an expired future you are short with a long you hold on the same commodity and
    expiry, whatever its forward price."""

    type: Literal["offset"] = "offset"
    future: Id
    long: Id = Field(title="Your long contract")


class CashSettle(Action):
    """Settle an expired future you are short in gold at the last sold price (only when nobody
    asks for the commodity)."""

    type: Literal["cash_settle"] = "cash_settle"
    future: Id


# --- custom bid/ask tables (markets.py, bids.py) -------------------------------------------------


class ListItem(Action):
    """Open an ask on a custom bid/ask table: a long position, a bond, share or note, a spell or
    recipe card, or a crown."""

    type: Literal["list_item"] = "list_item"
    item: Item
    ref: Ref = ""
    price: Price


class Delist(Action):
    """Take one of your asks off its custom table."""

    type: Literal["delist"] = "delist"
    listing: Id


class BuyListing(Action):
    """Buy the item of an ask on a custom table at its price."""

    type: Literal["buy_listing"] = "buy_listing"
    listing: Id


class Want(Action):
    """Open a covered bid on a custom table for one item of a kind."""

    type: Literal["want"] = "want"
    item: Item
    ref: Ref = ""
    price: Price


class DropWanted(Action):
    """Take one of your bids off its custom table; its gold comes back."""

    type: Literal["drop_wanted"] = "drop_wanted"
    wanted: Id


class FillWanted(Action):
    """Sell a bid on a custom table one item it asks for, at its price."""

    type: Literal["fill_wanted"] = "fill_wanted"
    wanted: Id
    ref: Ref = ""


# --- insurance (insurance.py) --------------------------------------------------------------------


class WriteInsurance(Action):
    """As a Chauffeur owner, offer insurance: pays out once if one of the numbers is rolled (or the
    event happens to the buyer) within a number of rolls, for a premium. `event` "numbers" (the
    default) pays on `numbers`; the other events ignore them; `commodity` names a land_blocked
    event's commodity (ignored otherwise)."""

    type: Literal["write_insurance"] = "write_insurance"
    numbers: tuple[Number, ...] = Field(default=(), max_length=11, title="Numbers")
    event: Literal[
        "numbers", "spell_on_buyer", "golem_damage_on_buyer", "land_blocked", "seven"
    ] = Field(default="numbers", title="Pays on")
    commodity: Commodity | None = None
    rolls: Count = Field(title="Rolls covered")
    payout: Price = Field(title="Payout")
    premium: Price = Field(title="Premium")


class Reprice(Action):
    """Change the premium of your insurance (only after the season has changed)."""

    type: Literal["reprice"] = "reprice"
    quote: Id
    premium: Price = Field(title="Premium")


class WithdrawQuote(Action):
    """Stop offering one of your insurance quotes."""

    type: Literal["withdraw_quote"] = "withdraw_quote"
    quote: Id


class BuyInsurance(Action):
    """Pay an insurance quote's premium to its writer and be covered."""

    type: Literal["buy_insurance"] = "buy_insurance"
    quote: Id


# --- Chauffeur instruments (loans.py, securities.py) ---------------------------------------------


class OfferLoan(Action):
    """Offer another player a loan from one of your Chauffeurs: the principal now, repaid after a
    number of orbits."""

    type: Literal["offer_loan"] = "offer_loan"
    to: Seat
    card: Card = Field(title="From your Chauffeur")
    principal: Price = Field(title="Principal")
    repay: Price = Field(title="Repay")
    orbits: Orbits


class IssueBonds(Action):
    """Issue bonds: each pays its face value at maturity; they go on your ask table at a price."""

    type: Literal["issue_bonds"] = "issue_bonds"
    count: Count
    face: Price = Field(title="Face value")
    orbits: Orbits = Field(title="Matures in orbits")
    price: Price


class IssueStock(Action):
    """Issue shares in your club gold: each pays its part of your clubs' gold; they go on your ask
    table at a price."""

    type: Literal["issue_stock"] = "issue_stock"
    count: Count
    price: Price


class IssueNotes(Action):
    """Issue your own currency: notes redeemable for 1 gold from your Chauffeurs; they go on your
    ask table at a price."""

    type: Literal["issue_notes"] = "issue_notes"
    count: Count
    price: Price


class RedeemNote(Action):
    """Redeem one note you hold for 1 gold from its issuer's Chauffeurs."""

    type: Literal["redeem_note"] = "redeem_note"
    issuer: Seat


FINANCE_ACTIONS: tuple[type[Action], ...] = (
    Repay,
    ProposeTrade,
    AuctionProperty,
    SealBid,
    OfferForPlace,
    BidAgain,
    BidForPlace,
    WriteFuture,
    TakeFuture,
    Deliver,
    Offset,
    CashSettle,
    ListItem,
    Delist,
    BuyListing,
    Want,
    DropWanted,
    FillWanted,
    WriteInsurance,
    Reprice,
    WithdrawQuote,
    BuyInsurance,
    OfferLoan,
    IssueBonds,
    IssueStock,
    IssueNotes,
    RedeemNote,
)
