"""List options at the command line: set by a comma list, swept with +, refused in words."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.agents.tiny_games import OneDraw, TinyState
from tradingfloor.cli.main import app
from tradingfloor.core.errors import BadOptions
from tradingfloor.core.registry import register, unregister
from tradingfloor.core.rng import Rng
from tradingfloor.sim.run import prepared
from tradingfloor.sim.spec import RunSpec, parse_assignments, parse_sweep
from tradingfloor.sim.store import read_rows
from tradingfloor.sim.tune import parse_param

RUNNER = CliRunner()
KNOWN = ("red", "green", "blue")


@dataclass(frozen=True)
class ColoursState(TinyState):
    colours: tuple[str, ...] = ("red",)


class Colours(OneDraw):
    """One draw decides the game: seat 0 wins where the draw falls below the colours in play."""

    id = "tiny-colours"

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        colours = dict(options or {}).get("colours", ["red"])
        if not isinstance(colours, list) or not all(c in KNOWN for c in colours):
            raise BadOptions("Colours must be a list of red, green and blue")
        return {"colours": colours}

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> ColoursState:
        colours = tuple(self.options(options)["colours"])
        return ColoursState(Rng(seed), actors=(0,), colours=colours)

    def schemas(self) -> dict[str, Any]:
        colours = {"type": "array", "items": {"type": "string"}, "default": ["red"]}
        return {"options": {"properties": {"colours": colours}}}

    def odds(self, state: TinyState) -> tuple[int, int]:
        assert isinstance(state, ColoursState)
        return len(state.colours), 4


@pytest.fixture
def colours() -> Iterator[None]:
    register(Colours())
    yield
    unregister("tiny-colours")


def spec(settings: list[str], sweeps: list[str] = []) -> RunSpec:  # noqa: B006 (never changed)
    return RunSpec(
        "tiny-colours",
        ("random", "random"),
        games=2,
        options=parse_assignments(settings),
        sweeps=tuple(parse_sweep(text) for text in sweeps),
    )


@pytest.mark.usefixtures("colours")
def test_a_list_option_is_set_by_a_comma_list() -> None:
    for typed in ("colours=red,blue", "colours=red+blue", "colours=[red,blue]"):
        assert prepared(spec([typed])).options == {"colours": ["red", "blue"]}
    assert prepared(spec(['colours=["green"]'])).options == {"colours": ["green"]}
    assert prepared(spec(["colours=green"])).options == {"colours": ["green"]}
    tasks = prepared(spec(["colours=red,green,blue"])).tasks()
    assert [task.options for task in tasks] == [{"colours": ["red", "green", "blue"]}] * 2


@pytest.mark.usefixtures("colours")
def test_a_sweep_over_a_list_option_gives_every_value() -> None:
    swept = prepared(spec([], ["colours=red,red+green,[green,blue],blue"]))
    tasks = swept.tasks()
    assert [task.options["colours"] for task in tasks[::2]] == [
        ["red"],
        ["red", "green"],
        ["green", "blue"],
        ["blue"],
    ]
    assert len(tasks) == 8 and all(task.sweep == task.options for task in tasks)


@pytest.mark.usefixtures("colours")
def test_a_list_value_that_is_no_list_says_what_to_type() -> None:
    with pytest.raises(ValueError, match=r"type its items parted by commas, e\.g\. --set colours"):
        prepared(spec(['colours={"red": 1}']))
    for typed in ("colours=red,pink", "colours=3"):  # one item: the game says what is wrong
        with pytest.raises(BadOptions, match="list of red, green and blue"):
            prepared(spec([typed]))


def test_brackets_and_plus_keep_a_list_value_whole() -> None:
    assert parse_sweep("modules=[economy],[economy,magic]") == (
        "modules",
        ("[economy]", "[economy,magic]"),
    )
    plus = ("modules", ("economy", "economy+magic"))
    assert parse_sweep("modules=economy, economy+magic") == plus
    assert parse_param("modules=[economy],economy+magic").choices == (
        "[economy]",
        "economy+magic",
    )


@pytest.mark.usefixtures("colours")
def test_the_simulate_command_sweeps_a_list_option(tmp_path: Path) -> None:
    base = ["simulate", "tiny-colours", "--seats", "random,random", "--games", "3"]
    args = [*base, "--sweep", "colours=red,red+green+blue", "--out", str(tmp_path)]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = read_rows(tmp_path / "games.parquet")
    assert [row["sweep"]["colours"] for row in rows] == [["red"]] * 3 + [
        ["red", "green", "blue"]
    ] * 3
    summary = json.loads((tmp_path / "summary.json").read_text())
    labels = [point["value"] for point in summary["sweep"]]
    assert labels == ["colours=red", "colours=red+green+blue"]
    typed = 'colours={"red": 1}'
    refused = RUNNER.invoke(app, [*base, "--set", typed, "--out", str(tmp_path / "x")])
    assert refused.exit_code == 2 and "colours is a list" in refused.output


def test_merlin_names_a_data_figure_it_lacks_as_it_was_typed(tmp_path: Path) -> None:
    seats = ",".join(["heuristic"] * 4)
    args = ["simulate", "merlin", "--seats", seats, "--set", "data.cards.no_such=3"]
    result = RUNNER.invoke(app, [*args, "--out", str(tmp_path)], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert "'data.cards.no_such'" in result.output
    assert "tradingfloor data merlin" in result.output
