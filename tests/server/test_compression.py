"""Compression of WebSocket messages: off unless ``moneyboard serve --compress`` asks for it.

Every browser offers permessage-deflate; taking it costs the server about 2.5 times the
work of a move (docs/server.md, "Thirteenth round"), so a server declines it by default.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.sync.client import connect

from tests.server.process import ServerProcess


@pytest.fixture
def database() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        yield f"sqlite:///{Path(tmp) / 'rooms.db'}"


def negotiated(server: ServerProcess) -> tuple[str | None, dict[str, object]]:
    """The extensions a client offering compression (as a browser does) is granted, and the
    welcome it then reads."""
    seats = [{"kind": "learner"}] * 3
    created = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "financialit", "seats": seats}, timeout=30
    ).json()
    with connect(f"ws://127.0.0.1:{server.port}/ws/{created['code']}", compression="deflate") as ws:
        assert ws.response is not None
        granted = ws.response.headers.get("Sec-WebSocket-Extensions")
        ws.send(json.dumps({"type": "hello", "token": None}))
        welcome = json.loads(ws.recv(timeout=30))
    return granted, welcome


@pytest.mark.parametrize("flag", [None, "--compress"])
def test_a_browser_gets_compression_only_when_the_server_is_told(
    database: str, flag: str | None
) -> None:
    server = ServerProcess(database, *([flag] if flag else []))
    server.start()
    try:
        granted, welcome = negotiated(server)
    finally:
        server.stop()
    assert welcome["type"] == "welcome"  # the room reads the same either way
    if flag is None:
        assert granted is None
    else:
        assert granted is not None and granted.startswith("permessage-deflate")
