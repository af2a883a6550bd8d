"""The batch engine behind the lab: `tradingfloor simulate` uses it when every seat can."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import tradingfloor
from tradingfloor.cli.main import app
from tradingfloor.core.record import MatchRecord, replay
from tradingfloor.games.middleman import fast
from tradingfloor.games.middleman.fast_policies import VECTOR_POLICIES, RandomPolicy
from tradingfloor.games.middleman.spaces import most_cash
from tradingfloor.sim.run import run
from tradingfloor.sim.spec import RunSpec

GAME = tradingfloor.make("middleman")


def test_the_seam_lists_exactly_the_vectorized_policies() -> None:
    assert set(VECTOR_POLICIES) == fast.VECTORIZED_POLICIES


def test_a_run_of_vectorized_seats_gives_the_reference_columns_and_repeats() -> None:
    spec = RunSpec("middleman", ("random", "random", "random"), 40, seed=3)
    rows = run(spec)
    reference = run(RunSpec("middleman", ("random", "random"), 2, seed=3), reference=True)
    assert set(rows[0]) == set(reference[0])
    assert [r["index"] for r in rows] == list(range(40))
    assert all(row["record"] for row in rows)  # every batch game keeps its moves
    assert run(spec) == rows


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (("random", "random", "random"), {}),
        (("heuristic", "random"), {"players": 2}),
        (("heuristic",) * 4, {"players": 4, "guarded": True}),
        (("random",) * 8, {"players": 8, "guarded": True}),
    ],
)
def test_a_batch_rows_record_replays_through_the_rules_to_the_same_game(
    seats: tuple[str, ...], options: dict[str, object]
) -> None:
    rows = run(RunSpec("middleman", seats, 24, seed=5, options=dict(options)))
    for row in rows:
        record = MatchRecord.loads(row["record"])
        assert record.dumps() == row["record"], "the text MatchRecord.dumps() writes"
        assert (record.seed, record.options) == (
            row["seed"],
            GAME.options(row["options"]),
        )
        final = replay(record)
        result = GAME.result(final)
        assert result is not None
        assert list(result.scores) == row["scores"]
        assert list(result.winners) == row["winners"]
        assert result.reason == row["reason"]
        assert len(record.moves) == row["length"]
        counts = {kind: [0] * len(row["scores"]) for kind in ("rows", "buy", "sell")}
        for move in record.moves:
            counts[move.action["type"]][move.seat] += 1
        assert all(counts[kind] == row[f"actions.{kind}"] for kind in counts)
        for name, value in GAME.balance_figures(final).items():  # type: ignore[attr-defined]
            assert row[f"balance.{name}"] == (None if math.isnan(value) else value)


def test_tradingfloor_replay_opens_a_batch_row(tmp_path: Path) -> None:
    args = ["simulate", "middleman", "--seats", "heuristic,random,random", "--games", "6"]
    simulated = CliRunner().invoke(app, [*args, "--out", str(tmp_path), "--no-report"])
    assert "batch engine plays this run" in simulated.output
    shown = CliRunner().invoke(app, ["replay", str(tmp_path / "games.parquet"), "--all"])
    assert shown.exit_code == 0, shown.output
    assert "holds no recorded game" not in shown.output
    assert "Write rows A and D" in shown.output


def test_simulate_says_when_the_batch_engine_plays(tmp_path: Path) -> None:
    args = ["simulate", "middleman", "--seats", "random,random,random", "--games", "30"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path), "--no-report"])
    assert result.exit_code == 0, result.output
    assert "batch engine plays this run" in result.output
    reference = CliRunner().invoke(
        app, [*args, "--out", str(tmp_path), "--no-report", "--reference"]
    )
    assert "batch engine" not in reference.output


def test_streamed_chunks_give_the_same_games_as_the_whole_batch_in_each_chunk() -> None:
    policies = [RandomPolicy()] * 3
    chunks = list(fast.stream({"players": 3}, policies, games=250, seed=9, chunk=100))
    assert [len(c.cash) for c in chunks] == [100, 100, 50]
    again = list(fast.stream({"players": 3}, policies, games=250, seed=9, chunk=100))
    for first, second in zip(chunks, again, strict=True):
        assert np.array_equal(first.cash, second.cash)
    assert fast.chunk_size(3, memory=3 * 256 * 1000) == 1000


def test_an_illegal_vectorized_order_is_refused_with_its_seat_and_policy() -> None:
    class Greedy(RandomPolicy):
        name = "greedy"

        def orders(self, view: fast.SeatView, rng: np.random.Generator) -> tuple[object, object]:
            tins, _ = super().orders(view, rng)
            return tins, np.full_like(tins, most_cash(view.players) + 1)

    try:
        fast.play_batch(
            3, False, [RandomPolicy(), Greedy(), RandomPolicy()], 10, np.random.default_rng(1)
        )
    except ValueError as err:
        assert "'greedy'" in str(err) and "seat 1" in str(err)
    else:
        raise AssertionError("the illegal order was accepted")
