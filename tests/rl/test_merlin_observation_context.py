"""What the menu reads of a view made from a state (`context.ViewDigest`: the seat's gold, the
market's orders, the gold stored on its stacks, the covered bids) is read from the state itself:
the same as reading the view's players, market and finance section."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import tradingfloor
from tests.games.merlin.helpers import random_moves
from tradingfloor.games.merlin.view import bot_view, view
from tradingfloor.rl.merlin.context import ViewDigest

GAME = tradingfloor.make("merlin")
ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"]}


@pytest.mark.parametrize("options", [None, ALL_MODULES], ids=["economy", "all modules"])
def test_the_digest_of_a_state_reads_what_the_views_players_and_market_tell(
    options: Mapping[str, Any] | None,
) -> None:
    bids = 0
    for state, _, _, _ in random_moves(GAME.new(options, 9), 9, 600):
        for seat in range(GAME.players(state)):
            of_state, of_view = ViewDigest(bot_view(state, seat)), ViewDigest(view(state, seat))
            assert of_state.state is not None and of_view.state is None
            assert of_state.gold == of_view.gold
            assert of_state.stored == of_view.stored
            assert list(of_state.orders.items()) == list(of_view.orders.items())
            assert list(of_state.wanted.items()) == list(of_view.wanted.items())
            bids += len(of_state.wanted)
    assert bids > 0 or options is None  # (the finance module's covered bids are reached)
