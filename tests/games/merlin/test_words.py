"""Merlin in words: every move a person is offered and every log entry reads in the rules' terms."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tradingfloor.agents import make_agent
from tradingfloor.core.playout import play_out
from tradingfloor.games.merlin import logbook, words
from tradingfloor.games.merlin.state import Book, MerlinState, Order

from .helpers import GAME, act, after_auction, arrange

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|[{}\[\]]")
"""What must not reach a person: snake_case names, JSON braces and brackets (seats aside)."""


def readable(text: str) -> bool:
    named = words.fill(text, lambda s: f"Seat {s}", None)
    return not IDENTIFIER.search(named)


def labels(state: MerlinState, seat: int) -> list[str]:
    return [e["label"] for e in GAME.legal(state, seat).describe()["actions"]]


def test_the_issues_examples() -> None:
    state = GAME.new({"players": 4}, 3)
    assert "Seal a bid for turn order: the highest bid goes first" in labels(state, 0)
    from tradingfloor.games.merlin.actions import TurnBid

    assert words.label(state, 0, TurnBid(amount=3)) == "Bid 3 gold for turn order"
    ask = Order(id=7, owner=2, price=4, placed=0)
    state = arrange(after_auction(), books=(Book(), Book(), Book(asks=(ask,))))
    assert "Buy 1 Essence Grain from {seat:2}'s ask at 4" in labels(state, 0)
    assert words.fill("Buy 1 Essence Grain from {seat:2}'s ask at 4", {2: "Ann"}.get) == (
        "Buy 1 Essence Grain from Ann's ask at 4"
    )


def test_the_tax_vote_in_words() -> None:
    from tradingfloor.games.merlin.actions import TaxVote

    state = after_auction()
    assert words.label(state, 0, TaxVote(choice="keep")) == "Keep the tax rate at 1"
    assert words.label(state, 0, TaxVote(choice="down")).startswith("Lower the tax rate to 0")


def test_fill_names_the_seat_at_the_keyboard_you() -> None:
    text = "{seat:1} sold 1 Souls to {seat:0} at 3; {seat:0}'s bid is gone"
    assert (
        words.fill(text, lambda s: f"Seat {s}", 0)
        == "Seat 1 sold 1 Souls to you at 3; your bid is gone"
    )


@pytest.fixture(scope="module")
def played() -> list[MerlinState]:
    """Every state of a few games of every kind of bot."""
    states: list[MerlinState] = []
    for seed, kinds in enumerate(
        [["heuristic"] * 4, ["heuristic", "random", "beginner", "random"], ["random"] * 5]
    ):
        agents = [make_agent(GAME, kind) for kind in kinds]
        start = GAME.new({"players": len(kinds), "max_orbits": 25}, seed)
        play_out(
            GAME,
            start,
            agents,
            random.Random(seed),
            observe=lambda before, seat, action, after: states.append(after),
        )
    return states


def test_every_event_has_its_own_words_with_its_figures(played: list[MerlinState]) -> None:
    kinds: set[str] = set()
    for state in played:
        for event in state.events:
            kinds.add(event.kind)
            assert event.kind in logbook.EVENTS, event.kind
            text = logbook.event_text(event.to_json())
            assert readable(text), text
    assert {"roll", "produced", "buy_permit", "trade", "tax", "auction_round"} <= kinds


def test_every_move_offered_is_labelled(played: list[MerlinState]) -> None:
    seen: set[str] = set()
    for state in played[::7]:
        for seat in GAME.actors(state):
            for entry in GAME.legal(state, seat).describe()["actions"]:
                seen.add(entry["type"])
                assert readable(entry["label"]), entry
                for spec in entry.get("fields", {}).values():
                    assert readable(spec["label"])
                    assert all(readable(str(text)) for text in spec.get("labels", []))
    assert {"turn_bid", "bid", "ask", "buy_permit", "end_turn", "place"} <= seen


def test_a_views_log_carries_its_words(played: list[MerlinState]) -> None:
    view: dict[str, Any] = GAME.view(played[-1], 0)
    assert view["recent"] and all(readable(e["text"]) for e in view["recent"])
    assert view["commodity_names"] == {
        "souls": "Souls",
        "elixir_oil": "Elixir Oil",
        "essence_grain": "Essence Grain",
    }


def test_the_ladder_counts_prices_best_first() -> None:
    asks = tuple(Order(id=i, owner=i % 2, price=p, placed=0) for i, p in enumerate([5, 3, 3, 4]))
    bids = (Order(id=9, owner=1, price=2, placed=0), Order(id=10, owner=0, price=1, placed=0))
    state = arrange(after_auction(), books=(Book(bids=bids, asks=asks), Book(), Book()))
    ladder = GAME.view(state, 0)["market"]["souls"]["ladder"]
    assert ladder["asks"] == [
        {"price": 3, "count": 2, "owners": [1, 0]},
        {"price": 4, "count": 1, "owners": [1]},
        {"price": 5, "count": 1, "owners": [0]},
    ]
    assert [rung["price"] for rung in ladder["bids"]] == [2, 1]
    state = act(state, 0, {"type": "end_turn"})  # the bids of a past turn may leave
    state = act(state, 1, {"type": "exit_bid", "order": 9})
    assert [r["price"] for r in GAME.view(state, 0)["market"]["souls"]["ladder"]["bids"]] == [1]
