"""What a seat may know of a Merlin table: all on it, never the deck order or sealed bids."""

from __future__ import annotations

from operator import is_
from typing import Any, NamedTuple

from tradingfloor.core.game import Event
from tradingfloor.games.merlin import cards, logbook, narration, rules, words
from tradingfloor.games.merlin.market import spot_price
from tradingfloor.games.merlin.memo import ByIdentity, kept, per_config, per_object
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.rulebook import Told, table_for
from tradingfloor.games.merlin.seasons import season, volatility
from tradingfloor.games.merlin.sections import Parts, Sections, nested, whole
from tradingfloor.games.merlin.state import ROW, Book, MerlinState, Order, Stack

Stacks = dict[Stack, dict[str, Any]]
"""Each tableau stack of a match as a view shows it (told once per match: memo.per_config)."""
QUIET = ("turn_start", "sealed")
"""Events too small for the news line (they stay in the log)."""


def view(state: MerlinState, seat: int | None) -> dict[str, Any]:
    """The table as `seat` sees it (None: a spectator)."""
    return whole(parts_of(state), state, seat)


def bot_view(state: MerlinState, seat: int | None) -> Sections:
    """`view(state, seat)`, each entry made when first read: the game's bots read a few entries
    and never the words (events, news, texts), which are then never made."""
    return Sections(parts_of(state), state, seat)


def parts_of(state: MerlinState) -> Parts:
    """The view's entries for this match: the table's, its modules' sections, and once the game
    is over its result (built once per match)."""
    over = rules.result(state) is not None
    return per_config(state.config, "view_over" if over else "view", lambda: _parts(state, over))


def _parts(state: MerlinState, over: bool) -> Parts:
    parts = dict(ENTRIES)
    for key, section in table_for(state).view:
        parts[key] = nested(section)
    if over:
        parts.update(ENDING)
    return parts


ENTRIES: Parts = {
    "game": lambda state, seat: "merlin",
    "seat": lambda state, seat: seat,
    "modules": lambda state, seat: list(state.config.modules),
    "phase": lambda state, seat: state.core.phase,
    "step": lambda state, seat: rules.step(state, seat) if seat is not None else None,
    "actors": lambda state, seat: list(rules.actors(state)),
    "order": lambda state, seat: list(state.core.order),
    "current": lambda state, seat: _current(state),
    "turn": lambda state, seat: state.core.turn_no,
    "orbit": lambda state, seat: _orbit(state),
    "max_orbits": lambda state, seat: state.config.max_orbits,
    "counters": lambda state, seat: _counters(state),
    "bank": lambda state, seat: state.core.ledger.bank,
    "row": lambda state, seat: state.core.ledger.row,
    "pot": lambda state, seat: state.core.ledger.pot,
    "minted": lambda state, seat: _minted(state),
    "dice": lambda state, seat: list(state.core.dice) if state.core.dice else None,
    "deck": lambda state, seat: len(state.economy.deck),
    # which cards are left is public; not their order
    "deck_contents": lambda state, seat: per_object(state.economy.deck, "sorted", sorted),
    "catalogue": lambda state, seat: per_config(
        state.config, "catalogue", lambda: _catalogue(state)
    ),
    "rules": lambda state, seat: _figures_now(state),
    "offers_left": lambda state, seat: _offers_left(state),
    "commodities": lambda state, seat: list(state.config.content.commodities),
    "commodity_names": lambda state, seat: per_config(
        state.config, "commodity_names", lambda: _names(state)
    ),
    "players": lambda state, seat: _players(state),
    "market": lambda state, seat: _market(state),
    "offer": lambda state, seat: _offer(state),
    "auction": lambda state, seat: _auction(state, seat),
    "vote": lambda state, seat: _vote(state, seat),
    "status": lambda state, seat: narration.status(state),
    "chapter": lambda state, seat: narration.chapter(state),
    "news": lambda state, seat: _news(state, seat),
    "events": lambda state, seat: _events(state.events, seat),
    "turn_log": lambda state, seat: _events(state.turn_log, seat),
    "recent": lambda state, seat: _recent(state, seat),
}
"""The view's own entries, in its order (the modules' sections and the result follow)."""
ENDING: Parts = {
    "result": lambda state, seat: _result(state),
    "recap": lambda state, seat: narration.recap(state),
}
"""The entries of a finished game's view."""


def _current(state: MerlinState) -> int | None:
    core = state.core
    return core.current if core.order and core.phase != "auction" else None


