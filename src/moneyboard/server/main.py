"""Run the server with uvicorn: what ``moneyboard serve`` does."""

from __future__ import annotations

import logging

import uvicorn

from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings


def serve(host: str, port: int, settings: Settings, *, quiet: bool = False) -> None:
    """Serve until stopped (Ctrl-C); rooms left unfinished are rebuilt at the next start."""
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, format="%(message)s")
    app = create_app(settings)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        log_level="warning" if quiet else "info",
        ws_max_size=settings.max_message_bytes,
        lifespan="on",
    )
