"""The magic module's actions (MERLIN-MODULES.md §2), each a typed JSON object with a `type` tag."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from tradingfloor.core.actions import Action

Card = Annotated[StrictStr, Field(min_length=2, max_length=3, title="Card")]
Custom = Annotated[StrictStr, Field(min_length=3, max_length=40, title="Card")]
Seat = Annotated[StrictInt, Field(ge=0, le=5, title="Player")]
Step = Annotated[StrictInt, Field(ge=-1, le=1, title="Change")]
Fee = Annotated[StrictInt, Field(ge=0, le=100, title="Fee in gold")]
Choice = Annotated[StrictStr, Field(min_length=1, max_length=60, title="Choice")]


class FundLab(Action):
    """Pay the research cost onto one of your unfunded labs as its research grant."""

    type: Literal["fund_lab"] = "fund_lab"
    lab: Card


class CastSpell(Action):
    """Cast a spell from your hand at a player, or at one of their cards; then either credit it to
    the lab that made it or reshuffle it."""

    type: Literal["cast_spell"] = "cast_spell"
    spell: Custom
    seat: Seat | None = None
    card: Card | Custom | None = Field(default=None, title="Their card")
    credit: StrictBool = Field(default=False, title="Credit it to its lab")


class Brew(Action):
    """Brew a potion from a recipe in your hand, putting its commodities back."""

    type: Literal["brew"] = "brew"
    recipe: Custom


class SetPotion(Action):
    """Set a brewed potion face down under one of your stacks, or before you (`on` empty)."""

    type: Literal["set_potion"] = "set_potion"
    potion: Custom
    on: Card | None = Field(default=None, title="Under your stack")


class FoundShop(Action):
    """Place a funded, successful lab on one of your unoccupied properties: a Spell Shop (spades)
    or a Brewery (hearts)."""

    type: Literal["found_shop"] = "found_shop"
    lab: Card
    on: Card = Field(title="On your property")


class SellSpell(Action):
    """Sell a spell from your hand to the central bank, through your Spell Shop or another's open
    one (its owner takes the fee)."""

    type: Literal["sell_spell"] = "sell_spell"
    spell: Custom
    shop: Card = Field(title="Through the Spell Shop")
    seat: Seat = Field(title="Whose Spell Shop")


class OpenShop(Action):
    """Let others sell spells through your Spell Shop for a fee (or close it to them)."""

    type: Literal["open_shop"] = "open_shop"
    shop: Card
    fee: Fee | None = None


class SellMead(Action):
    """Sell Essence Grain to the central bank as Mead, through your Brewery."""

    type: Literal["sell_mead"] = "sell_mead"


class PlayGolem(Action):
    """Animate a Jack or Queen with a Soul: red ones attack another's stack, black ones defend
    yours or an ally's."""

    type: Literal["play_golem"] = "play_golem"
    card: Card
    seat: Seat
    on: Card = Field(title="On the stack")


class Ally(Action):
    """Let a player's defending golems guard your stacks (or stop letting them)."""

    type: Literal["ally"] = "ally"
    seat: Seat
    allied: StrictBool = True


class PlayDecree(Action):
    """Play a King from your hand: move the three counters, take a crown, then the regulation
    round and the vote on the decree."""

    type: Literal["play_decree"] = "play_decree"
    card: Card
    cost_of_living: Step = 0
    research_cost: Step = 0
    tax_rate: Step = 0


class Reclaim(Action):
    """After your decree this turn: take your investment back off one of your properties."""

    type: Literal["reclaim"] = "reclaim"
    card: Card


class Propose(Action):
    """Seal a regulation proposal: add one, change an active one's figure, delete one, or none."""

    type: Literal["propose"] = "propose"
    proposal: Choice


class Vote(Action):
    """Seal a vote: a proposal of the regulation round, or yes/no."""

    type: Literal["magic_vote"] = "magic_vote"
    choice: Choice


class UseCrown(Action):
    """Spend a crown: skip paying the next spring's taxes."""

    type: Literal["use_crown"] = "use_crown"


class Monarchy(Action):
    """Play all your crowns at once (five) to create a monarchy and win the game."""

    type: Literal["monarchy"] = "monarchy"


class CallVote(Action):
    """Call a table vote: Jokers in or out (unanimous), volatility up or down (majority)."""

    type: Literal["call_vote"] = "call_vote"
    kind: Literal["jokers_in", "jokers_out", "volatility_up", "volatility_down"] = Field(
        title="Vote on"
    )


MAGIC_ACTIONS = (
    FundLab,
    CastSpell,
    Brew,
    SetPotion,
    FoundShop,
    SellSpell,
    OpenShop,
    SellMead,
    PlayGolem,
    Ally,
    PlayDecree,
    Reclaim,
    Propose,
    Vote,
    UseCrown,
    Monarchy,
    CallVote,
)
