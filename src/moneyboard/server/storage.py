"""Storage of rooms, seat tokens and each room's ordered entries (SQLite or PostgreSQL).

A room's *entries* are its record: the start, every accepted action, timeout and trainer's
directive, in order. The server writes an entry before it tells anyone about it, and rebuilds
every room from its entries when it starts. ``(room_id, seq)`` is unique, so two server
processes sharing one database can never both write the same step of a room.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import PoolProxiedConnection

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("forced", JSON, nullable=False),
    Column("trainer_hash", String(64), nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
)

seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("revoked", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
)

entries = Table(
    "entries",
    metadata,
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(20), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
)


class SeqTakenError(Exception):
    """Another process wrote this step of the room first (the caller reloads and retries)."""


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A room's settings as stored (what the trainer chose when creating it)."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    forced: dict[str, list[Any]]
    trainer_hash: str
    finished: bool


@dataclass(frozen=True, slots=True)
class StoredToken:
    """One device's right to play a seat (teams: several tokens share a seat)."""

    id: int
    room_id: int
    seat: int
    name: str
    token_hash: str
    revoked: bool


@dataclass(frozen=True, slots=True)
class Entry:
    """One step of a room's record: ``kind`` and its JSON data, at position ``seq``."""

    seq: int
    kind: str
    data: dict[str, Any]


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL journaling and foreign keys switched on."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            # A committed entry survives the server process being killed; NORMAL skips the
            # fsync per commit that only a power cut would need.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

    return engine


def _room(row: Any) -> StoredRoom:
    return StoredRoom(
        id=row.id,
        code=row.code,
        game=row.game,
        options=dict(row.options),
        seed=row.seed,
        seats=list(row.seats),
        forced=dict(row.forced),
        trainer_hash=row.trainer_hash,
        finished=bool(row.finished),
    )


def _token(row: Any) -> StoredToken:
    return StoredToken(
        id=row.id,
        room_id=row.room_id,
        seat=row.seat,
        name=row.name,
        token_hash=row.token_hash,
        revoked=bool(row.revoked),
    )


