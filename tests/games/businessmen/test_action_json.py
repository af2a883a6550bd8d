"""Every action's JSON form is pydantic's JSON dump of it, and parses back to the same action."""

from __future__ import annotations

from itertools import combinations

from tradingfloor.games.businessmen import menus
from tradingfloor.games.businessmen.actions import CODEC, Store
from tradingfloor.games.businessmen.names import GOODS

EVERY_ACTION = [
    menus.PASS,
    menus.PLAY,
    menus.SKIP,
    *menus.BUYS.values(),
    *menus.LOADS.values(),
    *menus.EXPORTS.values(),
    *menus.IMPROVES,
    *menus.INSURES,
    *(Store(keep=keep) for n in range(4) for keep in combinations(GOODS, n)),
]


def test_to_json_is_the_json_dump() -> None:
    for action in EVERY_ACTION:
        assert action.to_json() == action.model_dump(mode="json"), action
        assert list(action.to_json()) == list(action.model_dump(mode="json"))  # the same order
        assert CODEC.parse(action.to_json()) == action
