"""Storage of match records: matches, seats and the append-only action log (SQLAlchemy 2).

The record is the source of truth: a match's state is rebuilt by replaying its log. The unique key
(match_id, seq) means two writers (two server processes on one PostgreSQL database) can never both
append the same step.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

DEFAULT_DB = "sqlite:///./tradingfloor.db"
CHECKPOINT_S = 2.0


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="running", index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))  # "human" or a bot kind
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("match_id", "seq", name="one_action_per_step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # 1 for the first action (the state after it: seq 1)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str
    name: str
    token_hash: str | None

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name}


@dataclass(frozen=True)
class StoredMatch:
    id: str
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    status: str
    created: datetime
    seats: tuple[SeatInfo, ...]


class DuplicateStep(Exception):
    """Another writer already appended this step."""


def hash_token(token: str) -> str:
    """Tokens are stored hashed, so the database alone does not let anyone play a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def normalize_url(url: str) -> str:
    """A database URL for SQLAlchemy: postgresql:// uses psycopg 3; a bare path is a SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def default_url() -> str:
    return os.environ.get("TRADINGFLOOR_DB") or DEFAULT_DB


class Store:
    """The match records in one database."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = _engine(self.url)
        # Other processes may write to a server database: then the log is re-read before acting.
        self.shared = self.engine.dialect.name != "sqlite"
        _create_tables(self.engine)
        self._closed = threading.Event()
        if not self.shared:
            threading.Thread(target=self._checkpoints, name="wal-checkpoint", daemon=True).start()

    def _checkpoints(self) -> None:
        """Fold SQLite's write-ahead log into the database now and then, off the players' path."""
        while not self._closed.wait(CHECKPOINT_S):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # the next round tries again; a missed checkpoint loses nothing
                continue

    def create(self, match: StoredMatch) -> None:
        self.create_many([match])

    def create_many(
        self, matches: Sequence[StoredMatch], actions: Sequence[tuple[str, int, int, Any]] = ()
    ) -> None:
        """Store matches (and (match_id, seq, seat, action) log entries) in one transaction."""
        match_rows = [
            {
                "id": m.id,
                "game": m.game,
                "version": m.version,
                "options": m.options,
                "seed": m.seed,
                "status": m.status,
                "created": m.created,
            }
            for m in matches
        ]
        seat_rows = [
            {
                "match_id": m.id,
                "seat": seat.seat,
                "kind": seat.kind,
                "name": seat.name,
                "token_hash": seat.token_hash,
            }
            for m in matches
            for seat in m.seats
        ]
        log_rows = [
            {"match_id": match_id, "seq": seq, "seat": seat, "action": action}
            for match_id, seq, seat, action in actions
        ]
        with self.engine.begin() as connection:
            # The match rows first: the seats and the log refer to them.
            connection.execute(insert(MatchRow), match_rows)
            if seat_rows:
                connection.execute(insert(SeatRow), seat_rows)
            if log_rows:
                connection.execute(insert(ActionRow), log_rows)

    def load(self, match_id: str) -> StoredMatch | None:
        with Session(self.engine) as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
            ).all()
            return _stored(row, seats)

    def load_many(self, match_ids: Sequence[str]) -> dict[str, StoredMatch]:
        """The matches of `match_ids` that exist, in two queries whatever their number."""
        if not match_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.scalars(select(MatchRow).where(MatchRow.id.in_(match_ids))).all()
            seats: dict[str, list[SeatRow]] = {row.id: [] for row in rows}
            found = session.scalars(
                select(SeatRow).where(SeatRow.match_id.in_(seats)).order_by(SeatRow.seat)
            )
            for seat in found:
                seats[seat.match_id].append(seat)
            return {row.id: _stored(row, seats[row.id]) for row in rows}

    def logs(self, match_ids: Sequence[str]) -> dict[str, list[tuple[int, int, dict[str, Any]]]]:
        """Each match's whole log, (seq, seat, action) in order, in one query."""
        log = ActionRow.__table__
        query = (
            select(log.c.match_id, log.c.seq, log.c.seat, log.c.action)
            .where(log.c.match_id.in_(match_ids))
            .order_by(log.c.match_id, log.c.seq)
        )
        out: dict[str, list[tuple[int, int, dict[str, Any]]]] = {m: [] for m in match_ids}
        with self.engine.connect() as connection:
            for match_id, seq, seat, action in connection.execute(query):
                out[match_id].append((seq, seat, dict(action)))
        return out

    def actions(self, match_id: str, after: int = 0) -> list[tuple[int, int, dict[str, Any]]]:
        """(seq, seat, action) of the log's entries after step `after`, in order."""
        # SQLAlchemy Core, not the ORM: this and `append` run on every action.
        log = ActionRow.__table__
        query = (
            select(log.c.seq, log.c.seat, log.c.action)
            .where(log.c.match_id == match_id, log.c.seq > after)
            .order_by(log.c.seq)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [(seq, seat, dict(action)) for seq, seat, action in rows]

    def append(
        self, match_id: str, seq: int, seat: int, action: dict[str, Any], over: bool
    ) -> None:
        """Commit step `seq` (and the match's end, if it ended); DuplicateStep if it exists."""
        row = {"match_id": match_id, "seq": seq, "seat": seat, "action": action}
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(ActionRow), row)
                if over:
                    connection.execute(
                        update(MatchRow).where(MatchRow.id == match_id).values(status="over")
                    )
        except IntegrityError:
            raise DuplicateStep(f"step {seq} of match {match_id} exists already") from None

    def listing(self, status: str | None = None, limit: int = 100) -> list[StoredMatch]:
        """The newest matches, optionally only those with `status`."""
        with Session(self.engine) as session:
            query = select(MatchRow).order_by(MatchRow.created.desc()).limit(limit)
            if status is not None:
                query = query.where(MatchRow.status == status)
            rows = session.scalars(query).all()
            seats: dict[str, list[SeatRow]] = {row.id: [] for row in rows}
            if rows:  # every seat of the page in one query, not one query a match
                found = session.scalars(
                    select(SeatRow).where(SeatRow.match_id.in_(seats)).order_by(SeatRow.seat)
                )
                for seat in found:
                    seats[seat.match_id].append(seat)
            return [_stored(row, seats[row.id]) for row in rows]

    def running_with_bots(self, after: str = "", limit: int = 500) -> list[str]:
        """Ids of running matches with a bot in any seat, in id order from after `after`: a page
        at a time, so that every one of them can be resumed, however many there are."""
        query = (
            select(MatchRow.id)
            .where(MatchRow.status == "running", MatchRow.id > after)
            .where(
                select(SeatRow.seat)
                .where(SeatRow.match_id == MatchRow.id, SeatRow.kind != "human")
                .exists()
            )
            .order_by(MatchRow.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return list(connection.scalars(query))

    def last_seqs(self, match_ids: list[str]) -> dict[str, int]:
        """The latest step of each match (0 for none), to notice what other processes appended."""
        from sqlalchemy import func

        if not match_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(ActionRow.match_id, func.max(ActionRow.seq))
                .where(ActionRow.match_id.in_(match_ids))
                .group_by(ActionRow.match_id)
            ).all()
        found = {match_id: int(seq) for match_id, seq in rows}
        return {match_id: found.get(match_id, 0) for match_id in match_ids}

    def close(self) -> None:
        self._closed.set()
        self.engine.dispose()


def _create_tables(engine: Engine) -> None:
    """Create missing tables; another process creating them at the same moment is fine."""
    try:
        Base.metadata.create_all(engine)
    except (IntegrityError, ProgrammingError):
        Base.metadata.create_all(engine)


def _stored(row: MatchRow, seats: Any) -> StoredMatch:
    return StoredMatch(
        id=row.id,
        game=row.game,
        version=row.version,
        options=dict(row.options),
        seed=int(row.seed),
        status=row.status,
        created=row.created,
        seats=tuple(SeatInfo(s.seat, s.kind, s.name, s.token_hash) for s in seats),
    )


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        # WAL: readers never block the writer. A commit is in the WAL file before it returns, so a
        # killed process loses nothing it acknowledged (NORMAL only risks the OS crashing).
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        # Checkpoints (which fsync) run in the background, never inside a player's commit.
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def now() -> datetime:
    return datetime.now(UTC)


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)
