"""The app under a real uvicorn, in a thread of the test process, on a socket it is handed:
for what only the real transport does (frame limits, a full send buffer)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn


@contextlib.contextmanager
def uvicorn_in_a_thread(app: Any, listening: socket.socket, **config: Any) -> Iterator[int]:
    """Serve ``app`` on ``listening`` (bound, not yet listening) until the block ends; the
    port. ``config``: more of ``uvicorn.Config``'s settings (``ws_max_size``...)."""
    server = uvicorn.Server(
        uvicorn.Config(app, ws="websockets-sansio", log_level="warning", lifespan="on", **config)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield listening.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        listening.close()
