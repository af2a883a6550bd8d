"""Rows to and from Parquet: one row per game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tradingfloor.sim.match import Row

ROWS_FILE = "games.parquet"


def write_rows(rows: Sequence[Row], path: Path) -> Path:
    """Write `rows` to a Parquet file; its columns are the union of the rows' keys."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    table = pa.Table.from_pylist([{c: row.get(c) for c in columns} for row in rows])
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path)
    return path


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a Parquet file written by `write_rows`."""
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    return rows
