"""Group commit: the entries of one event-loop turn are stored together, before anyone hears."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from moneyboard.server.errors import RoomError
from moneyboard.server.manager import Access, RoomManager
from moneyboard.server.migrate import upgrade
from moneyboard.server.room import Room
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, make_engine
from tests.own_loop import run_in_own_loop


async def two_rooms(tmp_path: Path) -> tuple[RoomManager, list[Room], list[Any]]:
    """A manager with two running toy rooms, each with a projector listening."""
    engine = make_engine(f"sqlite:///{tmp_path / 'rooms.db'}")
    upgrade(engine)
    manager = RoomManager(Store(engine), Settings(bot_step=0.0, bot_pause=0.0))
    rooms, listeners = [], []
    for seed in (1, 2):
        room, _ = manager.create("toy", {}, [{"kind": "learner"}] * 2, seed, {})
        manager.join(room.code, "Ana", None)
        manager.join(room.code, "Ben", None)
        await manager.start(room, None)
        listener = manager.listen(Access(room, "public"))
        while not listener.queue.empty():
            listener.queue.get_nowait()
        rooms.append(room)
        listeners.append(listener)
    return manager, rooms, listeners


def keep(room: Room) -> dict[str, Any]:
    assert room.state is not None
    return {"seat": room.state.to_move()[0], "action": {"type": "keep"}}


def test_one_turns_entries_are_stored_in_one_transaction_before_anyone_hears(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        manager, rooms, listeners = await two_rooms(tmp_path)
        batches: list[int] = []
        write = manager.store.append_batch

        def counted(items: Any) -> None:
            batches.append(len(items))
            write(items)

        manager.store.append_batch = counted  # type: ignore[method-assign]
        stored = [len(manager.store.entries(r.stored.id)) for r in rooms]
        waiting = [manager.submit(room, "action", keep(room)) for room in rooms]
        # Carried out in memory, but not yet stored, so nobody has heard of it.
        assert [r.seq for r in rooms] == stored
        assert [len(manager.store.entries(r.stored.id)) for r in rooms] == stored
        assert all(listener.queue.empty() for listener in listeners)
        changes = await asyncio.gather(*waiting)
        assert [c.kind for c in changes] == ["action", "action"]
        assert batches == [2]
        assert [len(manager.store.entries(r.stored.id)) for r in rooms] == [n + 1 for n in stored]
        assert all(not listener.queue.empty() for listener in listeners)

    run_in_own_loop(scenario())


def test_a_step_another_process_took_fails_alone_and_its_room_is_rebuilt(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager, (taken, free), _ = await two_rooms(tmp_path)
        # Another process stores the next step of the first room first: a pause.
        manager.store.append(taken.stored.id, taken.seq + 1, "pause", {})
        lost = manager.submit(taken, "action", keep(taken))
        won = manager.submit(free, "action", keep(free))
        with pytest.raises(RoomError) as refused:
            await lost
        assert refused.value.code == "stale"
        assert (await won).kind == "action"
        rebuilt = manager.room(taken.code)
        assert rebuilt is not taken and rebuilt.status == "paused"
        assert [e.kind for e in manager.store.entries(rebuilt.stored.id)][-1] == "pause"
        assert manager.store.entries(free.stored.id)[-1].kind == "action"

    run_in_own_loop(scenario())


def test_a_room_with_a_step_waiting_is_stored_before_it_is_read(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager, (room, _), _ = await two_rooms(tmp_path)
        waiting = manager.submit(room, "action", keep(room))
        assert manager.room(room.code).version == room.version  # reading stores it first
        assert manager.store.entries(room.stored.id)[-1].seq == room.seq
        assert waiting.done()

    run_in_own_loop(scenario())
