"""Resampling what no seat can see: the order of the undrawn decks and every future spin."""

from __future__ import annotations

import random

from tradingfloor.core.rng import Rng
from tradingfloor.games.businessmen.state import BusinessmenState


def redetermine(state: BusinessmenState, seat: int, rng: random.Random) -> BusinessmenState:
    """A state nobody can tell from `state`: the undrawn decks reshuffled and a fresh seed."""
    goods = list(state.goods_deck)
    exports = list(state.export_deck)
    rng.shuffle(goods)
    rng.shuffle(exports)
    return state._replace(
        goods_deck=tuple(goods), export_deck=tuple(exports), rng=Rng(rng.getrandbits(62))
    )
