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


#: The cyclic garbage collector's thresholds while serving. A move allocates thousands of
#: short-lived objects (views, messages), so at Python's default (700) young collections ran
#: some fifty times a second; with everything loaded at start-up frozen out of the passes
#: (:func:`gc.freeze`) and young collections three times rarer, the collector's share of a
#: loaded server fell from about 7% to 2.4%, and its full passes from about 0.12 s to 0.04 s,
#: with memory as flat as before (docs/server.md, "Load").
GC_THRESHOLDS = (2_000, 10, 10)


def tune_gc() -> None:
    """Set the collector up for serving: what the start-up loaded (modules, the games, the
    app) is frozen out of every later pass, and young collections run less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


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