def _orbit(state: MerlinState) -> int:
    core = state.core
    return min(core.orbit + 1, state.config.max_orbits) if core.order else 0


def _counters(state: MerlinState) -> dict[str, Any]:
    """The counters as views show them: the same while the counters and the volatility are
    (the counters are one record, rebuilt only when one changes)."""
    counters, moved_by = state.core.counters, volatility(state)
    found = _COUNTERS.find(counters)
    if found is None or found[0] != moved_by:
        found = _COUNTERS.keep(counters, (moved_by, _counters_told(state)))
    return found[1]


_COUNTERS: ByIdentity[tuple[int, dict[str, Any]]] = ByIdentity()


def _counters_told(state: MerlinState) -> dict[str, Any]:
    counters = state.core.counters
    wheel = state.config.content.wheels[counters.wheel]
    return {
        "season": season(state),
        "portion": counters.portion,
        "portions": len(wheel.portions),
        "wheel": wheel.name,
        "wheel_portions": list(wheel.portions),
        "year": counters.year,
        "cost_of_living": counters.cost_of_living,
        "research_cost": counters.research_cost,
        "tax_rate": counters.tax_rate,
        "climate": counters.climate,
        "volatility": volatility(state),
    }


def _minted(state: MerlinState) -> dict[str, int]:
    ledger = state.core.ledger
    return {
        "start": ledger.minted_start,
        "production": ledger.minted_production,
        "bank_issue": ledger.minted_issue,
    }


def _offers_left(state: MerlinState) -> int:
    return state.config.content.max_offers_per_turn - state.economy.offers_made


def _players(state: MerlinState) -> list[dict[str, Any]]:
    """Every seat as views show it: the last list told while what it is told from is the same
    (the same objects: about one move in four, a sealed vote, changes none of them), else each
    seat's last record while what that seat is told from is the same (most moves change one
    seat's gold or goods and leave the others be)."""
    core, eco = state.core, state.economy
    told_from = (
        *(state.config, core.gold, core.out, core.debt, core.bankrupt_since, core.order),
        *(core.turn, eco.hands, eco.fresh, eco.tableaux, eco.goods, eco.books),
        getattr(state.finance, "debts", None),  # (scores count debts between players)
    )
    last = _last_players.get("told")
    if last is not None and all(map(is_, last.told_from, told_from)):
        return last.records
    same_match = last if last is not None and last.config is state.config else None
    told = _last_players["told"] = _seats_told(state, told_from, same_match)
    return told.records


class _Players(NamedTuple):
    """The players last told: what the list was told from, the match's configuration, what each
    seat's record was told from (`_seat_keys`), and the records (replaced whole)."""

    told_from: tuple[Any, ...]
    config: Any
    keys: list[tuple[Any, ...]]
    records: list[dict[str, Any]]


def _seats_told(state: MerlinState, told_from: tuple[Any, ...], last: _Players | None) -> _Players:
    """Every seat's record: the last one told of a seat whose key is the same, else made now."""
    keys = _seat_keys(state)
    if last is not None and keys == last.keys:
        return _Players(told_from, last.config, keys, last.records)
    stacks: Stacks = per_config(state.config, "stacks", dict)
    if last is None or len(last.keys) != len(keys):
        records = [_player(state, seat, stacks, key[SCORE]) for seat, key in enumerate(keys)]
    else:
        before = zip(keys, last.keys, last.records, strict=True)
        records = [
            record if key == was else _player(state, seat, stacks, key[SCORE])
            for seat, (key, was, record) in enumerate(before)
        ]
    return _Players(told_from, state.config, keys, records)


def _seat_keys(state: MerlinState) -> list[tuple[Any, ...]]:
    """Per seat, all its record is told from (equal keys: equal records): its gold, out, debt,
    bankruptcy, hand, tableau, goods, score, and the cards bought this turn when it is the
    current seat and has bought any (else none: the record is the same whoever is current, and
    the seats' keys stay the same when the turn passes)."""
    core, eco = state.core, state.economy
    players, current = len(core.gold), core.current
    fresh: list[tuple[str, ...] | None] = [None] * players
    if eco.fresh and 0 <= current < players:
        fresh[current] = eco.fresh
    return list(
        zip(
            *(core.gold, core.out, core.debt, core.bankrupt_since),
            *(eco.hands, eco.tableaux, eco.goods, _scores(state), fresh),
            strict=True,
        )
    )


SCORE = 7
"""Where a seat's key holds its score."""


