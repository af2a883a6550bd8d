"""Test helpers: decks that force chance, and driving a table through the public contract."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import tradingfloor
from tradingfloor.games.businessmen.decks import Decks, parse_decks
from tradingfloor.games.businessmen.state import BusinessmenState

GAME = tradingfloor.make("businessmen")
OLYA, NAZAR, MARTA, ANTON = 0, 1, 2, 3

# The rule text's example card and export card; one-sector wheels force every spin.
OPTION_1 = 'up = "fish"\ndown = "wood"'
OPTION_2 = 'embargo = ["metal", "wood"]'


def forced_decks(
    sector: str = OPTION_1,
    events: tuple[str, ...] = ("nothing",),
    card: str = "oil = 6\nwood = 5\nmetal = 4\nmeat = 3",
    export: str = '["oil", "wood", "grain"]',
) -> Decks:
    """Decks of one goods card, one export card, and one-sector wheels."""
    wheel = ", ".join(f'"{name}"' for name in events)
    text = (
        f"events_wheel = [{wheel}]\n\n[[goods_cards]]\n{card}\n\n"
        f"[[export_cards]]\ngoods = {export}\n\n[[price_wheel]]\n{sector}\n"
    )
    return parse_decks(text, "forced.toml")


def act(state: BusinessmenState, seat: int, action: dict[str, Any]) -> BusinessmenState:
    """`seat` takes the action given in its JSON form, through the public contract."""
    assert GAME.actors(state) == (seat,), f"expected seat {seat} to act, not {GAME.actors(state)}"
    return GAME.apply(state, seat, GAME.parse_action(action))


def tablet(state: BusinessmenState, seat: int) -> dict[str, Any]:
    """`seat`'s tablet as a spectator sees it."""
    players: list[dict[str, Any]] = GAME.view(state, None)["players"]
    return players[seat]


def menu(state: BusinessmenState, seat: int) -> list[dict[str, Any]]:
    """`seat`'s legal actions in JSON form."""
    listed = GAME.legal(state, seat).enumerate()
    assert listed is not None
    return [a.to_json() for a in listed]


def conserved(state: BusinessmenState) -> None:
    """Coins and goods add up between the bank, supply, market, cars and warehouses."""
    assert sum(s.coins for s in state.seats) + state.bank == 10 * state.players
    for g in range(6):
        on_table = state.supply[g] + state.market[g]
        on_table += sum(car.load for car in state.cars if car.good == g)
        on_table += sum(s.main[g] + s.temp[g] for s in state.seats)
        assert on_table == 25, f"good {g}: {on_table} units"
    assert all(car.load == 0 or car.good is not None for car in state.cars)
    assert all(min(s.main) >= 0 and min(s.temp) >= 0 and s.coins >= 0 for s in state.seats)


def played_states(seed: int, options: dict[str, int]) -> Iterator[BusinessmenState]:
    """Every state of a seeded random game: real fields of their declared types (the compiled
    engine refuses placeholders of another type)."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    while actors := GAME.actors(state):
        yield state
        seat = actors[0]
        state = GAME.apply(state, seat, GAME.legal(state, seat).sample(rng))
