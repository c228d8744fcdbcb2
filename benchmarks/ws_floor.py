"""The WebSocket stack's floor: the load benchmark's shape with a server that only relays.

``server_load.py`` measures the classroom server; this measures what the same stack costs
with no game, no views and nothing stored, so that a move's time can be split between the
stack and moneyboard's own work. The server is FastAPI under uvicorn with the settings of
``moneyboard serve`` (uvloop, httptools, websockets-sansio), pinned to one core; on every
message it gets it sends one text frame of ``--size`` characters to each connection of the
room (six, the mover's own included), as a move's updates do. The load (picows, on the other
core) plays rooms in a closed loop: when all six clients have heard a move, the next client
in turn sends one::

    .venv/bin/python benchmarks/ws_floor.py --rooms 50 --seconds 20 --size 4800

Everything listens on 127.0.0.1 only, and the run is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import uvicorn
import uvloop
from fastapi import FastAPI
from picows import WSFrame, WSListener, WSMsgType, WSTransport, ws_connect
from starlette.routing import WebSocketRoute
from starlette.types import Receive, Scope, Send

CLIENTS = 6
MOVE = b'{"type":"action","action":{"type":"done"},"version":1}'


def relay_app(size: int) -> FastAPI:
    """A FastAPI app that answers every message with ``size`` characters to the whole room,
    its ``/ws`` endpoint a plain ASGI app as ``moneyboard serve``'s is."""
    update = {
        "type": "websocket.send",
        "text": '{"type":"update","view":"' + "x" * max(0, size - 28) + '"}',
    }
    app = FastAPI()
    rooms: dict[str, list[Send]] = defaultdict(list)

    async def relay(scope: Scope, receive: Receive, send: Send) -> None:
        await receive()  # the handshake
        await send({"type": "websocket.accept"})
        listeners = rooms[scope["path_params"]["room"]]
        listeners.append(send)
        while (await receive())["type"] != "websocket.disconnect":
            for listener in listeners:
                await listener(update)
        listeners.remove(send)

    app.router.routes.append(WebSocketRoute("/ws/{room}", Relay(relay)))
    return app


@dataclass(frozen=True)
class Relay:
    """A plain ASGI endpoint (Starlette calls a class instance as ASGI, not as a handler)."""

    app: Callable[[Scope, Receive, Send], Awaitable[None]]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


def serve(port: int, size: int) -> None:
    uvicorn.run(
        relay_app(size),
        host="127.0.0.1",
        port=port,
        ws="websockets-sansio",
        log_level="warning",
        access_log=False,
    )


@dataclass
class Room:
    """Six clients taking turns: the next one moves when all six heard the last move."""

    load: Load
    clients: list[Client] = field(default_factory=list)
    mover: int = 0
    heard: int = 0

    def hear(self) -> None:
        self.heard += 1
        if self.heard < CLIENTS:
            return
        self.heard = 0
        if self.load.measuring:
            self.load.moves += 1
        self.mover = (self.mover + 1) % CLIENTS
        self.clients[self.mover].move()


class Client(WSListener):
    def __init__(self, room: Room):
        self.room = room
        self.transport: WSTransport | None = None

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        if frame.msg_type == WSMsgType.TEXT:
            self.room.hear()

    def move(self) -> None:
        if self.transport is not None and not self.room.load.stopping:
            self.transport.send(WSMsgType.TEXT, MOVE)


@dataclass
class Load:
    port: int
    rooms: int
    measuring: bool = False
    stopping: bool = False
    moves: int = 0

    async def run(self, seconds: float, warmup: float, server: int) -> dict[str, float]:
        playing = []
        for number in range(self.rooms):
            room = Room(self)
            for _ in range(CLIENTS):
                client = Client(room)
                uri = f"ws://127.0.0.1:{self.port}/ws/{number}"
                await ws_connect(lambda c=client: c, uri, max_frame_size=2**24)
                room.clients.append(client)
            playing.append(room)
        for room in playing:
            room.clients[0].move()
        await asyncio.sleep(warmup)
        before, started = cpu_times(server), time.perf_counter()
        self.measuring = True
        await asyncio.sleep(seconds)
        self.measuring = False
        after, elapsed = cpu_times(server), time.perf_counter() - started
        self.stopping = True
        for room in playing:
            for client in room.clients:
                if client.transport is not None:
                    client.transport.disconnect()
        user, system = after[0] - before[0], after[1] - before[1]
        return {
            "moves_per_second": round(self.moves / elapsed, 1),
            "server_cpu_share": round((user + system) / elapsed, 3),
            "server_user_us_per_move": round(user / self.moves * 1e6, 1),
            "server_system_us_per_move": round(system / self.moves * 1e6, 1),
        }


def cpu_times(pid: int) -> tuple[float, float]:
    """User and system CPU time a process has used (from /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_for(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit("the relay server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--size", type=int, default=4800, help="characters in each update")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.size)
        return
    port = free_port()
    command = [sys.executable, __file__, "--serve", str(port), "--size", str(args.size)]
    server = subprocess.Popen(command)
    try:
        cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if len(cores) > 1:
            os.sched_setaffinity(server.pid, {cores[0]})
            os.sched_setaffinity(0, set(cores[1:]))
        wait_for(port, time.monotonic() + 60)
        load = Load(port, args.rooms)
        report = uvloop.run(load.run(args.seconds, args.warmup, server.pid))
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(json.dumps({"rooms": args.rooms, "size": args.size, **report}, indent=1))


if __name__ == "__main__":
    main()
