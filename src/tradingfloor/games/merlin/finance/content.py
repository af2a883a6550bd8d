"""The finance module's figures: finance.toml, checked in words (MERLIN-MODULES.md §3.9).

A bad file is refused with the line and what is wrong, e.g. "finance.toml, line 9: road.die:
Input should be greater than or equal to 2". A content folder or an upload may replace it.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin.content import resolve

DATA = Path(__file__).parent.parent / "data"
Small = Annotated[StrictInt, Field(ge=0, le=100)]
Positive = Annotated[StrictInt, Field(ge=1, le=100)]
Face = Annotated[StrictInt, Field(ge=1, le=20)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Offers(Strict):
    per_turn: Annotated[StrictInt, Field(ge=0, le=10)]


class Road(Strict):
    die: Annotated[StrictInt, Field(ge=2, le=20)]
    void: tuple[Face, ...] = Field(max_length=20)
    void_if_targeted: tuple[Face, ...] = Field(max_length=20)


class Futures(Strict):
    bushel: Annotated[StrictInt, Field(ge=1, le=10)]
    settle_default_price: Literal["cost_of_living", "buyback"]
    longest_years: Annotated[StrictInt, Field(ge=1, le=10)]
    most_price: Positive
    most_open: Annotated[StrictInt, Field(ge=0, le=50)]


class Insurance(Strict):
    most_rolls: Annotated[StrictInt, Field(ge=1, le=100)]
    most_payout: Positive
    most_premium: Positive
    most_quotes: Annotated[StrictInt, Field(ge=0, le=20)]


class Instruments(Strict):
    share_percent: Annotated[StrictInt, Field(ge=0, le=100)]
    max_shares: Annotated[StrictInt, Field(ge=0, le=20)]
    most_bonds: Annotated[StrictInt, Field(ge=0, le=20)]
    most_notes: Annotated[StrictInt, Field(ge=0, le=50)]
    longest_orbits: Positive
    most_face: Positive
    most_price: Positive
    margin_fraction: Annotated[StrictInt, Field(ge=0, le=0)]


class Markets(Strict):
    most_listings: Annotated[StrictInt, Field(ge=0, le=50)]
    most_price: Annotated[StrictInt, Field(ge=1, le=1_000)]


class FinanceContent(Strict):
    """Every figure of the finance module."""

    offers: Offers
    road: Road
    futures: Futures
    insurance: Insurance
    instruments: Instruments
    markets: Markets


Source = str | tuple[tuple[str, str], ...] | None


@lru_cache(maxsize=32)
def load(source: Source) -> FinanceContent:
    """finance.toml of `source` (a folder, uploaded files, or None for the defaults)."""
    text = _text(source)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BadOptions(f"finance.toml is not valid TOML: {err}") from None
    try:
        return FinanceContent.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        path = ".".join(str(p) for p in first["loc"]) or "the file"
        line = _line(text, [str(p) for p in first["loc"]])
        raise BadOptions(f"finance.toml, line {line}: {path}: {first['msg']}") from None


def _text(source: Source) -> str:
    if isinstance(source, tuple) and "finance.toml" in dict(source):
        return dict(source)["finance.toml"]
    if isinstance(source, str) and (resolve(source) / "finance.toml").is_file():
        return (resolve(source) / "finance.toml").read_text(encoding="utf-8")
    return (DATA / "finance.toml").read_text(encoding="utf-8")


def _line(text: str, where: list[str]) -> int:
    """The line of the table and field an error names (1 when it cannot be found)."""
    lines = text.splitlines()
    start = 0
    if where:
        heads = [i for i, line in enumerate(lines) if line.strip() == f"[{where[0]}]"]
        start = heads[0] if heads else 0
    field = where[1] if len(where) > 1 else (where[0] if where else "")
    for i in range(start, len(lines)):
        stripped = lines[i].strip()
        if field and (stripped.startswith(f"{field} ") or stripped.startswith(f"{field}=")):
            return i + 1
    return start + 1
