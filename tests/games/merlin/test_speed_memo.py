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
