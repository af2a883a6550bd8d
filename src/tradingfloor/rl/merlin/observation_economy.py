"""The economy's part of Merlin's observation: the game, counters, players, cards, stacks,
market and offers (`observation` writes them in order with the modules' parts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tradingfloor.games.merlin import rules
from tradingfloor.games.merlin.market import spot_price
from tradingfloor.games.merlin.memo import ByIdentity
from tradingfloor.games.merlin.state import Book, MerlinState
from tradingfloor.rl.merlin.catalogue import CARDS, COMMODITY_SLOTS, STACK_BASES
from tradingfloor.rl.merlin.features import (
    CARD,
    COUNTERS,
    ECONOMY_OFFERS,
    GAME,
    MARKET,
    PLAYER,
    SEASONS,
    STACK,
    STEPS,
)
from tradingfloor.rl.merlin.writing import BASE_INDEX, CARD_INDEX, KeptRows, Writer, squash


def game(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    figures = (view.get("step"), len(view["players"]), view.get("order") or ())
    orbit = (view["orbit"], view["max_orbits"], view["turn"], view["phase"])
    _write_game(parts, me, *figures, view.get("actors") or (), *orbit)


def game_of_state(parts: Writer, state: MerlinState, me: int | None) -> None:
    """`game` of the seat's view, read from the state as view.py tells it."""
    core, most = state.core, state.config.max_orbits
    step = rules.step(state, me) if me is not None else None
    orbit = min(core.orbit + 1, most) if core.order else 0  # (view.py's `_orbit`)
    # (a view's players are a record per seat)
    figures = (step, len(core.gold), core.order, rules.actors(state))
    _write_game(parts, me, *figures, orbit, most, core.turn_no, core.phase)


def _write_game(
    parts: Writer,
    me: int | None,
    step: str | None,
    players: int,
    order: Sequence[int],
    actors: Sequence[int],
    orbit: int,
    max_orbits: int,
    turn: int,
    phase: str,
) -> None:
    part = parts.take(len(GAME))
    part[STEPS.index(step) if step in STEPS else len(STEPS) - 1] = 1
    base = len(STEPS)
    if me is not None and 0 <= me < 6:
        part[base + me] = 1
    part[base + 6] = players / 6
    if me in order and order.index(me) < 6:
        part[base + 7 + order.index(me)] = 1
    part[base + 13] = me in actors
    part[base + 14] = len(actors) / 6
    most = max(1, max_orbits)
    part[base + 15] = min(orbit / most, 1.0)
    part[base + 16] = squash(orbit, 10)
    part[base + 17] = squash(turn, 50)
    part[base + 18] = phase == "over"


def counters(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(COUNTERS))
    counters = view["counters"]
    if counters["season"] in SEASONS:
        part[SEASONS.index(counters["season"])] = 1
    dice = view.get("dice") or (0, 0)
    part[4:] = [
        counters["portion"] / max(1, counters["portions"]),
        squash(counters["year"], 5),
        squash(counters["cost_of_living"], 5),
        squash(counters["research_cost"], 5),
        squash(counters["tax_rate"], 3),
        squash(counters["climate"], 5),
        squash(counters["volatility"], 3),
        squash(view["bank"], 50),
        squash(view["row"], 20),
        squash(view["pot"], 10),
        view["deck"] / 54,
        dice[0] / 6,
        dice[1] / 6,
        squash(view.get("offers_left", 0), 2),
    ]


COUNTERS_FROM = (
    *("config", "core.counters", "core.ledger", "core.dice", "economy.deck"),
    *("economy.offers_made", "magic.volatility"),
)
"""The counters, the ledger, the dice, the deck, the offers made and the volatility."""


