"""Who is listening to a room (a seat's device, the projector, the trainer) and what each hears.

An update is built once per kind of listener (one per seat, one public, one for the trainer)
and shared by everyone of that kind. It is written to each connection at once when nothing is
queued ahead of it (:mod:`moneyboard.server.sending`); otherwise it waits in the listener's
bounded queue for the connection's sender task, and a client too slow to keep up is dropped
rather than let the server's memory grow.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from moneyboard.engine.messages import Event, audience_of
from moneyboard.engine.state import GameState
from moneyboard.server.encoding import dumps, fragment
from moneyboard.server.room import Change, Room
from moneyboard.server.sending import Send, StartedSend, start_send

#: Event keys shown only to the trainer: chance outcomes can reveal the order of a deck.
TRAINER_ONLY_PREFIXES = ("chance.",)


@dataclasses.dataclass(eq=False)
class Listener:
    """One connection: ``role`` is ``seat`` (with ``seat``), ``public`` or ``trainer``.

    Its queue holds what is waiting to be sent, bounded in messages (the queue's size) and
    in characters (``max_chars``, 0: no bound). The connection's sender takes from it only
    as fast as the client reads (the ASGI server's send waits while the socket is backed
    up), so a stalled device fills it, and is then dropped with everything it was owed.
    """

    role: str
    seat: int | None
    token_id: int | None
    queue: asyncio.Queue[str | StartedSend | None]
    overflowed: bool = False
    max_chars: int = 0
    #: Characters of text waiting in the queue.
    waiting: int = 0
    #: The connection's send, once it is open: used at once when nothing is queued.
    write: Send | None = None
    #: The sender task is writing something now (nothing may overtake it).
    busy: bool = False

    def key(self) -> str:
        return f"seat:{self.seat}" if self.role == "seat" else self.role

    def send(self, text: str) -> None:
        """Write ``text`` now if nothing is ahead of it, else queue it; over either bound,
        the listener is marked to be dropped (a stalled client) and what it was owed is let
        go at once."""
        if self.overflowed:
            return
        if self.write is not None and not self.busy and self.queue.empty():
            try:
                rest = start_send(self.write, text)
            except Exception:
                # The connection is closing: its sender task finds out on its next send.
                self.write = None
                return
            if rest is not None:
                self.queue.put_nowait(rest)
            return
        if self.max_chars and self.waiting + len(text) > self.max_chars:
            self._overflow()
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self._overflow()
            return
        self.waiting += len(text)

    def _overflow(self) -> None:
        self.overflowed = True
        while not self.queue.empty():
            item = self.queue.get_nowait()
            if isinstance(item, StartedSend):
                item.abandon()
        self.waiting = 0
        self.queue.put_nowait(None)

    async def next(self) -> str | StartedSend | None:
        """The next text to send, or a send to finish (``None``: close the connection)."""
        item = await self.queue.get()
        if isinstance(item, str):
            self.waiting = max(0, self.waiting - len(item))
        return item

    async def write_queued(self, write: Send) -> None:
        """The connection's sender task: write what is queued, in order, until told to
        close; nothing is written at once (:meth:`send`) while it is writing."""
        while (item := await self.next()) is not None:
            self.busy = True
            try:
                await (item if isinstance(item, StartedSend) else write(item))
            finally:
                self.busy = False

    def send_close(self) -> None:
        """Ask the connection to close once what is queued has been sent."""
        self.send_text_or_close(None)

    def send_text_or_close(self, item: str | None) -> None:
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.overflowed = True


@dataclasses.dataclass(eq=False)
class Reply:
    """Who is waiting to hear that their entry was taken: the listener that sent it and the
    ``id`` it gave. The update the entry causes carries the answer (``"ack": id``) to that
    listener, so a move costs one message fewer; ``sent`` says it went out that way."""

    listener: Listener
    id: Any
    sent: bool = False


def trainer_view(room: Room, public: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The whole game for the trainer (``None`` before the game starts); ``public``: the
    public view just built for the other listeners, which the full view starts from."""
    if room.state is None:
        return None
    # The growing history goes out as events, one update at a time, not again and again.
    return room.state.full_view(history=False, public=public)


def seat_part(
    room: Room,
    seat: int,
    public: dict[str, Any] | None,
    running: bool | None = None,
    vote: Any = None,
) -> dict[str, Any]:
    """What only ``seat`` gets: its legal and refused actions, ``mine``, the parts of its
    view that differ from the public view (its view is ``{**view, **mine}``), the decision
    it is asked in one sentence (``prompt``, while it is asked), and the open class vote if
    it is shown one. A broadcast works out ``running`` and the encoded ``vote`` once for
    every seat; by default they are looked up here."""
    if running is None:
        running = room.running
        vote = room.vote_for(seat)
    part: dict[str, Any] = {"you": seat}
    mine: dict[str, Any] = {}
    if room.state is not None and public is not None:
        mine = room.state.private_view(seat)
    kernel_legal = mine.pop("legal", None)
    kernel_refused = mine.pop("refused", None)
    # A seat the trainer gave to a bot is offered nothing: the bot plays it (its page
    # says so), and anything the person sent would be refused.
    by_bot = seat < len(room.controllers) and room.controllers[seat] is not None
    if by_bot:
        part["legal"], part["refused"] = [], []
    elif kernel_legal is not None and running:
        part["legal"], part["refused"] = kernel_legal, kernel_refused or []
    else:
        part["legal"], part["refused"] = room.legal_json(seat)
    part["mine"] = mine
    state = room.state
    if running and not by_bot and state is not None and seat in state.to_move():
        part["prompt"] = room.prompt(seat)
    part["voted"] = seat in room.votes
    part["vote"] = vote
    return part


def shared_message(
    room: Room, view: dict[str, Any] | None, change: Change | None, events: list[dict[str, Any]]
) -> dict[str, Any]:
    """The part of an update every listener of one kind shares."""
    message: dict[str, Any] = {
        "type": "update",
        "version": room.version,
        "room": room.info(),
        "view": view,
        "events": events,
    }
    clocks = room.clocks()
    if clocks:
        message["clocks"] = clocks
    if change is not None:
        message["change"] = change.kind
        message["announcements"] = change.announcements
        if change.narration:
            message["narration"] = change.narration
        message["rebuilt"] = change.rebuilt
        if change.vote_result is not None:
            message["vote_result"] = change.vote_result
    return message


def public_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events everyone may see: no chance outcomes, nothing for some seats only."""
    return [
        e for e in events if "audience" not in e and not e["key"].startswith(TRAINER_ONLY_PREFIXES)
    ]


def seat_events(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events ``seat`` may see: everyone's, and those for its eyes (a card it was dealt)."""
    return [
        e
        for e in events
        if not e["key"].startswith(TRAINER_ONLY_PREFIXES) and seat in e.get("audience", (seat,))
    ]


def events_for(role: str, seat: int | None, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events one listener may see: all for the trainer, a seat's own, or the public's."""
    if role == "trainer":
        return events
    if role == "seat" and seat is not None:
        return seat_events(events, seat)
    return public_events(events)


def update_message(
    room: Room,
    role: str,
    seat: int | None,
    change: Change | None,
    events: list[dict[str, Any]],
    *,
    public: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``update`` message for one listener, as one dictionary (``public``: the public
    view, if the caller has built it already)."""
    if public is None and room.state is not None:
        public = room.state.view(None)
    if role == "trainer":
        return {**shared_message(room, trainer_view(room, public), change, events), "role": role}
    message = {**shared_message(room, public, change, events_for(role, seat, events)), "role": role}
    if role == "seat" and seat is not None:
        message.update(seat_part(room, seat, public))
    return message


#: How many of the game's last events a new connection is told, so that a page reloaded (or
#: a new phone) shows what happened before it joined, as it did before.
WELCOME_EVENTS = 60


def new_events(room: Room) -> list[dict[str, Any]]:
    """Events the game logged since the last update, in plain words too."""
    state = room.state
    if state is None:
        return []
    fresh = state.log[room.log_seen :]
    room.log_seen = len(state.log)
    return [_event(state, event) for event in fresh]


def recent_events(room: Room, count: int = WELCOME_EVENTS) -> list[dict[str, Any]]:
    """The game's last ``count`` events, in plain words too (for a new connection)."""
    state = room.state
    if state is None:
        return []
    return [_event(state, event) for event in state.log[-count:]]


def _event(state: GameState, event: Event) -> dict[str, Any]:
    key, params = event
    data: dict[str, Any] = {"key": key, "params": dict(params), "text": state.explain(event)}
    audience = audience_of(event)
    if audience is not None:
        data["audience"] = list(audience)
    return data


def broadcast(
    room: Room, listeners: set[Listener], change: Change | None, reply: Reply | None = None
) -> None:
    """Send every listener of ``room`` its update after ``change`` (with ``reply``'s ``ack``
    in the update of the listener whose entry it was).

    The public part is built and encoded once; a seat's message is that text with its own
    part appended, so six listeners cost one public view and five small seat parts. A seat
    that an event is for alone (a card dealt face down) gets a message of its own.
    """
    events = new_events(room)
    if not listeners:
        return
    public = room.state.view(None) if room.state is not None else None
    # Everything but the closing brace, so each listener's text is one join, one copy.
    shared = dumps(shared_message(room, public, change, public_events(events)))[:-1]
    private = {s for e in events for s in e.get("audience", ())}
    running = room.running
    # The deciding seat's buttons are the vote's choices: worked out once, for both.
    parts: dict[int, dict[str, Any]] = {}
    deciding = room.deciding_seat()
    # (A bot's seat is shown no buttons, so the vote works out its choices itself.)
    if (
        deciding is not None
        and room.controllers[deciding] is None
        and any(x.role == "seat" and x.seat == deciding for x in listeners)
    ):
        parts[deciding] = seat_part(room, deciding, public, running, None)
    open_vote = room.open_vote(parts[deciding]["legal"] if deciding in parts else None)
    vote = fragment(open_vote) if open_vote is not None else None
    voters = room.voters()

    def part_of(seat: int) -> dict[str, Any]:
        if seat in parts:  # the deciding seat, never shown the vote
            return parts[seat]
        return seat_part(room, seat, public, running, vote if seat in voters else None)

    built: dict[str, str] = {}
    for listener in list(listeners):
        key = listener.key()
        text = built.get(key)
        if text is None:
            if listener.role == "trainer":
                text = dumps(update_message(room, "trainer", None, change, events, public=public))
            elif listener.role == "seat" and listener.seat is not None and listener.seat in private:
                own = seat_events(events, listener.seat)
                message = {**shared_message(room, public, change, own), "role": "seat"}
                text = dumps({**message, **part_of(listener.seat)})
            elif listener.role == "seat" and listener.seat is not None:
                part = {"role": "seat", **part_of(listener.seat)}
                text = f"{shared},{dumps(part)[1:]}"
            else:
                text = f'{shared},"role":"public"}}'
            built[key] = text
        if reply is not None and listener is reply.listener and not listener.overflowed:
            text = f'{text[:-1]},"ack":{dumps(reply.id)}}}'
            reply.sent = True
        listener.send(text)


def welcome(room: Room, listener: Listener) -> str:
    """The first update a new connection gets: the game as it is now, with the last events
    this listener may see (a page starts its list of what happened over from these)."""
    events = recent_events(room)
    return dumps(
        {**update_message(room, listener.role, listener.seat, None, events), "type": "welcome"}
    )
