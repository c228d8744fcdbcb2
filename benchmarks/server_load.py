"""Load benchmark of the classroom server: rooms of six WebSocket clients on loopback.

The server runs in its own process, pinned to one core; this process (the load) runs on
another. Each room has six clients: learners in every seat the game allows (up to six)
and projectors for the rest. Learners play random legal actions, at once (closed loop) or
after a think time. Reported: actions per second, the time from an action being sent to
the last client of its room hearing of it (p50, p99), errors, refusals, and the server's
memory over the run. In a closed loop the server's limit on a connection's messages is
raised, since a client that acts the moment it hears is faster than any person; with think
time the limit is ``moneyboard serve``'s default. With ``--bot KIND`` the last seat of every
room is a bot of that kind, paced as ``moneyboard serve`` paces bots (a step of 1.5 s), so
the learners' latency shows what bots thinking on the server cost them; with ``--console``
each room also has the trainer's console open (a seventh connection, sent the full view
after every move), as a class has::

    .venv/bin/python benchmarks/server_load.py --rooms 50 --seconds 60
    .venv/bin/python benchmarks/server_load.py --rooms 50 --seconds 60 --think 2
    .venv/bin/python benchmarks/server_load.py --rooms 50 --seconds 60 --think 2 --bot search

Everything listens on 127.0.0.1 only, and every loop is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
import orjson
import uvloop
from picows import WSCloseCode, WSError, WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

from moneyboard.registry import get_game

CLIENTS = 6
#: Messages a second a connection may send: ``moneyboard serve``'s default with think time,
#: and far above what a client acting at once needs in a closed loop.
CLASS_RATE = 20.0
CLOSED_LOOP_RATE = 1000.0
VERSION = re.compile(rb'"version":(\d+)')


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used (from /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """Resident memory of a process, in MiB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclasses.dataclass
class Stats:
    """What the load saw."""

    actions: int = 0
    refused: int = 0
    errors: int = 0
    rooms_played: int = 0
    latencies: list[float] = dataclasses.field(default_factory=list)
    memory: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    server_cpu: float = 0.0
    error_samples: list[str] = dataclasses.field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(what)


class Client(WSListener):
    """One WebSocket of a room: a learner (with a seat's token), a projector (``None``) or,
    with ``watching``, the trainer's console (the trainer's token).

    Frames are handled as they arrive, in picows's callback (compiled framing, no task per
    message), so the load's own cost per move stays well under the server's.
    """

    def __init__(self, room: Room, token: str | None, *, watching: bool = False):
        self.room = room
        self.token = token
        #: Only counts what it hears (a projector, a console): never acts.
        self.watching = watching or token is None
        self.transport: WSTransport | None = None
        #: An action sent and not yet answered: like a person's page, a client sends one at
        #: a time, and after a refusal tries again on the newest view it has.
        self.waiting = False
        self.latest: dict[str, Any] | None = None

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport
        transport.send(WSMsgType.TEXT, orjson.dumps({"type": "hello", "token": self.token}))

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        if frame.msg_type == WSMsgType.CLOSE:
            transport.disconnect()
            return
        if frame.msg_type != WSMsgType.TEXT:
            return
        room = self.room
        load = room.load
        data = frame.get_payload_as_bytes()
        if self.watching:  # a projector or a console only counts what it hears
            match = VERSION.search(data, 0, 200)
            if match and data.startswith(b'{"type":"update"'):
                room.hear(int(match.group(1)))
            return
        message = orjson.loads(data)
        kind = message["type"]
        if kind == "update":
            room.hear(message["version"])
            if "ack" in message:  # the answer to our action
                self.answered(counted=True)
        if kind in ("update", "welcome"):
            if message["view"] is not None and message["view"]["result"] is not None:
                room.finished.set()
                return
            self.latest = message
        elif kind == "refused":
            load.stats.refused += 1
            self.answered(counted=False)
        elif kind == "error":
            load.stats.error(message["message"])
            self.answered(counted=False)
        elif kind == "ack":
            self.answered(counted=True)
        latest = self.latest
        if (
            not self.waiting
            and latest is not None
            and latest["legal"]
            and latest["you"] in latest["view"]["to_move"]
        ):
            self.latest = None
            self.act(latest)

    def answered(self, *, counted: bool) -> None:
        """Our action was answered (taken, or refused)."""
        self.waiting = False
        if counted and self.room.load.measuring:
            self.room.load.stats.actions += 1

    def act(self, message: dict[str, Any]) -> None:
        """A random legal action, at once or after a think time."""
        load = self.room.load
        version = message["version"]
        action = load.rng.choice(message["legal"])["action"]
        body = orjson.dumps({"type": "action", "action": action, "version": version})
        self.waiting = True  # from the choice on, until the answer comes
        if load.think > 0:
            delay = load.rng.expovariate(1 / load.think)
            asyncio.get_running_loop().call_later(delay, self.send, version, body)
        else:
            self.send(version, body)

    def send(self, version: int, body: bytes) -> None:
        if self.transport is None or self.room.closing or self.room.load.stopping:
            return
        self.room.sent[version + 1] = time.perf_counter()
        self.waiting = True
        self.transport.send(WSMsgType.TEXT, body)

    def close(self) -> None:
        if self.transport is not None:
            # A close frame with a status (picows's default carries none, which the server
            # reads as a protocol error).
            self.transport.send_close(WSCloseCode.OK)
            self.transport.disconnect()


