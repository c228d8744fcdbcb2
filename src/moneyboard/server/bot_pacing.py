"""Bots' pace and the rooms' clocks: when a bot moves, and what happens when time runs out.

Bots move one step every ``bot_step`` seconds, so a class can follow, and wait ``bot_pause``
longer after a big event (a directive, a timeout, a vote's result); the trainer's "skip"
moves the waiting bot at once. A bot thinks in a worker thread, on a copy of the game, so
that a search bot's third of a second does not hold up every other room; its move is taken
only if the room is still where the bot looked.

With several processes on one database, the process that took a step moves the bot due
after it; the others only watch, and move it themselves only if the room stands still for
``bot_takeover`` seconds beyond the bot's pace (that process may have stopped), so a bot's
move is not worked out twice.

Every ``tick`` seconds each running room's table is asked what is due (the class period
over, a turn or a decision run out); with several processes, as with bots, the one that took
the room's last step acts on it, and the others only if it has stopped. Bot moves and clock
entries go through the manager's one path of changes like any other: stored first, then
carried out and told.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from moneyboard.server.errors import RoomError, refused
from moneyboard.server.room import Change, Room

if TYPE_CHECKING:
    from moneyboard.bots import Bot
    from moneyboard.server.manager import RoomManager

log = logging.getLogger("moneyboard.server")


def _log_failure(done: asyncio.Future[Change]) -> None:
    """For entries nobody waits on (bots, clocks): a storage failure is logged."""
    if not done.cancelled() and done.exception() is not None:
        log.warning("an entry was not stored: %s", done.exception())


class BotPacer:
    """The bot calls and the clock of the manager's rooms."""

    def __init__(self, manager: RoomManager):
        self.manager = manager
        self._bot_calls: dict[str, asyncio.TimerHandle] = {}
        #: Rooms whose bot call only watches a bot another process is due to move.
        self._watching: set[str] = set()
        #: Rooms whose last step another process took: their clocks are that process's to
        #: act on, and this one acts only ``bot_takeover`` seconds late (if it has stopped).
        self._theirs: set[str] = set()
        self._ticker: asyncio.Task[None] | None = None
        #: Rooms whose bot is thinking (in a worker thread), with the task waiting for it.
        self._thinking: dict[str, asyncio.Task[None]] = {}

    @property
    def started(self) -> bool:
        """Whether the clock has been started (rooms loaded since need their bot scheduled)."""
        return self._ticker is not None

    def start(self) -> None:
        """Start checking turn timers and class periods, and schedule bots already due."""
        self._ticker = asyncio.get_running_loop().create_task(self._tick_forever())
        for room in self.manager.rooms.values():
            self.schedule(room, None)

    async def stop(self) -> None:
        """Stop the clock and cancel every bot call."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for handle in self._bot_calls.values():
            handle.cancel()
        self._bot_calls.clear()
        self._watching.clear()
        for task in list(self._thinking.values()):
            task.cancel()
        self._thinking.clear()

    def _background(self, room: Room, kind: str, data: dict[str, Any]) -> None:
        """An entry nobody waits on (a bot's move, a clock's): refused at once, or stored
        and told with the others of this turn of the event loop."""
        self.manager.submit(room, kind, data).add_done_callback(_log_failure)

    def schedule(self, room: Room, change: Change | None, *, ours: bool = True) -> None:
        """Move the bot due to move, after a visible step. With several processes on one
        database, the process that took a step moves the bot due after it; the others only
        watch, and move it themselves if the room has not moved on for ``bot_takeover``
        seconds (that process may have stopped), so a bot's move is not chosen twice."""
        code = room.code
        if ours:
            self._theirs.discard(code)
        else:
            self._theirs.add(code)
        if room.bot_to_move() is None:
            return
        if code in self._bot_calls:
            if not (ours and code in self._watching):
                return
            self.cancel(code)  # a step of our own: the bot is ours to move now
        settings = self.manager.settings
        delay = settings.bot_step
        if change is not None and (change.announcements or change.vote_result):
            delay += settings.bot_pause
        watched: int | None = None
        if not ours:
            delay += settings.bot_takeover
            watched = room.version
            self._watching.add(code)
        loop = asyncio.get_running_loop()
        self._bot_calls[code] = loop.call_later(delay, self._bot_move, code, watched)

    def cancel(self, code: str) -> None:
        """Drop the room's pending bot call, if any (the room is gone, or moves now)."""
        handle = self._bot_calls.pop(code, None)
        self._watching.discard(code)
        self._theirs.discard(code)
        if handle is not None:
            handle.cancel()

    def skip(self, room: Room) -> None:
        """The trainer's "skip": the bot due to move moves now."""
        self.cancel(room.code)
        if room.paused:
            raise refused("the game is paused: resume it first, and the bot moves", "paused")
        if room.bot_to_move() is None:
            raise refused("no bot is waiting to move", "no_bot")
        self._bot_move(room.code)

    def _bot_move(self, code: str, watched: int | None = None) -> None:
        """The paced bot move of a room: the table's bot starts thinking (:meth:`_think`).
        ``watched``: the version a watch on another process's bot began at; if the room has
        moved on since, that process is alive: watch again."""
        self._bot_calls.pop(code, None)
        self._watching.discard(code)
        room = self.manager.rooms.get(code)
        if room is None or room.table is None or room.bot_to_move() is None:
            return
        if watched is not None and room.version != watched:
            self.schedule(room, None, ours=False)
            return
        if code in self._thinking:
            return  # its bot is thinking already, and moves (or looks again) when done
        waiting = room.table.bot_waiting()
        if waiting is None:
            return
        seat, bot = waiting
        thinking = asyncio.get_running_loop().create_task(self._think(room, seat, bot))
        self._thinking[code] = thinking

    async def _think(self, room: Room, seat: int, bot: Bot) -> None:
        """``bot`` chooses for ``seat`` on a copy of the room's game, in a worker thread;
        its move is stored, carried out and told if the room is still where the bot looked,
        and if the room moved on meanwhile (a pause, a take back, another seat's move) the
        bot looks again. A bot that fails pauses its room."""
        version = room.version
        try:
            game = room.table.state.clone() if room.table is not None else None
            if game is None:
                return
            choice = await asyncio.to_thread(bot.choose, game, seat)
        except Exception:
            log.exception("room %s: a bot failed; the room is paused", room.code)
            with contextlib.suppress(RoomError):
                self._background(room, "pause", {})
            return
        finally:
            self._thinking.pop(room.code, None)
        if self.manager.rooms.get(room.code) is not room:
            return  # deleted or rebuilt while the bot thought
        if room.version != version or room.bot_to_move() != seat:
            self.schedule(room, None)
            return
        data = {"seat": seat, "action": choice.action.to_json(), "why": choice.why}
        try:
            self._background(room, "action", data)
        except RoomError as exc:
            log.warning("room %s: bot move: %s", room.code, exc)
            self.schedule(room, None)

    async def _tick_forever(self) -> None:
        """Check every room's clocks every ``tick`` seconds; one room's failure is logged."""
        while True:
            await asyncio.sleep(self.manager.settings.tick)
            for room in list(self.manager.rooms.values()):
                try:
                    self.tick(room)
                except Exception:
                    log.exception("room %s: clock check failed", room.code)

    def tick(self, room: Room) -> None:
        """Act on a room's clocks as its table reports them due: the class period is over
        (time is called), or a turn or a decision ran out (the game's default move is played
        for the seat and announced). Each is stored before it is carried out. With several
        processes, the one that took the room's last step acts on its clocks; the others
        read them ``bot_takeover`` seconds late, so a timeout is not stored twice."""
        table = room.table
        late = self.manager.settings.bot_takeover if room.code in self._theirs else 0.0
        # Every decision left in an overrun turn gets its default: a bounded number.
        for _ in range(50):
            if not room.running or table is None:
                return
            due = table.due(table.clock() - late, bots=False, period=not room.period_over)
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
