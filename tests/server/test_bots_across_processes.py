"""Bots and turn timers in a room shared by two processes: the one that took a step moves the
bot due after it and acts on the timers; the other only watches, and acts itself when the
room stands still too long.

Two managers on one SQLite file stand in for the two processes; each one's notices reach
the other at the next turn of the event loop, as PostgreSQL's LISTEN/NOTIFY would.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from moneyboard.server.manager import RoomManager
from moneyboard.server.migrate import upgrade
from moneyboard.server.room import Room
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, make_engine
from tests.own_loop import run_in_own_loop

SEATS = [{"kind": "learner"}, {"kind": "bot", "bot": "random"}]


def two_processes(
    tmp_path: Path, first: Settings, second: Settings
) -> tuple[RoomManager, RoomManager]:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    upgrade(make_engine(url))
    a = RoomManager(Store(make_engine(url)), dataclasses.replace(first, db_url=url))
    b = RoomManager(Store(make_engine(url)), dataclasses.replace(second, db_url=url))

    def tell(other: RoomManager) -> Any:
        return lambda code, seq: asyncio.get_running_loop().call_soon(other.on_notice, code, seq)

    a.notifier, b.notifier = tell(b), tell(a)
    return a, b


def entries_stored_by(manager: RoomManager, kind: str) -> list[dict[str, Any]]:
    """Record every ``kind`` entry ``manager``'s bots or clocks store (background entries)."""
    stored: list[dict[str, Any]] = []
    background = manager.bots._background

    def recording(room: Room, entry: str, data: dict[str, Any]) -> None:
        if entry == kind:
            stored.append(data)
        background(room, entry, data)

    manager.bots._background = recording  # type: ignore[method-assign,assignment]
    return stored


async def until(check: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    """Let the event loop run until ``check()`` holds (a loaded machine may take a while)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} in {seconds} s"
        await asyncio.sleep(0.01)


def bot_moves_chosen_by(manager: RoomManager) -> list[dict[str, Any]]:
    """Record every bot move ``manager`` chooses and stores."""
    return entries_stored_by(manager, "action")


async def play_learner_moves(a: RoomManager, room: Room, token: str, moves: int) -> None:
    """The learner plays ``moves`` times through ``a``, each time once the bot has moved."""
    for _ in range(moves):
        for _ in range(200):
            if room.state is not None and tuple(room.state.to_move()) == (0,):
                break
            await asyncio.sleep(0.01)
        assert room.state is not None and tuple(room.state.to_move()) == (0,)
        await a.act(a.access(room.code, token), {"type": "keep"}, room.version)


def test_only_the_process_that_took_the_step_moves_the_bot(tmp_path: Path) -> None:
    quick = Settings(bot_step=0.02, bot_pause=0.0, bot_takeover=30.0)

    async def scenario() -> None:
        a, b = two_processes(tmp_path, quick, quick)
        on_a, on_b = bot_moves_chosen_by(a), bot_moves_chosen_by(b)
        room, _ = a.create("toy", {"rounds": 10}, SEATS, 1, {})
        b.load_all()
        token = a.join(room.code, "Ana", 0)[1]
        await a.start(room, None)
        await play_learner_moves(a, room, token, 4)
        await until(lambda: len(on_a) >= 4, "A never moved the bot a fourth time")
        await until(lambda: b.rooms[room.code].version == room.version, "B fell behind")
        assert on_b == []
        # B heard every step: it holds the same game, with nothing refused or rebuilt.
        assert len(b.store.entries(room.stored.id)) == room.seq + 1
        await a.stop()
        await b.stop()

    run_in_own_loop(scenario())


def test_a_bot_left_waiting_by_a_stopped_process_is_moved_by_the_other(tmp_path: Path) -> None:
    gone_quiet = Settings(bot_step=60.0, bot_pause=0.0)  # its bot moves would come too late
    watching = Settings(bot_step=0.02, bot_pause=0.0, bot_takeover=0.1)

    async def scenario() -> None:
        a, b = two_processes(tmp_path, gone_quiet, watching)
        on_b = bot_moves_chosen_by(b)
        room, _ = a.create("toy", {"rounds": 10}, SEATS, 1, {})
        b.load_all()
        token = a.join(room.code, "Ana", 0)[1]
        await a.start(room, None)
        await play_learner_moves(a, room, token, 1)
        await a.stop()  # A stops before its bot moves
        before = room.seq
        await until(lambda: bool(on_b), "the watching process never moved the bot")
        assert len(b.store.entries(room.stored.id)) > before
        await b.stop()

    run_in_own_loop(scenario())


async def two_learners_playing(a: RoomManager, b: RoomManager) -> Room:
    """A room of two learners made and started through ``a``, known to ``b``."""
    room, _ = a.create("toy", {"rounds": 10}, [{"kind": "learner"}] * 2, 1, {})
    b.load_all()
    a.join(room.code, "Ana", 0)
    a.join(room.code, "Ben", 1)
    await a.start(room, None)
    return room


def test_only_the_process_that_took_the_step_acts_on_a_turn_timer(tmp_path: Path) -> None:
    ticking = Settings(tick=0.02, bot_takeover=30.0)

    async def scenario() -> None:
        a, b = two_processes(tmp_path, ticking, ticking)
        room = await two_learners_playing(a, b)
        a.start_clock()
        b.start_clock()
        on_a, on_b = entries_stored_by(a, "timeout"), entries_stored_by(b, "timeout")
        await a.commit(room, "timer", {"seconds": 0.1})
        await until(lambda: len(on_a) >= 2, "A did not act on the timer twice")
        assert on_b == [], (on_a, on_b)
        # B heard every timeout A stored, with nothing refused or rebuilt (the clock stopped
        # first: a timeout stored a moment ago is still on its way to B).
        await a.commit(room, "timer", {"seconds": 0})
        await until(lambda: b.rooms[room.code].version == room.version, "B fell behind")
        assert on_a and on_b == [], (on_a, on_b)
        await a.stop()
        await b.stop()

    run_in_own_loop(scenario())


def test_a_turn_timer_left_by_a_stopped_process_is_acted_on_by_the_other(tmp_path: Path) -> None:
    stopped = Settings(tick=60.0)
    takeover = 0.3
    watching = Settings(tick=0.02, bot_takeover=takeover)

    async def scenario() -> None:
        a, b = two_processes(tmp_path, stopped, watching)
        room = await two_learners_playing(a, b)
        b.start_clock()
        on_b = entries_stored_by(b, "timeout")
        acted_at: list[float] = []
        stored = b.bots._background

        def timed(room: Room, entry: str, data: dict[str, Any]) -> None:
            if entry == "timeout":
                acted_at.append(time.monotonic())
            stored(room, entry, data)

        b.bots._background = timed  # type: ignore[method-assign,assignment]
        set_at = time.monotonic()
        await a.commit(room, "timer", {"seconds": 0.1})
        await until(lambda: bool(on_b), "the other process never acted on the timer")
        # The timer ran out after 0.1 s, but the room was A's to time out: B waited for the
        # takeover beyond it (however late a loaded machine let it look).
        assert acted_at[0] - set_at >= 0.1 + takeover - 0.01, acted_at[0] - set_at
        await b.stop()

    run_in_own_loop(scenario())
