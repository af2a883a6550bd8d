"""A run's rows to and from Parquet, with typed columns: one file of games, one of seats.

`games.parquet` has a row per game. The options and the sweep's point are structs: a field per
option, typed; an option made of named parts has a field per part, named as `--set` names it
(`data.cards.property_value.2`). The action counts are a struct `actions` (a list of counts per
seat under each action type) and the balance figures a struct `balance`. `seats.parquet` is the
same run in long form, a row per seat of each game. Both carry the run's metadata (versions,
command, seeds, agents) in the Parquet schema under the key `tradingfloor`.

Options are stored in the game's own order whichever engine played them, so a batch engine's file
and the rules engine's have the same schema. A run without a sweep has no `sweep` column. An option
whose values are of different kinds across the run (a number in one game, a text in another) is
stored as JSON text, as Parquet keeps one type per column.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tradingfloor.sim.actions import PREFIX as ACTIONS
from tradingfloor.sim.match import Row

ROWS_FILE = "games.parquet"
SEATS_FILE = "seats.parquet"
METADATA_KEY = b"tradingfloor"
BALANCE = "balance."
STRUCTS = {"actions": ACTIONS, "balance": BALANCE}  # a struct column and the row keys it gathers


def write_rows(rows: Sequence[Row], path: Path, about: Mapping[str, Any] | None = None) -> Path:
    """Write `rows` to `path` (games.parquet), typed, with `about` as the file's metadata."""
    _write([_typed(row) for row in rows], path, about)
    return path


def write_seats(rows: Sequence[Row], path: Path, about: Mapping[str, Any] | None = None) -> Path:
    """Write the long table of `rows` to `path` (seats.parquet): a row per seat of each game."""
    _write([seat for row in rows for seat in seat_rows(row)], path, about)
    return path


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a games.parquet file as the lab keeps them in memory (`sim.match.describe`).

    A file written before the columns were typed (options as JSON text, `sweep_value`, dotted
    `actions.<type>` columns) reads too: its options parsed, its other columns as they were.
    """
    import pyarrow.parquet as pq

    return [_untyped(row) for row in pq.read_table(path).to_pylist()]


def flat(options: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Options with each part of a nested option as its own entry (`data.cards.price`), as the
    lab's --set names them; an empty nested option has no entry (Parquet has no empty struct)."""
    out: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, Mapping):
            out.update(flat(value, f"{prefix}{name}."))
        else:
            out[f"{prefix}{name}"] = value
    return out


@functools.lru_cache(maxsize=256)
def _validated(game_id: str, flat_json: str) -> str:
    from tradingfloor.core.registry import make

    return json.dumps(make(game_id).options(json.loads(flat_json)))


def _unflat(game_id: str, stored: Mapping[str, Any]) -> dict[str, Any]:
    """Stored options back as the game gives them (its own validation puts the parts together);
    as stored where today's game refuses them (a file of an older rule version)."""
    from tradingfloor.core.errors import TradingfloorError

    present = {
        name: value for name, value in stored.items() if value is not None or "." not in name
    }
    try:
        loaded: dict[str, Any] = json.loads(
            _validated(game_id, json.dumps(present, sort_keys=True))
        )
    except TradingfloorError:
        return present
    return loaded


@functools.lru_cache(maxsize=64)
def _option_order(game_id: str) -> dict[str, int]:
    """The position of each of the game's options in its own order (its defaults' order)."""
    from tradingfloor.core.registry import make

    return {name: position for position, name in enumerate(make(game_id).options({}))}


