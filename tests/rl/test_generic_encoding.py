"""The generic encoder: its observation is the hashing of every number of the view by its path
(written here the plain way, one number at a time), whatever the shape of the view; its menu
lists each legal action once; and the environment asks the game for a view once per state."""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from enum import Enum, IntEnum
from typing import Any

import numpy as np
import pytest

import tradingfloor
from tradingfloor.core.spaces import ActionSpace, ChoiceSpace
from tradingfloor.rl.businessmen import BusinessmenEncoder
from tradingfloor.rl.encoding import Menu, MenuEncoder, _numbers
from tradingfloor.rl.pettingzoo_env import aec_env

ALL_MODULES = {"players": 4, "modules": ["economy", "magic", "finance"], "max_orbits": 20}


def plain_observation(view: Mapping[str, Any], features: int = 256) -> np.ndarray:
    out = np.zeros(features, dtype=np.float32)
    for path, value in _numbers(view, ""):
        out[zlib.crc32(path.encode()) % features] += value
    return np.clip(out, -1e6, 1e6)


class Colour(Enum):
    RED = "red"


class Rank(IntEnum):
    HIGH = 3


def test_odd_views_hash_as_the_plain_way_does() -> None:
    encoder = MenuEncoder(features=16)
    views: list[Any] = [
        {},
        {"a": 1, "b": [1, 2.5, True, None, "x"], "c": {"d": {"e": [[1], [], {"f": "g"}]}}},
        {"tuple": (1, 2), "enum": Rank.HIGH, "colour": Colour.RED, 7: "key not a text"},
        {"big": 10**30, "small": -(10**9), "half": 0.1, "b": [0.2, 0.3] * 5},
        {"a": 1, "b": [1, 2]},  # the same paths again, other shapes below them
        {"a": "one", "b": {"0": 1}},
    ]
    for view in views * 2:  # the second time from what the encoder remembers
        expected = plain_observation(view, 16)
        assert np.array_equal(encoder.observe(view), expected), view


@pytest.mark.parametrize(
    "game, options",
    [("businessmen", None), ("merlin", None), ("merlin", ALL_MODULES)],
    ids=["businessmen", "merlin", "merlin all modules"],
)
def test_every_view_of_seeded_episodes_hashes_as_the_plain_way_does(
    game: str, options: dict[str, Any] | None
) -> None:
    env = aec_env(game, options)
    env.reset(seed=4)
    rng = random.Random(4)
    table = env.table
    encoder = MenuEncoder()  # the generic encoder, also where the game has its own
    for _ in range(40):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        for seat in range(table.players):
            view = table.game.view(table.state, seat)
            assert np.array_equal(encoder.observe(view), plain_observation(view))
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.randrange(len(legal))]))


class Drawn(ActionSpace):
    """A space too big to list, whose samples repeat: some hashable, some not."""

    def __init__(self) -> None:
        self.draws = [("a",), ["b"], ("a",), ["b"], ("c",), ["d"]]

    def check(self, action: Any) -> str | None:
        return None

    def sample(self, rng: random.Random) -> Any:
        return self.draws[rng.randrange(len(self.draws))]

    def enumerate(self) -> None:
        return None

    def describe(self) -> dict[str, Any]:
        return {}


def test_a_drawn_menu_holds_each_action_once_in_the_order_first_drawn() -> None:
    rng = random.Random(1)
    menu = MenuEncoder(size=8).menu({}, Drawn(), rng)
    again = random.Random(1)
    expected: list[Any] = []
    for _ in range(4 * 8):
        action = Drawn().sample(again)
        if action not in expected:
            expected.append(action)
        if len(expected) == 8:
            break
    assert list(menu.actions) == expected and len(expected) == 4


def test_a_listed_menu_masks_its_actions() -> None:
    menu = MenuEncoder(size=5).menu({}, ChoiceSpace(["x", "y"]), random.Random(0))
    assert isinstance(menu, Menu)
    assert menu.mask.tolist() == [1, 1, 0, 0, 0] and menu.action(1) == "y"
    with pytest.raises(ValueError):
        menu.action(2)


def test_the_environment_draws_one_view_per_state_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    # Businessmen's encoder reads its lean view (`seat_view`): drawn once per state and seat, and
    # the game's whole view (its words and events) never.
    game = tradingfloor.make("businessmen")
    drawn: list[tuple[int, int | None]] = []
    whole: list[int | None] = []
    states: list[Any] = []  # kept, so that no two states share an id
    original = BusinessmenEncoder.seat_view

    def counting(state: Any, seat: int | None) -> Any:
        states.append(state)
        drawn.append((id(state), seat))
        return original(state, seat)

    monkeypatch.setattr(BusinessmenEncoder, "seat_view", staticmethod(counting))
    monkeypatch.setattr(type(game), "view", lambda self, state, seat: whole.append(seat))
    env = aec_env("businessmen")
    env.reset(seed=2)
    for _ in range(20):
        observation, *_ = env.last()
        env.observe(env.agent_selection)  # again: the same view
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert len(drawn) == len(set(drawn)) > 0
    assert whole == []