def _scores(state: MerlinState) -> tuple[int, ...]:
    """`rules.scores(state)`, the last answer while what it reckons from is the same objects
    (half the moves that change a seat's record change none of them: a turn, a debt)."""
    core, eco = state.core, state.economy
    reckoned_from = (
        *(state.config, core.gold, core.out, eco.tableaux, eco.hands, eco.goods, eco.books),
        getattr(state.finance, "debts", None),
    )
    last = _last_scores.get("told")
    if last is not None and all(map(is_, last[0], reckoned_from)):
        return last[1]
    scores = rules.scores(state)
    _last_scores["told"] = (reckoned_from, scores)
    return scores


_last_players: dict[str, _Players] = kept({})
"""The players last told (under "told"; emptied by memo.forget)."""
_last_scores: dict[str, tuple[tuple[Any, ...], tuple[int, ...]]] = kept({})
"""What the last scores were reckoned from, and them (under "told"; emptied by memo.forget)."""


def _market(state: MerlinState) -> dict[str, dict[str, Any]]:
    names, books = state.config.content.commodities, state.economy.books
    return {name: per_object(book, "book", _book) for name, book in zip(names, books, strict=True)}


def _news(state: MerlinState, seat: int | None) -> list[str]:
    return [e["text"] for e in _events(state.events, seat) if e["kind"] not in QUIET]


def _result(state: MerlinState) -> dict[str, Any]:
    result = rules.result(state)
    assert result is not None, "a finished game's view"
    return result.to_json()


# An event reads the same in every view that shows it, and keeps its number: each is told once,
# and its record shared by those views.
_TOLD: ByIdentity[dict[str, Any]] = ByIdentity()
_NUMBERED: ByIdentity[dict[str, Any]] = ByIdentity()


class _Numbered(NamedTuple):
    """The records of recent events told, one per event whoever may see it (immutable: views
    made at once in several threads each read one whole)."""

    events: tuple[Event, ...]
    first: int  # the first event's number
    records: list[dict[str, Any]]
    public: list[bool]  # per event, whether every seat sees it

    def then(self, events: tuple[Event, ...], first: int) -> _Numbered:
        """These events told, numbered from `first`: the next state's recent events are mostly
        these, shifted, so only the events new since are told."""
        shift = first - self.first
        kept = len(self.events) - shift
        records, public = self.records, self.public
        if not (shift >= 0 and 0 < kept <= len(events)) or events[:kept] != self.events[shift:]:
            kept = shift = 0
            records, public = [], []
        new = events[kept:]
        return _Numbered(
            events,
            first,
            records[shift:] + [_numbered(event, n) for n, event in enumerate(new, first + kept)],
            public[shift:] + [event.visible_to is None for event in new],
        )

    def seen_by(self, seat: int | None) -> list[dict[str, Any]]:
        """The records of the events `seat` may see (the shared list when every seat sees all)."""
        if False not in self.public:
            return self.records
        return [r for r, e in zip(self.records, self.events, strict=True) if e.visible(seat)]


_NONE_TOLD = _Numbered((), 0, [], [])
_last_recent: dict[str, _Numbered] = kept({})
"""The last recent events told (under "told"; emptied by memo.forget)."""


def _recent(state: MerlinState, seat: int | None) -> list[dict[str, Any]]:
    """The latest events, numbered from the start of the game, that `seat` may see."""
    numbered = _last_recent.get("told", _NONE_TOLD)
    recent = state.recent.whole()
    first = state.event_count - len(recent) + 1
    if recent is not numbered.events or first != numbered.first:
        numbered = _last_recent["told"] = numbered.then(recent, first)
    return numbered.seen_by(seat)


def _numbered(event: Event, n: int) -> dict[str, Any]:
    """The record of `event`, numbered `n`."""
    numbered = _NUMBERED.find(event)
    if numbered is None or numbered["n"] != n:
        numbered = _NUMBERED.keep(event, {"n": n, **_told(event)})
    return numbered


def _events(events: tuple[Event, ...], seat: int | None) -> list[dict[str, Any]]:
    return [_told(e) for e in events if e.visible(seat)]


def _told(event: Event) -> dict[str, Any]:
    """An event's JSON with its words (`text`, seats as {seat:N}: see words.fill)."""
    if isinstance(event, Told):
        return event.record
    told = _TOLD.find(event)
    if told is None:
        text = logbook.event_text(event.to_json())
        told = _TOLD.keep(event, {**event.to_json(), "text": text})
    return told


def _names(state: MerlinState) -> dict[str, str]:
    return {name: words.goods(name) for name in state.config.content.commodities}