def _in_game_order(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` flattened, in the game's order; the parts of a nested option sorted by name."""
    order = _option_order(game_id)
    parts = flat(options)
    first = {name: order.get(name.split(".")[0], len(order)) for name in parts}
    return {name: parts[name] for name in sorted(parts, key=lambda n: (first[n], n))}


def read_metadata(path: Path) -> dict[str, Any]:
    """The run metadata stored in a file written here ({} where there is none)."""
    import pyarrow.parquet as pq

    stored = pq.read_schema(path).metadata or {}
    text = stored.get(METADATA_KEY)
    return dict(json.loads(text)) if text else {}


def seat_rows(row: Row) -> list[dict[str, Any]]:
    """One game's row as a row per seat: its agent, score, rank, win share and action counts."""
    players = len(row["seats"])
    share = 1 / len(row["winners"]) if row["winners"] else 0.0
    out = []
    for seat, agent in enumerate(row["seats"]):
        out.append(
            {
                "index": row["index"],
                "seat": seat,
                "agent": agent,
                "players": players,
                "score": float(row["scores"][seat]),
                "rank": int(row["ranks"][seat]),
                "won": seat in row["winners"],
                "win_share": share if seat in row["winners"] else 0.0,
                "sweep": row.get("sweep"),
                "actions": {
                    key.removeprefix(ACTIONS): int(counts[seat])
                    for key, counts in row.items()
                    if key.startswith(ACTIONS)
                },
            }
        )
    return out


def _typed(row: Row) -> dict[str, Any]:
    """A row as stored: the `actions.<type>` and `balance.<name>` keys gathered into structs."""
    out = {key: value for key, value in row.items() if not _gathered(key)}
    out["options"] = _in_game_order(str(row["game"]), row["options"])
    for column, prefix in STRUCTS.items():
        out[column] = {
            key.removeprefix(prefix): value for key, value in row.items() if key.startswith(prefix)
        }
    return out


def _untyped(stored: Mapping[str, Any]) -> dict[str, Any]:
    out = {key: value for key, value in stored.items() if key not in STRUCTS}
    options = stored["options"]
    if isinstance(options, str):  # a file written before the columns were typed
        out["options"] = json.loads(options)
        if isinstance(stored.get("sweep_value"), str):
            out["sweep_value"] = json.loads(stored["sweep_value"])
        return out
    out["options"] = _unflat(str(stored["game"]), options)
    out.setdefault("sweep", None)  # a run without a sweep has no column
    for column, prefix in STRUCTS.items():
        for name, value in (stored.get(column) or {}).items():
            out[f"{prefix}{name}"] = value
    return out


def _gathered(key: str) -> bool:
    return any(key.startswith(prefix) for prefix in STRUCTS.values())


def _write(
    records: Sequence[Mapping[str, Any]], path: Path, about: Mapping[str, Any] | None
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns: dict[str, None] = {}
    for record in records:
        columns.update(dict.fromkeys(record))
    filled = _one_kind_per_field([{c: record.get(c) for c in columns} for record in records])
    table = pa.Table.from_pylist(filled)
    # Parquet cannot hold a struct without fields (a game with no balance figures), and a column
    # with no value in any row (no sweep) says nothing.
    empty = [
        name
        for name, kind in zip(table.column_names, table.schema.types, strict=True)
        if pa.types.is_null(kind) or (pa.types.is_struct(kind) and kind.num_fields == 0)
    ]
    table = _figures_as_numbers(table.drop_columns(empty))
    if about is not None:
        table = table.replace_schema_metadata({METADATA_KEY: json.dumps(about, default=str)})
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path)


def _figures_as_numbers(table: Any) -> Any:
    """`table` with each balance figure that no game had (all empty) typed as a number still."""
    import pyarrow as pa

    if "balance" not in table.column_names:
        return table
    kind = table.schema.field("balance").type
    fields = [
        pa.field(f.name, pa.float64()) if pa.types.is_null(f.type) else f
        for f in (kind.field(i) for i in range(kind.num_fields))
    ]
    position = table.schema.get_field_index("balance")
    return table.cast(table.schema.set(position, pa.field("balance", pa.struct(fields))))


def _one_kind_per_field(records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """`records` with each option or sweep field whose values mix kinds across them as JSON
    text: Parquet keeps one type per column (whole numbers and fractions mix as numbers)."""
    out = [dict(record) for record in records]
    for column in ("options", "sweep"):
        mixed = _mixed_fields([record.get(column) or {} for record in records])
        for record in out:
            if mixed and record.get(column):
                record[column] = {
                    name: json.dumps(value) if name in mixed and value is not None else value
                    for name, value in record[column].items()
                }
    return out


def _mixed_fields(structs: Sequence[Mapping[str, Any]]) -> set[str]:
    kinds: dict[str, set[str]] = {}
    for struct in structs:
        for name, value in struct.items():
            if value is not None:
                kinds.setdefault(name, set()).add(_kind(value))
    return {name for name, found in kinds.items() if len(found) > 1}


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "flag"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__
