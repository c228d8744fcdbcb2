"""The one path of every change to a room: carried out now, stored with its turn, then told.

A room checks and carries out an entry in memory at once, so the next message already sees
it. Every entry that arrives in the same turn of the event loop, from any room, is written in
one transaction at the end of that turn (a group commit); only then do the listeners hear of
it and the sender get its answer. If the write fails (the database is gone, or another
process wrote that step first) the room is rebuilt from storage, so nobody ever hears of a
step that is not stored.

Everything here runs on the server's one event loop and never awaits in the middle of a
change, so two requests never interleave inside a room.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sys
from typing import TYPE_CHECKING, Any, NamedTuple

from moneyboard.server import catch_up
from moneyboard.server.errors import RoomError, refused
from moneyboard.server.listeners import Reply
from moneyboard.server.room import Change, Room
from moneyboard.server.storage import SeqTakenError

if TYPE_CHECKING:
    from moneyboard.server.manager import RoomManager

log = logging.getLogger("moneyboard.server")


class _Pending(NamedTuple):
    """An entry carried out in memory, waiting for its group commit."""

    room: Room
    seq: int
    kind: str
    data: dict[str, Any]
    change: Change
    done: asyncio.Future[Change]
    #: The connection waiting for this entry's answer (it rides on its update).
    reply: Reply | None = None


def _fail(p: _Pending, error: RoomError) -> None:
    """Refuse a pending entry to whoever waits on it (unless it was answered already)."""
    if not p.done.done():
        p.done.set_exception(error)


class GroupCommit:
    """The entries of the manager's rooms carried out in this turn of the event loop and
    waiting to be stored together."""

    def __init__(self, manager: RoomManager):
        self.manager = manager
        self._pending: list[_Pending] = []
        self._pending_rooms: set[str] = set()
        self._flush_soon = False

    def submit(
        self, room: Room, kind: str, data: dict[str, Any], reply: Reply | None = None
    ) -> asyncio.Future[Change]:
        """Check and carry out an entry now; store it, then tell the listeners, at the end of
        this turn of the event loop, in one transaction with every other entry that arrived
        in the same turn (a group commit). Raises :class:`RoomError` at once, with nothing
        changed, if the room refuses the entry; the future fails if it cannot be stored.
        """
        if room.code in self._pending_rooms:
            # One entry per room and batch, so each update shows the game after its entry.
            self.flush()
            if self.manager.rooms.get(room.code) is not room:
                raise refused("the room was rebuilt; look at the game again", "stale")
        change = room.take(kind, data)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Change] = loop.create_future()
        self._pending.append(_Pending(room, room.seq, kind, data, change, done, reply))
        self._pending_rooms.add(room.code)
        if not self._flush_soon:
            self._flush_soon = True
            loop.call_soon(self.flush)
        return done

    def settle(self, code: str) -> None:
        """Store and tell what is pending for room ``code`` now, before anyone reads it
        (a new connection's welcome, a view over HTTP): nobody sees an unstored step."""
        if code in self._pending_rooms:
            self.flush()

    def flush(self) -> None:
        """Write every pending entry in one transaction, then tell their rooms in order.

        If the batch cannot be written, each entry is written alone, so one room's conflict
        (another process took that step) costs only that room its entry.
        """
        self._flush_soon = False
        batch, self._pending = self._pending, []
        self._pending_rooms.clear()
        if not batch:
            return
        rooms = self.manager.rooms
        store = self.manager.store
        live = [p for p in batch if rooms.get(p.room.code) is p.room]
        for p in batch:
            if rooms.get(p.room.code) is not p.room:
                _fail(p, refused("the room was rebuilt; look at the game again", "stale"))
        try:
            store.append_batch([(p.room.stored.id, p.seq, p.kind, p.data) for p in live])
        except Exception:
            if len(live) == 1:
                self._not_stored(live[0], set())
                return
            failed: set[str] = set()
            for p in live:
                if p.room.code in failed:
                    _fail(p, refused("an earlier step of this room was not saved", "stale"))
                    continue
                try:
                    store.append_batch([(p.room.stored.id, p.seq, p.kind, p.data)])
                except Exception:
                    self._not_stored(p, failed)
                    continue
                self._stored(p)
            return
        for p in live:
            self._stored(p)

    def _not_stored(self, p: _Pending, failed: set[str]) -> None:
        """An entry could not be written: its room is rebuilt from storage and told so."""
        code = p.room.code
        failed.add(code)
        exc = sys.exc_info()[1]
        if isinstance(exc, SeqTakenError):
            error = refused("someone else acted first; look at the game again", "stale")
        else:
            log.error("room %s: entry %d was not stored: %r", code, p.seq, exc)
            error = RoomError(503, "storage", "the server could not save that; nothing was changed")
        try:
            catch_up.reload(self.manager, code)
        except Exception:
            log.exception("room %s: rebuilding it from storage failed", code)
            self.manager.rooms.pop(code, None)
        _fail(p, error)

    def _stored(self, p: _Pending) -> None:
        """An entry is stored: mark a finished game, tell other processes and the listeners."""
        room = p.room
        over = p.kind == "end" or (room.state is not None and room.state.terminal)
        if over and not room.stored.finished:
            try:
                self.manager.store.mark_finished(room.stored.id)
                room.stored = dataclasses.replace(room.stored, finished=True)
            except Exception:
                log.exception("room %s: could not mark it finished", room.code)
        catch_up.notify(self.manager, room.code, p.seq)
        try:
            self.manager.tell(room, p.change, p.reply)
        except Exception:  # stored already: the move stands, and listeners resync on reconnect
            log.exception("room %s: telling listeners about entry %d failed", room.code, p.seq)
        if not p.done.done():
            p.done.set_result(p.change)