def _figures_now(state: MerlinState) -> dict[str, Any]:
    """The rules' figures: the same all match but for the largest ask, which follows the cost of
    the living (told once per match and cost)."""
    told: dict[int, dict[str, Any]] = per_config(state.config, "figures", dict)
    cost = state.core.counters.cost_of_living
    if cost not in told:
        told[cost] = _figures(state)
    return told[cost]


def _figures(state: MerlinState) -> dict[str, Any]:
    """The rules' figures that a player weighs: what investments, Chauffeurs, the market and the
    seasons pay and cost (the data files' numbers, public like the rule book)."""
    content = state.config.content
    return {
        "investment_multiplier": content.investment_multiplier,
        "investment_pays_on": state.config.investment_pays_on,
        "chauffeur_step": content.chauffeur_step,
        "chauffeur_return": content.chauffeur_return,
        "holding_fee": content.holding_fee,
        "holding_fee_per": content.holding_fee_per,
        "stimulus_bids": content.stimulus_bids,
        "stimulus_months": content.stimulus_months,
        "max_ask": content.max_ask_multiple * state.core.counters.cost_of_living,
        "bank_limited": content.bank_limited,
        "tax_base_units": content.tax_base_units,
        "tax_season": content.tax_season,
        "season_multiplier": dict(content.multiplier),
        "seven": content.seven,
    }


def _catalogue(state: MerlinState) -> dict[str, dict[str, Any]]:
    """What every card of the match's deck is: the rules' public reference."""
    config = state.config
    out: dict[str, dict[str, Any]] = {}
    jokers = config.magic.figures.jokers if config.magic is not None else ()
    for card in dict.fromkeys((*config.deck, *jokers)):
        entry: dict[str, Any] = {"number": cards.rank(config, card)}
        if cards.is_property(config, card):
            entry.update(kind="property", value=cards.property_value(config, card))
        elif cards.is_land(config, card):
            number = cards.rank(config, card)
            commodity = config.content.land_commodity[number]
            entry.update(kind="land", commodity=commodity)
            entry["yield"] = config.content.land_yield.get(number, 0)
        elif cards.is_inflation(config, card):
            entry.update(kind="inflation")
        elif cards.is_windfall(config, card):
            entry.update(kind="windfall")
        else:
            entry.update(_magic_kind(state, card))
        out[card] = entry
    return out


def _magic_kind(state: MerlinState, card: str) -> dict[str, Any]:
    """What a card of the magic module is: a lab, a golem, a royal decree or a Joker."""
    config = state.config
    if config.magic is None:
        return {"kind": "other"}
    suit = cards.suit(config, card)
    if cards.is_lab(config, card):
        spell = suit == config.magic.figures.research.spell_suit
        return {"kind": "lab", "lab": "spell" if spell else "potion"}
    if cards.is_golem(config, card):
        golems = config.magic.figures.golems
        stone = cards.rank(config, card) == golems.stone_rank
        role = "attack" if suit in golems.attack_suits else "defend"
        return {"kind": "golem", "golem": "stone" if stone else "bronze", "role": role}
    if cards.is_king(config, card):
        return {"kind": "decree"}
    if cards.is_joker(config, card):
        return {"kind": "joker"}
    return {"kind": "other"}


def _player(state: MerlinState, seat: int, stacks: Stacks, score: int) -> dict[str, Any]:
    core, eco = state.core, state.economy
    names = state.config.content.commodities
    return {
        "seat": seat,
        "gold": core.gold[seat],
        "out": core.out[seat],
        "debt": core.debt[seat],
        "bankrupt": core.bankrupt_since[seat] is not None,
        "hand": list(eco.hands[seat]),
        "fresh": [c for c in eco.fresh if c in eco.hands[seat]] if seat == core.current else [],
        "tableau": _TABLEAUX.get(eco.tableaux[seat], lambda t: _tableau(state, t, stacks)),
        "goods": dict(zip(names, eco.goods[seat], strict=True)),
        "score": score,
    }


_TABLEAUX: ByIdentity[list[dict[str, Any]]] = ByIdentity()
"""A seat's tableau as views show it, by the tableau's identity: most moves leave it be (a
tableau belongs to one match, whose stacks read the same all match)."""


def _tableau(
    state: MerlinState, tableau: tuple[Stack, ...], stacks: Stacks
) -> list[dict[str, Any]]:
    return [stacks.get(s) or _stack(state, s, stacks) for s in tableau]


