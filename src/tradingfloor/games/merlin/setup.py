"""Game Setup: the shuffled deck, the counters at the start of summer, 10 gold each."""

from __future__ import annotations

from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin import content as content_files
from tradingfloor.games.merlin.finance import content as finance_content
from tradingfloor.games.merlin.finance.setup import new_finance
from tradingfloor.games.merlin.magic import content as magic_content
from tradingfloor.games.merlin.magic.setup import new_magic
from tradingfloor.games.merlin.options import MerlinOptions, content_source, data_overrides
from tradingfloor.games.merlin.state import (
    Auction,
    Book,
    Config,
    Contest,
    Core,
    Counters,
    Economy,
    Ledger,
    MerlinState,
)


def make_config(options: MerlinOptions) -> Config:
    """The options with their content; the deck holds the cards of every module switched on."""
    content = content_files.load(content_source(options), data_overrides(options))
    deck = tuple(card for m in options.modules for card in content.deck_by_module.get(m, ()))
    magic = None
    if "magic" in options.modules:
        magic = magic_content.load(content_source(options))
        if options.jokers:  # Jokers (Optional): "added and taken out of the deck"
            deck = (*deck, *magic.figures.jokers)
    finance = None
    if "finance" in options.modules:
        finance = finance_content.load(content_source(options))
    return Config(
        players=options.players,
        modules=tuple(options.modules),
        volatility=options.volatility,
        max_orbits=options.max_orbits,
        investment_pays_on=options.investment_pays_on,
        content_folder=content_source(options),
        content=content,
        deck=deck,
        magic=magic,
        finance=finance,
        jokers=options.jokers,
        decree_counters=options.decree_counters,
    )


def new_state(options: MerlinOptions, seed: int) -> MerlinState:
    """The table before the turn-order auction."""
    config = make_config(options)
    content = config.content
    n = config.players
    cursor = Rng(seed).cursor()
    # Game Setup: "Playing card without the jokers, and the custom decks are individually shuffled."
    deck = tuple(cursor.shuffled(config.deck))
    start = content.start_counters
    counters = Counters(
        clock=0,
        year=1,  # RULINGS 3: "the game starts at the start of summer, year 1"
        portion=0,
        wheel=0,
        cost_of_living=start["cost_of_living"],
        research_cost=start["research_cost"],
        tax_rate=start["tax_rate"],
        climate=0,
    )
    # Game Setup: "Every player receives 10 gold."
    gold = (content.starting_gold,) * n
    core = Core(
        phase="auction",
        order=(),
        turn=0,
        turn_no=0,
        orbit=0,
        gold=gold,
        out=(False,) * n,
        debt=(0,) * n,
        bankrupt_since=(None,) * n,
        counters=counters,
        ledger=Ledger(minted_start=sum(gold)),
        auction=Auction(
            places=(None,) * n,
            queue=(Contest("blind", tuple(range(n)), 0, 0),),
            sealed=(None,) * n,
        ),
    )
    economy = Economy(
        deck=deck,
        hands=((),) * n,
        tableaux=((),) * n,
        goods=((0,) * len(content.commodities),) * n,
        books=tuple(Book() for _ in content.commodities),
    )
    magic = new_magic(config, cursor) if config.magic is not None else None
    finance = new_finance() if config.finance is not None else None
    return MerlinState(
        config=config, rng=cursor.rng, core=core, economy=economy, magic=magic, finance=finance
    )
