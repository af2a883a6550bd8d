"""What things on a Merlin table are worth to a player, read from their view: the bots' sums.

A bot reckons many things from one view (every permit in the deck, every stack on the table), and
they share figures: the rolls left, the seasons' average, what a commodity unit fetches, what each
permit is worth. Those are reckoned once per view (`Sums`) and, for the cards' fixed facts, once
per match. A view is read, never written, so what was reckoned from it stays true.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, TypeVar

from tradingfloor.games.merlin.memo import ByIdentity

View = Mapping[str, Any]
T = TypeVar("T")
_NONE = object()
"""Nothing kept yet (None is a value kept: no best bid)."""


Card = tuple[str, float, float, float, str | None]
"""A card's fixed facts for the sums: (kind, 2d6 odds of its number, value, yield, commodity)."""
Figures = tuple[int, float, tuple[float, ...]]
"""What a permit's worth depends on besides the card: the rolls left, the seasons' average and
what a unit of each commodity fetches."""
FIGURES_KEPT = 256
"""Sets of figures whose permit worths a match keeps (then all are forgotten at once)."""


class Cards:
    """A match's cards for the sums: their fixed facts, and each permit's worth under each set of
    figures seen (the figures change slowly: most views share them)."""

    def __init__(self, catalogue: Mapping[str, Mapping[str, Any]]) -> None:
        self.facts = {card: _facts(entry) for card, entry in catalogue.items()}
        self.commodities = sorted({str(f[4]) for f in self.facts.values() if f[0] == "land"})
        self.worths: dict[Figures, dict[str, float]] = {}
        self.kept: dict[Any, Any] = {}  # other sums a bot keeps for the match (`keep`)

    def permit_worths(self, figures: Figures) -> dict[str, float]:
        """The permit worths reckoned so far under `figures` (a dict to add to)."""
        found = self.worths.get(figures)
        if found is None:
            if len(self.worths) >= FIGURES_KEPT:
                self.worths.clear()
            found = self.worths[figures] = {}
        return found

    def keep(self, key: Any, reckon: Callable[[], T]) -> T:
        """`reckon()` once for `key` in this match (at most FIGURES_KEPT kept, then forgotten)."""
        found = self.kept.get(key, _NONE)
        if found is not _NONE:
            return found  # type: ignore[no-any-return]
        if len(self.kept) >= FIGURES_KEPT:
            self.kept.clear()
        value = self.kept[key] = reckon()
        return value


def _facts(entry: Mapping[str, Any]) -> Card:
    kind = str(entry["kind"])
    value = float(entry["value"]) if kind == "property" else 0.0
    produced = float(entry["yield"]) if kind == "land" else 0.0
    return kind, roll_odds(entry["number"]), value, produced, entry.get("commodity")


_cards: ByIdentity[Cards] = ByIdentity(limit=16)


def cards_of(view: View) -> Cards:
    """The match's cards (its catalogue is the same object in every view: kept by identity)."""
    catalogue = view["catalogue"]
    found = _cards.find(catalogue)
    if found is None:
        found = _cards.keep(catalogue, Cards(catalogue))
    return found


class Sums:
    """The figures reckoned from one view, kept while the bot weighs its moves in it."""

    __slots__ = (
        "cards",
        "figures",
        "kept",
        "permits",
        "players_in",
        "rolls_left",
        "row_demand",
        "season_average",
        "values",
        "view",
    )

    def __init__(self, view: View) -> None:
        self.view = view
        self.cards = cards_of(view)
        self.figures: Figures | None = None
        self.kept: dict[str, Any] = {}  # other sums a bot keeps for this view, by name
        self.players_in: int | None = None
        self.rolls_left: int | None = None
        self.row_demand: float | None = None
        self.season_average: float | None = None
        self.values: dict[tuple[str, Any], float] = {}  # (commodity, seat): commodity_value
        self.permits: dict[str, float] | None = None  # card: permit_worth


