"""What whoever runs a classroom server sees and clears of its stored rooms
(``moneyboard rooms list`` and ``moneyboard rooms delete``), on the database ``serve`` uses.

Nothing secret is shown: no token, no learner's name. A room whose game has ended may be
deleted at any time, even while a server runs on the same database: the server drops it and
its open pages are told it was deleted. A room still in play is deleted only when asked for
by name with ``in_play`` (an abandoned lobby, a game nobody will finish): a server holding it
drops it too, within :attr:`RoomManager.check_every <moneyboard.server.manager.RoomManager>`
seconds, or at once when its next move cannot be stored.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from moneyboard.engine.errors import MoneyboardError
from moneyboard.registry import get_game
from moneyboard.server.storage import RoomSummary, Store, make_engine
from moneyboard.server.tokens import normalize_code

DAY = 86_400.0


class RoomsError(MoneyboardError):
    """A database that cannot be read, or codes that name no room to delete; nothing was
    deleted."""


def open_store(url: str) -> Store:
    """The rooms stored at ``url`` (a database ``moneyboard serve`` has used); never creates
    one: a wrong path or URL is a :class:`RoomsError` saying so."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise RoomsError(
            f"{url!r} is not a database URL (e.g. sqlite:///rooms.db or postgresql://...)"
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise RoomsError(
            f"moneyboard keeps its rooms in SQLite or PostgreSQL only, not {shown} "
            "(--db sqlite:///FILE or --db postgresql://user@host/name)"
        )
    if backend == "sqlite":
        name = parsed.database or ""
        if name in ("", ":memory:") or not Path(name).is_file():
            raise RoomsError(
                f"there is no database file {name or '(none named)'}: give the --db that "
                "'moneyboard serve' was started with (by default sqlite:///moneyboard-rooms.db, "
                "in the folder it was started in)"
            )
    try:
        engine = make_engine(url)
        if not inspect(engine).has_table("rooms"):
            engine.dispose()
            raise RoomsError(f"{shown} holds no moneyboard rooms (no server has used it)")
    except (SQLAlchemyError, ModuleNotFoundError) as exc:
        reason = getattr(exc, "orig", None) or exc
        first = str(reason).strip().splitlines()[0] if str(reason).strip() else type(exc).__name__
        raise RoomsError(f"cannot open the database {shown}: {first}") from None
    return Store(engine)


def close_store(store: Store) -> None:
    """Let go of the database."""
    store.close()
    store.engine.dispose()


def game_title(game_id: str) -> str:
    """The game's title, or its id if this moneyboard does not know it."""
    try:
        return get_game(game_id).title
    except MoneyboardError:
        return game_id


def when(at: float | None) -> str:
    """A time for the table, in this machine's time zone: ``2026-11-27 09:05``."""
    return "" if at is None else datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M")


def summary_json(room: RoomSummary) -> dict[str, Any]:
    """A room as ``rooms list --json`` gives it (times in UTC, ISO 8601)."""

    def iso(at: float | None) -> str | None:
        return None if at is None else datetime.fromtimestamp(at, UTC).isoformat()

    return {
        "code": room.code,
        "game": room.game,
        "created": iso(room.created_at),
        "status": room.status,
        "last_entry": iso(room.last_at),
        "moves": room.moves,
        "seats": room.seats,
        "joined": room.joined,
    }


def chosen_by_code(
    rooms: Sequence[RoomSummary], codes: Sequence[str], *, in_play: bool
) -> list[RoomSummary]:
    """The rooms ``codes`` name, as typed (case, spaces and dashes ignored). A code that names
    no room, or a room in play without ``in_play``, is a :class:`RoomsError`: then none
    is deleted, so a typo never deletes half of what was meant."""
    by_code = {room.code: room for room in rooms}
    wanted = list(dict.fromkeys(normalize_code(code) for code in codes))
    unknown = [code or "(empty)" for code in wanted if code not in by_code]
    if unknown:
        raise RoomsError(
            f"no room has the code {_and_list(unknown)} ('moneyboard rooms list' shows every "
            "room); nothing was deleted"
        )
    chosen = [by_code[code] for code in wanted]
    playing = [room.code for room in chosen if not room.ended]
    if playing and not in_play:
        were = "is" if len(playing) == 1 else "are"
        raise RoomsError(
            f"{_and_list(playing)} {were} still in play (the game has not ended); nothing "
            "was deleted. End it from the trainer's console, or give --in-play to delete it "
            "anyway: a server running it closes it and tells its players it was deleted"
        )
    return chosen


def ended_before(rooms: Sequence[RoomSummary], days: float, now: float) -> list[RoomSummary]:
    """The rooms whose game ended more than ``days`` days before ``now``."""
    cutoff = now - days * DAY
    return [room for room in rooms if room.ended and (room.last_at or room.created_at) < cutoff]


def delete(store: Store, chosen: Sequence[RoomSummary], *, in_play: bool) -> list[str]:
    """Delete the chosen rooms and everything in them; the codes deleted. Without
    ``in_play`` a room a server marked in play again meanwhile is kept. Servers sharing a
    PostgreSQL database with ``--notify`` are told at once."""
    deleted = store.delete_rooms([room.code for room in chosen], ended_only=not in_play)
    if deleted and store.dialect == "postgresql":
        _tell_servers(store, deleted)
    return deleted


def _tell_servers(store: Store, codes: Sequence[str]) -> None:
    """Send the notice a server sends when its trainer deletes a room (servers without
    ``--notify`` find out by themselves)."""
    from moneyboard.server.fanout import CHANNEL

    sender = f"rooms-{os.getpid()}"
    with contextlib.suppress(SQLAlchemyError), store.engine.begin() as conn:
        for code in codes:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{sender}:{code}:-2"},
            )


def now() -> float:
    """The time now (a test may replace it)."""
    return time.time()


def _and_list(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
