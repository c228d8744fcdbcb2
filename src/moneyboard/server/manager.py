"""Every room of one server process: create, join, act, direct, and tell the listeners.

All changes go through :meth:`RoomManager.submit` (or its awaitable form ``commit``): the
room checks and carries out the entry in memory, the store writes it (with every other entry
of the same event-loop turn, in one transaction), and only then do listeners hear of it. If
the write fails (the database is gone, or another process wrote that step first) the room is
rebuilt from storage, so nobody ever hears of a step that is not stored.

Everything here runs on the server's one event loop and never awaits in the middle of a
change, so two requests never interleave inside a room.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.state import Seat
from moneyboard.registry import get_game
from moneyboard.server.errors import (
    RoomError,
    bad_request,
    bot_kind,
    forbidden,
    not_found,
    refused,
)
from moneyboard.server.listeners import Listener, Reply, broadcast, welcome
from moneyboard.server.room import Change, Room
from moneyboard.server.settings import Settings
from moneyboard.server.storage import SeqTakenError, Store, StoredRoom, StoredToken
from moneyboard.server.tokens import (
    new_join_code,
    new_token,
    normalize_code,
    same_hash,
    token_hash,
)

log = logging.getLogger("moneyboard.server")

#: Called after an entry is stored, with the room's code and the entry's position
#: (several processes: tells the others through the database).
Notifier = Callable[[str, int], None]


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
    if not p.done.done():
        p.done.set_exception(error)


def _log_failure(done: asyncio.Future[Change]) -> None:
    """For entries nobody waits on (bots, clocks): a storage failure is logged."""
    if not done.cancelled() and done.exception() is not None:
        log.warning("an entry was not stored: %s", done.exception())


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
        self._bot_calls: dict[str, asyncio.TimerHandle] = {}
        #: Rooms whose bot call only watches a bot another process is due to move.
        self._watching: set[str] = set()
        self._ticker: asyncio.Task[None] | None = None
        self.notifier: Notifier | None = None
        #: Entries carried out in memory and waiting to be stored (see :meth:`submit`).
        self._pending: list[_Pending] = []
        self._pending_rooms: set[str] = set()
        self._flush_soon = False

    # ----- life cycle ----------------------------------------------------------------------
    def load_all(self) -> int:
        """Rebuild every stored room from its entries (on start); returns how many."""
        for stored in self.store.all_rooms():
            try:
                self._load(stored)
            except (MoneyboardError, RuntimeError) as exc:
                log.error("room %s could not be rebuilt: %s", stored.code, exc)
        return len(self.rooms)

    def _load(self, stored: StoredRoom) -> Room:
        room = Room(stored)
        tokens = self.store.tokens(stored.id)
        self.tokens[stored.code] = {t.token_hash: t for t in tokens if not t.revoked}
        self._name_seats(room)
        room.rebuild(self.store.entries(stored.id))
        self.rooms[stored.code] = room
        self.listeners.setdefault(stored.code, set())
        return room

    def _name_seats(self, room: Room) -> None:
        """Before the start, a learner's seat takes the name its learner joined with."""
        if room.state is not None:
            return
        for token in self.tokens.get(room.code, {}).values():
            if room.seat_kind(token.seat) == "learner":
                room.name_lobby_seat(token.seat, token.name)

    def start_clock(self) -> None:
        """Start checking turn timers and class periods, and schedule bots already due."""
        self._ticker = asyncio.get_running_loop().create_task(self._tick_forever())
        for room in self.rooms.values():
            self._schedule_bot(room, None)

    async def stop(self) -> None:
        """Stop the clocks and bots, store what is pending, and close every connection."""
        self._flush()
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for handle in self._bot_calls.values():
            handle.cancel()
        self._bot_calls.clear()
        self._watching.clear()
        for listeners in self.listeners.values():
            for listener in listeners:
                listener.send_close()

    # ----- finding rooms and people ---------------------------------------------------------
    def room(self, code: str) -> Room:
        """The room with this join code (loaded from storage if another process made it),
        with every step it has taken stored and told (see :meth:`settle`)."""
        code = normalize_code(code)
        self.settle(code)
        room = self.rooms.get(code)
        if room is None:
            stored = self.store.room_by_code(code) if 0 < len(code) <= 12 else None
            if stored is None:
                raise not_found(f"there is no room with the code {code or '(empty)'}")
            try:
                room = self._load(stored)
            except (MoneyboardError, RuntimeError) as exc:
                log.error("room %s could not be rebuilt: %s", code, exc)
                raise RoomError(
                    503, "unavailable", f"room {code} cannot be rebuilt from its record: {exc}"
                ) from None
            if self._ticker is not None:  # loaded after the start: its bot is due too
                self._schedule_bot(room, None)
        return room

    def access(self, code: str, token: str | None) -> Access:
        """Who ``token`` is in room ``code``: the trainer, a seat, or (no token) the public.

        With several processes the room is first brought up to date with storage, so a
        request never sees an older step than one another process has already confirmed.
        """
        room = self.room(code)
        if self.notifier is not None:
            self.refresh(room)
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
        access = self.access(code, token)
        if access.role != "trainer":
            raise forbidden("only the trainer of this room may do that")
        return access.room

    def seat_of(self, code: str, token: str | None) -> Access:
        access = self.access(code, token)
        if access.role != "seat" or access.seat is None:
            raise forbidden("a seat's token is needed to play or vote")
        return access

    # ----- creating and joining -------------------------------------------------------------
    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None,
        forced: dict[str, list[Any]],
    ) -> tuple[Room, str]:
        """A new room and its trainer token; options and seats are checked first."""
        if self.store.count_rooms() >= self.settings.max_rooms:
            raise RoomError(
                429,
                "too_many_rooms",
                f"this server already holds {self.settings.max_rooms} rooms; "
                "end a finished room first",
            )
        game = get_game(game_id)
        if not game.min_players <= len(seats) <= game.max_players:
            raise bad_request(
                f"{game.title} is for {game.min_players} to {game.max_players} seats, "
                f"not {len(seats)}"
            )
        for i, spec in enumerate(seats):
            if spec["kind"] == "bot":
                spec["bot"] = bot_kind(str(spec.get("bot") or ""), f"seat {i}: ")
        checked = game.options(options).overrides()
        if seed is None:
            seed = secrets.randbelow(2**31)
        # Check that the game starts with these settings before anything is stored.
        game.new_state(
            [Seat(f"seat {i}") for i in range(len(seats))],
            seed,
            game.options(checked),
            forced=forced,
        )
        trainer_token = new_token()
        for _ in range(20):
            stored = self.store.create_room(
                new_join_code(),
                game=game.id,
                options=checked,
                seed=seed,
                seats=seats,
                forced=forced,
                trainer_hash=token_hash(trainer_token),
            )
            if stored is not None:
                break
        else:  # pragma: no cover - 20 collisions among 244 million codes
            raise RoomError(503, "busy", "no free join code was found; try again")
        room = self._load(stored)
        self._notify(room.code, -1)
        return room, trainer_token

    def join(self, code: str, name: str, seat: int | None) -> tuple[int, str]:
        """Give a learner a seat (the one asked for, or the first free one) and its token."""
        room = self.room(code)
        name = " ".join(name.split())
        if not name:
            raise bad_request("please give a name (a nickname is fine)")
        if room.state is not None:
            raise refused(
                "the game has started: use your rejoin link, or ask the trainer to move "
                "your seat to this device",
                "started",
            )
        taken = {t.seat for t in self.tokens.get(room.code, {}).values()}
        kinds = [room.seat_kind(i) for i in range(len(room.controllers))]
        if seat is None:
            free = [i for i, k in enumerate(kinds) if k == "learner" and i not in taken]
            if not free:
                raise refused("every learner's seat in this room is taken", "full")
            seat = free[0]
        elif not 0 <= seat < len(kinds):
            raise bad_request(f"there is no seat {seat} in this room")
        elif kinds[seat] == "bot":
            raise refused(f"seat {seat} is played by a bot", "bot_seat")
        elif kinds[seat] == "learner" and seat in taken:
            raise refused(f"seat {seat} is taken", "taken")
        token = new_token()
        stored = self.store.add_token(room.stored.id, seat, name, token_hash(token))
        self.tokens.setdefault(room.code, {})[stored.token_hash] = stored
        self._name_seats(room)
        self._tell(room, None)
        return seat, token

    def new_device(self, room: Room, seat: int) -> str:
        """Move a seat to another device: every old token of the seat stops working."""
        if not 0 <= seat < len(room.controllers):
            raise bad_request(f"there is no seat {seat} in this room")
        self.store.revoke_seat(room.stored.id, seat)
        token = new_token()
        name = room.names[seat]
        stored = self.store.add_token(room.stored.id, seat, name, token_hash(token))
        kept = {h: t for h, t in self.tokens.get(room.code, {}).items() if t.seat != seat}
        kept[stored.token_hash] = stored
        self.tokens[room.code] = kept
        for listener in list(self.listeners.get(room.code, ())):
            if listener.role == "seat" and listener.seat == seat:
                listener.send_close()
        return token

    def delete(self, room: Room) -> None:
        """End and delete a room and everything in it; its listeners are told and closed."""
        self.settle(room.code)
        self.store.delete_room(room.stored.id)
        self._forget(room.code)
        self._notify(room.code, -2)

    def _forget(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.tokens.pop(code, None)
        self._cancel_bot(code)
        for listener in self.listeners.pop(code, set()):
            listener.send('{"type":"closed","reason":"the trainer deleted this room"}')
            listener.send_close()

    # ----- changes --------------------------------------------------------------------------
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
            self._flush()
            if self.rooms.get(room.code) is not room:
                raise refused("the room was rebuilt; look at the game again", "stale")
        change = room.take(kind, data)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Change] = loop.create_future()
        self._pending.append(_Pending(room, room.seq, kind, data, change, done, reply))
        self._pending_rooms.add(room.code)
        if not self._flush_soon:
            self._flush_soon = True
            loop.call_soon(self._flush)
        return done

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
        if code in self._pending_rooms:
            self._flush()

    def _flush(self) -> None:
        """Write every pending entry in one transaction, then tell their rooms in order.

        If the batch cannot be written, each entry is written alone, so one room's conflict
        (another process took that step) costs only that room its entry.
        """
        self._flush_soon = False
        batch, self._pending = self._pending, []
        self._pending_rooms.clear()
        if not batch:
            return
        live = [p for p in batch if self.rooms.get(p.room.code) is p.room]
        for p in batch:
            if self.rooms.get(p.room.code) is not p.room:
                _fail(p, refused("the room was rebuilt; look at the game again", "stale"))
        try:
            self.store.append_batch([(p.room.stored.id, p.seq, p.kind, p.data) for p in live])
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
                    self.store.append_batch([(p.room.stored.id, p.seq, p.kind, p.data)])
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
            self._reload(code)
        except Exception:
            log.exception("room %s: rebuilding it from storage failed", code)
            self.rooms.pop(code, None)
        _fail(p, error)

    def _stored(self, p: _Pending) -> None:
        """An entry is stored: mark a finished game, tell other processes and the listeners."""
        room = p.room
        over = p.kind == "end" or (room.state is not None and room.state.terminal)
        if over and not room.stored.finished:
            try:
                self.store.mark_finished(room.stored.id)
                room.stored = dataclasses.replace(room.stored, finished=True)
            except Exception:
                log.exception("room %s: could not mark it finished", room.code)
        self._notify(room.code, p.seq)
        try:
            self._tell(room, p.change, p.reply)
        except Exception:  # stored already: the move stands, and listeners resync on reconnect
            log.exception("room %s: telling listeners about entry %d failed", room.code, p.seq)
        if not p.done.done():
            p.done.set_result(p.change)

    def _reload(self, code: str) -> None:
        """Throw the room's memory away and rebuild it from storage."""
        listeners = self.listeners.get(code, set())
        self.rooms.pop(code, None)
        stored = self.store.room_by_code(code)
        if stored is None:
            self._forget(code)
            return
        room = self._load(stored)
        self.listeners[code] = listeners
        # Rebuilt after another process took a step first: its bot moves are its own.
        self._tell(room, Change("reload", rebuilt=True), ours=self.notifier is None)

    def catch_up(self, code: str) -> None:
        """Carry out entries another process stored (told through the database)."""
        self.settle(code)
        room = self.rooms.get(code)
        if room is None:
            return
        stored = self.store.room_by_code(code)
        if stored is None:
            self._forget(code)
            return
        for entry in self.store.entries(room.stored.id, after=room.seq):
            change = room.take(entry.kind, entry.data)
            self._tell(room, change, ours=False)
        self.tokens[code] = {t.token_hash: t for t in self.store.tokens(stored.id) if not t.revoked}
        self._name_seats(room)

    def refresh(self, room: Room) -> None:
        """Carry out the entries other processes stored for ``room`` that this process has
        not heard of yet (their notice may still be on its way): one read of storage."""
        if self.rooms.get(room.code) is not room:
            return
        self.settle(room.code)
        if self.rooms.get(room.code) is not room:
            return
        try:
            for entry in self.store.entries(room.stored.id, after=room.seq):
                self._tell(room, room.take(entry.kind, entry.data), ours=False)
        except Exception:
            log.exception("room %s: catching up with storage failed; rebuilding it", room.code)
            self._reload(room.code)

    def _caught_up(self, access: Access, version: int) -> Room:
        """The room of ``access``, first brought up to date if the client saw a later step
        (told by another process whose notice has not reached this one yet)."""
        room = access.room
        if version > room.version and self.notifier is not None:
            self.refresh(room)
            room = access.room = self.rooms.get(room.code, room)
        return room

    def on_notice(self, code: str, seq: int) -> None:
        """Another process stored entry ``seq`` of room ``code`` (-1: made it, -2: deleted it)."""
        if seq == -2:
            self._forget(code)
        elif code in self.rooms and seq > self.rooms[code].seq:
            try:
                self.catch_up(code)
            except Exception:
                log.exception("room %s: catching up failed; rebuilding it", code)
                self._reload(code)

    def _notify(self, code: str, seq: int) -> None:
        if self.notifier is not None:
            try:
                self.notifier(code, seq)
            except Exception:
                log.exception("could not tell other processes about room %s", code)

    def _tell(
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
            self._schedule_bot(room, change, ours=ours)

    async def act(
        self, access: Access, action: Any, version: int, reply: Reply | None = None
    ) -> Change:
        """A seat's action on the view at ``version``; a stale view is refused."""
        room = self._caught_up(access, version)
        if version != room.version and not room.still_asked(access.seat, version):
            raise refused(
                f"the game has moved on since you looked (you saw step {version}, "
                f"it is now at step {room.version}); look again and choose",
                "stale",
            )
        if access.seat is not None and room.controllers[access.seat] is not None:
            raise refused("a bot is playing this seat now; ask the trainer", "bot_seat")
        data: dict[str, Any] = {"seat": access.seat, "action": action}
        return await self.commit(room, "action", data, reply)

    async def vote(
        self, access: Access, action: Any, version: int, why: str, reply: Reply | None = None
    ) -> Change:
        """A sealed class vote on the open decision, from a seat that is not deciding it."""
        room = self._caught_up(access, version)
        data = {"seat": access.seat, "action": action, "version": version, "why": why}
        return await self.commit(room, "vote", data, reply)

    async def start(self, room: Room, fill_bot: str | None) -> Change:
        """The trainer starts the game with the seats as they are now."""
        if room.state is not None:
            raise refused("the game has already started", "started")
        if fill_bot is not None:
            fill_bot = bot_kind(fill_bot)
        joined = {t.seat for t in self.tokens.get(room.code, {}).values()}
        seats = []
        empty = []
        for i, spec in enumerate(room.stored.seats):
            if spec["kind"] == "bot":
                seats.append({"name": room.names[i], "bot": spec["bot"]})
            elif i in joined:
                seats.append({"name": room.names[i], "bot": None})
            elif fill_bot is not None:
                name = f"{fill_bot.split(':')[0].capitalize()} bot {i + 1}"
                seats.append({"name": name, "bot": fill_bot})
            else:
                empty.append(i)
                seats.append({"name": room.names[i], "bot": None})
        if empty:
            raise refused(
                f"nobody has joined seat(s) {empty} yet: wait, or start with bots in them",
                "seats_empty",
            )
        return await self.commit(room, "start", {"seats": seats, "started_at": time.time()})

    # ----- bots, timers, class periods --------------------------------------------------------
    def _background(self, room: Room, kind: str, data: dict[str, Any]) -> None:
        """An entry nobody waits on (a bot's move, a clock's): refused at once, or stored
        and told with the others of this turn of the event loop."""
        self.submit(room, kind, data).add_done_callback(_log_failure)

    def _schedule_bot(self, room: Room, change: Change | None, *, ours: bool = True) -> None:
        """Move the bot due to move, after a visible step. With several processes on one
        database, the process that took a step moves the bot due after it; the others only
        watch, and move it themselves if the room has not moved on for ``bot_takeover``
        seconds (that process may have stopped), so a bot's move is not chosen twice."""
        code = room.code
        if room.bot_to_move() is None:
            return
        if code in self._bot_calls:
            if not (ours and code in self._watching):
                return
            self._cancel_bot(code)  # a step of our own: the bot is ours to move now
        delay = self.settings.bot_step
        if change is not None and (change.announcements or change.vote_result):
            delay += self.settings.bot_pause
        watched: int | None = None
        if not ours:
            delay += self.settings.bot_takeover
            watched = room.version
            self._watching.add(code)
        loop = asyncio.get_running_loop()
        self._bot_calls[code] = loop.call_later(delay, self._bot_move, code, watched)

    def _cancel_bot(self, code: str) -> None:
        handle = self._bot_calls.pop(code, None)
        self._watching.discard(code)
        if handle is not None:
            handle.cancel()

    def skip(self, room: Room) -> None:
        """The trainer's "skip": the bot due to move moves now."""
        self._cancel_bot(room.code)
        if room.bot_to_move() is None:
            raise refused("no bot is waiting to move", "no_bot")
        self._bot_move(room.code)

    def _bot_move(self, code: str, watched: int | None = None) -> None:
        """The paced bot move of a room: the table's bot chooses, the move is stored, then
        carried out and told. ``watched``: the version a watch on another process's bot
        began at; if the room has moved on since, that process is alive: watch again."""
        self._bot_calls.pop(code, None)
        self._watching.discard(code)
        room = self.rooms.get(code)
        if room is None or room.table is None or room.bot_to_move() is None:
            return
        if watched is not None and room.version != watched:
            self._schedule_bot(room, None, ours=False)
            return
        try:
            due = room.table.bot_move()
            if due is None or due.seat is None or due.action is None:
                return
            data = {"seat": due.seat, "action": due.action.to_json(), "why": due.why}
            self._background(room, "action", data)
        except RoomError as exc:
            log.warning("room %s: bot move: %s", code, exc)
            self._schedule_bot(room, None)
        except Exception:
            log.exception("room %s: a bot failed; the room is paused", code)
            with contextlib.suppress(RoomError):
                self._background(room, "pause", {})

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tick)
            for room in list(self.rooms.values()):
                try:
                    self.tick(room)
                except Exception:
                    log.exception("room %s: clock check failed", room.code)

    def tick(self, room: Room) -> None:
        """Act on a room's clocks as its table reports them due: the class period is over
        (time is called), or a turn or a decision ran out (the game's default move is played
        for the seat and announced). Each is stored before it is carried out."""
        table = room.table
        # Every decision left in an overrun turn gets its default: a bounded number.
        for _ in range(50):
            if not room.running or table is None:
                return
            due = table.due(bots=False, period=not room.period_over)
            if due is None:
                return
            if due.kind == "call_time":
                try:
                    self._background(room, "call_time", {})
                except RoomError as exc:
                    log.warning("room %s: calling time: %s", room.code, exc)
                    room.period_over = True
                continue
            try:
                self._background(room, "timeout", {"seat": due.seat})
            except RoomError as exc:
                log.info("room %s: seat %s timed out: %s", room.code, due.seat, exc)
                return

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
        self.listeners.get(code, set()).discard(listener)

    def still_allowed(self, code: str, listener: Listener) -> bool:
        """Whether a seat's connection still holds its seat (the trainer may have moved it)."""
        if listener.role != "seat":
            return code in self.rooms
        return any(t.id == listener.token_id for t in self.tokens.get(code, {}).values())