def _stack(state: MerlinState, stack: Stack, stacks: Stacks) -> dict[str, Any]:
    """A tableau stack, kept in `stacks`: the same stack reads the same all match."""
    config = state.config
    stacks[stack] = {
        "card": stack.base,
        "number": cards.rank(config, stack.base),
        "value": cards.property_value(config, stack.base),
        "kind": kind(state, stack),
        "top": stack.top,
        "top_number": cards.rank(config, stack.top) if stack.top else None,
        "invested": stack.invested,
        "stored": stack.stored,
    }
    return stacks[stack]


def _owner(owner: int) -> int | str:
    return "row" if owner == ROW else owner


def _book(book: Book) -> dict[str, Any]:
    return {
        "ladder": {
            "bids": _BID_LADDERS.get(book.bids, _bid_ladder),
            "asks": _ASK_LADDERS.get(book.asks, _ask_ladder),
        },
        "bids": _BID_LISTS.get(book.bids, _bid_list),
        "asks": _ASK_LISTS.get(book.asks, _ask_list),
        "escrow": [{"owner": e.owner, "gold": e.gold} for e in book.escrow],
        "spot": spot_price(book),
        "last_sold": book.last_sold,
    }


# A book changes one order at a time: the orders that stay are told once (each is immutable), and
# so are the list and the ladder of the side that did not change.
_BIDS: ByIdentity[dict[str, Any]] = ByIdentity()
_ASKS: ByIdentity[dict[str, Any]] = ByIdentity()
_BID_LADDERS: ByIdentity[list[dict[str, Any]]] = ByIdentity()
_ASK_LADDERS: ByIdentity[list[dict[str, Any]]] = ByIdentity()
_BID_LISTS: ByIdentity[list[dict[str, Any]]] = ByIdentity()
_ASK_LISTS: ByIdentity[list[dict[str, Any]]] = ByIdentity()


def _bid_list(bids: tuple[Order, ...]) -> list[dict[str, Any]]:
    return _BIDS.get_each(bids, _bid)


def _ask_list(asks: tuple[Order, ...]) -> list[dict[str, Any]]:
    return _ASKS.get_each(asks, _ask)


def _bid(bid: Order) -> dict[str, Any]:
    return {
        "order": bid.id,
        "owner": _owner(bid.owner),
        "price": bid.price,
        "escrow": bid.escrow_since is not None,
    }


def _ask(ask: Order) -> dict[str, Any]:
    return {"order": ask.id, "owner": _owner(ask.owner), "price": ask.price}


def _bid_ladder(bids: tuple[Order, ...]) -> list[dict[str, Any]]:
    return _ladder(bids, -1)


def _ask_ladder(asks: tuple[Order, ...]) -> list[dict[str, Any]]:
    return _ladder(asks, 1)


def _ladder(orders: tuple[Order, ...], direction: int) -> list[dict[str, Any]]:
    """One side of a book by price, best first: each price with its count and who holds them."""
    prices: dict[int, list[int | str]] = {}
    for order in orders:
        if order.escrow_since is None:
            owner = order.owner
            prices.setdefault(order.price, []).append("row" if owner == ROW else owner)
    return [
        {"price": price, "count": len(owners), "owners": owners}
        for price, owners in sorted(prices.items(), key=lambda item: direction * item[0])
    ]


def _offer(state: MerlinState) -> dict[str, Any] | None:
    offer = state.economy.offer
    if offer is None:
        return None
    return {"seller": offer.seller, "buyer": offer.buyer, "card": offer.card, "price": offer.price}


def _auction(state: MerlinState, seat: int | None) -> dict[str, Any] | None:
    auction = state.core.auction
    if auction is None:
        return None
    now = auction.queue[0] if auction.queue else None
    mine = auction.sealed[seat] if seat is not None and 0 <= seat < state.players else None
    return {
        "contest": None
        if now is None
        else {"kind": now.kind, "seats": list(now.seats), "first_place": now.first_place},
        "places": list(auction.places),
        "sealed": [s is not None for s in auction.sealed],
        "mine": list(mine) if mine is not None else None,
        "history": list(auction.history),
        "pot": state.core.ledger.pot,
    }


def _vote(state: MerlinState, seat: int | None) -> dict[str, Any] | None:
    vote = state.core.vote
    if vote is None:
        return None
    mine = vote.sealed[seat] if seat is not None and 0 <= seat < state.players else None
    return {
        "voters": list(vote.voters),
        "sealed": [vote.sealed[s] is not None for s in vote.voters],
        "mine": mine,
    }