_last: Sums | None = None


def sums(view: View) -> Sums:
    """The figures reckoned from `view` so far (the last view's, while it is the same view)."""
    global _last
    found = _last
    if found is None or found.view is not view:
        found = _last = Sums(view)
    return found


HORIZON_ROLLS = 60
"""How many rolls ahead a player counts a permit's yield (nobody knows how long the game lasts)."""
ROW_PATIENCE = 0.8
"""What an R.O.W. bid still to come is worth against one on the table now."""


def roll_odds(number: int) -> float:
    """The chance that 2d6 show `number`."""
    return max(0, 6 - abs(7 - number)) / 36


def players_in(view: View) -> int:
    figures = sums(view)
    if figures.players_in is None:
        figures.players_in = sum(1 for p in view["players"] if not p["out"])
    return figures.players_in


def rolls_left(view: View) -> int:
    """The rolls still to come before the orbit cap, at most HORIZON_ROLLS."""
    figures = sums(view)
    if figures.rolls_left is None:
        orbits = max(int(view["max_orbits"]) - int(view["orbit"]) + 1, 0)
        figures.rolls_left = min(HORIZON_ROLLS, orbits * players_in(view))
    return figures.rolls_left


def season_average(view: View) -> float:
    """Commodities a land yields per unit of its yield, on average over the wheel in use."""
    figures = sums(view)
    if figures.season_average is None:
        multiplier = view["rules"]["season_multiplier"]
        portions = tuple(view["counters"]["wheel_portions"])
        # the same multipliers (one object per match and cost) and wheel: the same average
        averages = _averages.find(multiplier)
        if averages is None:
            averages = _averages.keep(multiplier, {})
        average = averages.get(portions)
        if average is None:
            total = sum(float(multiplier.get(season, 1)) for season in portions)
            average = averages[portions] = total / max(len(portions), 1)
        figures.season_average = average
    return figures.season_average


_averages: ByIdentity[dict[tuple[str, ...], float]] = ByIdentity(limit=64)
"""Per season multipliers (by identity: a view's are shared), the wheels' average multiplier."""


# --- commodities -------------------------------------------------------------------------------


# A book that did not change is the same object in the next view (view.py), so what a seat reads
# in it (the best orders it may take, its own) is kept by the book's identity, across views.
Order = Mapping[str, Any]


class Reading(NamedTuple):
    """What one seat reads in one book, read in one pass (lists shared: read, never changed)."""

    best_bid: Order | None  # the best bid it may sell into (not its own)
    best_ask: Order | None  # the best ask it may buy from (not its own)
    own_bids: list[Order]
    own_asks: list[Order]


_readings: ByIdentity[dict[Any, Reading]] = ByIdentity(limit=1024)


def reading(view: View, name: str, seat: Any) -> Reading:
    """`seat`'s `Reading` of the book of `name`, once per book and seat."""
    book = view["market"][name]
    per_seat = _readings.find(book)
    if per_seat is None:
        per_seat = _readings.keep(book, {})
    found = per_seat.get(seat)
    if found is None:
        found = per_seat[seat] = _read(book, seat)
    return found


def _read(book: Mapping[str, Any], seat: Any) -> Reading:
    """One pass over each side: the best of the others' orders (the highest bid, the earliest
    first among equals; the lowest ask, the same) and the seat's own."""
    best_bid: Order | None = None
    own_bids: list[Order] = []
    for bid in book["bids"]:
        if bid["owner"] == seat:
            own_bids.append(bid)
        elif best_bid is None or (bid["price"], -bid["order"]) > (
            best_bid["price"],
            -best_bid["order"],
        ):
            best_bid = bid
    best_ask: Order | None = None
    own_asks: list[Order] = []
    for ask in book["asks"]:
        if ask["owner"] == seat:
            own_asks.append(ask)
        elif best_ask is None or (ask["price"], ask["order"]) < (
            best_ask["price"],
            best_ask["order"],
        ):
            best_ask = ask
    return Reading(best_bid, best_ask, own_bids, own_asks)


