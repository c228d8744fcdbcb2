"""Every room of one server process: finding it, who is asking, and the way in for changes.

The manager holds the rooms of this process, their join tokens (as hashes) and their
listeners, rebuilds every room from its entries on start, and answers every request: which
room a join code names (loaded from storage if another process made it), whether a token is
the trainer's, a seat's or nobody's (the public), a seat's action or vote, and a new
connection's listening. Its parts each have a module of their own:

- :mod:`~moneyboard.server.joining`: making a room and seating people in it;
- :mod:`~moneyboard.server.group_commit`: the one path of every change (carried out now,
  stored with every entry of the same event-loop turn, then told);
- :mod:`~moneyboard.server.catch_up`: other processes' entries, read from the database;
- :mod:`~moneyboard.server.bot_pacing`: bots' pace and the rooms' clocks.

Everything here runs on the server's one event loop and never awaits in the middle of a
change, so two requests never interleave inside a room.

A room whose game has ended stays in memory while someone has it open; the others are let go
when room is needed (a new room, another ended one opened) and rebuilt if asked for again.
Whoever runs the server may delete stored rooms (``moneyboard rooms delete``) while it runs:
a room found gone from storage is dropped here, and its pages are told it was deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections.abc import Callable
from typing import Any

from moneyboard.engine.errors import MoneyboardError
from moneyboard.server import catch_up, joining
from moneyboard.server.bot_pacing import BotPacer
from moneyboard.server.errors import RoomError, forbidden, not_found, refused
from moneyboard.server.group_commit import GroupCommit
from moneyboard.server.listeners import Listener, Reply, broadcast, welcome
from moneyboard.server.room import Change, Room
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, StoredRoom, StoredToken
from moneyboard.server.tokens import normalize_code, same_hash, token_hash

log = logging.getLogger("moneyboard.server")

#: Called after an entry is stored, with the room's code and the entry's position
#: (several processes: tells the others through the database).
Notifier = Callable[[str, int], None]

#: What a room's open pages are told when it is deleted by someone other than its trainer.
DELETED = "this room was deleted"
#: Codes of rooms let go or deleted that a process remembers, to tell a page "deleted".
REMEMBERED_CODES = 20_000


class Access:
    """Who a request comes from: the trainer, a seat (with its token), or the public."""

    def __init__(self, room: Room, role: str, seat: int | None = None, token_id: int | None = None):
        self.room = room
        self.role = role
        self.seat = seat
        self.token_id = token_id


class RoomManager:
    """The rooms of this process, their storage, listeners, bots and clocks."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, dict[str, StoredToken]] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self.notifier: Notifier | None = None
        #: Entries carried out in memory and waiting to be stored (see :meth:`submit`).
        self.commits = GroupCommit(self)
        #: The rooms' bot moves, turn timers and class periods.
        self.bots = BotPacer(self)
        #: Codes of rooms this process held and no longer does (their game ended, or they
        #: were deleted): a code among them that storage no longer has was deleted.
        self.let_go: dict[str, None] = {}
        #: Seconds between two looks at which held rooms are still stored.
        self.check_every = 30.0
        self._checking: asyncio.Task[None] | None = None
        #: Told of a room whose game is over after each change to it (the debrief pages
        #: build its debrief ahead while the trainer watches).
        self.when_over: list[Callable[[Room], None]] = []

    # ----- life cycle ----------------------------------------------------------------------
    def load_all(self) -> int:
        """Rebuild every stored room whose game has not ended (on start); returns how many.
        An ended room is rebuilt when someone opens it (its debrief)."""
        for stored in self.store.all_rooms():
            if stored.finished:
                self._remember(stored.code)
                continue
            try:
                self.load(stored)
            except (MoneyboardError, RuntimeError) as exc:
                log.error("room %s could not be rebuilt: %s", stored.code, exc)
        return len(self.rooms)

    def load(self, stored: StoredRoom) -> Room:
        """Rebuild a stored room from its entries and hold it (with its tokens)."""
        room = Room(stored)
        tokens = self.store.tokens(stored.id)
        self.tokens[stored.code] = {t.token_hash: t for t in tokens if not t.revoked}
        self.name_seats(room)
        room.rebuild(self.store.entries(stored.id))
        self.rooms[stored.code] = room
        self.listeners.setdefault(stored.code, set())
        return room

    def name_seats(self, room: Room) -> None:
        """Before the start, a learner's seat takes the name its learner joined with."""
        if room.state is not None:
            return
        for token in self.tokens.get(room.code, {}).values():
            if room.seat_kind(token.seat) == "learner":
                room.name_lobby_seat(token.seat, token.name)

    def start_clock(self) -> None:
        """Start checking turn timers and class periods, and schedule bots already due;
        look now and then for held rooms deleted from storage."""
        self.bots.start()
        self._checking = asyncio.get_running_loop().create_task(self._check_stored())

    async def stop(self) -> None:
        """Stop the clocks and bots, store what is pending, and close every connection."""
        if self._checking is not None:
            self._checking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checking
            self._checking = None
        self.commits.flush()
        await self.bots.stop()
        for listeners in self.listeners.values():
            for listener in listeners:
                listener.send_close()

    def delete(self, room: Room) -> None:
        """End and delete a room and everything in it; its listeners are told and closed."""
        self.settle(room.code)
        self.store.delete_room(room.stored.id)
        self.forget(room.code, "the trainer deleted this room")
        catch_up.notify(self, room.code, -2)

    def forget(self, code: str, reason: str = DELETED) -> None:
        """Drop a room from this process (deleted): its bot stops, its listeners are told
        ``reason`` and closed."""
        self.rooms.pop(code, None)
        self.tokens.pop(code, None)
        self.bots.cancel(code)
        self._remember(code)
        closed = json.dumps({"type": "closed", "reason": reason}, separators=(",", ":"))
        for listener in self.listeners.pop(code, set()):
            listener.send(closed)
            listener.send_close()

    def _remember(self, code: str) -> None:
        """Keep ``code`` among the rooms let go (the oldest forgotten past a bound)."""
        self.let_go[code] = None
        if len(self.let_go) > REMEMBERED_CODES:
            del self.let_go[next(iter(self.let_go))]

    # ----- rooms held in play, and rooms deleted from outside -------------------------------
    def in_play(self) -> int:
        """Rooms that count against ``max_rooms``: every stored room whose game has not
        ended (in any process sharing the database), and the ended ones held here (open on
        someone's screen)."""
        held_ended = sum(1 for room in self.rooms.values() if room.stored.finished)
        return self.store.count_in_play() + held_ended

    def let_go_ended(self) -> None:
        """Drop from memory every ended room nobody has open (it stays stored, and is
        rebuilt if someone opens it again)."""
        for code, room in list(self.rooms.items()):
            if room.stored.finished and not self.listeners.get(code):
                self.settle(code)
                if self.rooms.get(code) is room and not self.listeners.get(code):
                    self.rooms.pop(code)
                    self.tokens.pop(code, None)
                    self.listeners.pop(code, None)
                    self.bots.cancel(code)
                    self._remember(code)

    def drop_deleted(self) -> list[str]:
        """Drop the held rooms that are no longer stored (deleted by whoever runs the
        server, with ``moneyboard rooms delete``); their codes."""
        codes = list(self.rooms)
        if not codes:
            return []
        stored = self.store.stored_codes(codes)
        gone = [code for code in codes if code not in stored]
        for code in gone:
            log.info("room %s was deleted from storage: dropped", code)
            self.forget(code)
        return gone

    async def _check_stored(self) -> None:
        """Now and then, drop the held rooms deleted from storage."""
        while True:
            await asyncio.sleep(self.check_every)
            try:
                self.drop_deleted()
            except Exception:  # the database may be away for a moment: look again later
                log.exception("could not check which rooms are still stored")

    # ----- finding rooms and people ---------------------------------------------------------
    def room(self, code: str) -> Room:
        """The room with this join code (loaded from storage if another process made it),
        with every step it has taken stored and told (see :meth:`settle`)."""
        code = normalize_code(code)
        self.settle(code)
        room = self.rooms.get(code)
        if room is not None and room.stored.finished and not self.store.has_room(room.stored.id):
            self.forget(code)  # an ended room, deleted by whoever runs the server
            room = None
        if room is None:
            stored = self.store.room_by_code(code) if 0 < len(code) <= 12 else None
            if stored is None:
                if code in self.let_go:
                    raise not_found(f"room {code} was deleted, with its game's record")
                raise not_found(f"there is no room with the code {code or '(empty)'}")
            if stored.finished and len(self.rooms) >= self.settings.max_rooms:
                self.let_go_ended()  # memory for it: the ended rooms nobody has open
            try:
                room = self.load(stored)
            except (MoneyboardError, RuntimeError) as exc:
                log.error("room %s could not be rebuilt: %s", code, exc)
                raise RoomError(
                    503, "unavailable", f"room {code} cannot be rebuilt from its record: {exc}"
                ) from None
            if self.bots.started:  # loaded after the start: its bot is due too
                self.bots.schedule(room, None)
        return room

    def access(self, code: str, token: str | None) -> Access:
        """Who ``token`` is in room ``code``: the trainer, a seat, or (no token) the public.

        With several processes the room is first brought up to date with storage, so a
        request never sees an older step than one another process has already confirmed.
        """
        room = self.room(code)
        if self.notifier is not None:
            catch_up.refresh(self, room)
            room = self.rooms.get(room.code, room)
        if token is None or token == "":
            return Access(room, "public")
        digest = token_hash(token)
        if same_hash(digest, room.stored.trainer_hash):
            return Access(room, "trainer")
        found = self.tokens.get(room.code, {}).get(digest)
        if found is None:
            # Another process may have let this learner in: look again in storage.
            fresh = self.store.tokens(room.stored.id)
            self.tokens[room.code] = {t.token_hash: t for t in fresh if not t.revoked}
            found = self.tokens[room.code].get(digest)
        if found is None:
            raise forbidden("this token does not belong to this room (or its seat was moved)")
        return Access(room, "seat", found.seat, found.id)

    def trainer(self, code: str, token: str | None) -> Room:
        """The room, if ``token`` is its trainer's (the trainer's controls need it)."""
        access = self.access(code, token)
        if access.role != "trainer":
            raise forbidden("only the trainer of this room may do that")
        return access.room

    def seat_of(self, code: str, token: str | None) -> Access:
        """The seat ``token`` plays in the room (an action or a vote needs one)."""
        access = self.access(code, token)
        if access.role != "seat" or access.seat is None:
            raise forbidden("a seat's token is needed to play or vote")
        return access

    # ----- creating and joining (see joining.py) --------------------------------------------
    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None,
        forced: dict[str, list[Any]],
    ) -> tuple[Room, str]:
        """A new room and its trainer token; options and seats are checked first."""
        return joining.create(self, game_id, options, seats, seed=seed, forced=forced)

    def join(self, code: str, name: str, seat: int | None) -> tuple[int, str]:
        """Give a learner a seat (the one asked for, or the first free one) and its token."""
        return joining.join(self, code, name, seat)

    def new_device(self, room: Room, seat: int) -> str:
        """Move a seat to another device: every old token of the seat stops working."""
        return joining.new_device(self, room, seat)

    async def start(self, room: Room, fill_bot: str | None) -> Change:
        """The trainer starts the game with the seats as they are now."""
        return await joining.start(self, room, fill_bot)

    # ----- changes (see group_commit.py) ----------------------------------------------------
    def submit(
        self, room: Room, kind: str, data: dict[str, Any], reply: Reply | None = None
    ) -> asyncio.Future[Change]:
        """Check and carry out an entry now; store it, then tell the listeners, with every
        other entry of this turn of the event loop (see :meth:`GroupCommit.submit`)."""
        return self.commits.submit(room, kind, data, reply)

    async def commit(
        self, room: Room, kind: str, data: dict[str, Any], reply: Reply | None = None
    ) -> Change:
        """Check, carry out, store, then tell: the one path of every change to a room.

        Returns once the entry is stored and its update is queued for every listener.
        """
        return await self.submit(room, kind, data, reply)

    def settle(self, code: str) -> None:
        """Store and tell what is pending for room ``code`` now, before anyone reads it
        (a new connection's welcome, a view over HTTP): nobody sees an unstored step."""
        self.commits.settle(code)

    def tell(
        self,
        room: Room,
        change: Change | None,
        reply: Reply | None = None,
        *,
        ours: bool = True,
    ) -> None:
        """Send the room's listeners their updates, then schedule the bot due to move next
        (also when an update could not be built: the game must not wait for nobody).
        ``ours``: this process took the step (not another one sharing the database)."""
        try:
            broadcast(room, self.listeners.setdefault(room.code, set()), change, reply)
        finally:
            self.bots.schedule(room, change, ours=ours)
        if change is not None and change.kind == "undo" and room.stored.finished:
            self._in_play_again(room)
        if self.when_over and change is not None and room.over:
            for told in self.when_over:
                told(room)

    def _in_play_again(self, room: Room) -> None:
        """The trainer took back the last move of a finished game: it is in play again
        (it counts against the limit, and ``moneyboard rooms delete`` keeps it)."""
        if room.status in ("ended", "finished"):
            return
        try:
            self.store.mark_finished(room.stored.id, finished=False)
            room.stored = dataclasses.replace(room.stored, finished=False)
        except Exception:
            log.exception("room %s: could not mark it in play again", room.code)

    async def act(
        self, access: Access, action: Any, version: int, reply: Reply | None = None
    ) -> Change:
        """A seat's action on the view at ``version``; a stale view is refused."""
        room = catch_up.caught_up(self, access, version)
        if version != room.version and not room.still_asked(access.seat, version):
            raise refused(room.moved_on(access.seat, version), "stale")
        if access.seat is not None and room.controllers[access.seat] is not None:
            raise refused("a bot is playing this seat now; ask the trainer", "bot_seat")
        data: dict[str, Any] = {"seat": access.seat, "action": action}
        member = self._member(access)
        if member:  # a team's phone: a teammate choosing at once is told who chose
            data["by"] = member
        return await self.commit(room, "action", data, reply)

    def _member(self, access: Access) -> str:
        """The name a team's member joined with (its seat's other phones are told it)."""
        room = access.room
        if access.seat is None or room.seat_kind(access.seat) != "team":
            return ""
        tokens = self.tokens.get(room.code, {}).values()
        return next((t.name for t in tokens if t.id == access.token_id), "")

    async def vote(
        self, access: Access, action: Any, version: int, why: str, reply: Reply | None = None
    ) -> Change:
        """A sealed class vote on the open decision, from a seat that is not deciding it."""
        room = catch_up.caught_up(self, access, version)
        data = {"seat": access.seat, "action": action, "version": version, "why": why}
        return await self.commit(room, "vote", data, reply)

    # ----- other processes, bots (see catch_up.py, bot_pacing.py) ---------------------------
    def on_notice(self, code: str, seq: int) -> None:
        """Another process stored entry ``seq`` of room ``code`` (-1: made it, -2: deleted it)."""
        catch_up.on_notice(self, code, seq)

    def skip(self, room: Room) -> None:
        """The trainer's "skip": the bot due to move moves now."""
        self.bots.skip(room)

    # ----- listening --------------------------------------------------------------------------
    def listen(self, access: Access) -> Listener:
        """A new connection to the room: it gets the room as stored now, then every update."""
        self.settle(access.room.code)
        listener = Listener(
            access.role,
            access.seat,
            access.token_id,
            asyncio.Queue(self.settings.send_queue),
            max_chars=self.settings.send_chars,
        )
        self.listeners.setdefault(access.room.code, set()).add(listener)
        listener.send(welcome(access.room, listener))
        return listener

    def unlisten(self, code: str, listener: Listener) -> None:
        """A connection closed: it hears no more updates."""
        self.listeners.get(code, set()).discard(listener)

    def still_allowed(self, code: str, listener: Listener) -> bool:
        """Whether a seat's connection still holds its seat (the trainer may have moved it)."""
        if listener.role != "seat":
            return code in self.rooms
        return any(t.id == listener.token_id for t in self.tokens.get(code, {}).values())
