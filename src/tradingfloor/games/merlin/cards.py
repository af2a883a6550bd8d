"""What a card is: a property (clubs), a land (diamonds), a 7, an Ace, by the content's roles."""

from __future__ import annotations

from tradingfloor.games.merlin.state import Config


def rank(config: Config, card: str) -> int:
    return config.content.card_rank[card]


def suit(config: Config, card: str) -> str:
    return config.content.card_suit[card]


def is_property(config: Config, card: str) -> bool:
    """Clubs that the draft calls properties: the permit ranks with a property value."""
    c = config.content
    return c.card_suit[card] == c.property_suit and c.card_rank[card] in c.property_value


def is_land(config: Config, card: str) -> bool:
    """Diamonds with a commodity: "Land cards that generate commodities"."""
    c = config.content
    return c.card_suit[card] == c.land_suit and c.card_rank[card] in c.land_commodity


def is_permit(config: Config, card: str) -> bool:
    """Cards kept and placed: "Most of the playing cards act as permits"."""
    return is_property(config, card) or is_land(config, card) or is_lab(config, card)


def is_lab(config: Config, card: str) -> bool:
    """Spades and hearts 2-6, 8-10 with the magic module: spell labs and potion labs."""
    magic = config.magic
    if magic is None or card not in config.content.card_suit:
        return False
    research = magic.figures.research
    suit = config.content.card_suit[card]
    return (
        suit in (research.spell_suit, research.potion_suit)
        and rank(config, card) in research.lab_ranks
    )


def is_golem(config: Config, card: str) -> bool:
    """Jacks (Stone) and Queens (Bronze), with the magic module."""
    magic = config.magic
    if magic is None or card not in config.content.card_suit:
        return False
    return rank(config, card) in (magic.figures.golems.stone_rank, magic.figures.golems.bronze_rank)


def is_king(config: Config, card: str) -> bool:
    """Kings: royal decrees, with the magic module."""
    magic = config.magic
    return (
        magic is not None and config.content.card_rank.get(card) == magic.figures.decrees.king_rank
    )


def is_joker(config: Config, card: str) -> bool:
    return config.content.card_suit.get(card) == "joker"


def is_inflation(config: Config, card: str) -> bool:
    return config.content.card_rank[card] == config.content.inflation_rank


def is_windfall(config: Config, card: str) -> bool:
    return config.content.card_rank[card] == config.content.windfall_rank


def property_value(config: Config, card: str) -> int:
    """Property Value: the gold a property yields on its number."""
    return config.content.property_value.get(config.content.card_rank[card], 0)


def land_commodity(config: Config, card: str) -> int:
    """Index of the commodity a land yields."""
    name = config.content.land_commodity[config.content.card_rank[card]]
    return config.content.commodities.index(name)
