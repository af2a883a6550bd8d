"""The magic module's table at the start: the three custom decks shuffled, empty hands."""

from __future__ import annotations

from tradingfloor.core.rng import RngCursor
from tradingfloor.games.merlin.magic.state import Magic
from tradingfloor.games.merlin.state import Config


def new_magic(config: Config, cursor: RngCursor) -> Magic:
    """Game Setup: "the custom decks are individually shuffled"."""
    content = config.magic
    n = config.players
    figures = content.figures
    return Magic(
        spell_deck=tuple(cursor.shuffled(content.deck_of("spells"))),
        recipe_deck=tuple(cursor.shuffled(content.deck_of("potions"))),
        reading_deck=tuple(cursor.shuffled(content.deck_of("readings"))),
        spells=((),) * n,
        recipes=((),) * n,
        potions=((),) * n,
        crowns=(0,) * n,
        crown_year=(0,) * n,
        bank_debt=(0,) * n,
        proposals=(None,) * n,
        maintenance=figures.shops.maintenance_start,
        jokers_in=config.jokers,
        volatility=config.volatility,
    )
