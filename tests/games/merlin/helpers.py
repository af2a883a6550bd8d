"""Merlin tables for scripted tests: a finished auction, arranged holdings, rigged dice."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

import tradingfloor
from tradingfloor.agents import make_agent
from tradingfloor.core.agent import decision_for
from tradingfloor.core.rng import Rng
from tradingfloor.games.merlin.ledger import gold_in_play
from tradingfloor.games.merlin.state import Book, MerlinState, Stack

GAME = tradingfloor.make("merlin")
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}
MODULE_SETS: list[Mapping[str, Any] | None] = [
    None,
    ALL_MODULES,
    {"players": 5, "modules": ["economy", "magic"]},
    {"players": 6, "modules": ["economy", "finance"]},
]
"""Options of each set of modules a match may switch on (the economy alone, all, each with one)."""
MODULE_SET_IDS = ["economy", "all modules", "magic", "finance"]
COMMODITIES = ("souls", "elixir_oil", "essence_grain")


def act(state: MerlinState, seat: int, action: dict[str, Any]) -> MerlinState:
    """Apply a JSON action through the public contract."""
    return GAME.apply(state, seat, GAME.parse_action(action))


def rig(state: MerlinState, dice: tuple[int, int]) -> MerlinState:
    """The same state with a generator position whose next two dice are `dice`."""
    seed = state.rng.seed
    counter = state.rng.counter
    while True:
        cursor = Rng(seed, counter).cursor()
        if (cursor.die(), cursor.die()) == dice:
            return replace(state, rng=Rng(seed, counter))
        counter += 1


WORKED_TAXES = {"setup.counters.tax_rate": 1, "setup.floors.tax_rate": 0}
"""The taxes the scripted tables were worked out with: a start at 1 and no floor. The default
content's are 2 and 1, chosen by the lab for the complete game (test_data.py checks them)."""


def after_auction(
    players: int = 4, seed: int = 1, first_roll: tuple[int, int] = (1, 2), **options: Any
) -> MerlinState:
    """A game whose auction gave the order 0, 1, 2, ... with bids players-1 ... 0 (nothing tied),
    on a table with the worked taxes (`WORKED_TAXES`) unless `data` says otherwise."""
    options["data"] = {**WORKED_TAXES, **dict(options.get("data") or {})}
    state = GAME.new({"players": players, **options}, seed)
    state = rig(state, first_roll)
    for seat in range(players):
        state = act(state, seat, {"type": "turn_bid", "amount": players - 1 - seat})
    return state


def arrange(state: MerlinState, **changes: Any) -> MerlinState:
    """Set holdings directly; the minted count is adjusted so that gold still adds up.

    Keys: gold, hands, tableaux (lists of Stack or card codes), goods, deck, bank, row, counters
    (a dict of counter changes), books.
    """
    core, eco = state.core, state.economy
    if "gold" in changes:
        core = replace(core, gold=tuple(changes["gold"]))
    if "counters" in changes:
        core = replace(core, counters=replace(core.counters, **changes["counters"]))
    ledger = core.ledger
    if "bank" in changes:
        ledger = replace(ledger, bank=changes["bank"])
    if "row" in changes:
        ledger = replace(ledger, row=changes["row"])
    core = replace(core, ledger=ledger)
    if "hands" in changes:
        eco = replace(eco, hands=tuple(tuple(h) for h in changes["hands"]))
    if "tableaux" in changes:
        tableaux = tuple(
            tuple(Stack(s) if isinstance(s, str) else s for s in row) for row in changes["tableaux"]
        )
        eco = replace(eco, tableaux=tableaux)
    if "goods" in changes:
        eco = replace(eco, goods=tuple(tuple(g) for g in changes["goods"]))
    if "deck" in changes:
        eco = replace(eco, deck=tuple(changes["deck"]))
    if "books" in changes:
        eco = replace(eco, books=tuple(changes["books"]))
    state = replace(state, core=core, economy=eco)
    return balance(state)


def arrange_dealt(state: MerlinState, used: Counter[str], **changes: Any) -> MerlinState:
    """`arrange` with the deck made again: the cards of the deck and the hands less those `used`
    by the arranged table, in the configured deck's order."""
    deck = list(state.economy.deck)
    for hand in state.economy.hands:
        deck += hand
    left = Counter(deck) - used
    return arrange(
        state, deck=[c for c in state.config.deck if left[c] and not left.subtract([c])], **changes
    )


def balance(state: MerlinState) -> MerlinState:
    """Count whatever gold an arranged table holds as starting gold."""
    ledger = state.core.ledger
    start = gold_in_play(state) - ledger.minted_production - ledger.minted_issue
    return replace(state, core=replace(state.core, ledger=replace(ledger, minted_start=start)))


def conserved(state: MerlinState) -> bool:
    return gold_in_play(state) == state.core.ledger.minted


def end_turn_rolling(state: MerlinState, dice: tuple[int, int]) -> MerlinState:
    """The current player ends the turn; the next player's roll comes out as `dice`."""
    return act(rig(state, dice), state.core.current, {"type": "end_turn"})


def events(state: MerlinState, kind: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in state.events if e.kind == kind]


def empty_books() -> tuple[Book, ...]:
    return tuple(Book() for _ in COMMODITIES)


Chooser = Callable[[MerlinState, int, random.Random], Any]


def sampled(state: MerlinState, seat: int, rng: random.Random) -> Any:
    """A move drawn from the seat's legal space."""
    return GAME.legal(state, seat).sample(rng)


def random_moves(
    state: MerlinState, seed: int, steps: int, choose: Chooser = sampled
) -> Iterator[tuple[MerlinState, int, Any, MerlinState]]:
    """(before, seat, action, after) for random legal play from `state`, up to `steps` actions
    (or the game's end): a random actor's move, chosen by `choose`."""
    rng = random.Random(seed)
    for _ in range(steps):
        actors = GAME.actors(state)
        if not actors:
            return
        seat = actors[rng.randrange(len(actors))]
        action = choose(state, seat, rng)
        after = GAME.apply(state, seat, action)
        yield state, seat, action, after
        state = after


def random_walk(state: MerlinState, seed: int, steps: int) -> Iterator[MerlinState]:
    """The states of random legal play from `state`, up to `steps` actions (or the game's end)."""
    for _, _, _, after in random_moves(state, seed, steps):
        yield after


def seeded_states(seed: int, bots: bool = False) -> Iterator[MerlinState]:
    """Every state of a seeded four-seat game with every module on: random play, or the
    heuristic's in every seat (whose decisions read the bots' view in between)."""
    rng = random.Random(seed)
    agents = [make_agent(GAME, "heuristic") for _ in range(4)]
    state = GAME.new(ALL_MODULES, seed)
    yield state
    while actors := GAME.actors(state):
        for seat in actors:
            if bots:
                action = agents[seat].act(decision_for(GAME, state, seat), rng)
            else:
                action = GAME.legal(state, seat).sample(rng)
            state = GAME.apply(state, seat, action)
            yield state
