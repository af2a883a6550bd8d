"""Tuning toward balance: objectives, parameters, and a search that finds a planted optimum."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.agents.tiny_games import OneDraw, TinyState
from tradingfloor.cli.main import app
from tradingfloor.core.errors import BadOptions
from tradingfloor.core.registry import register, unregister
from tradingfloor.core.rng import Rng
from tradingfloor.sim.objectives import distance, parse_term
from tradingfloor.sim.run import run
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.store import read_metadata
from tradingfloor.sim.tune import Param, parse_param, tune
from tradingfloor.sim.tune_report import write_tuning

RUNNER = CliRunner()
WIDE = {"COLUMNS": "200"}  # Rich folds the table to the terminal width


@dataclass(frozen=True)
class EdgeState(TinyState):
    edge: int = 10


class Edge(OneDraw):
    """One draw decides the game: seat 0 wins with chance edge/20. Fair at edge 10."""

    id = "tiny-edge"

    def options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        edge = dict(options or {}).get("edge", 10)
        if not isinstance(edge, int) or not 0 <= edge <= 20:
            raise BadOptions("edge must be a whole number from 0 to 20")
        return {"edge": edge}

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> EdgeState:
        return EdgeState(Rng(seed), actors=(0,), edge=self.options(options)["edge"])

    def schemas(self) -> dict[str, Any]:
        properties = {"edge": {"type": "integer", "default": 10, "minimum": 0, "maximum": 20}}
        return {"options": {"properties": properties}}

    def odds(self, state: TinyState) -> tuple[int, int]:
        assert isinstance(state, EdgeState)
        return state.edge, 20


@pytest.fixture
def edge() -> Iterator[None]:
    register(Edge())
    yield
    unregister("tiny-edge")


SPEC = RunSpec("tiny-edge", ("random", "random"), games=400, seed=3)


@pytest.mark.usefixtures("edge")
def test_tune_finds_the_planted_fair_edge(tmp_path: Path) -> None:
    terms = [parse_term("first-seat")]
    result = tune(SPEC, [parse_param("edge=0:20")], terms, trials=25, seed=1)
    assert 8 <= result.best.params["edge"] <= 12
    assert result.best.objective < 0.05
    first = result.fresh.numbers["seats"][0]
    assert first["low"] <= 0.5 <= first["high"]  # fair on fresh seeds too
    assert result.fresh.numbers["games"] == 400
    page = write_tuning(result, {"title": "tiny"}, tmp_path)
    summary = json.loads((tmp_path / "tuning.json").read_text())
    assert summary["best"] == result.best.params and len(summary["trials"]) == 25
    best = result.best.params["edge"]
    assert f"<td><code>edge</code></td><td>{best}</td><td>0 to 20, whole numbers</td>" in (
        page.read_text()
    )
    assert (tmp_path / "tuning-objective.png").exists() and (tmp_path / "trials.parquet").exists()


@pytest.mark.usefixtures("edge")
def test_the_same_call_tries_the_same_settings() -> None:
    params = [parse_param("edge=0:20")]
    first = tune(replace(SPEC, games=20), params, [parse_term("first-seat")], trials=6, seed=4)
    again = tune(replace(SPEC, games=20), params, [parse_term("first-seat")], trials=6, seed=4)
    assert [t.params for t in first.trials] == [t.params for t in again.trials]


@pytest.mark.usefixtures("edge")
def test_a_range_the_game_refuses_is_refused_before_any_game() -> None:
    with pytest.raises(BadOptions, match="edge must be"):
        tune(SPEC, [parse_param("edge=0:30")], [parse_term("first-seat")], trials=2)


def test_objective_terms_measure_distance_from_the_aim() -> None:
    numbers = {
        "seats": [{"rate": 0.6, "par": 0.5}],
        "length": {"mean": 120.0},
        "balance": {"balance.ended_orbit_cap": {"mean": 0.3}},
        "agents": {"heuristic": {"rate": 0.7}},
    }
    assert distance([parse_term("first-seat")], numbers) == pytest.approx(0.1)
    assert distance([parse_term("length=100:110")], numbers) == pytest.approx(1.0)
    assert distance([parse_term("length=100:200")], numbers) == 0.0
    assert distance([parse_term("balance.ended_orbit_cap=0")], numbers) == pytest.approx(0.3)
    assert distance([parse_term("win-rate=heuristic:0.5@2")], numbers) == pytest.approx(0.4)
    searcher = parse_term("win-rate=ismcts:200:0.25")
    assert (searcher.name, searcher.low) == ("ismcts:200", 0.25)
    both = [parse_term("first-seat@3"), parse_term("balance.ended_orbit_cap=0.1")]
    assert distance(both, numbers) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="no balance figure"):
        distance([parse_term("balance.nope=1")], numbers)


def test_bad_terms_and_params_are_refused_in_words() -> None:
    for text in ("fairness", "length=5", "length=9:2", "win-rate=x", "first-seat@heavy"):
        with pytest.raises(ValueError):
            parse_term(text)
    assert parse_param("edge=0:20") == Param("edge", 0.0, 20.0, integer=True)
    assert parse_param("rate=0.5:2").integer is False
    assert parse_param("guarded=true,false").choices == (True, False)
    for text in ("edge", "edge=3:1", "edge=a:b", "edge="):
        with pytest.raises(ValueError):
            parse_param(text)


@pytest.mark.usefixtures("edge")
def test_the_tune_command_reports_the_best_setting(tmp_path: Path) -> None:
    args = ["tune", "tiny-edge", "--seats", "random,random", "--param", "edge=0:20"]
    args += ["--objective", "first-seat", "--trials", "8", "--games", "100"]
    result = RUNNER.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "best: edge=" in result.output and "against a par of 50.0%" in result.output
    assert (tmp_path / "tuning.html").exists()
    refused = RUNNER.invoke(app, [*args[:-2], "--objective", "fun", "--out", str(tmp_path)])
    assert refused.exit_code == 2 and "unknown objective" in refused.output


def test_the_data_command_lists_tunable_numbers() -> None:
    result = RUNNER.invoke(app, ["data", "merlin", "--grep", "starting_gold"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert (
        "data.setup.starting_gold" in result.output
        and "games/merlin/data/setup.toml" in result.output
    )
    options = RUNNER.invoke(app, ["data", "middleman"], env=WIDE)
    assert "players" in options.output and "a whole number from 2 to 8" in options.output
    assert RUNNER.invoke(app, ["data", "nosuch"]).exit_code == 2


@pytest.mark.usefixtures("edge")
def test_a_setting_proposed_again_is_not_played_again(tmp_path: Path) -> None:
    played: list[dict[str, Any]] = []

    def play(spec: RunSpec) -> list[dict[str, Any]]:
        played.append(spec.options)
        return run(spec)

    spec = replace(SPEC, games=20)
    result = tune(spec, [parse_param("edge=9,10")], [parse_term("first-seat")], 6, play=play)
    assert len(result.trials) == 6
    assert sorted(o["edge"] for o in played[:-1]) == [9, 10]  # then the fresh re-run
    same = [t for t in result.trials if t.params == result.best.params]
    assert len({t.objective for t in same}) == 1
    assert result.fresh.numbers is not result.best.numbers
    page = write_tuning(result, {"title": "tiny", "options": {}}, tmp_path).read_text()
    assert "one of 9, 10" in page and "The best 6 of 6 trials" in page
    assert "<td><code>first-seat</code></td>" in page
    assert read_metadata(tmp_path / "trials.parquet") == {"title": "tiny", "options": {}}
