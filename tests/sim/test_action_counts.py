"""The `actions.<type>` columns: every action type of a game, counted per seat, in both engines."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import tradingfloor
from tests.games.middleman.test_fast_differential import (
    SIDES,
    TapePolicy,
    scalar_order_from_tape,
)
from tradingfloor.cli.main import app
from tradingfloor.core.agent import Decision
from tradingfloor.core.record import Move
from tradingfloor.games.middleman import fast
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.fast_policies import random_rows
from tradingfloor.games.middleman.fast_runs import describe as batch_rows
from tradingfloor.games.middleman.state import ROUNDS
from tradingfloor.sim.actions import action_columns, action_types, count_actions
from tradingfloor.sim.match import play_game
from tradingfloor.sim.report import write_report
from tradingfloor.sim.run import run
from tradingfloor.sim.spec import GameTask, RunSpec

MIDDLEMAN = tradingfloor.make("middleman")


def test_the_action_types_are_read_from_the_action_schema() -> None:
    assert action_types(MIDDLEMAN) == ("buy", "rows", "sell")
    merlin = action_types(tradingfloor.make("merlin"))
    assert {"end_turn", "buy_permit", "tax_vote", "turn_bid"} <= set(merlin)


def test_a_schema_without_a_discriminator_is_read_member_by_member() -> None:
    schema = dict(MIDDLEMAN.schemas()["action"])
    del schema["discriminator"]

    class Plain:
        def schemas(self) -> dict[str, Any]:
            return {"action": schema}

    assert action_types(Plain()) == ("buy", "rows", "sell")  # type: ignore[arg-type]


def test_counts_give_every_type_a_count_per_seat_even_when_unused() -> None:
    moves = [Move(0, {"type": "buy"}), Move(1, {"type": "buy"}), Move(1, {"type": "sell"})]
    counts = count_actions(moves, ("buy", "rows", "sell"), 3)
    assert counts == {"buy": [1, 1, 0], "rows": [0, 0, 0], "sell": [0, 1, 0]}
    assert action_columns(counts)["actions.rows"] == [0, 0, 0]


def test_a_reference_row_counts_every_action_of_its_record() -> None:
    spec = RunSpec("businessmen", ("heuristic", "random", "random"), 1, seed=2)
    row = run(spec, reference=True)[0]
    columns = {k: v for k, v in row.items() if k.startswith("actions.")}
    types = action_types(tradingfloor.make("businessmen"))
    assert set(columns) == {f"actions.{kind}" for kind in types}
    assert sum(sum(per_seat) for per_seat in columns.values()) == row["length"]
    assert all(len(per_seat) == 3 for per_seat in columns.values())


def test_batch_rows_have_the_reference_action_columns_and_add_up_to_the_length() -> None:
    batch = run(RunSpec("middleman", ("heuristic", "random", "random"), 12, seed=5))
    reference = run(RunSpec("middleman", ("heuristic", "random", "random"), 2), reference=True)
    assert {k for k in batch[0] if k.startswith("actions.")} == {
        k for k in reference[0] if k.startswith("actions.")
    }
    for row in batch:
        assert row["actions.rows"] == [1, 1, 1]
        total = sum(sum(row[f"actions.{kind}"]) for kind in ("buy", "rows", "sell"))
        assert total == row["length"]


class TapeAgent:
    """Plays one game of the tape in the reference engine, as `TapePolicy` does in the batch."""

    name = "tape"

    def __init__(self, rows: list[Rows], tape: Any) -> None:
        self.rows, self.tape = rows, tape  # tape: (10, 2, P, 3) for this game

    def act(self, decision: Decision, rng: random.Random) -> Any:
        view = decision.view
        if view["phase"] == "rows":
            return self.rows[decision.seat]
        described = decision.legal.describe()["actions"][0]
        fields = described["fields"]
        raw = self.tape[view["round"] - 1, SIDES.index(view["phase"]), decision.seat]
        tins, price = scalar_order_from_tape(
            raw, fields["tins"]["max"], fields["price"]["max"], described.get("budget")
        )
        kind = Buy if view["phase"] == "buy" else Sell
        return kind(tins=int(tins), price=int(price))


@pytest.mark.parametrize(("players", "guarded"), [(3, False), (5, False), (4, True)])
def test_the_batch_engine_counts_the_actions_the_reference_engine_counts(
    players: int, guarded: bool
) -> None:
    games = 60
    rng = np.random.default_rng([players, guarded, 11])
    dealt = [random_rows(games, rng) for _ in range(players)]
    rows_a = np.stack([a for a, _ in dealt])
    rows_d = np.stack([d for _, d in dealt])
    # The tape's all-in orders put players out, so some seats stop acting before the end.
    tape = rng.integers(0, 2**31, (ROUNDS, 2, players, games, 3))
    batch = fast.play_batch(
        players, guarded, [TapePolicy(rows_a, rows_d, tape)] * players, games, rng
    )
    options = {"players": players, "guarded": guarded}
    tasks = [GameTask(g, "middleman", options, g, ("tape",) * players, 0) for g in range(games)]
    fast_rows = batch_rows(tasks, "{}", batch)
    seats_left_early = 0
    for g, task in enumerate(tasks):
        dealt_rows = [
            Rows(a=tuple(map(int, rows_a[s, :, g])), d=tuple(map(int, rows_d[s, :, g])))
            for s in range(players)
        ]
        agents = [TapeAgent(dealt_rows, tape[:, :, :, g])] * players
        reference = play_game(MIDDLEMAN, task, agents)
        for kind in action_types(MIDDLEMAN):
            column = f"actions.{kind}"
            assert fast_rows[g][column] == reference[column], f"game {g}, {kind}"
        assert fast_rows[g]["scores"] == reference["scores"], f"game {g}: not the same game"
        seats_left_early += len(set(reference["actions.buy"])) > 1
    # Unguarded, the tape's all-in orders put players out: the comparison covers seats that stop
    # acting before the end (guarded play puts nobody out).
    assert seats_left_early > 0 or guarded


def test_the_report_shows_each_agents_actions_and_marks_what_it_never_used(tmp_path: Path) -> None:
    rows = run(RunSpec("middleman", ("heuristic", "random", "random"), 6, seed=4), reference=True)
    for row in rows:  # as if the random bots never sold
        sells = zip(row["seats"], row["actions.sell"], strict=True)
        row["actions.sell"] = [0 if agent == "random" else n for agent, n in sells]
    write_report(rows, {"title": "Middleman"}, tmp_path)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["actions"]["rows"] == {"heuristic": 1.0, "random": 1.0}
    assert summary["never_used"] == {"heuristic": [], "random": ["sell"]}
    page = (tmp_path / "report.html").read_text()
    assert "Actions taken by type" in page and "src='actions.png'" in page
    sell = page[page.index("<td>sell</td>") :].split("</tr>")[0]
    assert sell.count("class='never'") == 1  # the random bots' cell, not the heuristic's


def test_simulate_prints_what_each_agent_never_used(tmp_path: Path) -> None:
    args = ["simulate", "middleman", "--seats", "heuristic,random,random", "--games", "3"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path), "--reference"])
    assert result.exit_code == 0, result.output
    assert "heuristic used every action type" in result.output
