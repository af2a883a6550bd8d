"""The benchmark table and its figures, on tiny workloads: what they count and report, never how
fast (no timed assertion)."""

from __future__ import annotations

import os
from io import StringIO

import pytest
from benchmarks.__main__ import SOURCES, _table
from benchmarks.harness import (
    Figure,
    Measured,
    Sample,
    actions_per_s,
    anchor_multiple,
    games_per_s,
    note_below,
    notes_at_most,
)
from rich.console import Console

from benchmarks import lab, memory, reference, rl_steps, server_load
from tradingfloor.sim.spec import RunSpec


def measured(name: str, games: float, actions: float, **extra: str) -> Measured:
    figure = Figure(name, "", lambda: Sample(1, 1, 1.0))
    return Measured(figure, [games], [actions], dict(extra))


def test_targets_tell_whether_a_measurement_meets_them() -> None:
    anchor = measured("anchor", 100, 1000)
    row = measured("engine", 10, 400)
    assert anchor_multiple(0.35).met(row, anchor) is True
    assert anchor_multiple(0.5).met(row, anchor) is False
    assert anchor_multiple(0.35).met(row, None) is None  # no anchor in this table
    assert actions_per_s(400).met(row, None) and not actions_per_s(401).met(row, None)
    assert games_per_s(10).met(row, None) and not games_per_s(11).met(row, None)
    runs = measured("load", 1, 1, **{"p99 ms": "30.0/70.0/40.0"})
    assert note_below("p99 ms", 50).met(runs, None) is True  # the median run: 40 ms
    assert note_below("p99 ms", 35).met(runs, None) is False
    assert note_below("p99 ms", 50).met(measured("idle", 1, 1, **{"p99 ms": "-"}), None) is None
    limits = notes_at_most({"median s": 1.0, "p95 s": 3.0})
    assert limits.met(measured("search", 1, 1, **{"median s": "0.40", "p95 s": "3.00"}), None)
    slow = measured("search", 1, 1, **{"median s": "1.20", "p95 s": "2.0"})
    assert limits.met(slow, None) is False
    assert limits.met(measured("search", 1, 1, **{"median s": "0.40"}), None) is None


def test_the_table_shows_each_target_whether_met_and_the_ratio_of_actions() -> None:
    anchor_figure = Figure("anchor", "", lambda: Sample(1, 1, 1.0), anchor=True)
    engine = Figure("engine", "", lambda: Sample(1, 1, 1.0), target=anchor_multiple(0.35))
    rss = Figure("memory", "", lambda: Sample(1, 1, 1.0), versus_anchor=False)
    rows = [
        Measured(anchor_figure, [10], [1000], {}),
        Measured(engine, [50], [400], {}),
        Measured(rss, [5], [5], {"peak MB": "80"}),
    ]
    console = Console(file=StringIO(), width=200)
    console.print(_table(rows))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    engine_line = next(line for line in text.splitlines() if "engine" in line)
    assert "0.400" in engine_line and ">= 0.35x anchor" in engine_line and "yes" in engine_line
    memory_line = next(line for line in text.splitlines() if "memory" in line)
    assert "0.005" not in memory_line and "peak MB 80" in memory_line


def test_every_figure_the_issue_names_is_in_the_table() -> None:
    names = [figure.name for source in SOURCES for figure in source.figures()]
    assert len(names) == len(set(names))
    wanted = [
        "merlin reference, random play, 4 seats, all modules",
        "lab, businessmen, 4 seats, heuristic play, both cores",
        "lab, merlin, 4 seats, all modules, heuristic play, both cores",
        "pettingzoo AEC, businessmen, random legal actions",
        "pettingzoo AEC, merlin, all modules, random legal actions",
        "memory: server, 1,000 finished + 100 live matches",
        "memory: lab, 10,000 middleman heuristic games",
        "ismcts decision, middleman",
        "ismcts decision, businessmen",
        "ismcts decision, merlin, all modules",
    ]
    assert all(name in names for name in wanted), set(wanted) - set(names)
    targets = {f.name: f.target for source in SOURCES for f in source.figures() if f.target}
    assert targets["middleman reference, random play, 3 seats"].text == ">= 0.35x anchor"
    assert targets["merlin reference, random play, 4 seats, all modules"].text == ">= 0.12x anchor"
    assert targets["server load, 100 matches / 300 WebSocket clients"].text == "p99 ms < 50"
    assert targets["ismcts decision, businessmen"].text == (
        "median s <= 1, p95 s <= 3, cut by the time budget <= 0"
    )


def test_reference_playouts_count_every_action() -> None:
    import tradingfloor

    sample = reference._playout_sample(tradingfloor.make("merlin"), reference.ALL_MODULES, 1)
    assert sample.games == 1 and sample.actions > 0


@pytest.mark.parametrize("game, options", [(g, o) for _, g, o, _ in rl_steps.SETUPS])
def test_the_environment_steps_are_counted(game: str, options: dict[str, object]) -> None:
    sample = rl_steps.play_steps(game, options, 25)
    assert sample.actions == 25


@pytest.mark.parametrize("workers", [1, 2])
def test_the_lab_figure_plays_through_the_labs_runner(workers: int) -> None:
    spec = RunSpec("businessmen", ("heuristic",) * 4, 2, seed=1, options={"players": 4})
    sample = lab.lab_sample(spec, workers)
    assert sample.games == 2 and sample.actions > 0


def test_the_lab_memory_figure_reads_the_peak_of_a_simulate_process() -> None:
    sample = memory.lab_memory(games=30)
    assert sample.games == 30 and sample.actions > 0
    assert float(sample.extra["peak MB"]) > 0


@pytest.mark.slow
def test_the_server_memory_figure_holds_finished_and_live_matches() -> None:
    sample = memory.server_memory(finished=3, live=2, seconds=1)
    assert sample.games == 3 and sample.actions > 0
    assert float(sample.extra["server peak MB"]) > 0
    assert sample.extra["matches"] == "3 finished + 2 live"


def test_the_load_generator_and_the_server_get_a_core_each() -> None:
    server_core, load_core = server_load.two_cores()
    if len(os.sched_getaffinity(0)) >= 2:
        assert server_core is not None and load_core is not None and server_core != load_core
    else:
        assert (server_core, load_core) == (None, None)


@pytest.mark.slow
def test_a_short_load_run_is_measured_from_a_pinned_generator() -> None:
    sample = server_load.run_load(matches=2, think=0.1, bot_delay=0, seconds=3)
    assert sample.actions > 0 and sample.extra["p99 ms"] != "-"
    assert sample.extra["cores"] != "-" or len(os.sched_getaffinity(0)) < 2
