"""Run the server with uvicorn: what ``moneyboard serve`` does."""

from __future__ import annotations

import gc
import logging
import sys

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from moneyboard.server.app import create_app
from moneyboard.server.migrate import upgrade
from moneyboard.server.settings import Settings
from moneyboard.server.storage import make_engine


def open_database(url: str) -> str | None:
    """Open (and migrate) the database before serving; the problem in words if it fails."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return f"{url!r} is not a database URL (e.g. sqlite:///rooms.db or postgresql://...)"
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


#: Allocations between the cyclic garbage collector's youngest passes (Python's default is
#: 700). A move makes thousands of short-lived objects (views, messages), nearly all freed by
#: reference counting; passing over them every 700 allocations cost a loaded server about
#: 6% of its throughput. Larger values (10,000, 50,000) gained no more and let the memory of
#: a loaded server creep up (docs/server.md, "Seventh round").
YOUNG_GC_THRESHOLD = 2_000


def tune_gc() -> None:
    """Freeze what start-up loaded (modules, the games, the app) out of the cyclic garbage
    collector's passes, and run its youngest pass less often. A full pass under load then
    looks only at the rooms and their connections: about 0.04 s instead of 0.12 s; the
    collector's share of a loaded server falls from about 7% to 4.5% with the freeze, and
    the rarer young passes add about 6% to its throughput (docs/server.md, "Load")."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_GC_THRESHOLD, *gc.get_threshold()[1:])


def serve(host: str, port: int, settings: Settings, *, quiet: bool = False) -> None:
    """Serve until stopped (Ctrl-C); rooms left unfinished are rebuilt at the next start."""
    problem = open_database(settings.db_url)
    if problem is not None:
        print(f"moneyboard: {problem}", file=sys.stderr)
        raise SystemExit(1)
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, format="%(message)s")
    app = create_app(settings)
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        log_level="warning" if quiet else "info",
        ws_max_size=settings.max_message_bytes,
        lifespan="on",
    )