def others_orders(view: View, name: str, side: str, seat: int) -> list[Mapping[str, Any]]:
    """The open orders on one side of a book that `seat` may execute (not its own)."""
    return [o for o in view["market"][name][side] if o["owner"] != seat]


def own_orders(view: View, name: str, side: str, seat: int) -> list[Mapping[str, Any]]:
    """`seat`'s own orders on one side of a book (a list shared by views: read, never changed)."""
    read = reading(view, name, seat)
    return read.own_bids if side == "bids" else read.own_asks


def best_bid(view: View, name: str, seat: int) -> Mapping[str, Any] | None:
    return reading(view, name, seat).best_bid


def best_ask(view: View, name: str, seat: int) -> Mapping[str, Any] | None:
    return reading(view, name, seat).best_ask


def row_demand(view: View) -> float:
    """What the R.O.W.'s market stimulus pays for a unit, if it can afford its bids (reckoned
    once per view: every commodity's value asks)."""
    reckoned = sums(view)
    if reckoned.row_demand is None:
        price = int(view["counters"]["cost_of_living"])
        affordable = int(view["row"]) >= int(view["rules"]["stimulus_bids"]) * price
        reckoned.row_demand = float(price) if affordable else 0.0
    return reckoned.row_demand


def commodity_value(view: View, name: str, seat: int) -> float:
    """What a unit is expected to fetch: the best bid now, the R.O.W.'s bids to come, or half the
    last price it sold at."""
    values = sums(view).values
    value = values.get((name, seat))
    if value is None:
        bid = best_bid(view, name, seat)
        now = float(bid["price"]) if bid else 0.0
        last = view["market"][name]["last_sold"] or 0
        value = values[name, seat] = max(now, ROW_PATIENCE * row_demand(view), 0.5 * float(last))
    return value


# --- permits and properties --------------------------------------------------------------------


UnitWorth = Callable[[View, str], float]


def unit_worth(view: View, name: str) -> float:
    """What a unit of a commodity is worth to the seat whose view this is."""
    return commodity_value(view, name, view["seat"])


def yield_per_roll(view: View, card: str, worth: UnitWorth = unit_worth) -> float:
    """A permit's expected gold per roll, by 2d6 odds (a land's commodities at `worth`)."""
    kind, odds, value, produced, commodity = sums(view).cards.facts[card]
    if kind == "property":
        return odds * value
    if kind == "land":
        return odds * produced * season_average(view) * worth(view, str(commodity))
    return 0.0


def buyback(view: View, card: str) -> float:
    """What the central bank pays for a card at the end (a property's value; nothing else)."""
    return sums(view).cards.facts[card][2]


def figures(view: View) -> Figures:
    """What a permit's worth depends on in this view besides the card (`Figures`)."""
    reckoned = sums(view)
    if reckoned.figures is None:
        units = tuple(unit_worth(view, name) for name in reckoned.cards.commodities)
        reckoned.figures = (rolls_left(view), season_average(view), units)
    return reckoned.figures


def permit_worth(view: View, card: str) -> float:
    """A permit's yield over the rolls a player looks ahead, and what it is worth at the end.
    Reckoned once for every view with the same figures (`Figures`)."""
    reckoned = sums(view)
    permits = reckoned.permits
    if permits is None:
        permits = reckoned.permits = reckoned.cards.permit_worths(figures(view))
    value = permits.get(card)
    if value is None:
        value = permits[card] = yield_per_roll(view, card) * rolls_left(view) + buyback(view, card)
    return value


def stack_worth(view: View, stack: Mapping[str, Any]) -> float:
    """A tableau stack's worth: its permits, and the gold invested or stored on it."""
    value = permit_worth(view, stack["card"]) + float(stack["invested"] + stack["stored"])
    return value + (permit_worth(view, stack["top"]) if stack["top"] else 0.0)