class Store:
    """Every read and write the server makes, each in its own short transaction."""

    def __init__(self, engine: Engine):
        self.engine = engine
        #: Entries are written on one connection kept open, with one prepared statement:
        #: the hot path of every move.
        self._writer: PoolProxiedConnection | None = None
        mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self._insert_sql = (
            f"INSERT INTO entries (room_id, seq, kind, data, at) VALUES ({', '.join([mark] * 5)})"
        )
        dbapi = engine.dialect.dbapi
        self._integrity_errors: tuple[type[BaseException], ...] = (
            (IntegrityError, dbapi.IntegrityError) if dbapi is not None else (IntegrityError,)
        )

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    # ----- rooms -------------------------------------------------------------------------
    def count_rooms(self) -> int:
        with self._tx() as conn:
            return int(conn.execute(select(func.count()).select_from(rooms)).scalar_one())

    def create_room(
        self,
        code: str,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[dict[str, Any]],
        forced: dict[str, list[Any]],
        trainer_hash: str,
    ) -> StoredRoom | None:
        """Store a new room; ``None`` if ``code`` is already taken (the caller draws again)."""
        try:
            with self._tx() as conn:
                room_id = conn.execute(
                    insert(rooms).values(
                        code=code,
                        game=game,
                        options=options,
                        seed=seed,
                        seats=seats,
                        forced=forced,
                        trainer_hash=trainer_hash,
                        finished=False,
                        created_at=time.time(),
                    )
                ).inserted_primary_key
        except IntegrityError:
            return None
        assert room_id is not None
        room_id = room_id[0]
        return StoredRoom(room_id, code, game, options, seed, seats, forced, trainer_hash, False)

    def room_by_code(self, code: str) -> StoredRoom | None:
        with self._tx() as conn:
            row = conn.execute(select(rooms).where(rooms.c.code == code)).first()
        return _room(row) if row is not None else None

    def all_rooms(self) -> list[StoredRoom]:
        with self._tx() as conn:
            return [_room(r) for r in conn.execute(select(rooms).order_by(rooms.c.id))]

    def mark_finished(self, room_id: int) -> None:
        with self._tx() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(finished=True))

    def delete_room(self, room_id: int) -> None:
        """Delete a room and everything in it: entries, seat tokens, the room itself."""
        with self._tx() as conn:
            conn.execute(delete(entries).where(entries.c.room_id == room_id))
            conn.execute(delete(seat_tokens).where(seat_tokens.c.room_id == room_id))
            conn.execute(delete(rooms).where(rooms.c.id == room_id))

    # ----- seat tokens -------------------------------------------------------------------
    def add_token(self, room_id: int, seat: int, name: str, token_hash: str) -> StoredToken:
        with self._tx() as conn:
            key = conn.execute(
                insert(seat_tokens).values(
                    room_id=room_id,
                    seat=seat,
                    name=name,
                    token_hash=token_hash,
                    revoked=False,
                    created_at=time.time(),
                )
            ).inserted_primary_key
        assert key is not None
        return StoredToken(key[0], room_id, seat, name, token_hash, False)

    def tokens(self, room_id: int) -> list[StoredToken]:
        with self._tx() as conn:
            rows = conn.execute(
                select(seat_tokens)
                .where(seat_tokens.c.room_id == room_id)
                .order_by(seat_tokens.c.id)
            )
            return [_token(r) for r in rows]

    def revoke_seat(self, room_id: int, seat: int) -> None:
        """Every device playing ``seat`` loses it (the trainer moves the seat elsewhere)."""
        with self._tx() as conn:
            conn.execute(
                update(seat_tokens)
                .where(seat_tokens.c.room_id == room_id, seat_tokens.c.seat == seat)
                .values(revoked=True)
            )

    # ----- entries -----------------------------------------------------------------------
    def append(self, room_id: int, seq: int, kind: str, data: dict[str, Any]) -> None:
        """Write entry ``seq``; :class:`SeqTakenError` if it exists (another process won)."""
        self.append_batch([(room_id, seq, kind, data)])

    def append_batch(self, items: Sequence[tuple[int, int, str, dict[str, Any]]]) -> None:
        """Write entries ``(room_id, seq, kind, data)`` in one transaction (all or none).

        The hot path of every move: one kept-open DB-API connection and one statement in
        the driver's own parameter style, without SQLAlchemy's per-statement work.
        :class:`SeqTakenError` if any of them exists (another process won that step).
        """
        now = time.time()
        rows = [(r, s, k, _entry_text(d), now) for r, s, k, d in items]
        if self._writer is None:
            self._writer = self.engine.raw_connection()
        writer = self._writer
        try:
            cursor = writer.cursor()
            try:
                cursor.executemany(self._insert_sql, rows)
            finally:
                cursor.close()
            writer.commit()
        except self._integrity_errors:
            writer.rollback()
            raise SeqTakenError("an entry of this room is already written") from None
        except Exception:
            # The connection may be broken (a database restart): start afresh next time.
            self._writer = None
            with contextlib.suppress(Exception):
                writer.rollback()
            with contextlib.suppress(Exception):
                writer.close()
            raise

    def entries(self, room_id: int, after: int = -1) -> list[Entry]:
        """The room's entries with ``seq > after``, in order."""
        with self._tx() as conn:
            rows = conn.execute(
                select(entries.c.seq, entries.c.kind, entries.c.data)
                .where(entries.c.room_id == room_id, entries.c.seq > after)
                .order_by(entries.c.seq)
            )
            return [Entry(r.seq, r.kind, json.loads(r.data)) for r in rows]


def _entry_text(data: dict[str, Any]) -> str:
    """An entry's data as stored: compact JSON with sorted keys (orjson: a move's hot path)."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
