"""The lab's Parquet files: typed columns, the per-seat table and the run's metadata, read back
through pyarrow and DuckDB."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

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