PermitWorth = Callable[[View, str], float]


KEPT = ("property", "land")
"""The kinds of card a buyer keeps (with the magic module also labs, golems and decrees)."""


def draw_worth(
    view: View, worth: PermitWorth = permit_worth, kept: tuple[str, ...] = KEPT
) -> float:
    """The expected worth of the top card of the deck, from the cards left in it."""
    left = view["deck_contents"]
    if not left:
        return 0.0
    catalogue = view["catalogue"]
    permits = [c for c in left if catalogue[c]["kind"] in kept]
    if not permits:
        return 0.0
    average = sum(worth(view, c) for c in permits) / len(permits)
    aces = sum(1 for c in left if catalogue[c]["kind"] == "windfall")
    # an Ace gives a permit and its yield once; a 7 gives its buyer nothing
    return (len(permits) * average + aces * average * 1.1) / len(left)


def properties_owned(player: Mapping[str, Any], view: View) -> int:
    """Clubs a player holds, placed or in hand (a Chauffeur is two): what taxes count."""
    catalogue = view["catalogue"]
    placed = sum(2 if s["kind"] == "chauffeur" else 1 for s in player["tableau"])
    held = sum(1 for c in player["hand"] if catalogue[c]["kind"] == "property")
    return placed + held


def tax_due(view: View, player: Mapping[str, Any]) -> int:
    """The tax the player would owe next spring with what they own now."""
    rate = int(view["counters"]["tax_rate"])
    return rate * (int(view["rules"]["tax_base_units"]) + properties_owned(player, view))


def months_to_taxes(view: View) -> int:
    """Turns of the season wheel until it next enters the tax season (spring)."""
    portions = view["counters"]["wheel_portions"]
    now, spring = int(view["counters"]["portion"]), view["rules"]["tax_season"]
    for step in range(1, len(portions) + 1):
        here = (now + step) % len(portions)
        if portions[here] == spring and portions[here - 1] != spring:
            return step
    return len(portions)


# --- investments and Chauffeurs ----------------------------------------------------------------


def doubling_odds(view: View, number: int) -> float:
    """The chance an investment on `number` pays before a 7 takes it."""
    hit, seven = roll_odds(number), roll_odds(int(view["rules"]["seven"]))
    if view["rules"]["investment_pays_on"] == "owner_turn":
        hit /= max(players_in(view), 1)
    return hit / (hit + seven)


def bank_share(view: View, due: float) -> float:
    """How much of a payment of `due` the central bank can make (1.0: all of it)."""
    if not view["rules"]["bank_limited"] or due <= 0:
        return 1.0
    return min(1.0, float(view["bank"]) / due)


def investment_edge(view: View, number: int, stake: int) -> float:
    """Expected gain per gold invested on `number`: what comes back if it doubles, less stake."""
    gain = (int(view["rules"]["investment_multiplier"]) - 1) * stake
    back = stake + gain * bank_share(view, gain)
    return doubling_odds(view, number) * back / max(stake, 1) - 1


def chauffeur_return(view: View, numbers: tuple[int, int], stored: int) -> float:
    """Expected gold per roll that a Chauffeur on `numbers` storing `stored` gold returns."""
    rules = view["rules"]
    due = (stored // int(rules["chauffeur_step"])) * int(rules["chauffeur_return"])
    odds = roll_odds(numbers[0]) + roll_odds(numbers[1])
    return odds * due * bank_share(view, due)


def production(view: View, cards: tuple[str, ...]) -> float:
    """Expected gold per roll that properties produce on their own."""
    return sum(yield_per_roll(view, c) for c in cards)


def score_gap(view: View, seat: int) -> float:
    """How far the seat's score is behind the best other player still in (0 when ahead)."""
    mine = float(view["players"][seat]["score"])
    others = [float(p["score"]) for p in view["players"] if p["seat"] != seat and not p["out"]]
    return max(max(others, default=mine) - mine, 0.0)
