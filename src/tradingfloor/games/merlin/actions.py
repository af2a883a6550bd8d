"""Merlin Economics' actions: small steps, each a typed JSON object with a `type` tag."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, StrictInt, StrictStr

from tradingfloor.core.actions import Action, ActionCodec
from tradingfloor.games.merlin.finance import actions as finance
from tradingfloor.games.merlin.magic import actions as magic

# Every field has a title in the game's words: refusals of malformed moves are made from them.
Gold = Annotated[StrictInt, Field(ge=0, title="Gold")]
Positive = Annotated[StrictInt, Field(ge=1, title="Gold")]
Seat = Annotated[StrictInt, Field(ge=0, le=5, title="Player")]
OrderId = Annotated[StrictInt, Field(ge=1, title="Order")]
Card = Annotated[StrictStr, Field(min_length=2, max_length=3, title="Card")]
Price = Annotated[StrictInt, Field(ge=1, title="Price in gold")]
Commodity = Annotated[StrictStr, Field(title="Commodity")]


class TurnBid(Action):
    """A sealed bid in the blind auction for turn order."""

    type: Literal["turn_bid"] = "turn_bid"
    amount: Gold


class RankBid(Action):
    """Sealed stacks of the blind rank auction, one per place, the earliest place first."""

    type: Literal["rank_bid"] = "rank_bid"
    stacks: tuple[Gold, ...] = Field(title="Stacks of gold")


class TaxVote(Action):
    """A sealed vote on moving the tax rate after the spring taxes."""

    type: Literal["tax_vote"] = "tax_vote"
    choice: Literal["up", "down", "keep"] = Field(title="Vote")


class Place(Action):
    """Place a permit from hand: a property alone or on a property, a land on a property."""

    type: Literal["place"] = "place"
    card: Card
    on: Card | None = Field(default=None, title="On the property")


class Invest(Action):
    """Put gold on one of your properties, betting its number comes before a 7."""

    type: Literal["invest"] = "invest"
    card: Card
    amount: Positive


class Store(Action):
    """Store gold in one of your Chauffeurs."""

    type: Literal["store"] = "store"
    card: Card
    amount: Positive


class TakeBack(Action):
    """Take gold back out of one of your Chauffeurs."""

    type: Literal["take_back"] = "take_back"
    card: Card
    amount: Positive


class Liquidate(Action):
    """Sell a property (with what lies on it) to the central bank for its property value."""

    type: Literal["liquidate"] = "liquidate"
    card: Card


class OfferSale(Action):
    """Offer one of your properties to another player at a price."""

    type: Literal["offer_sale"] = "offer_sale"
    card: Card
    to: Seat
    price: Gold = Field(title="Price in gold")


class Accept(Action):
    """Accept the property offered to you."""

    type: Literal["accept"] = "accept"


class Decline(Action):
    """Decline the property offered to you."""

    type: Literal["decline"] = "decline"


class Bid(Action):
    """Open a covered bid for one unit of a commodity."""

    type: Literal["bid"] = "bid"
    commodity: Commodity
    price: Price


class RaiseBid(Action):
    """Add gold to one of your bids (at once)."""

    type: Literal["raise_bid"] = "raise_bid"
    order: OrderId
    amount: Positive


class LowerBid(Action):
    """Lower one of your bids; the difference passes through escrow."""

    type: Literal["lower_bid"] = "lower_bid"
    order: OrderId
    amount: Positive


class ExitBid(Action):
    """Shift one of your bids into escrow, to collect on your next turn."""

    type: Literal["exit_bid"] = "exit_bid"
    order: OrderId


class Ask(Action):
    """Open a covered ask: one unit of a commodity at a price."""

    type: Literal["ask"] = "ask"
    commodity: Commodity
    price: Price


class WithdrawAsk(Action):
    """Take one of your asks off the market."""

    type: Literal["withdraw_ask"] = "withdraw_ask"
    order: OrderId


class SellTo(Action):
    """Execute a bid: sell it one unit at its price."""

    type: Literal["sell_to"] = "sell_to"
    order: OrderId


class BuyFrom(Action):
    """Execute an ask: buy its unit at its price."""

    type: Literal["buy_from"] = "buy_from"
    order: OrderId


class BuyPermit(Action):
    """Buy the top card of the deck at the cost of the living."""

    type: Literal["buy_permit"] = "buy_permit"


class PayDebt(Action):
    """Pay off your whole debt to leave bankruptcy."""

    type: Literal["pay_debt"] = "pay_debt"


class EndTurn(Action):
    """End your turn."""

    type: Literal["end_turn"] = "end_turn"


ACTION_TYPES = (
    TurnBid,
    RankBid,
    TaxVote,
    Place,
    Invest,
    Store,
    TakeBack,
    Liquidate,
    OfferSale,
    Accept,
    Decline,
    Bid,
    RaiseBid,
    LowerBid,
    ExitBid,
    Ask,
    WithdrawAsk,
    SellTo,
    BuyFrom,
    BuyPermit,
    PayDebt,
    EndTurn,
    *magic.MAGIC_ACTIONS,
    *finance.FINANCE_ACTIONS,
)
# The union is built from the tuple, so a module adds its actions in one place.
MerlinAction: Any = Annotated[Union[ACTION_TYPES], Field(discriminator="type")]  # noqa: UP007
CODEC = ActionCodec(MerlinAction)
