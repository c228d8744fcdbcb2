"""Updates are written at once when nothing is ahead of them, and never out of order."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from moneyboard.server.listeners import Listener
from moneyboard.server.sending import StartedSend
from tests.own_loop import run_in_own_loop


def in_a_loop(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async test in a fresh event loop."""

    @functools.wraps(test)
    def run() -> None:
        run_in_own_loop(test())

    return run


class Client:
    """A connection's send that writes at once unless the client is slow (``slow``)."""

    def __init__(self) -> None:
        self.got: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.closed = False

    async def send_text(self, text: str) -> None:
        if self.closed:
            raise RuntimeError("the connection is closed")
        await self.writable.wait()
        self.got.append(text)


def listener_of(client: Client, size: int = 10) -> Listener:
    listener = Listener("seat", 0, 1, asyncio.Queue(size))
    listener.write = client.send_text
    return listener


async def sender_stuck_on_one() -> tuple[Client, Listener, asyncio.Task[None]]:
    """A listener whose sender task is writing "one" to a client that is not reading."""
    client = Client()
    listener = listener_of(client)
    client.writable.clear()
    listener.send("one")
    task = asyncio.get_running_loop().create_task(listener.write_queued(client.send_text))
    await asyncio.sleep(0)
    return client, listener, task


@in_a_loop
async def test_an_update_with_nothing_ahead_of_it_is_written_there_and_then() -> None:
    client = Client()
    listener = listener_of(client)
    listener.send("one")
    listener.send("two")
    assert client.got == ["one", "two"]
    assert listener.queue.empty()


@in_a_loop
async def test_a_slow_client_gets_everything_in_order_from_the_sender() -> None:
    client = Client()
    listener = listener_of(client)
    client.writable.clear()
    listener.send("one")  # starts, then waits for the client
    listener.send("two")
    listener.send("three")
    assert client.got == []
    assert listener.queue.qsize() == 3
    task = asyncio.get_running_loop().create_task(listener.write_queued(client.send_text))
    await asyncio.sleep(0)
    client.writable.set()
    listener.send_close()
    await asyncio.wait_for(task, 1)
    assert client.got == ["one", "two", "three"]


@in_a_loop
async def test_nothing_overtakes_what_the_sender_is_writing() -> None:
    client, listener, task = await sender_stuck_on_one()
    assert listener.busy and listener.queue.empty()
    client.writable.set()  # the client reads again, before the sender task wakes up
    listener.send("two")
    listener.send_close()
    await asyncio.wait_for(task, 1)
    assert client.got == ["one", "two"]


@in_a_loop
async def test_a_closed_connection_raises_nothing_into_the_room() -> None:
    client = Client()
    listener = listener_of(client)
    client.closed = True
    listener.send("one")  # no exception reaches the broadcast
    assert listener.write is None
    listener.send("two")
    assert listener.queue.get_nowait() == "two"  # the sender task meets the closed connection


@in_a_loop
async def test_a_stalled_client_is_dropped_and_its_started_send_given_up() -> None:
    client = Client()
    listener = listener_of(client, size=2)
    client.writable.clear()
    listener.send("one")
    started = listener.queue.get_nowait()
    assert isinstance(started, StartedSend)  # begun, waiting for the client
    listener.queue.put_nowait(started)
    listener.send("two")
    listener.send("three")  # over the bound
    assert listener.overflowed
    assert listener.queue.get_nowait() is None
    with pytest.raises(RuntimeError):
        started.coro.send(None)  # closed: it will never write


@in_a_loop
async def test_a_cancelled_sender_cancels_the_send_it_was_finishing() -> None:
    client, _, task = await sender_stuck_on_one()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    client.writable.set()
    await asyncio.sleep(0)
    assert client.got == []