class Room:
    """One room under load: its clients, and when each pending version was sent."""

    def __init__(self, load: Load, code: str, trainer: str, tokens: list[str | None]):
        self.load = load
        self.code = code
        self.trainer = trainer
        self.tokens = tokens
        #: Connections that hear each move: six, and the console when there is one.
        self.listeners = len(tokens) + (1 if load.console else 0)
        self.sent: dict[int, float] = {}
        self.heard: dict[int, int] = {}
        self.finished = asyncio.Event()
        self.clients: list[tuple[WSTransport, Client]] = []
        #: Set when the load closes the room's connections (a game over or the run over).
        self.closing = False

    def hear(self, version: int) -> None:
        """A client heard ``version``; when all have, the action's latency is known."""
        count = self.heard.get(version, 0) + 1
        if count < self.listeners:
            self.heard[version] = count
            return
        self.heard.pop(version, None)
        sent = self.sent.pop(version, None)
        if sent is not None and self.load.measuring:
            self.load.stats.latencies.append(time.perf_counter() - sent)

    async def connect(self) -> None:
        """Open the room's connections (each says hello as soon as it is open)."""
        uri = f"ws://127.0.0.1:{self.load.port}/ws/{self.code}"
        clients = [Client(self, token) for token in self.tokens]
        if self.load.console:
            clients.append(Client(self, self.trainer, watching=True))
        for client in clients:
            transport, _ = await ws_connect(lambda c=client: c, uri, max_frame_size=2**24)
            self.clients.append((transport, client))

    async def disconnected(self) -> None:
        """Until every connection of the room has closed (the server closed them)."""
        await asyncio.gather(*(t.wait_disconnected() for t, _ in self.clients))

    def close(self) -> None:
        self.closing = True
        for _, client in self.clients:
            client.close()


class Load:
    """Runs rooms until the time is up, replacing each finished room with a new one."""

    def __init__(
        self,
        port: int,
        game: str,
        rooms: int,
        think: float,
        *,
        seed: int,
        options: dict[str, Any],
        bot: str | None = None,
        console: bool = False,
    ):
        self.port = port
        self.game = game
        self.bot = bot
        self.console = console
        self.options = options
        self.rooms = rooms
        self.think = think
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.measuring = False
        self.stopping = False

    async def open_room(self, http: httpx2.AsyncClient) -> Room:
        definition = get_game(self.game)
        players = min(CLIENTS, definition.max_players)
        learners = players - 1 if self.bot else players
        seats: list[dict[str, str]] = [{"kind": "learner"}] * learners
        if self.bot:
            seats.append({"kind": "bot", "bot": self.bot})
        seed = self.rng.randrange(2**31)
        body = {"game": self.game, "seats": seats, "seed": seed, "options": self.options}
        created = (await http.post("/api/rooms", json=body)).json()
        code, trainer = created["code"], created["trainer_token"]
        tokens: list[str | None] = []
        for i in range(learners):
            joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"L{i}"})
            tokens.append(joined.json()["token"])
        tokens += [None] * (CLIENTS - learners)
        return Room(self, code, trainer, tokens)

    async def run_room(self, http: httpx2.AsyncClient, deadline: float) -> None:
        while time.monotonic() < deadline and not self.stopping:
            room = await self.open_room(http)
            try:
                await room.connect()
            except (OSError, WSError) as exc:
                self.stats.error(f"could not connect: {exc!r}")
                room.close()
                continue
            await http.post(
                f"/api/rooms/{room.code}/directives",
                json={"directive": {"type": "start"}},
                headers={"Authorization": f"Bearer {room.trainer}"},
            )
            finished = asyncio.create_task(room.finished.wait())
            dropped = asyncio.create_task(room.disconnected())
            await asyncio.wait(
                [finished, dropped],
                timeout=max(0.0, deadline - time.monotonic()),
                return_when=asyncio.FIRST_COMPLETED,
            )
            if dropped.done() and not room.finished.is_set():
                self.stats.error("the server closed a connection during a game")
            finished.cancel()
            dropped.cancel()
            room.close()
            if room.finished.is_set():
                self.stats.rooms_played += 1
            await http.delete(
                f"/api/rooms/{room.code}", headers={"Authorization": f"Bearer {room.trainer}"}
            )

    async def run(self, seconds: float, warmup: float, server_pid: int) -> None:
        limits = httpx2.Limits(max_connections=20)
        async with httpx2.AsyncClient(
            base_url=f"http://127.0.0.1:{self.port}", timeout=30, limits=limits
        ) as http:
            start = time.monotonic()
            deadline = start + warmup + seconds
            rooms = [asyncio.create_task(self.run_room(http, deadline)) for _ in range(self.rooms)]
            await asyncio.sleep(warmup)
            self.measuring = True
            measured_from = time.monotonic()
            cpu_from = cpu_seconds(server_pid)
            while time.monotonic() < deadline:
                self.stats.memory.append((time.monotonic() - measured_from, rss_mib(server_pid)))
                await asyncio.sleep(min(5.0, max(0.0, deadline - time.monotonic())))
            self.measuring = False
            self.stats.server_cpu = cpu_seconds(server_pid) - cpu_from
            self.stopping = True
            self.stats.memory.append((time.monotonic() - measured_from, rss_mib(server_pid)))
            for task in rooms:
                task.cancel()
            await asyncio.gather(*rooms, return_exceptions=True)


