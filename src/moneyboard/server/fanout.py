"""Several server processes, one PostgreSQL database: updates fan out with LISTEN/NOTIFY.

After storing an entry a process sends ``NOTIFY moneyboard, 'pid:code:seq'``; every other
process hears it on its own listening connection, reads the new entries from the database
and tells its own listeners. The database stays the one source of truth: a notice only
says where to look.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading

import psycopg

from moneyboard.server.manager import RoomManager

log = logging.getLogger("moneyboard.server")
CHANNEL = "moneyboard"


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as libpq takes it.

    >>> libpq_url("postgresql+psycopg://u@127.0.0.1:5432/db")
    'postgresql://u@127.0.0.1:5432/db'
    """
    scheme, _, rest = url.partition("://")
    return f"postgresql://{rest}" if scheme.startswith("postgresql") else url


class PostgresFanout:
    """Listens for other processes' notices on a thread, and sends this process's own."""

    def __init__(self, url: str, manager: RoomManager, loop: asyncio.AbstractEventLoop):
        self.url = libpq_url(url)
        self.manager = manager
        self.loop = loop
        self.me = str(os.getpid())
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="moneyboard-listen", daemon=True)
        self._sender = psycopg.connect(self.url, autocommit=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._sender.close()

    def notify(self, code: str, seq: int) -> None:
        """Tell the other processes that entry ``seq`` of room ``code`` is stored."""
        self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.me}:{code}:{seq}"))

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5, stop_after=64):
                            self._heard(notice.payload)
            except psycopg.Error as exc:
                log.warning("listening for other processes failed (%s); retrying", exc)
                self._stop.wait(1.0)

    def _heard(self, payload: str) -> None:
        pid, _, rest = payload.partition(":")
        code, _, seq = rest.rpartition(":")
        if pid == self.me or not code or not seq.lstrip("-").isdigit():
            return
        self.loop.call_soon_threadsafe(self.manager.on_notice, code, int(seq))
