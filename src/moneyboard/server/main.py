"""Run the server with uvicorn: what ``moneyboard serve`` does."""

from __future__ import annotations

import dataclasses
import errno
import gc
import logging
import socket
import sys

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from moneyboard.server.addresses import learners_url
from moneyboard.server.app import create_app
from moneyboard.server.migrate import upgrade
from moneyboard.server.settings import Settings
from moneyboard.server.storage import make_engine


def open_database(url: str) -> str | None:
    """Open (and migrate) the database before serving; the problem in words if it fails."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return f"{url!r} is not a database URL (e.g. sqlite:///rooms.db or postgresql://...)"
    shown = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        return (
            f"moneyboard keeps its rooms in SQLite or PostgreSQL only, not {shown} "
            "(--db sqlite:///FILE or --db postgresql://user@host/name)"
        )
    try:
        engine = make_engine(url)
        try:
            upgrade(engine)
        finally:
            engine.dispose()
    except (SQLAlchemyError, ModuleNotFoundError) as exc:
        reason = getattr(exc, "orig", None) or exc
        first = str(reason).strip().splitlines()[0] if str(reason).strip() else type(exc).__name__
        return f"cannot open the database {shown}: {first}"
    return None


def port_problem(host: str, port: int) -> str | None:
    """Whether the server could listen on ``host``:``port``, checked before the welcome is
    printed (uvicorn would print its own error after it); the problem in words if not."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror:
        return f"cannot listen on {host}: it is not an address or a name this machine knows"
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (
                    f"port {port} is already in use (another moneyboard serve?); "
                    f"stop it, or give another port, e.g. --port {port + 1}"
                )
            if exc.errno == errno.EACCES:
                return f"port {port} needs administrator rights here; give a port from 1024 up"
            if exc.errno == errno.EADDRNOTAVAIL:
                return f"cannot listen on {host}: it is not an address of this machine"
            return f"cannot listen on {host} port {port}: {exc.strerror or exc}"
    return None


def tune_gc() -> None:
    """Freeze what start-up loaded (modules, the games, the app) out of the cyclic garbage
    collector's passes. A full pass under load then looks only at the rooms and their
    connections: about 0.04 s instead of 0.12 s, and the collector's share of a loaded
    server falls from about 7% to 4.5% (docs/server.md, "Load"). Python's own thresholds
    stay: rarer young passes made a loaded server faster but let its memory creep up
    (docs/server.md, fifth and seventh rounds)."""
    gc.collect()
    gc.freeze()


def welcome_lines(
    host: str, port: int, learners: str | None, *, passcode: bool = False
) -> list[str]:
    """What the trainer reads when the server starts: where to open the console, the
    address learners' phones open, and whether creating a room needs the passcode.

    >>> print("\\n".join(welcome_lines("0.0.0.0", 8000, "http://192.168.1.23:8000")))
    moneyboard: the classroom is open.
      Trainer, on this machine:       http://localhost:8000/trainer
      Learners, on the same network:  http://192.168.1.23:8000/play
      Rooms: anyone who reaches this server may create one (--passcode: only the trainer).
    >>> print(welcome_lines("0.0.0.0", 8000, None, passcode=True)[-1])
      Rooms: created only with the passcode this server was given (the trainer's page asks).
    >>> welcome_lines("0.0.0.0", 8000, None)[-2].split(";")[0]
    '  Learners: this machine has no network address yet'
    >>> welcome_lines("127.0.0.1", 8000, None)[-2].split(";")[0]
    '  Learners: this server listens on 127.0.0.1 only'
    """
    lines = [
        "moneyboard: the classroom is open.",
        f"  Trainer, on this machine:       http://localhost:{port}/trainer",
    ]
    if learners is not None:
        lines.append(f"  Learners, on the same network:  {learners}/play")
    elif host in ("0.0.0.0", "::", ""):
        lines.append(
            "  Learners: this machine has no network address yet; join the room's Wi-Fi "
            "and restart, or give --public-url with the address phones open."
        )
    else:
        lines.append(
            f"  Learners: this server listens on {host} only; phones need --host 0.0.0.0 "
            "(or --public-url with the address they open)."
        )
    if passcode:
        lines.append(
            "  Rooms: created only with the passcode this server was given (the trainer's "
            "page asks)."
        )
    else:
        lines.append(
            "  Rooms: anyone who reaches this server may create one (--passcode: only the trainer)."
        )
    return lines


#: How many times the app's own message limit the WebSocket transport takes in one message.
FRAME_SLACK = 4


def ws_frame_limit(settings: Settings) -> int:
    """The largest WebSocket message uvicorn reads (bytes). Larger than the app's own limit,
    so a message just over that limit reaches the app and gets its ``too_large`` error (the
    connection stays open); a message over this one closes the connection (code 1009) before
    it is read whole, so nobody can make the server hold a huge message."""
    return FRAME_SLACK * settings.max_message_bytes


def serve(host: str, port: int, settings: Settings, *, quiet: bool = False) -> None:
    """Serve until stopped (Ctrl-C); rooms left unfinished are rebuilt at the next start."""
    problem = open_database(settings.db_url) or port_problem(host, port)
    if problem is not None:
        print(f"moneyboard: {problem}", file=sys.stderr)
        raise SystemExit(1)
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, format="%(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # its "Context impl ..." lines
    learners = settings.learners_url or learners_url(host, port)
    settings = dataclasses.replace(settings, learners_url=learners)
    welcome = welcome_lines(host, port, learners, passcode=settings.passcode is not None)
    print("\n".join(welcome), flush=True)
    app = create_app(settings)
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        log_level="warning" if quiet else "info",
        ws_max_size=ws_frame_limit(settings),
        ws_per_message_deflate=settings.compress,
        lifespan="on",
    )