#: Seconds between two bot moves: ``moneyboard serve``'s default, when rooms have bots.
BOT_STEP = 1.5


def start_server(
    port: int, db: str, core: int | None, rate: float, bot_step: float = 0.0
) -> subprocess.Popen[bytes]:
    args = [
        sys.executable,
        "-m",
        "moneyboard.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-step",
        str(bot_step),
        "--quiet",
        "--max-rooms",
        "1000",
        "--rate",
        str(rate),
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    if core is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(proc.pid, {core})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/bots", timeout=1).status_code == 200:
                return proc
        except httpx2.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="financialit")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.0, help="mean think time (s); 0: none")
    parser.add_argument("--db", default=None, help="database URL (default: a temp SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--options", default="{}", help="rule options as JSON, e.g. '{\"rounds\": 2}'"
    )
    parser.add_argument("--bot", default=None, help="a bot kind in the last seat of each room")
    parser.add_argument(
        "--console", action="store_true", help="a trainer's console in each room, as in a class"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    server_core = cores[0] if len(cores) > 1 else None
    if server_core is not None:
        os.sched_setaffinity(0, set(cores[1:]))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/load.db"
        port = free_port()
        # A closed-loop client acts as fast as it hears, faster than any person: the limit on
        # a connection's messages is raised so that the server is measured, not the limit.
        rate = CLASS_RATE if args.think > 0 else CLOSED_LOOP_RATE
        bot_step = BOT_STEP if args.bot else 0.0
        server = start_server(port, db, server_core, rate, bot_step)
        try:
            options = json.loads(args.options)
            load = Load(
                port,
                args.game,
                args.rooms,
                args.think,
                seed=args.seed,
                options=options,
                bot=args.bot,
                console=args.console,
            )
            load_cpu = time.process_time()
            uvloop.run(load.run(args.seconds, args.warmup, server.pid))
            load_cpu = time.process_time() - load_cpu
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    stats = load.stats
    report = {
        "game": args.game,
        "rooms": args.rooms,
        "clients_per_room": CLIENTS,
        "think_seconds": args.think,
        "bot": args.bot,
        "console": args.console,
        "options": json.loads(args.options),
        "seconds": args.seconds,
        "actions": stats.actions,
        "actions_per_second": round(stats.actions / args.seconds, 1),
        "latency_ms_p50": round(percentile(stats.latencies, 0.50) * 1000, 2),
        "latency_ms_p99": round(percentile(stats.latencies, 0.99) * 1000, 2),
        "latency_ms_mean": round(statistics.fmean(stats.latencies) * 1000, 2)
        if stats.latencies
        else None,
        "server_cpu_seconds": round(stats.server_cpu, 2),
        "actions_per_server_cpu_second": round(stats.actions / stats.server_cpu, 1)
        if stats.server_cpu
        else None,
        "load_cpu_seconds": round(load_cpu, 2),
        "load_average": os.getloadavg()[0],
        "errors": stats.errors,
        "refused": stats.refused,
        "games_finished": stats.rooms_played,
        "server_rss_mib": [[round(t, 1), round(m, 1)] for t, m in stats.memory],
        "error_samples": stats.error_samples,
        "server_core": server_core,
        "rate_limit_per_connection": rate,
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for key, value in report.items():
        print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
