"""The lab's Parquet files: typed columns, the per-seat table and the run's metadata, read back
through pyarrow and DuckDB."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tradingfloor.core.registry import make
from tradingfloor.sim.run import run
from tradingfloor.sim.spec import RunSpec
from tradingfloor.sim.stats import by_seat
from tradingfloor.sim.store import (
    read_metadata,
    read_rows,
    seat_rows,
    write_rows,
    write_seats,
)

SPEC = RunSpec(
    "middleman",
    ("heuristic", "random"),
    games=4,
    seed=5,
    sweeps=(("players", (2, 3)), ("guarded", (False, True))),
)
ABOUT = {"command": "tradingfloor simulate middleman ...", "seed": 5, "seats": ["heuristic"]}


@pytest.fixture(scope="module")
def rows() -> list[dict[str, object]]:
    return run(SPEC, reference=True)


def test_columns_are_typed_and_read_back(rows: list[dict[str, object]], tmp_path: Path) -> None:
    path = write_rows(rows, tmp_path / "games.parquet", ABOUT)
    schema = pq.read_schema(path)
    assert "." not in "".join(schema.names)
    assert schema.field("options").type == pa.struct(
        [pa.field("players", pa.int64()), pa.field("guarded", pa.bool_())]
    )
    assert schema.field("sweep").type == schema.field("options").type
    actions = schema.field("actions").type
    assert {actions.field(i).name for i in range(actions.num_fields)} == {"rows", "buy", "sell"}
    assert actions.field("buy").type == pa.list_(pa.int64())
    assert schema.field("balance").type.field("supply_exceeds_demand").type == pa.float64()
    assert schema.field("seed").type == pa.int64() and schema.field("margin").type == pa.float64()
    assert read_rows(path) == rows
    assert read_metadata(path) == ABOUT


def test_the_seat_table_has_a_row_per_seat(rows: list[dict[str, object]], tmp_path: Path) -> None:
    path = write_seats(rows, tmp_path / "seats.parquet", ABOUT)
    table = pq.read_table(path).to_pylist()
    assert len(table) == sum(len(row["seats"]) for row in rows)  # type: ignore[arg-type]
    first = seat_rows(rows[0])
    assert table[: len(first)] == first
    game = rows[0]
    assert [seat["agent"] for seat in first] == game["seats"]
    assert sum(seat["win_share"] for seat in first) == pytest.approx(1.0)
    assert [seat["actions"]["buy"] for seat in first] == game["actions.buy"]
    assert read_metadata(path) == ABOUT


def test_duckdb_queries_the_files(rows: list[dict[str, object]], tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    write_rows(rows, tmp_path / "games.parquet")
    write_seats(rows, tmp_path / "seats.parquet")
    games = duckdb.sql(
        f"select sweep.players as players, sweep.guarded as guarded, count(*) as n, "
        f"sum(list_sum(actions.buy)) as buys from '{tmp_path / 'games.parquet'}' "
        "group by all order by all"
    ).fetchall()
    assert [(p, g, n) for p, g, n, _ in games] == [
        (2, False, 4),
        (2, True, 4),
        (3, False, 4),
        (3, True, 4),
    ]
    assert sum(buys for *_, buys in games) == sum(sum(r["actions.buy"]) for r in rows)  # type: ignore[arg-type]
    # The seat table gives each seat's win rate: the lab's own figure.
    per_seat = duckdb.sql(
        f"select seat, sum(win_share) / count(*) from '{tmp_path / 'seats.parquet'}' "
        "group by seat order by seat"
    ).fetchall()
    assert [rate for _, rate in per_seat] == pytest.approx([r.rate for r in by_seat(rows)])


def test_the_batch_engine_and_the_rules_engine_write_the_same_schema(tmp_path: Path) -> None:
    spec = RunSpec("middleman", ("heuristic", "random", "random"), games=3, seed=1)
    schemas = []
    for reference in (False, True):
        rows = run(spec, reference=reference)
        games = write_rows(rows, tmp_path / f"games-{reference}.parquet")
        seats = write_seats(rows, tmp_path / f"seats-{reference}.parquet")
        schemas.append((pq.read_schema(games), pq.read_schema(seats)))
        assert read_rows(games) == rows
    assert schemas[0] == schemas[1]
    games_schema = schemas[0][0]
    assert "sweep" not in games_schema.names  # no sweep, no column
    assert games_schema.field("options").type.names == ["players", "guarded"]  # the game's order


def merlin_row(options: dict[str, object], sweep: dict[str, object] | None) -> dict[str, object]:
    """A made-up row of a Merlin game: only what the store reads."""
    return {
        "index": 0,
        "game": "merlin",
        "version": "1",
        "options": make("merlin").options(options),
        "sweep": sweep,
        "seed": 1,
        "seats": ["heuristic"] * 4,
        "scores": [1.0, 0.0, 0.0, 0.0],
        "ranks": [0, 1, 1, 1],
        "winners": [0],
        "actions.end_turn": [3, 3, 2, 2],
        "balance.orbits": 4.0,
    }


def test_merlin_options_with_data_parts_read_back(tmp_path: Path) -> None:
    rows = [
        merlin_row({"data.setup.starting_gold": gold}, {"data.setup.starting_gold": gold})
        for gold in (5, 8)
    ]
    path = write_rows(rows, tmp_path / "games.parquet")
    options = pq.read_schema(path).field("options").type
    assert options.field("data.setup.starting_gold").type == pa.int64()
    assert options.names[0] == "players" and options.names[-1] == "data.setup.starting_gold"
    assert read_rows(path) == rows
    assert rows[0]["options"]["data"] == {"setup.starting_gold": 5}  # type: ignore[index]


def test_values_of_different_kinds_are_kept_as_json_text(tmp_path: Path) -> None:
    rows = [merlin_row({}, {"content": "quick"}), merlin_row({}, {"content": 2})]
    rows.append(merlin_row({}, {"content": 2.5}))
    path = write_rows(rows, tmp_path / "games.parquet")
    assert [row["sweep"] for row in read_rows(path)] == [
        {"content": '"quick"'},
        {"content": "2"},
        {"content": "2.5"},
    ]
    numbers = [merlin_row({}, {"volatility": 2}), merlin_row({}, {"volatility": 2.5})]
    path = write_rows(numbers, tmp_path / "numbers.parquet")
    assert pq.read_schema(path).field("sweep").type == pa.struct([("volatility", pa.float64())])


def test_a_file_written_before_the_typed_columns_still_reads(tmp_path: Path) -> None:
    old = {
        "index": 0,
        "game": "middleman",
        "options": json.dumps({"guarded": False, "players": 2}, sort_keys=True),
        "sweep_value": "2",
        "seats": ["heuristic", "random"],
        "record": "{}",
        "actions.buy": [1, 2],
        "balance.mean_supply": 3.0,
    }
    pq.write_table(pa.Table.from_pylist([old]), tmp_path / "games.parquet")
    (row,) = read_rows(tmp_path / "games.parquet")
    assert row["options"] == {"guarded": False, "players": 2}
    assert row["sweep_value"] == 2
    assert row["actions.buy"] == [1, 2] and row["balance.mean_supply"] == 3.0


def test_a_game_without_balance_figures_or_action_counts_has_no_such_columns(
    tmp_path: Path,
) -> None:
    plain = {k: v for k, v in merlin_row({}, None).items() if not k.startswith(("actions", "bal"))}
    path = write_rows([plain], tmp_path / "games.parquet")
    names = pq.read_schema(path).names
    assert "balance" not in names and "actions" not in names and "sweep" not in names
    assert read_rows(path) == [plain]
    seats = pq.read_table(write_seats([plain], tmp_path / "seats.parquet")).to_pylist()
    assert [seat["won"] for seat in seats] == [True, False, False, False]
