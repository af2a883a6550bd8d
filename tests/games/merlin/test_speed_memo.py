"""The values kept per configuration are each configuration's own, however the asks alternate,
and are built afresh once forgotten (the last configuration asked is found without the table)."""

from __future__ import annotations

from dataclasses import replace

from tradingfloor.games.merlin import memo

from .helpers import GAME


def test_each_configuration_keeps_its_own_values() -> None:
    first = GAME.new({"players": 4}, 1).config
    second = replace(first, max_orbits=first.max_orbits + 1)
    built: list[str] = []

    def build(name: str) -> str:
        built.append(name)
        return name

    assert memo.per_config(first, "figure", lambda: build("first")) == "first"
    assert memo.per_config(first, "figure", lambda: build("again")) == "first"
    assert memo.per_config(second, "figure", lambda: build("second")) == "second"
    assert memo.per_config(first, "figure", lambda: build("again")) == "first"
    assert memo.per_config(second, "figure", lambda: build("again")) == "second"
    assert memo.per_config(second, "other", lambda: build("other")) == "other"
    memo.forget()
    assert memo.per_config(second, "figure", lambda: build("afresh")) == "afresh"
    assert built == ["first", "second", "other", "afresh"]


def test_the_least_recently_asked_configuration_is_forgotten_past_the_limit() -> None:
    first = GAME.new({"players": 4}, 1).config
    others = [replace(first, max_orbits=first.max_orbits + 1 + n) for n in range(memo.KEPT)]
    memo.forget()
    assert memo.per_config(first, "figure", lambda: "first") == "first"
    for number, other in enumerate(others[:-1]):
        memo.per_config(other, "figure", lambda number=number: f"other {number}")
    assert memo.per_config(first, "figure", lambda: "again") == "first"  # KEPT kept: all found
    memo.per_config(others[-1], "figure", lambda: "last")  # one too many: the oldest goes
    assert memo.per_config(others[0], "figure", lambda: "afresh") == "afresh"
    assert memo.per_config(first, "figure", lambda: "again") == "first"  # asked lately: kept