def players(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(6, len(PLAYER))
    magic, finance = view.get("magic"), view.get("finance")
    names = tuple(view["commodities"])[: len(COMMODITY_SLOTS)]
    order = list(view.get("order") or ())
    monarchy = max(1, magic["monarchy_crowns"]) if magic else 1
    for player in view["players"][:6]:
        s = player["seat"]
        hands = magic["hands"][s] if magic else {}
        owed = finance["owed"][s] if finance else {}
        modules = (
            hands.get("spells", 0),
            hands.get("recipes", 0),
            hands.get("potions", 0),
            min(magic["crowns"][s] / monarchy, 1.0) if magic else 0,
            squash(magic["bank_debt"][s], 10) if magic else 0,
            owed.get("owes", 0),
            owed.get("is_owed", 0),
            (order.index(s) + 1) / 6 if s in order else 0,
        )
        key = (s, s == me, names, modules)
        rows[s] = _PLAYERS.rows(player, key, _player, player, me, names, modules)


def players_of_state(parts: Writer, state: MerlinState, me: int | None) -> None:
    """`players` of the seat's view, read from the state as view.py tells its players' records
    (a record per seat, in seat order; the goods in the commodities' order) and the magic and
    finance sections their hands, crowns, bank debts and debts between players: making the
    records and their scores costs more than the numbers."""
    core, eco = state.core, state.economy
    seats = min(len(core.gold), 6)
    owed = _owed_of_state(state)
    magic = _magic_of_state(state, seats)
    scores: tuple[int, ...] = rules.scores(state)
    gold, out, debt, since = core.gold, core.out, core.debt, core.bankrupt_since
    order, current, fresh = core.order, core.current, eco.fresh
    hands, tableaux, held = eco.hands, eco.tableaux, eco.goods
    numbers: list[float] = []
    for seat in range(seats):
        hand = hands[seat]
        goods = [squash(n, 5) for n in held[seat][: len(COMMODITY_SLOTS)]]
        goods += [0.0] * (len(COMMODITY_SLOTS) - len(goods))
        numbers += [
            1,
            seat == me,
            out[seat],
            since[seat] is not None,
            squash(gold[seat], 20),
            squash(debt[seat], 10),
            squash(len(hand), 5),
            # (a record's fresh cards: those bought this turn still in hand, the current seat's)
            squash(sum(card in hand for card in fresh) if seat == current else 0, 2),
            squash(len(tableaux[seat]), 5),
            *goods,
            squash(scores[seat], 50),
            *magic[seat],
            squash(owed[0][seat], 20),
            squash(owed[1][seat], 20),
            (order.index(seat) + 1) / 6 if seat in order else 0,
        ]
    parts.put(numbers, 6 * len(PLAYER))  # (each row as `_player` writes it)


def _owed_of_state(state: MerlinState) -> tuple[list[int], list[int]]:
    """What each seat owes to and is owed by players (finance/view.py's `owed`: nothing
    without finance; a debt to the R.O.W. or the bank is no seat's)."""
    players = len(state.core.gold)
    owes, is_owed = [0] * players, [0] * players
    if state.finance is None:
        return owes, is_owed
    for debt in state.finance.debts:
        if 0 <= debt.debtor < players:
            owes[debt.debtor] += debt.amount
        if 0 <= debt.creditor < players:
            is_owed[debt.creditor] += debt.amount
    return owes, is_owed


def _magic_of_state(state: MerlinState, seats: int) -> list[list[float]]:
    """Each seat's magic figures as `_player` writes them (magic/view.py's hands, crowns over
    the monarchy's and bank debt; 0 each without magic)."""
    magic = state.magic
    if magic is None:
        return [[0.0] * 5] * seats
    monarchy = max(1, state.config.magic.figures.decrees.monarchy_crowns)
    spells, recipes, potions = magic.spells, magic.recipes, magic.potions
    crowns, bank_debt = magic.crowns, magic.bank_debt
    return [
        [
            squash(len(spells[seat]), 3),
            squash(len(recipes[seat]), 3),
            squash(len(potions[seat]), 3),
            min(crowns[seat] / monarchy, 1.0),
            squash(bank_debt[seat], 10),
        ]
        for seat in range(seats)
    ]


PLAYERS_FROM = (
    *("config", "core.gold", "core.out", "core.debt", "core.bankrupt_since", "core.order"),
    *("core.turn", "economy.hands", "economy.fresh", "economy.tableaux", "economy.goods"),
    *("economy.books", "finance.debts"),
    *("magic.spells", "magic.recipes", "magic.potions", "magic.crowns", "magic.bank_debt"),
)
"""What the players' records are told from (view.py's `players`, scores included), and the
modules' figures of each: hands, crowns, bank debts, debts between players."""


_PLAYERS = KeptRows((len(PLAYER),))


def _player(
    row: np.ndarray,
    player: Mapping[str, Any],
    me: int | None,
    names: tuple[str, ...],
    modules: tuple[Any, ...],
) -> None:
    """A seat's row: its place, gold, cards, goods and score, and the modules' figures
    (`modules`: its spells, recipes and potions, crowns and bank debt, what it owes and is owed,
    its place in the turn order)."""
    spells, recipes, potions, crowns, bank_debt, owes, is_owed, place = modules
    goods = [squash(player["goods"].get(name, 0), 5) for name in names]
    goods += [0.0] * (len(COMMODITY_SLOTS) - len(goods))
    row[:] = [
        1,
        player["seat"] == me,
        player["out"],
        player["bankrupt"],
        squash(player["gold"], 20),
        squash(player["debt"], 10),
        squash(len(player["hand"]), 5),
        squash(len(player["fresh"]), 2),
        squash(len(player["tableau"]), 5),
        *goods,
        squash(player["score"], 50),
        squash(spells, 3),
        squash(recipes, 3),
        squash(potions, 3),
        crowns,
        bank_debt,
        squash(owes, 20),
        squash(is_owed, 20),
        place,
    ]


def cards(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(CARDS), len(CARD))
    columns = len(CARD)
    marked = list(_DECK_MARKS.get(view.get("deck_contents") or (), _deck_marks))
    for player in view["players"]:
        s = player["seat"]
        fresh = set(player["fresh"])
        for card in player["hand"]:
            if card in CARD_INDEX:
                column = (2 if card in fresh else 1) if s == me else 3
                marked.append(CARD_INDEX[card] * columns + column)
        if s < 6:
            for stack in player["tableau"]:
                for card in (stack["card"], stack["top"]):
                    if card in CARD_INDEX:
                        marked.append(CARD_INDEX[card] * columns + 4 + s)
    rows.reshape(-1)[marked] = 1  # (each mark at once: the same ones as one by one)


CARDS_FROM = (
    *("config", "economy.deck", "economy.hands", "economy.fresh", "economy.tableaux"),
    *("core.order", "core.turn"),
)
"""The deck, the hands, the cards bought this turn and by whom, the tableaux."""


def _deck_marks(deck: list[str]) -> list[int]:
    """Where the cards left in the deck are marked (column 0 of their rows)."""
    return [CARD_INDEX[card] * len(CARD) for card in deck if card in CARD_INDEX]


_DECK_MARKS: ByIdentity[list[int]] = ByIdentity(limit=64)
"""Per list of the deck's cards (the view's, kept while the deck is the same): its marks."""


def stacks(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(STACK_BASES), len(STACK))
    for player in view["players"]:
        for stack in player["tableau"]:
            i = BASE_INDEX.get(stack["card"])
            if i is not None:
                rows[i, 0:3] = [
                    squash(stack["invested"], 10),
                    squash(stack["stored"], 10),
                    stack["top"] is not None,
                ]
    magic = view.get("magic")
    if not magic:
        return
    for shop in magic["shops"]:
        i = BASE_INDEX.get(shop["on"])
        if i is not None:
            fee = shop["open_fee"]
            rows[i, 3:6] = [
                shop["kind"] == "spell_shop",
                shop["kind"] == "brewery",
                -0.1 if fee is None else min(fee / 10, 1.0),
            ]
    for stack in magic["stacks"]:
        i = BASE_INDEX.get(stack["on"])
        if i is not None:
            rows[i, 6:13] = [
                stack["damaged"],
                squash(stack["hp"], 2),
                squash(stack["attackers"], 1),
                squash(stack["defenders"], 1),
                stack["entrenched"],
                stack["ruined"],
                stack["held_by"] is not None,
            ]


STACKS_FROM = (
    *("config", "economy.tableaux"),
    *("magic.open_shops", "magic.golems", "magic.damage", "magic.ruined"),
)
"""The tableaux; with magic, the shops open and the golems' fights."""


def market(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    rows = parts.take(len(COMMODITY_SLOTS), len(MARKET))
    for slot, name in enumerate(list(view["commodities"])[: len(COMMODITY_SLOTS)]):
        book = view["market"][name]
        rows[slot] = _BOOKS.rows(book, (me, slot), _book, book, me)


def market_of_state(parts: Writer, state: MerlinState, me: int | None) -> None:
    """`market` of the seat's view, read from the books as view.py tells them (a view's
    market is each commodity's book, in the commodities' order)."""
    rows = parts.take(len(COMMODITY_SLOTS), len(MARKET))
    for slot, book in enumerate(state.economy.books[: len(COMMODITY_SLOTS)]):
        rows[slot] = _BOOKS_OF_STATE.rows(book, (me, slot), _book_of_state, book, me)


MARKET_FROM = ("config", "economy.books")


_BOOKS = KeptRows((len(MARKET),))
_BOOKS_OF_STATE = KeptRows((len(MARKET),))


def _book(row: np.ndarray, book: Mapping[str, Any], me: int | None) -> None:
    """A commodity's book: its prices, its orders, the seat's orders and escrow."""
    bids, asks = book["bids"], book["asks"]
    mine = (
        sum(b["owner"] == me for b in bids),
        sum(a["owner"] == me for a in asks),
        sum(e.get("owner") == me for e in book["escrow"]),
    )
    prices = ([b["price"] for b in bids], [a["price"] for a in asks])
    _write_book(row, book["spot"], book["last_sold"], *prices, mine)


def _book_of_state(row: np.ndarray, book: Book, me: int | None) -> None:
    """`_book` of the book's record in a view (whose R.O.W. orders no seat owns)."""
    bids, asks = book.bids, book.asks
    mine = (
        sum(b.owner == me for b in bids),
        sum(a.owner == me for a in asks),
        sum(e.owner == me for e in book.escrow),
    )
    prices = ([b.price for b in bids], [a.price for a in asks])
    _write_book(row, spot_price(book), book.last_sold, *prices, mine)


def _write_book(
    row: np.ndarray,
    spot: int | None,
    last_sold: int | None,
    bids: list[int],
    asks: list[int],
    mine: tuple[int, int, int],
) -> None:
    """A book's row from its prices, its orders' prices and the seat's bids, asks, escrows."""
    row[:] = [
        1,
        squash(spot or 0, 5),
        squash(last_sold or 0, 5),
        squash(max(bids, default=0), 5),
        squash(min(asks, default=0), 5),
        squash(len(bids), 3),
        squash(len(asks), 3),
        *(squash(n, 3) for n in mine),
    ]


def offers(parts: Writer, view: Mapping[str, Any], me: int | None) -> None:
    part = parts.take(len(ECONOMY_OFFERS))
    offer = view.get("offer")
    if offer:
        part[0:4] = [
            1,
            offer.get("buyer") == me,
            offer.get("seller") == me,
            squash(offer.get("price") or 0, 20),
        ]
    auction = view.get("auction")
    if auction:
        contest = auction.get("contest") or {}
        part[4:8] = [
            1,
            contest.get("kind") == "blind",
            len(contest.get("seats", ())) / 6,
            squash(auction.get("pot") or 0, 10),
        ]
    vote = view.get("vote")
    if vote:
        sealed = vote.get("sealed") or ()
        part[8:10] = [1, me is not None and me < len(sealed) and bool(sealed[me])]


OFFERS_FROM = ("config", "economy.offer", "core.auction", "core.ledger", "core.vote")
"""The property offered, the auction under way and its pot, the vote."""
