"""A device that stops reading (a phone asleep with its socket open) cannot make the server
hold its updates without bound: once its queue is full it is dropped, told ``too_slow``.

This runs the real ASGI server (uvicorn with its sans-I/O WebSocket protocol, as ``moneyboard
serve`` does) on a socket with small kernel buffers, so that a stalled reader backs the
server's writes up after a few kilobytes instead of the several megabytes the kernel would
otherwise take in first.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import json
import os
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest

from moneyboard.server.app import create_app
from moneyboard.server.listeners import Listener
from moneyboard.server.settings import Settings
from tests.own_loop import run_in_own_loop
from tests.server.in_thread import uvicorn_in_a_thread

SMALL_BUFFER = 4096


@dataclasses.dataclass
class LiveServer:
    base: str
    port: int
    app: Any


@pytest.fixture
def live_server(settings: Settings) -> Iterator[LiveServer]:
    app = create_app(dataclasses.replace(settings, send_queue=16, send_timeout=1.0))
    listening = socket.socket()
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SMALL_BUFFER)
    listening.bind(("127.0.0.1", 0))
    with uvicorn_in_a_thread(app, listening) as port:
        yield LiveServer(f"http://127.0.0.1:{port}", port, app)


def masked_text_frame(text: str) -> bytes:
    """One client-to-server WebSocket text frame (clients must mask what they send)."""
    data = text.encode()
    assert len(data) < 126
    mask = os.urandom(4)
    return (
        bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    )


def stalled_client(port: int, code: str, token: str) -> socket.socket:
    """A WebSocket client that says hello and then never reads again."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    assert sock.recv(12) == b"HTTP/1.1 101"
    sock.sendall(masked_text_frame(json.dumps({"type": "hello", "token": token})))
    return sock


def test_a_client_that_stops_reading_is_dropped_and_its_backlog_let_go(
    live_server: LiveServer,
) -> None:
    manager = live_server.app.state.manager
    with httpx2.Client(base_url=live_server.base, timeout=30) as http:
        seats = [{"kind": "learner"}, {"kind": "learner"}]
        created = http.post("/api/rooms", json={"game": "toy", "seats": seats, "seed": 1}).json()
        code, trainer = created["code"], created["trainer_token"]
        for name in ("Ana", "Ben"):
            assert http.post(f"/api/rooms/{code}/join", json={"name": name}).status_code == 201
        headers = {"Authorization": f"Bearer {trainer}"}
        sock = stalled_client(live_server.port, code, trainer)
        try:
            deadline = time.monotonic() + 10
            while not manager.listeners.get(code):
                assert time.monotonic() < deadline, "the stalled client was never let in"
                time.sleep(0.02)
            (listener,) = manager.listeners[code]
            assert http.post(
                f"/api/rooms/{code}/directives",
                json={"directive": {"type": "start"}},
                headers=headers,
            ).is_success
            # The room goes on for everyone else; each step is an update the client owes.
            most_waiting = 0
            for step in range(2000):
                kind = "pause" if step % 2 == 0 else "resume"
                r = http.post(
                    f"/api/rooms/{code}/directives",
                    json={"directive": {"type": kind}},
                    headers=headers,
                )
                assert r.status_code == 200, r.text
                most_waiting = max(most_waiting, listener.queue.qsize())
                if listener.overflowed:
                    break
            assert listener.overflowed, "2,000 updates went to a client that reads nothing"
            assert most_waiting <= 16
            assert listener.queue.qsize() <= 1 and listener.waiting == 0
            # Once it reads again it gets what was already on its way, then the reason.
            sock.settimeout(10)
            received = b""
            while b"too_slow" not in received:
                chunk = sock.recv(65536)
                assert chunk, "the connection closed without saying why"
                received += chunk
        finally:
            sock.close()


def test_the_backlog_is_bounded_in_characters_too() -> None:
    async def scenario() -> None:
        listener = Listener("trainer", None, None, asyncio.Queue(100), max_chars=1000)
        listener.send("x" * 600)
        assert listener.waiting == 600
        assert await listener.next() == "x" * 600
        assert listener.waiting == 0
        listener.send("y" * 600)
        listener.send("z" * 300)
        assert not listener.overflowed and listener.waiting == 900
        listener.send("w" * 200)  # a trainer's large views: 1,100 characters would wait
        assert listener.overflowed and listener.waiting == 0
        listener.send("ignored")
        assert await listener.next() is None
        assert listener.queue.empty()

    run_in_own_loop(scenario())
