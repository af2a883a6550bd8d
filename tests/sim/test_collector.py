"""The cyclic collector while a run plays: collecting less often, and left as it was after."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tradingfloor.sim import backends
from tradingfloor.sim.backends import GAMES_THRESHOLDS, play_chunk, run_local
from tradingfloor.sim.match import Row
from tradingfloor.sim.spec import GameTask, RunSpec

CALLERS = (1234, 5, 6)
"""A caller's own thresholds, unlike the defaults and GAMES_THRESHOLDS."""


@pytest.fixture
def callers_collector() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(*CALLERS)
    yield
    gc.set_threshold(*before)


@pytest.fixture
def tasks() -> list[GameTask]:
    return RunSpec("middleman", ("random", "random", "random"), games=3, seed=2).tasks()


def seen_while_playing(monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> list[object]:
    """Patch the games' player to note the collector's thresholds at each game (or to fail)."""
    seen: list[object] = []

    def play(task: GameTask) -> Row:
        seen.append(gc.get_threshold())
        if fail:
            raise RuntimeError("a game failed")
        return {"index": task.index}

    monkeypatch.setattr(backends, "play_task", play)
    return seen


@pytest.mark.usefixtures("callers_collector")
def test_games_in_this_process_play_at_the_games_thresholds_and_restore_the_callers(
    monkeypatch: pytest.MonkeyPatch, tasks: list[GameTask]
) -> None:
    seen = seen_while_playing(monkeypatch)
    rows = run_local(tasks, workers=1)
    assert [row["index"] for row in rows] == [0, 1, 2]
    assert seen == [GAMES_THRESHOLDS] * 3
    assert gc.get_threshold() == CALLERS


@pytest.mark.usefixtures("callers_collector")
def test_a_failing_game_still_restores_the_callers_thresholds(
    monkeypatch: pytest.MonkeyPatch, tasks: list[GameTask]
) -> None:
    seen_while_playing(monkeypatch, fail=True)
    with pytest.raises(RuntimeError, match="a game failed"):
        run_local(tasks, workers=1)
    assert gc.get_threshold() == CALLERS


@pytest.mark.usefixtures("callers_collector")
def test_a_chunk_plays_at_the_games_thresholds_and_restores_the_workers(
    monkeypatch: pytest.MonkeyPatch, tasks: list[GameTask]
) -> None:
    seen = seen_while_playing(monkeypatch)
    assert len(play_chunk(tasks)) == 3
    assert seen == [GAMES_THRESHOLDS] * 3
    assert gc.get_threshold() == CALLERS


def test_a_pool_worker_collects_at_the_games_thresholds() -> None:
    before = gc.get_threshold()
    try:
        backends._worker_setup()
        assert gc.get_threshold() == GAMES_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
