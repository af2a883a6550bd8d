"""Nothing is built in proportion to a number: with gold, cash or coins in the millions (a long
game can get there), views, legal spaces, bots and a search decision stay small.

These tests time nothing. They hold each call to a budget of work: the memory it allocates at
its peak (a list of 10 million moves takes gigabytes). An alarm is only a safety net that ends a
call gone wrong instead of hanging the test run.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tradingfloor
from tradingfloor.agents.ismcts import ISMCTSAgent
from tradingfloor.core.agent import decision_for
from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin import content as merlin_content
from tradingfloor.games.merlin.bounds import Whole
from tradingfloor.games.merlin.spaces import LIST_LIMIT
from tradingfloor.games.merlin.state import Book, Order, Stack

BIG = 10**7
PEAK_MB = 16  # far above what a view or a decision needs, far below a list of BIG moves
SAFETY_SECONDS = 60
VIEW_CHARACTERS = 50_000
DESCRIBE_CHARACTERS = 10_000

MIDDLEMAN = tradingfloor.make("middleman")
BUSINESSMEN = tradingfloor.make("businessmen")
MERLIN = tradingfloor.make("merlin")


@contextmanager
def bounded_work(megabytes: float | None = PEAK_MB) -> Iterator[None]:
    """Fail where the block's allocations peak above `megabytes` (None: not traced, for long
    blocks); an alarm ends it if it runs for minutes (only where alarms can be set: the main
    thread of a POSIX process)."""
    armed = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    previous: Any = None
    if armed:

        def stop(signum: int, frame: Any) -> None:
            raise TimeoutError(
                f"a call ran past {SAFETY_SECONDS} s: it works in proportion to a number"
            )

        previous = signal.signal(signal.SIGALRM, stop)
        signal.alarm(SAFETY_SECONDS)
    tracing = tracemalloc.is_tracing()
    if megabytes is not None and not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    peak = 0
    try:
        yield
        if megabytes is not None:
            _, peak = tracemalloc.get_traced_memory()
    finally:
        if megabytes is not None and not tracing:
            tracemalloc.stop()
        if armed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    if megabytes is not None:
        assert peak < megabytes * 2**20, f"peak allocation {peak / 2**20:.1f} MB"


def size(obj: Any) -> int:
    return len(json.dumps(obj))


def check_decisions(game: Any, state: Any, rng: random.Random) -> None:
    """Every awaited seat's view, legal space and bots, and a spectator's view, stay small."""
    assert size(game.view(state, None)) < VIEW_CHARACTERS
    for seat in game.actors(state):
        assert size(game.view(state, seat)) < VIEW_CHARACTERS
        legal = game.legal(state, seat)
        assert size(legal.describe()) < DESCRIBE_CHARACTERS
        listed = legal.enumerate()
        assert listed is None or len(listed) <= 4096
        for _ in range(5):
            assert legal.contains(legal.sample(rng))
        for make in game.bots().values():
            action = make().act(decision_for(game, state, seat), rng)
            assert legal.contains(action), action


def play_on(game: Any, state: Any, steps: int, seed: int = 1) -> None:
    """Random play for `steps` moves, every decision on the way checked."""
    rng = random.Random(seed)
    for _ in range(steps):
        if not game.actors(state):
            return
        check_decisions(game, state, rng)
        seat = game.actors(state)[0]
        state = game.apply(state, seat, game.legal(state, seat).sample(rng))


def search_once(game: Any, state: Any) -> None:
    """One ISMCTS decision at a small budget, lookahead and tree, for the first awaited seat."""
    seat = game.actors(state)[0]
    legal = game.legal(state, seat)
    for search in ("lookahead", "tree"):
        agent = ISMCTSAgent(iterations=2, search=search)
        assert legal.contains(agent.act(decision_for(game, state, seat), random.Random(5)))


# --- Merlin --------------------------------------------------------------------------------------


def merlin_rich(state: Any) -> Any:
    return replace(state, core=replace(state.core, gold=(BIG,) * state.players))


def merlin_auction() -> Any:
    return merlin_rich(MERLIN.new({"players": 4, "max_orbits": 1}, 3))


def merlin_rank_auction() -> Any:
    state = MERLIN.new({"players": 4, "max_orbits": 1}, 3)
    for seat in range(4):  # a tie for last: the blind rank auction
        state = MERLIN.apply(state, seat, MERLIN.parse_action({"type": "turn_bid", "amount": 0}))
    assert MERLIN.view(state, 0)["step"] == "auction_rank"
    return merlin_rich(state)


def merlin_turn() -> Any:
    """A turn whose every move names millions: investing, storing, taking back, bids, offers."""
    state = MERLIN.new({"players": 4, "max_orbits": 1}, 3)
    for seat in range(4):
        bid = {"type": "turn_bid", "amount": 3 - seat}
        state = MERLIN.apply(state, seat, MERLIN.parse_action(bid))
    me = state.core.current
    tableaux: list[tuple[Stack, ...]] = [()] * 4
    tableaux[me] = (Stack("2C"), Stack("3C", top="4C", stored=BIG), Stack("5D"))
    goods = [(0, 0, 0)] * 4
    goods[me] = (3, 3, 3)
    other = (me + 1) % 4
    books = (
        Book(bids=(Order(900, me, BIG, 0), Order(901, other, BIG, 0))),
        Book(asks=(Order(902, other, 5, 0),)),
        Book(),
    )
    economy = replace(state.economy, tableaux=tuple(tableaux), goods=tuple(goods), books=books)
    counters = replace(state.core.counters, cost_of_living=1000)
    state = replace(state, economy=economy, core=replace(state.core, counters=counters))
    return merlin_rich(state)


MERLIN_TABLES = {"auction": merlin_auction, "rank": merlin_rank_auction, "turn": merlin_turn}


@pytest.mark.parametrize("table", list(MERLIN_TABLES))
def test_merlin_with_millions_of_gold_builds_nothing_that_large(table: str) -> None:
    state = MERLIN_TABLES[table]()
    seat = MERLIN.actors(state)[0]
    with bounded_work():
        legal = MERLIN.legal(state, seat)
        assert legal.count() > LIST_LIMIT  # type: ignore[attr-defined]
        assert legal.enumerate() is None  # too many to list: never listed
        check_decisions(MERLIN, state, random.Random(1))
        search_once(MERLIN, state)
    with bounded_work(None):
        play_on(MERLIN, state, 25)


def test_merlin_amounts_are_ranges_said_with_their_bounds() -> None:
    state = merlin_turn()
    seat = MERLIN.actors(state)[0]
    with bounded_work():
        legal = MERLIN.legal(state, seat)
        forms = {a["type"]: a for a in legal.describe()["actions"] if "fields" in a}
        assert forms["invest"]["fields"]["amount"] == {"label": "gold", "min": 1, "max": BIG}
        assert forms["take_back"]["fields"]["amount"]["max"] == BIG
        assert forms["offer_sale"]["fields"]["price"]["max"] == BIG
        assert forms["ask"]["fields"]["price"]["max"] == 10 * 1000  # the market's limit
        most = MERLIN.parse_action({"type": "bid", "commodity": "souls", "price": BIG})
        assert legal.contains(most)
        over = MERLIN.parse_action({"type": "bid", "commodity": "souls", "price": BIG + 1})
        assert legal.check(over) == f"a bid must be covered: you hold {BIG} gold, not {BIG + 1}"
    auction = merlin_auction()
    with bounded_work():
        legal = MERLIN.legal(auction, 0)
        (form,) = legal.describe()["actions"]
        assert form["fields"]["amount"] == {"label": "gold", "min": 0, "max": BIG}
        assert form["count"] == BIG + 1


def test_merlin_gold_beyond_any_machine_word_is_still_a_range() -> None:
    state = replace(merlin_auction(), core=replace(merlin_auction().core, gold=(10**30,) * 4))
    with bounded_work():
        legal = MERLIN.legal(state, 0)
        assert legal.enumerate() is None
        assert legal.describe()["actions"][0]["count"] == 10**30 + 1
        assert legal.contains(legal.sample(random.Random(1)))


def test_a_random_amount_agrees_with_the_listed_menu() -> None:
    """The moves that were sampled from their listed menu (storing, taking back, lowering a bid,
    the blind bid) now draw the amount directly, and draw what sampling the list would draw: seeded
    random play is the same game as before."""
    turn = merlin_turn()
    eco = turn.economy
    tableaux = tuple(tuple(replace(s, stored=min(s.stored, 6)) for s in t) for t in eco.tableaux)
    books = tuple(
        replace(b, bids=tuple(replace(o, price=min(o.price, 5)) for o in b.bids)) for b in eco.books
    )
    turn = replace(turn, economy=replace(eco, tableaux=tableaux, books=books))
    turn = replace(turn, core=replace(turn.core, gold=(7,) * 4))
    auction = replace(merlin_auction(), core=replace(merlin_auction().core, gold=(9,) * 4))
    tables = {"store": turn, "take_back": turn, "lower_bid": turn, "turn_bid": auction}
    for name, table in tables.items():
        actor = MERLIN.actors(table)[0]
        rule = MERLIN.legal(table, actor).rules[name]  # type: ignore[attr-defined]
        menu = rule.choices(table, actor)
        assert rule.pick is not None and len(menu) > 3
        for seed in range(20):
            listed = menu[random.Random(seed).randrange(len(menu))]
            assert rule.pick(table, actor, random.Random(seed)) == listed, name


# --- Middleman and Businessmen -----------------------------------------------------------------


@pytest.mark.parametrize("guarded", [True, False])
def test_middleman_with_millions_in_cash(guarded: bool) -> None:
    state = MIDDLEMAN.new({"players": 3, "guarded": guarded}, 4)
    rng = random.Random(2)
    for seat in range(3):
        state = MIDDLEMAN.apply(state, seat, MIDDLEMAN.legal(state, seat).sample(rng))
    state = state._replace(cash=(BIG,) * 3)  # the state is a named tuple
    with bounded_work():
        legal = MIDDLEMAN.legal(state, 0)
        assert legal.enumerate() is None
        check_decisions(MIDDLEMAN, state, rng)
    with bounded_work(None):  # searching a whole game under tracing takes seconds
        search_once(MIDDLEMAN, state)
        play_on(MIDDLEMAN, state, 30)


def test_businessmen_with_millions_of_coins() -> None:
    state = BUSINESSMEN.new({"players": 4, "max_rounds": 2}, 4)
    state = state._replace(seats=tuple(s._replace(coins=BIG) for s in state.seats))
    with bounded_work():
        check_decisions(BUSINESSMEN, state, random.Random(3))
        search_once(BUSINESSMEN, state)
    with bounded_work(None):
        play_on(BUSINESSMEN, state, 60)


# --- the absurd match --------------------------------------------------------------------------

ABSURD = [
    ("middleman", {"players": 10**18}),
    ("middleman", {"players": 1e18}),
    ("businessmen", {"goal": 10**18}),
    ("businessmen", {"max_rounds": 1e18}),
    ("merlin", {"data": {"setup.starting_gold": 1e18}}),
    ("merlin", {"data": {"setup.starting_gold": 10**18}}),
    ("merlin", {"data.market.max_ask_multiple": 10**18}),
    ("merlin", {"max_orbits": 10**18}),
    ("merlin", {"volatility": 1e18}),
]


@pytest.mark.parametrize(("game_id", "options"), ABSURD)
def test_an_absurd_number_is_refused_in_a_sentence_at_creation(
    game_id: str, options: dict[str, Any]
) -> None:
    game = tradingfloor.make(game_id)
    for make in (lambda: game.new(options, 1), lambda: game.options(options)):
        with pytest.raises(BadOptions) as refused:
            make()
        said = str(refused.value)
        assert " must be " in said and "Input should" not in said, said


# --- options within the bounds always give a small game ----------------------------------------

MERLIN_FIGURES = [
    (path, spec)
    for path, _, spec in merlin_content.figures()
    if isinstance(spec, Whole) and not path.startswith(("deck.", "seasons.wheels."))
]  # a rank may not appear twice; the quick variant has fewer wheels


@st.composite
def merlin_options(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 6))
    chosen = draw(st.lists(st.sampled_from(MERLIN_FIGURES), max_size=6, unique=True))
    data = {path: draw(st.integers(spec.least, spec.most)) for path, spec in chosen}
    data["setup.starting_gold"] = draw(st.integers(0, 1000))
    return {
        "players": players,
        "few_players": players < 4,
        "volatility": draw(st.integers(0, 10)),
        "max_orbits": draw(st.integers(1, 10_000)),
        "investment_pays_on": draw(st.sampled_from(["any_turn", "owner_turn"])),
        "content": draw(st.sampled_from([None, "quick"])),
        "data": data,
    }


GAMES_OPTIONS = st.one_of(
    st.tuples(
        st.just("middleman"),
        st.fixed_dictionaries({"players": st.integers(2, 8), "guarded": st.booleans()}),
    ),
    st.tuples(
        st.just("businessmen"),
        st.fixed_dictionaries(
            {
                "players": st.integers(2, 4),
                "goal": st.integers(1, 200),
                "max_rounds": st.integers(1, 10_000),
                "decks": st.sampled_from([None, "gentle"]),
            }
        ),
    ),
    st.tuples(st.just("merlin"), merlin_options()),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES_OPTIONS, st.integers(0, 2**32))
def test_options_within_the_bounds_give_small_first_views(
    chosen: tuple[str, dict[str, Any]], seed: int
) -> None:
    game_id, options = chosen
    game = tradingfloor.make(game_id)
    state = game.new(options, seed)
    rng = random.Random(seed)
    for _ in range(8):
        if not game.actors(state):
            break
        assert size(game.view(state, None)) < VIEW_CHARACTERS
        for seat in game.actors(state):
            assert size(game.view(state, seat)) < VIEW_CHARACTERS
            assert size(game.legal(state, seat).describe()) < DESCRIBE_CHARACTERS
        seat = game.actors(state)[0]
        state = game.apply(state, seat, game.legal(state, seat).sample(rng))
