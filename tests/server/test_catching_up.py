"""Two processes on one database, the second not yet told of the first's step.

A notice from another process can arrive late (a busy machine). A request must not see an
older step than one already confirmed to someone: the process reads what it missed from
storage first. Two managers on one SQLite file stand in for the two processes; the second
one's notices never arrive, so only its own catching up can show it the first's steps.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from moneyboard.server.errors import RoomError
from moneyboard.server.manager import RoomManager
from moneyboard.server.migrate import upgrade
from moneyboard.server.room import Room
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, make_engine
from tests.own_loop import run_in_own_loop

KEEP = {"type": "keep"}


def two_processes(tmp_path: Path) -> tuple[RoomManager, RoomManager]:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    upgrade(make_engine(url))
    settings = Settings(db_url=url, bot_step=0.0, bot_pause=0.0)
    first = RoomManager(Store(make_engine(url)), settings)
    second = RoomManager(Store(make_engine(url)), settings)
    # Both tell "the other processes", but nothing is delivered: every notice is late.
    first.notifier = second.notifier = lambda code, seq: None
    return first, second


def mover(room: Room) -> int:
    assert room.state is not None
    return room.state.to_move()[0]


def test_a_step_confirmed_by_one_process_is_seen_by_the_other_at_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        a, b = two_processes(tmp_path)
        room, trainer = a.create("toy", {}, [{"kind": "team"}] * 2, 1, {})
        on_a = [a.join(room.code, f"A{i}", i)[1] for i in range(2)]
        on_b = [b.join(room.code, f"B{i}", i)[1] for i in range(2)]
        assert b.rooms[room.code].state is None  # B holds the room in its lobby
        await a.start(room, None)
        # B has not heard of the start, yet the trainer asking B sees the game started.
        assert b.access(room.code, trainer).room.version == room.version == 1
        # WebSockets on B, connected now, hold their access while A takes two steps.
        held = [b.access(room.code, token) for token in on_b]
        seat = mover(room)
        await a.act(a.access(room.code, on_a[seat]), KEEP, 1)
        # The same step tried again through B (a teammate's phone): stale, nothing taken.
        with pytest.raises(RoomError) as refused:
            await b.act(b.access(room.code, on_b[seat]), KEEP, 1)
        assert refused.value.code == "stale"
        seat = mover(room)
        await a.act(a.access(room.code, on_a[seat]), KEEP, 2)
        # A learner who saw step 3 (told by A) acts through B's older connection: B reads
        # what it missed and takes the move, rather than calling a current view stale.
        await b.act(held[mover(room)], KEEP, 3)
        assert b.rooms[room.code].version == 4
        assert len(b.store.entries(room.stored.id)) == 4

    run_in_own_loop(scenario())
