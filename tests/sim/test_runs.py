"""Runs: seat rotation, seeding, and the same rows whatever the backend or worker count."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.agents.tiny_games import Nim, Pennies
from tradingfloor.core.errors import BadOptions, UnknownGame
from tradingfloor.core.record import MatchRecord
from tradingfloor.core.registry import register, unregister
from tradingfloor.sim.backends import chunks
from tradingfloor.sim.run import prepared, run
from tradingfloor.sim.spec import GameTask, RunSpec, parse_assignments, parse_sweep
from tradingfloor.sim.store import read_rows, write_rows

MIDDLEMAN = RunSpec("middleman", ("heuristic", "random", "random"), games=6, seed=3)


@pytest.fixture
def tiny() -> Iterator[None]:
    for game in (Nim(), Pennies()):
        register(game)
    yield
    for game_id in ("tiny-nim", "tiny-pennies"):
        unregister(game_id)


def test_seats_rotate_through_every_position() -> None:
    tasks = RunSpec("middleman", ("a", "b", "c"), games=3).tasks()
    assert [t.seats for t in tasks] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for agent in "abc":
        assert sorted(t.seats.index(agent) for t in tasks) == [0, 1, 2]


def test_game_seeds_depend_on_run_seed_and_index_only() -> None:
    first = [t.seed for t in RunSpec("middleman", ("a",), games=4, seed=9).tasks()]
    assert first == [t.seed for t in RunSpec("middleman", ("b", "c"), games=4, seed=9).tasks()]
    assert len(set(first)) == 4
    assert first != [t.seed for t in RunSpec("middleman", ("a",), games=4, seed=10).tasks()]


def test_a_sweep_plays_each_value_and_fits_the_seats_to_the_players() -> None:
    spec = prepared(RunSpec("middleman", ("heuristic", "random"), 2, sweeps=(("players", (2, 4)),)))
    tasks = spec.tasks()
    assert [t.options["players"] for t in tasks] == [2, 2, 4, 4]
    assert [t.sweep for t in tasks] == [{"players": 2}] * 2 + [{"players": 4}] * 2
    assert tasks[2].seats == ("heuristic", "random", "heuristic", "random")


def test_a_grid_of_two_options_gives_every_combination() -> None:
    sweeps = (("players", (2, 3, 4)), ("guarded", (False, True)))
    tasks = prepared(RunSpec("middleman", ("random",), 1, sweeps=sweeps)).tasks()
    assert [(t.options["players"], t.options["guarded"]) for t in tasks] == [
        (p, g) for p in (2, 3, 4) for g in (False, True)
    ]
    assert tasks[5].sweep == {"players": 4, "guarded": True}
    with pytest.raises(ValueError, match="swept twice"):
        RunSpec("middleman", ("random",), 1, sweeps=(("players", (2,)), ("players", (3,))))
    with pytest.raises(ValueError, match="both set and swept"):
        RunSpec("middleman", ("random",), 1, options={"players": 2}, sweeps=(("players", (3,)),))


def test_players_follow_the_seats_when_not_set() -> None:
    assert prepared(RunSpec("middleman", ("random",) * 4, 1)).options["players"] == 4


def test_bad_specs_are_refused_before_any_game() -> None:
    with pytest.raises(UnknownGame):
        prepared(RunSpec("no-such-game", ("random",), 1))
    with pytest.raises(ValueError, match="unknown bot kind"):
        prepared(RunSpec("middleman", ("random", "genius"), 1))
    with pytest.raises(BadOptions):
        prepared(RunSpec("middleman", ("random",) * 3, 1, options={"players": 99}))
    with pytest.raises(ValueError):
        parse_assignments(["players"])
    with pytest.raises(ValueError):
        parse_sweep("players=")


def test_assignments_parse_as_json_where_they_can() -> None:
    assert parse_assignments(["players=4", "guarded=true", "name=x"]) == {
        "players": 4,
        "guarded": True,
        "name": "x",
    }
    assert parse_sweep("players=2, 3") == ("players", (2, 3))


def test_rows_are_the_same_for_one_worker_and_a_pool() -> None:
    alone = run(MIDDLEMAN, workers=1, reference=True)
    pooled = run(MIDDLEMAN, workers=2, reference=True)
    assert alone == pooled
    assert [r["index"] for r in alone] == list(range(6))
    assert run(MIDDLEMAN, workers=1, reference=True) == alone


def test_a_row_describes_its_game(tmp_path: Path) -> None:
    rows = run(MIDDLEMAN, reference=True)
    row = rows[1]
    assert row["seats"] == ["random", "random", "heuristic"]
    assert row["game"] == "middleman" and row["version"]
    assert len(row["scores"]) == 3 and row["winners"]
    assert row["length"] > 0 and row["margin"] >= 0
    shares = [r["balance.supply_exceeds_demand"] for r in rows]
    assert all(share is None or 0 <= share <= 1 for share in shares)  # None: no round completed
    assert any(share is not None for share in shares)
    assert read_rows(write_rows(rows, tmp_path / "games.parquet")) == rows


@pytest.mark.usefixtures("tiny")
def test_tiny_games_run_in_a_pool_too() -> None:
    spec = RunSpec("tiny-nim", ("random", "random"), games=4, seed=1)
    assert run(spec, workers=2) == run(spec, workers=1)


@pytest.mark.usefixtures("tiny")
def test_a_batch_engine_plays_the_run_when_it_has_every_seat() -> None:
    calls: list[int] = []

    def run_rows(tasks: Sequence[GameTask]) -> list[dict[str, Any]]:
        calls.append(len(tasks))
        return [{"index": t.index, "seats": list(t.seats)} for t in tasks]

    fast = types.ModuleType("tradingfloor.games.tiny-nim.fast")
    fast.VECTORIZED_POLICIES = {"random"}  # type: ignore[attr-defined]
    fast.run_rows = run_rows  # type: ignore[attr-defined]
    sys.modules["tradingfloor.games.tiny-nim.fast"] = fast
    try:
        spec = RunSpec("tiny-nim", ("random", "random"), games=3)
        assert run(spec) == [{"index": i, "seats": list(spec.tasks()[i].seats)} for i in range(3)]
        assert calls == [3]
        assert run(spec, reference=True)[0]["record"]  # asked for the rules engine: it is used
        assert calls == [3]
    finally:
        del sys.modules["tradingfloor.games.tiny-nim.fast"]


def test_ray_gives_the_local_rows() -> None:
    ray = pytest.importorskip("ray")
    local = run(MIDDLEMAN, workers=1, reference=True)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run(MIDDLEMAN, ray_address="local", reference=True)
    finally:
        ray.shutdown()
    assert remote == local


def test_a_variant_the_batch_engine_does_not_play_goes_to_the_rules_engine() -> None:
    spec = RunSpec("middleman", ("heuristic", "heuristic"), games=2, options={"rounds": 3})
    rows = run(spec)  # the batch engine would refuse the variant
    assert len(rows) == 2
    assert all(MatchRecord.loads(row["record"]).options["rounds"] == 3 for row in rows)


def test_ray_chunks_keep_every_task_once_in_order() -> None:
    tasks = RunSpec("middleman", ("a", "b"), games=1000).tasks()
    cut = chunks(tasks, cpus=2)
    assert [task for chunk in cut for task in chunk] == tasks
    assert len(cut) == 16 and all(len(chunk) <= 64 for chunk in cut)
    assert chunks(tasks[:3], cpus=2) == [[task] for task in tasks[:3]]
