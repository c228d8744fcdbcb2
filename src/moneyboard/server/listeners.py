"""Who is listening to a room (a seat's device, the projector, the trainer) and what each hears.

Each listener has a bounded queue of outgoing text; a client too slow to keep up is dropped
rather than let the server's memory grow. An update is built once per kind of listener (one
per seat, one public, one for the trainer) and shared by everyone of that kind.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

from moneyboard.server.room import Change, Room

#: Event keys shown only to the trainer: chance outcomes can reveal the order of a deck.
TRAINER_ONLY_PREFIXES = ("chance.",)


@dataclasses.dataclass(eq=False)
class Listener:
    """One connection: ``role`` is ``seat`` (with ``seat``), ``public`` or ``trainer``."""

    role: str
    seat: int | None
    token_id: int | None
    queue: asyncio.Queue[str | None]
    overflowed: bool = False

    def key(self) -> str:
        return f"seat:{self.seat}" if self.role == "seat" else self.role

    def send(self, text: str) -> None:
        """Queue ``text``; a full queue marks the listener to be dropped (a stalled client)."""
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    def send_close(self) -> None:
        """Ask the connection to close once what is queued has been sent."""
        self.send_text_or_close(None)

    def send_text_or_close(self, item: str | None) -> None:
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.overflowed = True


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), default=str)


def view_for(room: Room, role: str, seat: int | None) -> dict[str, Any] | None:
    """The game as ``role`` may see it (``None`` before the game starts)."""
    state = room.state
    if state is None:
        return None
    if role == "trainer":
        full = state.full_view()
        # The growing history goes out as events, one update at a time, not again and again.
        full.pop("log", None)
        full.pop("postings", None)
        return full
    return state.view(seat if role == "seat" else None)


def update_message(
    room: Room,
    role: str,
    seat: int | None,
    change: Change | None,
    events: list[dict[str, Any]],
) -> dict[str, Any]:
    """The ``update`` message for one kind of listener."""
    message: dict[str, Any] = {
        "type": "update",
        "version": room.version,
        "room": room.info(),
        "role": role,
        "view": view_for(room, role, seat),
    }
    if role == "seat" and seat is not None:
        message["you"] = seat
        message["legal"], message["refused"] = room.legal_json(seat)
        message["voted"] = seat in room.votes
    if role != "trainer":
        events = [e for e in events if not e["key"].startswith(TRAINER_ONLY_PREFIXES)]
    message["events"] = events
    if change is not None:
        message["change"] = change.kind
        message["announcements"] = change.announcements
        if change.narration:
            message["narration"] = change.narration
        message["rebuilt"] = change.rebuilt
        if change.vote_result is not None:
            message["vote_result"] = change.vote_result
    return message


def new_events(room: Room) -> list[dict[str, Any]]:
    """Events the game logged since the last update, in plain words too."""
    state = room.state
    if state is None:
        return []
    fresh = state.log[room.log_seen :]
    room.log_seen = len(state.log)
    return [
        {"key": key, "params": dict(params), "text": state.explain((key, params))}
        for key, params in fresh
    ]


def broadcast(room: Room, listeners: set[Listener], change: Change | None) -> None:
    """Send every listener of ``room`` its update after ``change``."""
    events = new_events(room)
    built: dict[str, str] = {}
    for listener in list(listeners):
        key = listener.key()
        text = built.get(key)
        if text is None:
            text = _dumps(update_message(room, listener.role, listener.seat, change, events))
            built[key] = text
        listener.send(text)


def welcome(room: Room, listener: Listener) -> str:
    """The first update a new connection gets: the game as it is now, with no events."""
    return _dumps(
        {**update_message(room, listener.role, listener.seat, None, []), "type": "welcome"}
    )
