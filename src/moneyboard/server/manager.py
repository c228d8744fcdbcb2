"""Every room of one server process: create, join, act, direct, and tell the listeners.

All changes go through :meth:`RoomManager.commit`: the room checks and carries out the
entry in memory, the store writes it, and only then do listeners hear of it. If the write
fails (the database is gone, or another process wrote that step first) the room is rebuilt
from storage, so memory never runs ahead of what is stored.

Everything here runs on the server's one event loop and never awaits in the middle of a
change, so two requests never interleave inside a room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from moneyboard.bots.registry import bot_kinds
from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.state import Seat
from moneyboard.registry import get_game
from moneyboard.server.errors import RoomError, bad_request, forbidden, not_found, refused
from moneyboard.server.listeners import Listener, broadcast, welcome
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
        self._ticker: asyncio.Task[None] | None = None
        self.notifier: Notifier | None = None

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
                room.lobby_names[token.seat] = token.name

    def start_clock(self) -> None:
        """Start checking turn timers and class periods, and schedule bots already due."""
        self._ticker = asyncio.get_running_loop().create_task(self._tick_forever())
        for room in self.rooms.values():
            self._schedule_bot(room, None)

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for handle in self._bot_calls.values():
            handle.cancel()
        self._bot_calls.clear()
        for listeners in self.listeners.values():
            for listener in listeners:
                listener.send_close()

    # ----- finding rooms and people ---------------------------------------------------------
    def room(self, code: str) -> Room:
        """The room with this join code (loaded from storage if another process made it)."""
        code = normalize_code(code)
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
        return room

    def access(self, code: str, token: str | None) -> Access:
        """Who ``token`` is in room ``code``: the trainer, a seat, or (no token) the public."""
        room = self.room(code)
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
            if spec["kind"] == "bot" and spec.get("bot") not in bot_kinds():
                raise bad_request(
                    f"seat {i}: unknown bot kind {spec.get('bot')!r}; "
                    f"known kinds: {', '.join(bot_kinds())}"
                )
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
        self.store.delete_room(room.stored.id)
        self._forget(room.code)
        self._notify(room.code, -2)

    def _forget(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.tokens.pop(code, None)
        handle = self._bot_calls.pop(code, None)
        if handle is not None:
            handle.cancel()
        for listener in self.listeners.pop(code, set()):
            listener.send('{"type":"closed","reason":"the trainer deleted this room"}')
            listener.send_close()

    # ----- changes --------------------------------------------------------------------------
    def commit(self, room: Room, kind: str, data: dict[str, Any]) -> Change:
        """Check, carry out, store, then tell: the one path of every change to a room."""
        change = room.take(kind, data)
        try:
            self.store.append(room.stored.id, room.seq, kind, data)
        except SeqTakenError:
            self._reload(room.code)
            raise refused("someone else acted first; look at the game again", "stale") from None
        except Exception:
            log.exception("room %s: entry %d was not stored", room.code, room.seq)
            self._reload(room.code)
            raise RoomError(
                503, "storage", "the server could not save that; nothing was changed"
            ) from None
        over = kind == "end" or (room.state is not None and room.state.terminal)
        if over and not room.stored.finished:
            self.store.mark_finished(room.stored.id)
        self._notify(room.code, room.seq)
        try:
            self._tell(room, change)
        except Exception:  # stored already: the move stands, and listeners resync on reconnect
            log.exception("room %s: telling listeners about entry %d failed", room.code, room.seq)
        return change

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
        self._tell(room, Change("reload", rebuilt=True))

    def catch_up(self, code: str) -> None:
        """Carry out entries another process stored (told through the database)."""
        room = self.rooms.get(code)
        if room is None:
            return
        stored = self.store.room_by_code(code)
        if stored is None:
            self._forget(code)
            return
        for entry in self.store.entries(room.stored.id, after=room.seq):
            change = room.take(entry.kind, entry.data)
            self._tell(room, change)
        self.tokens[code] = {t.token_hash: t for t in self.store.tokens(stored.id) if not t.revoked}
        self._name_seats(room)

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

    def _tell(self, room: Room, change: Change | None) -> None:
        broadcast(room, self.listeners.setdefault(room.code, set()), change)
        self._schedule_bot(room, change)

    def act(self, access: Access, action: Any, version: int, why: str = "") -> Change:
        """A seat's action on the view at ``version``; a stale view is refused."""
        room = access.room
        if version != room.version:
            raise refused(
                f"the game has moved on since you looked (you saw step {version}, "
                f"it is now at step {room.version}); look again and choose",
                "stale",
            )
        if access.seat is not None and room.controllers[access.seat] is not None:
            raise refused("a bot is playing this seat now; ask the trainer", "bot_seat")
        data: dict[str, Any] = {"seat": access.seat, "action": action}
        return self.commit(room, "action", data)

    def vote(self, access: Access, action: Any, version: int, why: str) -> Change:
        room = access.room
        data = {"seat": access.seat, "action": action, "version": version, "why": why}
        return self.commit(room, "vote", data)

    def start(self, room: Room, fill_bot: str | None) -> Change:
        """The trainer starts the game with the seats as they are now."""
        if room.state is not None:
            raise refused("the game has already started", "started")
        joined = {t.seat for t in self.tokens.get(room.code, {}).values()}
        seats = []
        empty = []
        for i, spec in enumerate(room.stored.seats):
            if spec["kind"] == "bot":
                seats.append({"name": room.names[i], "bot": spec["bot"]})
            elif i in joined:
                seats.append({"name": room.names[i], "bot": None})
            elif fill_bot is not None:
                seats.append({"name": f"{fill_bot.capitalize()} bot {i + 1}", "bot": fill_bot})
            else:
                empty.append(i)
                seats.append({"name": room.names[i], "bot": None})
        if empty:
            raise refused(
                f"nobody has joined seat(s) {empty} yet: wait, or start with bots in them",
                "seats_empty",
            )
        if fill_bot is not None and fill_bot not in bot_kinds():
            raise bad_request(f"unknown bot kind {fill_bot!r}; known: {', '.join(bot_kinds())}")
        return self.commit(room, "start", {"seats": seats, "started_at": time.time()})

    # ----- bots, timers, class periods --------------------------------------------------------
    def _schedule_bot(self, room: Room, change: Change | None) -> None:
        if room.code in self._bot_calls or room.bot_to_move() is None:
            return
        delay = self.settings.bot_step
        if change is not None and (change.announcements or change.vote_result):
            delay += self.settings.bot_pause
        loop = asyncio.get_running_loop()
        self._bot_calls[room.code] = loop.call_later(delay, self._bot_move, room.code)

    def skip(self, room: Room) -> None:
        """The trainer's "skip": the bot due to move moves now."""
        handle = self._bot_calls.pop(room.code, None)
        if handle is not None:
            handle.cancel()
        if room.bot_to_move() is None:
            raise refused("no bot is waiting to move", "no_bot")
        self._bot_move(room.code)

    def _bot_move(self, code: str) -> None:
        self._bot_calls.pop(code, None)
        room = self.rooms.get(code)
        if room is None:
            return
        seat = room.bot_to_move()
        if seat is None or room.state is None:
            return
        bot = room.bot(seat)
        try:
            choice = bot.choose(room.state, seat)
            self.commit(
                room, "action", {"seat": seat, "action": choice.action.to_json(), "why": choice.why}
            )
        except RoomError as exc:
            log.warning("room %s: bot in seat %d: %s", code, seat, exc)
            self._schedule_bot(room, None)
        except Exception:
            log.exception("room %s: the bot in seat %d failed; the room is paused", code, seat)
            with contextlib.suppress(RoomError):
                self.commit(room, "pause", {})

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tick)
            for room in list(self.rooms.values()):
                try:
                    self.tick(room)
                except Exception:
                    log.exception("room %s: clock check failed", room.code)

    def tick(self, room: Room) -> None:
        """Act on a room's clocks: a class period that is over, a turn or a decision whose
        time is up (the game's default move is played and announced)."""
        if not room.running or room.state is None:
            return
        minutes = room.state.period_minutes()
        if (
            minutes is not None
            and not room.time_called
            and not room.period_over
            and room.started_at is not None
            and time.time() - room.started_at >= minutes * 60
        ):
            try:
                self.commit(room, "call_time", {})
            except RoomError as exc:
                log.warning("room %s: calling time: %s", room.code, exc)
                room.period_over = True
            return
        turn_limit = room.turn_limit()
        turn_seat = room.state.status.turn_seat
        if (
            turn_limit is not None
            and turn_seat in room.people_to_move()
            and time.monotonic() - room.turn_clock[1] >= turn_limit
        ):
            # Every decision left in an overrun turn gets the default, a bounded number.
            for _ in range(50):
                if not room.running or turn_seat not in room.people_to_move():
                    break
                try:
                    self.commit(room, "timeout", {"seat": turn_seat})
                except RoomError as exc:
                    log.info("room %s: seat %d's turn ran out: %s", room.code, turn_seat, exc)
                    room.turn_clock = (room.turn_clock[0], time.monotonic())
                    break
            return
        limit = room.decision_limit()
        if limit is None or time.monotonic() - room.asked_at < limit:
            return
        for seat in room.people_to_move():
            try:
                self.commit(room, "timeout", {"seat": seat})
            except RoomError as exc:
                log.info("room %s: seat %d timed out with no default: %s", room.code, seat, exc)
                room.asked_at = time.monotonic()
            if not room.running:
                break

    # ----- listening --------------------------------------------------------------------------
    def listen(self, access: Access) -> Listener:
        listener = Listener(
            access.role,
            access.seat,
            access.token_id,
            asyncio.Queue(self.settings.send_queue),
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
