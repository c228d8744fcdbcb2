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
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    case,
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

from moneyboard.engine.record import VERSION as RECORD_VERSION

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
    # The record version the room was created under: its options are read with that
    # version's defaults (``RuleOptions.as_recorded``), also after an upgrade.
    Column("record_version", Integer, nullable=False, server_default="2"),
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
    Index("seat_tokens_room", "room_id"),
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
    #: The record version of the moneyboard that created the room: its ``options`` are the
    #: overrides of that version's defaults, which a later version may have changed.
    record_version: int = RECORD_VERSION


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
class RoomSummary:
    """What whoever runs the server may see of a stored room (``moneyboard rooms list``):
    nothing secret, no token, no learner's name."""

    code: str
    game: str
    created_at: float
    #: The game is over (it finished, or the trainer ended it).
    ended: bool
    #: The trainer has started the game (the room has entries).
    started: bool
    #: Actions taken (learners' and bots' moves).
    moves: int
    seats: int
    #: Devices that joined and still hold a seat.
    joined: int
    #: When the last entry was stored (the end, for an ended room); ``None`` before the start.
    last_at: float | None

    @property
    def status(self) -> str:
        """``ended``, ``in play`` or ``lobby`` (not started yet)."""
        if self.ended:
            return "ended"
        return "in play" if self.started else "lobby"


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
        record_version=row.record_version,
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

    def count_in_play(self) -> int:
        """Rooms whose game has not ended (a lobby, or a game being played)."""
        query = select(func.count()).select_from(rooms).where(rooms.c.finished.is_(False))
        with self._tx() as conn:
            return int(conn.execute(query).scalar_one())

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
                        record_version=RECORD_VERSION,
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

    def mark_finished(self, room_id: int, finished: bool = True) -> None:
        """Mark the room's game over (or, after the trainer took back its last move, not)."""
        with self._tx() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(finished=finished))

    def has_room(self, room_id: int) -> bool:
        """Whether the room is still stored (whoever runs the server may delete it)."""
        with self._tx() as conn:
            return conn.execute(select(rooms.c.id).where(rooms.c.id == room_id)).first() is not None

    def stored_codes(self, codes: Sequence[str]) -> set[str]:
        """Which of ``codes`` name stored rooms (the others were deleted)."""
        with self._tx() as conn:
            rows = conn.execute(select(rooms.c.code).where(rooms.c.code.in_(list(codes))))
            return {r.code for r in rows}

    def summaries(self) -> list[RoomSummary]:
        """Every stored room as whoever runs the server sees it, oldest first."""
        per_room = (
            select(
                entries.c.room_id,
                func.sum(case((entries.c.kind == "action", 1), else_=0)).label("moves"),
                func.max(entries.c.at).label("last_at"),
            )
            .group_by(entries.c.room_id)
            .subquery()
        )
        joined = (
            select(seat_tokens.c.room_id, func.count().label("joined"))
            .where(seat_tokens.c.revoked.is_(False))
            .group_by(seat_tokens.c.room_id)
            .subquery()
        )
        query = (
            select(
                rooms.c.code,
                rooms.c.game,
                rooms.c.created_at,
                rooms.c.finished,
                rooms.c.seats,
                per_room.c.moves,
                per_room.c.last_at,
                joined.c.joined,
            )
            .outerjoin(per_room, per_room.c.room_id == rooms.c.id)
            .outerjoin(joined, joined.c.room_id == rooms.c.id)
            .order_by(rooms.c.id)
        )
        with self._tx() as conn:
            return [
                RoomSummary(
                    code=r.code,
                    game=r.game,
                    created_at=r.created_at,
                    ended=bool(r.finished),
                    started=r.last_at is not None,
                    moves=int(r.moves or 0),
                    seats=len(r.seats),
                    joined=int(r.joined or 0),
                    last_at=r.last_at,
                )
                for r in conn.execute(query)
            ]

    def delete_rooms(self, codes: Sequence[str], *, ended_only: bool) -> list[str]:
        """Delete the rooms of ``codes`` (only those whose game has ended, if
        ``ended_only``) with everything in them, in one transaction; the codes deleted.

        The rooms are chosen once the database is locked for writing (SQLite) or their
        rows are (PostgreSQL), so a room a server marks in play again meanwhile is kept.
        """
        chosen = select(rooms.c.id, rooms.c.code).where(rooms.c.code.in_(list(codes)))
        if ended_only:
            chosen = chosen.where(rooms.c.finished.is_(True))
        with self._tx() as conn:
            if self.dialect == "sqlite":  # a first write takes the lock (reads do not)
                conn.execute(update(rooms).where(rooms.c.id == -1).values(finished=True))
            found = conn.execute(chosen.with_for_update()).all()
            ids = [r.id for r in found]
            if ids:
                conn.execute(delete(entries).where(entries.c.room_id.in_(ids)))
                conn.execute(delete(seat_tokens).where(seat_tokens.c.room_id.in_(ids)))
                conn.execute(delete(rooms).where(rooms.c.id.in_(ids)))
        return [r.code for r in found]

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
