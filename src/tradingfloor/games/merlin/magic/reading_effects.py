"""The magic module: what a future reading card does when it comes true (MERLIN-MODULES.md
§2.8): the R.O.W.'s redistributions, Irrigation Works, the Early Thaw, Market Day, Golem Blight,
Price Scare and Smog. `readings` resolves the field and calls these; a Drought and a Bumper Oil
act on the roll's own production there (its yield filter).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import with_core
from tradingfloor.games.merlin.magic import golem_fights
from tradingfloor.games.merlin.magic.content import ReadingCard
from tradingfloor.games.merlin.magic.state import Effect, Reading
from tradingfloor.games.merlin.magic.table import add_effect, content_of, magic_of
from tradingfloor.games.merlin.market import place_row_bids
from tradingfloor.games.merlin.records import core_with
from tradingfloor.games.merlin.rulebook import Log, event
from tradingfloor.games.merlin.seasons import add_climate, advance_wheel, set_counter, volatility
from tradingfloor.games.merlin.state import INCOME, Ledger, MerlinState

INCOME_SOURCE = "pot"
"""The ledger's income source for R.O.W. redistributions: like the auction pot, gold the table
collected and hands back (a source of its own would change every pinned economy game's ledger)."""

IRRIGATION: Final = "irrigation"
"""The lasting effect of Irrigation Works: lands yield more until the turn in `until`."""


# --- effects when a card comes true ------------------------------------------------------------

Apply = Callable[[MerlinState, Reading, ReadingCard, Log], MerlinState]


def row_pays(
    state: MerlinState, reading: Reading, card: ReadingCard, dues: Mapping[int, int], log: Log
) -> tuple[MerlinState, bool]:
    """Future reading cards: "If there is not enough gold to be distributed in the manor the card
    describes to every player, disregard the card." All of it is paid, or none."""
    total = sum(dues.values())
    row = state.core.ledger.row
    if total > row:
        log.append(
            event("reading_disregarded", card=reading.card, title=card.title, needed=total, row=row)
        )
        return state, False
    state = _row_paid(state, dues, total)
    paid = [[player, amount] for player, amount in dues.items()]
    log.append(
        event(
            "reading_paid",
            card=reading.card,
            title=card.title,
            paid=paid,
            total=total,
            row=state.core.ledger.row,
        )
    )
    return state, True


def _row_paid(state: MerlinState, dues: Mapping[int, int], total: int) -> MerlinState:
    """The R.O.W. pays `dues` (`total` in all), each counted as income from `INCOME_SOURCE`:
    `to_row` and each player's `earn`, with the table rebuilt once."""
    core = state.core
    gold = list(core.gold)
    income = list(core.ledger.income)
    source = INCOME.index(INCOME_SOURCE)
    for player, amount in dues.items():
        if amount:
            if gold[player] + amount < 0:
                raise ValueError(f"seat {player} cannot pay {-amount} gold")
            gold[player] += amount
            income[source] += amount
    ledger = core.ledger
    ledger = Ledger(
        bank=ledger.bank,
        row=ledger.row - total,
        pot=ledger.pot,
        minted_start=ledger.minted_start,
        minted_production=ledger.minted_production,
        minted_issue=ledger.minted_issue,
        income=tuple(income),
    )
    return with_core(state, core_with(core, gold=tuple(gold), ledger=ledger))


def _each(state: MerlinState, amount: int) -> dict[int, int]:
    return {player: amount for player in state.core.from_roller()}


def placed_properties(state: MerlinState, player: int) -> int:
    """Properties on a player's table (a Chauffeur is two; a property under a land or a lab one)."""
    config = state.config
    return sum(
        1
        for stack in state.economy.tableaux[player]
        for placed in (stack.base, stack.top)
        if placed is not None and cards.is_property(config, placed)
    )


def _row_each(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Harvest Festival: "redistributing R.O.W tax revenue": `amount` to each player still in."""
    return row_pays(state, reading, card, _each(state, card.amount), log)[0]


def _row_per_property(
    state: MerlinState, reading: Reading, card: ReadingCard, log: Log
) -> MerlinState:
    """Merchant Subsidy: "incentives for business owners": `amount` per placed property."""
    dues = {p: card.amount * placed_properties(state, p) for p in state.core.from_roller()}
    return row_pays(state, reading, card, dues, log)[0]


def _irrigation(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Irrigation Works: "Tax money is used to fund infrastructure for better commodity growth":
    the cost of the living to each player, then lands yield `amount` more for one orbit (the
    next turn of every player still in). A disregarded card does neither."""
    cost = state.core.counters.cost_of_living
    state, paid = row_pays(state, reading, card, _each(state, cost), log)
    if not paid:
        return state
    until = state.core.turn_no + len(state.core.in_game())
    lasting = Effect(kind=IRRIGATION, card=reading.card, amount=card.amount, until=until)
    log.append(event("reading_irrigation", title=card.title, amount=card.amount, until=until))
    return add_effect(state, lasting)


def _at_production(
    state: MerlinState, reading: Reading, card: ReadingCard, log: Log
) -> MerlinState:
    """Drought, Bumper Oil: they acted on this roll's production (`yield_filter`)."""
    return state


def _thaw(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Early Thaw: "The Season Wheel may change mid game": the wheel turns one portion, with all
    that a turn of the wheel brings (spring's taxes)."""
    return advance_wheel(state, log)


def _market_day(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Market Day: the Market Stimulus ("use R.O.W money to create three bids at the current cost
    of the living") now, on every commodity without bids, without its two months' wait; the
    R.O.W. funds them all or the card is disregarded."""
    price = state.core.counters.cost_of_living
    count = state.config.content.stimulus_bids
    bidless = [i for i, book in enumerate(state.economy.books) if not book.bids]
    needed = len(bidless) * count * price
    row = state.core.ledger.row
    if price < 1 or not bidless:
        return state
    if needed > row:
        log.append(
            event(
                "reading_disregarded", card=reading.card, title=card.title, needed=needed, row=row
            )
        )
        return state
    for index in bidless:
        state = _stimulate(state, index, count, price, card.title, log)
    return state


def _stimulate(
    state: MerlinState, index: int, count: int, price: int, title: str, log: Log
) -> MerlinState:
    """The R.O.W. places the stimulus's covered bids on one commodity's book."""
    state = place_row_bids(state, index)
    name = state.config.content.commodities[index]
    log.append(event("reading_stimulus", title=title, commodity=name, bids=count, price=price))
    return state


def _golem_blight(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Golem Blight: "Stone Golems have 1 hit points meaning, when hit, are destroyed": every
    Stone golem in play crumbles, its card shuffled back into the deck."""
    stone = content_of(state).figures.golems.stone_rank
    crumbled = [g for g in magic_of(state).golems if cards.rank(state.config, g.card) == stone]
    if not crumbled:
        return state
    log.append(
        event(
            "reading_golems",
            title=card.title,
            golems=[[g.card, g.owner] for g in crumbled],
        )
    )
    # golem_fights.crumble also forgives damage beyond what the stacks now hold
    return golem_fights.crumble(state, "stone", log)


def _price_scare(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Price Scare: "A type of inflation that affects all aspects of the game": the cost of the
    living rises by the volatility, as a 7 raises it."""
    was = state.core.counters.cost_of_living
    state = set_counter(state, "cost_of_living", was + volatility(state))
    now = state.core.counters.cost_of_living
    log.append(
        event("reading_counter", title=card.title, counter="cost_of_living", was=was, now=now)
    )
    return state


def _smog(state: MerlinState, reading: Reading, card: ReadingCard, log: Log) -> MerlinState:
    """Smog: "As players use resources, climates change": the climate counter rises by
    `amount` (and the season wheel changes where it crosses a threshold)."""
    was = state.core.counters.climate
    state = add_climate(state, card.amount, log)
    now = state.core.counters.climate
    log.append(event("reading_counter", title=card.title, counter="climate", was=was, now=now))
    return state


EFFECTS: Final[dict[str, Apply]] = {
    "row_each": _row_each,
    "row_per_property": _row_per_property,
    "irrigation": _irrigation,
    "drought": _at_production,
    "bumper": _at_production,
    "thaw": _thaw,
    "market_day": _market_day,
    "golem_blight": _golem_blight,
    "price_scare": _price_scare,
    "smog": _smog,
}
