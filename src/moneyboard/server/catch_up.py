"""Keeping up with other server processes that share the database (PostgreSQL and --notify).

After storing an entry a process tells the others (:func:`notify`); each of them reads the
new entries from the database and tells its own listeners (:func:`on_notice`). A notice can
arrive late, so a request first reads the room's entries this process has not heard of yet
(:func:`refresh`), and an action made on a later step than this process knows does too
(:func:`caught_up`): nobody is shown an older step than one already confirmed, nor refused
as ``stale`` for a current view. When a room's memory cannot be trusted (an entry it could
not store, a catch-up that failed) it is thrown away and rebuilt from storage
(:func:`reload`).

Steps read here were taken by another process, so they are told with ``ours=False``: the
bot due after them is that process's to move (see :mod:`moneyboard.server.bot_pacing`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from moneyboard.server.room import Change, Room

if TYPE_CHECKING:
    from moneyboard.server.manager import Access, RoomManager

log = logging.getLogger("moneyboard.server")


def notify(manager: RoomManager, code: str, seq: int) -> None:
    """Tell the other processes that entry ``seq`` of room ``code`` is stored (-1: the room
    was made, -2: deleted); a failure to tell them is logged, never raised."""
    if manager.notifier is not None:
        try:
            manager.notifier(code, seq)
        except Exception:
            log.exception("could not tell other processes about room %s", code)


def on_notice(manager: RoomManager, code: str, seq: int) -> None:
    """Another process stored entry ``seq`` of room ``code`` (-1: made it, -2: deleted it)."""
    if seq == -2:
        manager.forget(code)
    elif code in manager.rooms and seq > manager.rooms[code].seq:
        try:
            catch_up(manager, code)
        except Exception:
            log.exception("room %s: catching up failed; rebuilding it", code)
            reload(manager, code)


def catch_up(manager: RoomManager, code: str) -> None:
    """Carry out entries another process stored (told through the database)."""
    manager.settle(code)
    room = manager.rooms.get(code)
    if room is None:
        return
    stored = manager.store.room_by_code(code)
    if stored is None:
        manager.forget(code)
        return
    for entry in manager.store.entries(room.stored.id, after=room.seq):
        change = room.take(entry.kind, entry.data)
        manager.tell(room, change, ours=False)
    manager.tokens[code] = {
        t.token_hash: t for t in manager.store.tokens(stored.id) if not t.revoked
    }
    manager.name_seats(room)


def refresh(manager: RoomManager, room: Room) -> None:
    """Carry out the entries other processes stored for ``room`` that this process has
    not heard of yet (their notice may still be on its way): one read of storage."""
    if manager.rooms.get(room.code) is not room:
        return
    manager.settle(room.code)
    if manager.rooms.get(room.code) is not room:
        return
    try:
        for entry in manager.store.entries(room.stored.id, after=room.seq):
            manager.tell(room, room.take(entry.kind, entry.data), ours=False)
    except Exception:
        log.exception("room %s: catching up with storage failed; rebuilding it", room.code)
        reload(manager, room.code)


def caught_up(manager: RoomManager, access: Access, version: int) -> Room:
    """The room of ``access``, first brought up to date if the client saw a later step
    (told by another process whose notice has not reached this one yet)."""
    room = access.room
    if version > room.version and manager.notifier is not None:
        refresh(manager, room)
        room = access.room = manager.rooms.get(room.code, room)
    return room


def reload(manager: RoomManager, code: str) -> None:
    """Throw the room's memory away and rebuild it from storage."""
    listeners = manager.listeners.get(code, set())
    manager.rooms.pop(code, None)
    stored = manager.store.room_by_code(code)
    if stored is None:
        manager.forget(code)
        return
    room = manager.load(stored)
    manager.listeners[code] = listeners
    # Rebuilt after another process took a step first: its bot moves are its own.
    manager.tell(room, Change("reload", rebuilt=True), ours=manager.notifier is None)
